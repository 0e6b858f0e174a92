// Loads dist/mlsysim.mjs the way a course page's script would in Node.js: a plain
// import and a call of the default export, no shims, no options.
import path from 'node:path';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = process.env.MLSYSIM_DIST || path.join(root, 'dist');

export async function load() {
  const { default: createMlsysim } = await import(pathToFileURL(path.join(dist, 'mlsysim.mjs')).href);
  return createMlsysim();
}

export function vectors(name) {
  return JSON.parse(readFileSync(path.join(root, 'tests/vectors', name), 'utf8'));
}

/** Every known-answer file of tests/vectors/known/ (tests/vectors/generate.py). */
export function knownVectors() {
  const dir = path.join(root, 'tests/vectors/known');
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
}

/** The shared tables write NaN and ±Infinity as {"$number": "..."} and long text as
 *  {"$repeat": [text, n]}; make them the real values. */
export function realNumbers(v) {
  if (Array.isArray(v)) return v.map(realNumbers);
  if (v && typeof v === 'object') {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === '$number') return Number(v.$number);
    if (keys.length === 1 && keys[0] === '$repeat') return v.$repeat[0].repeat(v.$repeat[1]);
    return Object.fromEntries(keys.map((k) => [k, realNumbers(v[k])]));
  }
  return v;
}

export function assertClose(assert, got, want, rel, label) {
  if (want === 0) return assert.equal(got, 0, label);
  assert.ok(Math.abs(got - want) <= rel * Math.abs(want), `${label}: got ${got}, want ${want} (rel ${rel})`);
}

/** The canonical value a Result reports for input `field` (for the input matrix). */
export function observed(result, field) {
  const v = result.inputs[field];
  if (typeof v === 'number') return v;
  if ('value' in v) return v.value;
  if ('parameters' in v) return v.parameters.value;  // a workload: its parameters
  if ('peak_flops' in v) return v.peak_flops.value;  // hardware: its peak
  return v.count * v.node.accelerators_per_node;  // a fleet: its accelerators
}

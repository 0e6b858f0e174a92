// node --test: every docs/api.md function of the built module, the shared vectors and
// bad-input table, the error shape, and usability after errors.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { load, vectors, knownVectors, realNumbers, assertClose, root, dist } from './load.mjs';

const m = await load();

test('in Node.js, locateFile may give a path or a file: URL; one it cannot read names the option', async () => {
  // an attacker's trial: a path, as Emscripten's own Node.js code takes it, was a bare
  // "TypeError: Invalid URL"
  const { pathToFileURL } = await import('node:url');
  const { default: createMlsysim } = await import(pathToFileURL(path.join(dist, 'mlsysim.mjs')).href);
  const byPath = await createMlsysim({ locateFile: (f) => path.join(dist, f) });
  assert.equal(byPath.evaluatePreset('TransformerBsp8Workers').properties.global_batch.value, 256);  // 8 × 32
  // Emscripten's usual form, from the folder it is given (the module's), from any working folder
  const cwd = process.cwd();
  process.chdir('/');
  try {
    const byDir = await createMlsysim({ locateFile: (f, dir) => dir + f });
    assert.equal(byDir.evaluatePreset('TransformerBsp8Workers').properties.speedup.text, '5.714');  // 100,000 / (14,000 × 1.25)
  } finally {
    process.chdir(cwd);
  }
  const byUrl = await createMlsysim({ locateFile: (f) => pathToFileURL(path.join(dist, f)).href });
  assert.equal(byUrl.version, m.version);
  await assert.rejects(createMlsysim({ locateFile: (f) => `/nowhere/${f}` }),
    (e) => e instanceof Error && /^locateFile: mlsysim\.wasm cannot be read from "\/nowhere\/mlsysim\.wasm" \(ENOENT/.test(e.message) && /give a file: URL or a path$/.test(e.message));
});

test('version is the package version', () => {
  assert.equal(m.version, JSON.parse(execFileSync('cat', [path.join(root, 'package.json')])).version);
});

test('listScenarioTypes gives the seed types and every other, with fields and properties as docs/api.md says', () => {
  const types = m.listScenarioTypes();
  for (const name of ['SyncStrategyScenario', 'DataParallelAttackSurfaceScenario']) assert.ok(types.some((t) => t.name === name), name);
  const kinds = m.listRegistries().map((k) => k.name);
  const categories = m.listCategories().map((c) => c.name);
  for (const t of types) {
    for (const k of ['name', 'category', 'question', 'summary', 'assumptions', 'excludes']) assert.equal(typeof t[k], 'string', k);
    assert.ok(categories.includes(t.category), t.category);
    for (const f of t.fields) {
      assert.ok(['int', 'float', 'quantity', ...kinds].includes(f.type), f.name);
      for (const k of ['name', 'dimension', 'rule', 'doc']) assert.equal(typeof f[k], 'string', `${f.name}.${k}`);
      assert.equal(typeof f.required, 'boolean');
      assert.ok('default' in f);
    }
    for (const p of t.properties) for (const k of ['name', 'unit', 'equation', 'doc']) assert.equal(typeof p[k], 'string');
  }
  const byName = (n) => types.find((t) => t.name === n);
  const rate = byName('SyncStrategyScenario').fields.find((f) => f.name === 'device_hour_rate');
  assert.equal(rate.dimension, 'currency/time');
  assert.equal(byName('DataParallelAttackSurfaceScenario').fields.find((f) => f.name === 'weight_bytes_per_param').required, false);
  // callers get their own copy
  types[0].name = 'changed';
  assert.equal(m.listScenarioTypes()[0].name, 'SyncStrategyScenario');
});

test('listPresets gives the five seed presets and every other, whose inputs evaluate as they are', () => {
  const presets = m.listPresets();
  for (const name of ['TransformerBsp8Workers', 'TransformerSsp8Workers', 'TransformerAsp8Workers', 'ReferenceJobAttackSurface', 'LabJobAttackSurface'])
    assert.ok(presets.some((p) => p.name === name), name);
  for (const p of presets) {
    const r = m.evaluate(p.type, p.inputs);
    assert.deepEqual(r.properties, m.evaluatePreset(p.name).properties);
  }
});

test('listWorkloads and listFleets carry numbers and sources', () => {
  const gpt3 = m.listWorkloads().find((w) => w.name === 'GPT3');
  assert.equal(gpt3.parameters, 1.75e11);
  assert.match(gpt3.source, /Brown/);
  const fleet = m.listFleets().find((f) => f.name === 'Training_1K_A100');
  assert.deepEqual([fleet.count, fleet.node.name, fleet.node.accelerators_per_node, fleet.accelerators], [128, 'DGX_A100', 8, 1024]);
});

test('evaluatePreset(TransformerBsp8Workers) gives the worked values', () => {
  const r = m.evaluatePreset('TransformerBsp8Workers');
  assert.equal(r.type, 'SyncStrategyScenario');
  assert.equal(r.preset, 'TransformerBsp8Workers');
  assert.deepEqual(r.properties.global_batch, { value: 256, unit: 'samples', text: '256 samples' });
  assertClose(assert, r.properties.speedup.value, 40 / 7, 1e-12, 'speedup');  // 100000 / 17500
  assertClose(assert, r.properties.cost.value, 350 / 9, 1e-12, 'cost');       // 14000 x 0.625 x 8 x 2/3600
  assert.equal(r.properties.cost.text, '$38.89');
  assert.deepEqual(r.inputs.base_iteration_time, { value: 0.5, unit: 's' });
  assert.deepEqual(r.warnings, []);
});

test('evaluatePreset(ReferenceJobAttackSurface) gives the worked values', () => {
  const p = m.evaluatePreset('ReferenceJobAttackSurface').properties;
  assert.equal(p.accelerators.value, 1024);
  assert.equal(p.gather_traffic_ratio.value, 8);
  assert.equal(p.gradient_bytes.text, '350 GB');
  assert.equal(p.checkpoint_bytes.value, 2.45e12);
});

test('overrides, quantities as {value, unit} and binary byte texts', () => {
  const r = m.evaluatePreset('TransformerBsp8Workers', { workers: 16, base_iteration_time: { value: 250, unit: 'ms' } });
  assert.equal(r.properties.global_batch.value, 512);
  assertClose(assert, r.properties.iteration_time.value, 0.3125, 1e-12, 'iteration_time');
  const b = m.evaluatePreset('ReferenceJobAttackSurface', undefined, { bytes: 'binary' });
  assert.equal(b.properties.gradient_bytes.text, '326 GiB');
  assert.equal(b.properties.gradient_bytes.value, 3.5e11);
});

test('numberText and humanText write numbers as the cards do', () => {
  // worked by hand: whole numbers exactly with separators, others to 4 significant digits
  // (or one decimal past a whole part of five or more digits), scientific below 1e-4
  assert.equal(m.numberText(12500), '12,500');
  assert.equal(m.numberText(100000 / (14000 * 1.25)), '5.714');
  assert.equal(m.numberText(123456.789), '123,456.8');
  assert.equal(m.numberText(2.5e-5), '2.5e-5');
  assert.equal(m.numberText(NaN), 'NaN');
  assert.equal(m.humanText(0.625, 's'), '625 ms');
  assert.equal(m.humanText(350e9, 'byte'), '350 GB');
  assert.equal(m.humanText(2 ** 31, 'byte', { bytes: 'binary' }), '2 GiB');
  assert.equal(m.humanText(14000 * 0.625 * 8 * 2 / 3600, 'USD'), '$38.89');
  assert.equal(m.humanText(1.7e-6, 'USD'), '$0.0000017');
  // ticks: as many digits as asked, the whole part whole
  assert.equal(m.numberText(1.00001, 6), '1.00001');
  assert.equal(m.numberText(1.00001, 4), '1');
  // an axis reads in the scale a card uses for its largest value: 2.8e12 B is 2.547 TiB
  assert.deepEqual(m.displayScale(2.8e12, 'byte', { bytes: 'binary' }), { factor: 2 ** 40, unit: 'TiB', money: false });
  assert.deepEqual(m.displayScale(1234567, 'USD'), { factor: 1e6, unit: '$ million', money: true });
  assert.deepEqual(m.displayScale(3.8e-4, 'USD/s'), { factor: 1 / 3600, unit: '$/h', money: true });
  assert.equal(m.displayScale(2, 'byte/param'), null);
  // a unit that is none is refused as humanText refuses it (an attacker's trial: null here,
  // an Error there); a count label is read
  assert.throws(() => m.displayScale(5, 'parsec'), { field: 'unit', message: /^unit: unknown unit "parsec"/ });
  assert.throws(() => m.humanText(5, 'parsec'), { field: 'unit', message: /^unit: unknown unit "parsec"/ });
  assert.equal(m.displayScale(256, 'samples').factor, 1);
  // a unit the parser does not read is refused, not written back (an attacker's trial:
  // humanText(1, "parsec") was "1 parsec", and markup came back as given)
  for (const [unit, said] of [['parsec', 'unit: unknown unit "parsec"'], ['<b>', 'unit: unknown unit "<b>"']])
    assert.throws(() => m.humanText(1, unit), (e) => e.field === 'unit' && e.message === said, unit);
  // every unit a field, a property or a registry sub-field is declared or shown in is read
  const units = new Set();
  for (const t of m.listScenarioTypes()) for (const x of [...t.fields, ...t.properties]) for (const u of [x.unit, x.display_unit]) if (u) units.add(u);
  for (const k of m.listRegistries()) for (const f of k.fields) for (const u of [f.unit, f.display_unit]) if (u) units.add(u);
  assert.ok(units.size > 30 && units.has('tokens/s') && units.has('GiB'), [...units].join());
  for (const u of units) assert.equal(typeof m.humanText(1.5, u), 'string', u);
  assert.equal(m.humanText(2, 'h'), '2 h');
});

test('property errors leave every other property computed', () => {
  const r = m.evaluatePreset('LabJobAttackSurface', { dp_degree: 1 });
  assert.match(r.properties.weight_bytes.error, /weight_bytes_per_param/);
  assert.match(r.properties.gather_traffic_ratio.error, /dp_degree/);
  assert.equal(r.properties.allreduce_factor.value, 0);
  assert.equal(r.properties.accelerators.value, 64);
});

// every known-answer file (tests/vectors/known/, by folder and "type" key); a preset
// case also through evaluatePreset
for (const v of knownVectors()) {
  test(`vectors of ${v.type} (${v.cases.length} cases: presets, hand-written, random within each rule)`, () => {
    for (const c of v.cases) {
      const results = [m.evaluate(v.type, c.inputs), ...(c.preset ? [m.evaluatePreset(c.preset)] : [])];
      for (const r of results) {
        for (const [name, want] of Object.entries(c.expected)) {
          const got = r.properties[name];
          if (want.error) { assert.ok('error' in got, `${c.name}: ${name} should be an error`); continue; }
          assert.equal(got.unit, want.unit, `${c.name}: ${name}`);
          assertClose(assert, got.value, want.value, v.tolerance, `${c.name}: ${name}`);
        }
        assert.equal(r.warnings.length, c.warnings, `${c.name}: warnings ${JSON.stringify(r.warnings)}`);
      }
    }
  });
}

test('every scenario type has known-answer vectors, and every preset is one of them', () => {
  const types = new Set(knownVectors().map((v) => v.type));
  for (const t of m.listScenarioTypes()) assert.ok(types.has(t.name), t.name);
  const presets = new Set(knownVectors().flatMap((v) => v.cases.filter((c) => c.preset).map((c) => c.preset)));
  for (const p of m.listPresets()) assert.ok(presets.has(p.name), p.name);
});

test('every bad input of the shared table throws an Error naming its field', () => {
  for (const c of vectors('bad_inputs.json').cases) {
    if (c.layers && !c.layers.includes('js')) continue;
    const run = c.preset ? () => m.evaluatePreset(c.preset, realNumbers(c.set)) : () => m.evaluate(c.type, realNumbers(c.inputs));
    assert.throws(run, (e) => {
      assert.ok(e instanceof Error);
      assert.equal(e.field, c.field, JSON.stringify(c));
      assert.ok(e.message.includes(c.message), `${e.message} should include ${c.message}`);
      assert.ok(e.message.startsWith(`${e.field}: `));
      return true;
    }, JSON.stringify(c));
  }
});

test('JavaScript-only bad inputs: undefined, circular objects, BigInt, functions', () => {
  assert.throws(() => m.evaluate(), { field: 'type' });
  assert.throws(() => m.evaluate('SyncStrategyScenario'), { field: 'workers', message: /required/ });
  assert.throws(() => m.evaluatePreset(), { field: 'preset' });
  assert.throws(() => m.evaluatePreset(42), { field: 'preset' });
  const loop = {}; loop.self = loop;
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', loop), { field: 'self' });  // the field holding the cycle
  // a getter that throws null (or undefined) is named like any other (null was taken for "no error")
  for (const thrown of [null, undefined, 0])
    assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { get workers() { throw thrown; } }), { field: 'workers', message: `workers: cannot be read (${thrown})` });
  // NaN or ±Infinity in place of the inputs object is no object of fields (the number's
  // encoding for the core, {"$number": …}, was read as one: "$number: unknown field")
  assert.throws(() => m.evaluate('SyncStrategyScenario', NaN), { field: 'inputs', message: 'inputs: must be an object of field values, got NaN' });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', -Infinity), { field: 'overrides', message: 'overrides: must be an object of field values, got -Infinity' });
  assert.throws(() => m.sweep('SyncStrategyScenario', Infinity, 'workers', [1, 2], ['cost']), { field: 'inputs', message: 'inputs: must be an object of field values, got Infinity' });
  assert.throws(() => m.sweep(NaN, {}, 'workers', [1, 2], ['cost']), { field: 'type', message: "type: must be a scenario type's name (a string), got NaN" });
  // a Map or Set is no object of fields: JSON wrote it as {}, so the overrides were dropped
  // without a word and the preset's own values came back
  const overrides = new Map([['workers', 16]]);
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', overrides), { field: 'overrides', message: 'overrides: must be an object of field values, got a Map' });
  assert.throws(() => m.evaluate('SyncStrategyScenario', new Set()), { field: 'inputs', message: 'inputs: must be an object of field values, got a Set' });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { workers: new WeakMap() }), { field: 'workers', message: /got "\[WeakMap\]"/ });
  // ... whatever its class or realm (a plain object or an array skips the brand checks,
  // which cost a sweep 40% of its time; anything else takes them)
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', new (class extends Map {})([['workers', 16]])), { field: 'overrides', message: /got a Map$/ });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', vm.runInNewContext("new Map([['workers', 16]])")), { field: 'overrides', message: /got a Map$/ });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { workers: [new Set([8])] }), { field: 'workers', message: /"\[Set\]"/ });
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', vm.runInNewContext('({ workers: 16 })')).inputs.workers, 16);
  // ... or prototype: a collection given Object.prototype, null or Array.prototype keeps
  // its entries in its internal slots (found by an attacker: its entries were dropped and
  // the preset's 8 workers came back; in options, {unit: 'USD/h'} was read as USD/s)
  for (const proto of [Object.prototype, null, Array.prototype]) {
    const reset = (c) => Object.setPrototypeOf(c, proto);
    assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', reset(new Map([['workers', 4]]))), { field: 'overrides', message: /got a Map$/ });
    assert.throws(() => m.evaluate('SyncStrategyScenario', reset(new Set())), { field: 'inputs', message: /got a Set$/ });
    assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { workers: reset(new Map()) }), { field: 'workers', message: /got "\[Map\]"/ });
    assert.throws(() => m.sweep('SyncStrategyScenario', m.evaluatePreset('TransformerBsp8Workers').inputs, 'device_hour_rate', [2], ['cost'], reset(new Map([['unit', 'USD/h']]))),
      { field: 'options', message: 'options: must be an object such as {unit: …}, got a Map' });
  }
  // a Proxy around a Map (Vue's reactive(new Map())) is a Map too, of any realm: JSON wrote
  // it as {}, so its overrides were dropped and its {unit: 'ms'} swept 500 ms as 500 s
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', new Proxy(new Map([['workers', 3]]), {})), { field: 'overrides', message: /got a Map$/ });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', vm.runInNewContext("new Proxy(new Set([1]), {})")), { field: 'overrides', message: /got a Set$/ });
  assert.throws(() => m.sweep('SyncStrategyScenario', m.evaluatePreset('TransformerBsp8Workers').inputs, 'base_iteration_time', [500], ['iteration_time'], new Proxy(new Map([['unit', 'ms']]), {})),
    { field: 'options', message: 'options: must be an object such as {unit: …}, got a Map' });
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', new Proxy({ workers: 3 }, {})).inputs.workers, 3);
  // a value whose text is empty is said to be, not left blank after "got"
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', {}, { bytes: [] }), { field: 'options', message: 'options.bytes: must be "decimal" or "binary", got an array' });
  // the engine's own words for what JSON cannot write become the value's (an attacking
  // helper: "Maximum call stack size exceeded", three lines of "Converting circular
  // structure to JSON", "Do not know how to serialize a BigInt" for Object(8n))
  let nested = 1;
  for (let k = 0; k < 20000; k++) nested = { a: nested };
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { workers: nested }),
    { field: 'workers', message: 'workers: cannot be read (it nests too deeply to be written as JSON; an input nests 4 levels at most)' });
  const cycle = { value: 1, unit: 's' };
  cycle.self = cycle;
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { base_iteration_time: cycle }),
    { field: 'base_iteration_time', message: 'base_iteration_time: cannot be read (it refers to itself, a cycle that JSON cannot write)' });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { workers: Object(8n) }),
    { field: 'workers', message: 'workers: cannot be read (it holds a BigInt object, which JSON cannot write: give the number (8 or 8n), not Object(8n))' });
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', { workers: 8n }).inputs.workers, 8);
  // a revoked Proxy cannot be read, by the name of what held it (was a bare TypeError); one
  // whose getPrototypeOf trap throws is read by its properties, as JSON reads it
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', revoked.proxy), { field: 'overrides', message: /^overrides: cannot be read/ });
  assert.throws(() => m.evaluate('SyncStrategyScenario', revoked.proxy), { field: 'inputs', message: /^inputs: cannot be read/ });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', {}, revoked.proxy), { field: 'options', message: /^options: cannot be read/ });
  assert.throws(() => m.humanText(1, 's', revoked.proxy), { field: 'options' });
  const lying = (target) => new Proxy(target, { getPrototypeOf() { throw new Error('boom'); } });
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', lying({ workers: 16 })).inputs.workers, 16);
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', lying({})).inputs.workers, 8);
  assert.equal(m.humanText(1024, 'byte', lying({ bytes: 'binary' })), '1 KiB');
  // an option value or a unit that cannot be made text is refused by name, not as a TypeError
  const noText = Object.create(null);
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', {}, { bytes: noText }), { field: 'options', message: 'options.bytes: must be "decimal" or "binary", got an object' });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', {}, { work: { toString() { throw new Error('x'); } } }), { field: 'options', message: 'options.work: must be true or false, got an object' });
  assert.throws(() => m.numberText(1, noText), { field: 'digits' });
  assert.throws(() => m.humanText(1, noText), { field: 'unit', message: 'unit: must be a unit\'s text such as "s" or "byte", got an object' });
  assert.throws(() => m.displayScale(1, noText), { field: 'unit' });
  assert.throws(() => m.readValue('1', noText), { field: 'unit' });
  // a unit no property reports in is the caller's `unit`, not the value (a third trial)
  assert.throws(() => m.readValue('1 s', 'parsec', 'prediction'), { field: 'unit', message: 'unit: unknown unit "parsec"' });
  assert.throws(() => m.readValue('1 s', 'h'), { field: 'unit', message: /^unit: unit "h" is not canonical/ });
  assert.throws(() => m.readValue('1', 's', noText), { field: 'name' });
  // a unit of 0 or false is a unit the core refuses, not "the canonical unit" (was read as USD/s)
  const rated = m.evaluatePreset('TransformerBsp8Workers').inputs;
  for (const unit of [0, false])
    assert.throws(() => m.sweep('SyncStrategyScenario', rated, 'device_hour_rate', [1], ['cost'], { unit }), { field: 'unit' });
  assert.equal(m.sweep('SyncStrategyScenario', rated, 'device_hour_rate', [1 / 3600], ['cost'], { unit: '' }).properties.cost[0],
    m.sweep('SyncStrategyScenario', rated, 'device_hour_rate', [1], ['cost'], { unit: 'USD/h' }).properties.cost[0]);
  // values that cannot be read say which element, and a length that is text is quoted
  const throwing = Object.defineProperty([1, 2], 1, { get() { throw new Error('el1'); } });
  assert.throws(() => m.sweep('SyncStrategyScenario', rated, 'workers', throwing, ['cost']), { field: 'values', message: 'values: element 1 cannot be read (el1)' });
  assert.throws(() => m.sweep('SyncStrategyScenario', rated, 'workers', { length: '3' }, ['cost']), { field: 'values', message: 'values: must be an array or Float64Array of numbers, got an object of length "3"' });
  // a transferred buffer says so
  const gone = new Float64Array(8);
  structuredClone(gone.buffer, { transfer: [gone.buffer] });
  assert.throws(() => m.sweep('SyncStrategyScenario', rated, 'workers', [1], ['cost'], { into: gone }), { field: 'into', message: /got 0 \(an empty array, or one whose buffer was transferred away\)/ });
  let deep = 1;
  for (let i = 0; i < 1e5; i++) deep = [deep];
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', {}, { bytes: deep }), { field: 'options', message: /^options\.bytes: must be "decimal" or "binary", got / });
  // a forgotten await is named, not read as no overrides (the preset's 8 workers came back)
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', Promise.resolve({ workers: 64 })), { field: 'overrides', message: 'overrides: must be an object of field values, got a Promise (await it first)' });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { workers: Promise.resolve(3) }), { field: 'workers', message: 'workers: must be an integer >= 1, got "[Promise]"' });
  // options of another kind are refused, never read as no options: {unit: 'ms'} in a Map
  // swept 500 ms as 500 s (iteration_time 625 s instead of 625 ms)
  const swept = m.evaluatePreset('TransformerBsp8Workers').inputs;
  assert.throws(() => m.sweep('SyncStrategyScenario', swept, 'base_iteration_time', [500], ['iteration_time'], new Map([['unit', 'ms']])), { field: 'options', message: 'options: must be an object such as {unit: …}, got a Map' });
  assert.equal(m.sweep('SyncStrategyScenario', swept, 'base_iteration_time', [500], ['iteration_time'], { unit: 'ms' }).properties.iteration_time[0], 0.625);  // 500 ms x 1.25
  for (const [options, got] of [['work', '"work"'], [[true], 'an array'], [() => 1, 'a function'], [new Set(), 'a Set']])
    assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', {}, options), { field: 'options', message: `options: must be an object such as {bytes: …}, got ${got}` });
  assert.throws(() => m.listScenarioTypes(new Map([['details', false]])), { field: 'options' });
  // an object that only calls itself one is an object like any other
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', { [Symbol.toStringTag]: 'Map', workers: 16 }).inputs.workers, 16);
  // thousands of property names are the properties' fault, not the inputs' (the request's
  // entry limit blamed "inputs" from 9978 names on)
  const base = m.evaluatePreset('TransformerBsp8Workers').inputs;
  assert.throws(() => m.sweep('SyncStrategyScenario', base, 'workers', [1, 2], Array(10000).fill('cost')), { field: 'properties', message: 'properties: at most 1000 names, got 10000' });
  assert.throws(() => m.sweep('SyncStrategyScenario', base, 'workers', [1, 2], Array.from({ length: 1000 }, (_, i) => `p${i}`)), { field: 'properties' });
  // the formatters' value: a Symbol (Number() throws) is refused by name, not as a TypeError
  for (const f of [() => m.numberText(Symbol('x')), () => m.numberText(Symbol('x'), 3), () => m.humanText(Symbol('x'), 's'), () => m.displayScale(Symbol('x'), 's')])
    assert.throws(f, { field: 'value', message: 'value: must be a number, got a symbol' });
  assert.throws(() => m.humanText({ valueOf() { throw new Error('no'); } }, 's'), { field: 'value', message: 'value: must be a number, got an object' });
  const getter = { get workers() { throw new Error('boom'); } };
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', getter), { field: 'workers', message: /boom/ });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { 'x\0y': 1 }), (e) => e.field === 'x\0y' && e.message.startsWith('x\\u0000y: unknown field'));
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { base_iteration_time: { value: NaN, unit: 's' } }), { message: /got {"value":NaN,"unit":"s"}/ });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { workers: 2n ** 60n }), { field: 'workers', message: /2\^53/ });
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', { workers: 16n }).properties.global_batch.value, 512);
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { workers: () => 8 }), { field: 'workers', message: /\[function\]/ });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { base_iteration_time: 'x'.repeat(1 << 20) }), { field: 'base_iteration_time' });
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', { staleness: -0 }).inputs.staleness, 0);
  // from an attack session: a string of hundreds of MB was copied into the module's
  // memory, threw a bare WebAssembly.Exception and finally broke the instance
  const before = m.heapUsed();
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { base_iteration_time: '\u4e00'.repeat(2e6) }),
    { field: 'base_iteration_time', message: /too long \(the request is \d+ characters; at most 1000000\)/ });
  assert.equal(m.heapUsed(), before, 'nothing of it reached the module');
  // the field named is the entry that makes most of the text, else the inputs as a whole
  const longKey = 'k'.repeat(1000005);
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { [longKey]: 1 }), (e) => e.field === longKey && e.message.startsWith(`${'k'.repeat(60)}...: too long`));
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { toJSON: () => ({ workers: 'x'.repeat(1000005) }) }), { field: 'overrides', message: /too long/ });
  assert.throws(() => m.evaluate('SyncStrategyScenario', 'x'.repeat(1000005)), { field: 'inputs', message: /too long/ });
  assert.throws(() => m.evaluate('SyncStrategyScenario', Object.fromEntries(Array.from({ length: 9000 }, (_, i) => [`f${i}`, 'y'.repeat(120)]))), { field: 'inputs', message: /too long/ });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { base_iteration_time: '0.5\ud800 s' }),
    { field: 'base_iteration_time', message: 'base_iteration_time: holds a lone UTF-16 surrogate, which is not text' });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers\udc00'), { field: 'preset', message: /lone UTF-16 surrogate/ });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { base_iteration_time: '\\ud800 s' }), { field: 'base_iteration_time', message: /malformed number/ },
    'a backslash and "ud800" typed as text are text');
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', { base_iteration_time: '0.5 s' }, { get work() { return false; } }).inputs.workers, 8);
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', null, { get bytes() { throw new Error('boom'); } }), { field: 'options', message: 'options: cannot be read (boom)' });
});

test('tens of thousands of errors leak nothing and leave the module usable', () => {
  const good = () => m.evaluatePreset('TransformerBsp8Workers').properties.speedup.value;
  // warm up with the loop's longest error too: a reused reply buffer reaching its high-water
  // mark is not a leak (a leak grows with the 30000 errors, a buffer once)
  for (let i = 0; i < 100; i++) {
    good();
    try { m.evaluatePreset('TransformerBsp8Workers', { workers: -1 }); } catch {}
    try { m.evaluatePreset('TransformerBsp8Workers', { base_iteration_time: '29999 GB' }); } catch {}
  }
  const before = m.heapUsed();
  let thrown = 0;
  for (let i = 0; i < 30000; i++) {
    try { m.evaluatePreset('TransformerBsp8Workers', { base_iteration_time: `${i} GB` }); } catch (e) { thrown += e.field === 'base_iteration_time'; }
  }
  assert.equal(thrown, 30000);
  assert.equal(m.heapUsed(), before, 'heap in use after 30000 errors');
  assertClose(assert, good(), 40 / 7, 1e-12, 'speedup after errors');
});

const cli = path.join(root, 'build/native/mlsysim');
test('listScenarioTypes is the CLI\'s list as plain data; {details: false} gives its heads and describeScenarioType one type in full', { skip: !existsSync(cli) && 'build/native/mlsysim not built' }, () => {
  const eager = JSON.parse(execFileSync(cli, ['list', 'types', '--json'], { encoding: 'utf8' }));
  const types = m.listScenarioTypes();
  assert.equal(JSON.stringify(types), JSON.stringify(eager));
  for (const t of types) for (const k of Object.keys(t)) assert.ok('value' in Object.getOwnPropertyDescriptor(t, k), `${t.name}.${k} is data`);
  const heads = m.listScenarioTypes({ details: false });
  assert.equal(JSON.stringify(heads), JSON.stringify(eager.map((t) => ({ ...t, fields: null, properties: null, symbols: null, warnings: null }))));
  assert.equal(JSON.stringify(m.listScenarioTypes({ details: true })), JSON.stringify(eager));
  for (const t of eager) assert.equal(JSON.stringify(m.describeScenarioType(t.name)), JSON.stringify(t), t.name);
  // a fresh copy per call
  m.describeScenarioType('SyncStrategyScenario').fields.push('changed');
  assert.deepEqual(m.describeScenarioType('SyncStrategyScenario'), eager.find((t) => t.name === 'SyncStrategyScenario'));
  // bad names and options are refused by name, and the module goes on
  assert.throws(() => m.describeScenarioType('SyncStrategy'), (e) => e.field === 'type' &&
    e.message.startsWith('type: unknown scenario type "SyncStrategy"; valid types: SyncStrategyScenario, '));
  for (const bad of [undefined, null, 42, { name: 'SyncStrategyScenario' }])
    assert.throws(() => m.describeScenarioType(bad), (e) => e.field === 'type' && /^type: must be a scenario type's name \(a string\), got /.test(e.message));
  assert.throws(() => m.listScenarioTypes({ details: 'no' }), { message: 'options.details: must be true or false, got "no"' });
  assert.throws(() => m.describeScenarioType('toString'), (e) => e.field === 'type');
  assert.equal(m.listScenarioTypes().length, eager.length);
});

test('the native CLI prints the same Result as the module', { skip: !existsSync(cli) && 'build/native/mlsysim not built' }, () => {
  for (const p of m.listPresets()) {
    const out = execFileSync(cli, ['eval', p.name, '--json'], { encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out), m.evaluatePreset(p.name), p.name);
  }
  const bad = spawnSync(cli, ['eval', 'TransformerBsp8Workers', '--set', 'workers=-3'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', { workers: -3 }), { message: bad.stderr.trim() });
});

test('options of the wrong kind are refused by name, never read as the default', () => {
  const refused = (f, message) => assert.throws(f, (e) => e.field === 'options' && e.message === message);
  refused(() => m.evaluatePreset('TransformerBsp8Workers', {}, { bytes: 'BINARY' }), 'options.bytes: must be "decimal" or "binary", got "BINARY"');
  refused(() => m.evaluatePreset('TransformerBsp8Workers', {}, { work: 'false' }), 'options.work: must be true or false, got "false"');
  refused(() => m.evaluatePreset('TransformerBsp8Workers', {}, { partial: 1 }), 'options.partial: must be true or false, got 1');
  refused(() => m.humanText(1e9, 'byte', { bytes: 'hex' }), 'options.bytes: must be "decimal" or "binary", got "hex"');
  // an option the call does not take: refused, with the nearest it does take (an attacking
  // helper swept 500 ms as 500 s with {units: 'ms'})
  const I = m.listPresets().find((p) => p.name === 'TransformerBsp8Workers').inputs;
  refused(() => m.sweep('SyncStrategyScenario', I, 'base_iteration_time', [500], ['cost'], { units: 'ms' }),
    'options: unknown option "units" (did you mean "unit"?); this call takes unit, into, warnings, bytes, time, money');
  refused(() => m.sweep('SyncStrategyScenario', I, 'base_iteration_time', [500], ['cost'], { Unit: 'ms' }),
    'options: unknown option "Unit" (did you mean "unit"?); this call takes unit, into, warnings, bytes, time, money');
  refused(() => m.evaluatePreset('TransformerBsp8Workers', {}, { byte: 'binary' }),
    'options: unknown option "byte" (did you mean "bytes"?); this call takes bytes, work, partial, time, money');
  refused(() => m.evaluatePreset('TransformerBsp8Workers', {}, { Work: true }),
    'options: unknown option "Work" (did you mean "work"?); this call takes bytes, work, partial, time, money');
  refused(() => m.humanText(1e9, 'byte', { binary: true }), 'options: unknown option "binary"; this call takes bytes, time, money');
  refused(() => m.propertyText('LlmServingScenario', 'decode_throughput', 1, { bytes: { toString: () => 'binary' } }),
    'options.bytes: must be "decimal" or "binary", got an object that reads as "binary"');
  refused(() => m.evaluatePreset('TransformerBsp8Workers', {}, { bytes: ['binary'] }),
    'options.bytes: must be "decimal" or "binary", got an array that reads as "binary"');
  // a value that is no number is refused, not read as 0 or 1 (an attacking helper: "0 s", "$1.00")
  for (const [v, got] of [[null, 'null'], [undefined, 'undefined'], [true, 'true'], ['', '""'], ['abc', '"abc"'], [{}, 'an object'], [[], 'an array']]) {
    assert.throws(() => m.humanText(v, 's'), (e) => e.field === 'value' && e.message === `value: must be a number, got ${got}`, String(v));
    assert.throws(() => m.numberText(v), (e) => e.field === 'value', String(v));
    assert.throws(() => m.displayScale(v, 's'), (e) => e.field === 'value', String(v));
  }
  assert.equal(m.humanText('0.625', 's'), '625 ms');  // a number's text is a number
  assert.equal(m.numberText(' -2.5e3 '), '-2,500');
  // ... in decimal: Number() reads "0x10" as 16 (a third trial)
  for (const t of ['0x10', '0b11', '0o7', '1_000', '1e', '.', '+-1'])
    assert.throws(() => m.numberText(t), (e) => e.field === 'value' && e.message === `value: must be a number, got "${t}"`, t);
  assert.equal(m.numberText(NaN), m.numberText('NaN'));
  assert.equal(m.humanText(8n, 'byte'), '8 bytes');
  // a value nested too deeply is blamed on its field, in evaluate, evaluatePreset and sweep alike
  const nest = (n) => { let v = 1; for (let i = 0; i < n; i++) v = [v]; return v; };
  for (const call of [() => m.evaluatePreset('TransformerBsp8Workers', { workers: nest(100) }),
    () => m.evaluate('SyncStrategyScenario', { ...I, workers: { a: nest(70) } }),
    () => m.sweep('SyncStrategyScenario', { ...I, workers: nest(70) }, 'iterations', [1])])
    assert.throws(call, (e) => e.field === 'workers' && e.message === 'workers: nests deeper than 64 levels; an input nests 4 levels at most');
  // ... and an argument nested too deeply, on that argument (not on a key inside it); a
  // name or a unit that is not a string is refused as what it is before it is written
  const deep = (n) => { let v = 1; for (let i = 0; i < n; i++) v = { a: v }; return v; };
  for (const [call, field, message] of [[() => m.evaluate(deep(70), {}), 'type', "must be a scenario type's name (a string), got an object"],
    [() => m.evaluatePreset(deep(70)), 'preset', "must be a preset's name (a string), got an object"],
    [() => m.sweep('SyncStrategyScenario', I, 'base_iteration_time', [1], null, { unit: { workers: deep(70) } }), 'unit', 'must be a unit\'s text such as "s" or "byte", got an object'],
    [() => m.sweep('SyncStrategyScenario', I, deep(70), [1]), 'field', "must be a numeric field's name (a string), got an object"],
    [() => m.sweep('SyncStrategyScenario', I, 'workers', [1], [nest(70)]), 'properties', "element 0 must be a property's name (a string), got an array"]])
    assert.throws(call, (e) => e.field === field && e.message === `${field}: ${message}`, field);
  // ... inherited or not enumerable, as the options are read (a second attacking helper)
  refused(() => m.sweep('SyncStrategyScenario', I, 'base_iteration_time', [500], ['cost'], Object.create({ units: 'ms' })),
    'options: unknown option "units" (did you mean "unit"?); this call takes unit, into, warnings, bytes, time, money');
  refused(() => m.evaluatePreset('TransformerBsp8Workers', {}, new (class { get Work() { return true; } })()),
    'options: unknown option "Work" (did you mean "work"?); this call takes bytes, work, partial, time, money');
  refused(() => m.evaluatePreset('TransformerBsp8Workers', {}, Object.defineProperty({}, 'Work', { value: true })),
    'options: unknown option "Work" (did you mean "work"?); this call takes bytes, work, partial, time, money');
  assert.equal(m.sweep('SyncStrategyScenario', I, 'base_iteration_time', [500], ['cost'], Object.create({ unit: 'ms' })).properties.cost[0],
    m.sweep('SyncStrategyScenario', I, 'base_iteration_time', [500], ['cost'], { unit: 'ms' }).properties.cost[0]);
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', {}, new (class { get work() { return true; } })()).properties.speedup.work.text.length > 0, true);
  refused(() => m.listScenarioTypes({ detail: false }), 'options: unknown option "detail" (did you mean "details"?); this call takes details');
  // the right spelling reads the values in that unit: 500 ms is 1/1000 of 500 s's cost
  const ms = m.sweep('SyncStrategyScenario', I, 'base_iteration_time', [500], ['cost'], { unit: 'ms' });
  const s = m.sweep('SyncStrategyScenario', I, 'base_iteration_time', [500], ['cost']);
  assert.ok(Math.abs(ms.properties.cost[0] * 1000 / s.properties.cost[0] - 1) < 1e-12);
  for (const digits of [0, -1, 18, 1e9, 2.5, '4'])
    assert.throws(() => m.numberText(1.2, digits), (e) => e.field === 'digits' && /must be an integer from 1 to 17/.test(e.message), String(digits));
  assert.equal(m.numberText(1.23456, 3), '1.23');
  // the instance keeps working
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', {}, { bytes: 'binary', work: false }).properties.speedup.text, '5.714');
});

test('readPresetFile and readValue: a course preset file and a prediction, read by the core', async () => {
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(new URL('../../examples/course-presets.json', import.meta.url), 'utf8');
  const file = m.readPresetFile(text);
  assert.deepEqual(file.notices, []);
  assert.deepEqual(file.presets.map((p) => [p.name, p.type]), [['Week3Bsp16Workers', 'SyncStrategyScenario'],
    ['Week5Llama8BOnLab64', 'TrainingComputeScenario'], ['Week7Lab64OwnVsCloud', 'ClusterTcoScenario']]);
  // a course preset evaluates as its type with its inputs: 16 workers × 32 = 512
  assert.equal(m.evaluate(file.presets[0].type, file.presets[0].inputs).properties.global_batch.value, 512);
  const bad = m.readPresetFile('{"presets": [{"name": "X", "type": "SyncStrategyScenario", "inputs": {"workers": 0}}]}');
  assert.deepEqual(bad.presets, []);
  // every problem of the entry: workers 0, and the six required inputs not given
  assert.deepEqual(bad.notices[0], { preset: 'X', entry: 1, field: 'workers', message: 'preset "X" (entry 1): workers: must be an integer >= 1, got 0' });
  assert.deepEqual(bad.notices.map((n) => n.field), ['workers', 'per_worker_batch', 'iterations', 'communication_overhead', 'base_iterations', 'base_iteration_time', 'device_hour_rate']);
  for (const [input, part] of [[42, 'must be the file\'s text'], ['[', 'not valid JSON'], [' '.repeat(1048577), 'at most 1 MiB']]) {
    assert.throws(() => m.readPresetFile(input), (e) => e.field === 'preset_file' && e.message.includes(part), String(part));
  }
  assert.equal(m.readValue('2 h', 's'), 7200);
  assert.equal(m.readValue('40 USD', 'USD', 'prediction'), 40);
  assert.equal(m.readValue(7, ''), 7);
  assert.throws(() => m.readValue('40 USD', 's', 'prediction'), (e) => e.field === 'prediction' && /^prediction: expected a time/.test(e.message));
  assert.throws(() => m.readValue(NaN, ''), (e) => e.field === 'value' && /finite/.test(e.message));
  // a plain number that is not one says what to write, as a quantity's error does
  assert.throws(() => m.readValue('abc', '', 'prediction'), (e) => e.field === 'prediction' &&
    e.message === 'prediction: malformed number "abc"; expected a number such as "0.25"');
  assert.throws(() => m.readValue('abc', 's', 'prediction'), (e) => e.message === 'prediction: malformed number "abc"; expected a time such as "1 s"');
  assert.throws(() => m.readValue({}, 's'), (e) => e.field === 'value');
  // a name of null or "" is the default's: the message had named "null", or begun ": expected"
  for (const name of [null, ''])
    assert.throws(() => m.readValue('5 GB', 's', name), (e) => e.field === 'value' && /^value: expected a time/.test(e.message), String(name));
  assert.equal(m.evaluate('SyncStrategyScenario', ctxInputs()).properties.global_batch.value, 256, 'the module still works');
});

function ctxInputs() { return m.listPresets()[0].inputs; }

test('what an attacking helper found once the module had no exceptions: refused, and the module unharmed', () => {
  // a preset file entry whose inputs are a JavaScript NaN was kept, its check read through
  // a null pointer and wrote a JSON object over the module's first bytes
  const before = m.heapUsed();
  const r = m.readPresetFile('{"presets":[{"name":"x","type":"SyncStrategyScenario","inputs":{"$number":"NaN"}}]}');
  assert.deepEqual(r.presets, []);
  assert.deepEqual(r.notices.map((n) => [n.field, n.message]), [['inputs', 'preset "x" (entry 1): inputs: must be an object of field values, got NaN']]);
  assert.ok(m.heapUsed() - before < 4096);
  // powers that add up past what a dimension holds: s^215 read as no unit at all
  assert.throws(() => m.readValue('5 s^99*s^99*s^58', ''), { field: 'value', message: /the powers of one base unit add up to more than 32/ });
  assert.throws(() => m.sweep('SyncStrategyScenario', m.listPresets().find((p) => p.name === 'TransformerBsp8Workers').inputs, 'base_iteration_time', [1], ['iteration_time'], { unit: 's*B^99*B^99*B^58' }),
    { field: 'unit', message: /the powers of one base unit add up to more than 32/ });
  assert.equal(m.evaluatePreset('TransformerBsp8Workers').properties.speedup.value, 100000 / (14000 * 1.25));
});

test('listUnits is the CLI\'s list units, and says what docs/api.md says it holds', { skip: !existsSync(cli) && 'build/native/mlsysim not built' }, () => {
  const u = m.listUnits();
  assert.deepEqual(u, JSON.parse(execFileSync(cli, ['list', 'units'], { encoding: 'utf8' })));
  assert.deepEqual(Object.keys(u), ['bases', 'spellings', 'count_labels']);
  // by hand: a millisecond is 1e-3 s; a GB is 1e9 byte
  assert.deepEqual(u.spellings.find((s) => s.spelling === 'ms'), { spelling: 'ms', factor: 0.001, dimension: 'time', unit: 's', full_name: false });
  assert.equal(u.spellings.find((s) => s.spelling === 'GB').factor, 1e9);
  assert.ok(u.count_labels.includes('tokens'));
});

test('an argument that is not a name or a number is quoted by what it is, not its kind alone', () => {
  // an attacker's trial: "got number", "got object", "element 0 is not a number (string)"
  const said = (f) => { try { f(); } catch (e) { return e.message; } return 'accepted'; };
  assert.equal(said(() => m.describeScenarioType(5)), "type: must be a scenario type's name (a string), got 5");
  assert.equal(said(() => m.describeScenarioType(new Map())), "type: must be a scenario type's name (a string), got a Map");
  assert.equal(said(() => m.describeScenarioType([])), "type: must be a scenario type's name (a string), got an array");
  assert.equal(said(() => m.propertyText('SyncStrategyScenario', null, 1)), "property: must be a property's name (a string), got null");
  assert.equal(said(() => m.readPresetFile({})), "preset_file: must be the file's text, got an object");
  assert.equal(said(() => m.sweep('SyncStrategyScenario', m.listPresets()[0].inputs, 'workers', [1, '2'], ['speedup'])), 'values: element 1 is not a number, got "2"');
  // every argument of every call says what it got the same way (mlsysimGot): a Map had been
  // "[Map]" (read as text), "[object Map]", "unknown unit \"[object\"", "got object" or "got
  // length undefined", depending on the call (an attacker's trial)
  const inputs = m.listPresets()[0].inputs, map = new Map([['workers', 8]]);
  for (const [call, message] of [
    [() => m.evaluate(map, {}), "type: must be a scenario type's name (a string), got a Map"],
    [() => m.evaluate('SyncStrategyScenario', map), 'inputs: must be an object of field values, got a Map'],
    [() => m.evaluate('SyncStrategyScenario', () => map), 'inputs: must be an object of field values, got a function'],
    [() => m.evaluatePreset(map), "preset: must be a preset's name (a string), got a Map"],
    [() => m.evaluatePreset(7), "preset: must be a preset's name (a string), got 7"],
    [() => m.evaluatePreset('TransformerBsp8Workers', new Set()), 'overrides: must be an object of field values, got a Set'],
    [() => m.numberText(map), 'value: must be a number, got a Map'],
    [() => m.numberText([1]), 'value: must be a number, got an array'],
    [() => m.numberText(1, map), 'digits: must be an integer from 1 to 17, got a Map'],
    [() => m.humanText(1, map), 'unit: must be a unit\'s text such as "s" or "byte", got a Map'],
    [() => m.displayScale(1, 5), 'unit: must be a unit\'s text such as "s" or "byte", got 5'],
    [() => m.readValue(map, 's'), 'value: must be a text or a number, got a Map'],
    [() => m.readValue('1', 's', map), 'name: must be the name a message starts with (a string), got a Map'],
    [() => m.sweep('SyncStrategyScenario', inputs, map, [1]), "field: must be a numeric field's name (a string), got a Map"],
    [() => m.sweep('SyncStrategyScenario', inputs, 'workers', 5), 'values: must be an array or Float64Array of numbers, got 5'],
    [() => m.sweep('SyncStrategyScenario', inputs, 'workers', map), 'values: must be an array or Float64Array of numbers, got a Map'],
    [() => m.sweep('SyncStrategyScenario', inputs, 'workers', [1], map), 'properties: must be an array of property names, got a Map'],
    [() => m.sweep('SyncStrategyScenario', inputs, 'workers', [1], 'speedup'), 'properties: must be an array of property names, got "speedup"'],
    [() => m.sweep('SyncStrategyScenario', inputs, 'workers', [1], null, { into: [0, 0] }), 'into: must be a Float64Array, got an array'],
    [() => m.sweep('SyncStrategyScenario', inputs, 'workers', [1], null, { into: new Float32Array(4) }), 'into: must be a Float64Array, got a Float32Array'],
    [() => m.evaluate('SyncStrategyScenario', inputs, { bytes: map }), 'options.bytes: must be "decimal" or "binary", got a Map'],
  ]) assert.equal(said(call), message);
  assert.equal(m.evaluatePreset('TransformerBsp8Workers').inputs.workers, 8);  // and the module still answers
  // a re-checker's trial: entries of properties, BigInts, absent names and options of another kind
  for (const [call, message] of [
    [() => m.sweep('SyncStrategyScenario', inputs, 'workers', [1], ['speedup', map]), "properties: element 1 must be a property's name (a string), got a Map"],
    [() => m.sweep('SyncStrategyScenario', inputs, 'workers', [1], ['speedup', 5]), "properties: element 1 must be a property's name (a string), got 5"],
    [() => m.numberText(1, 5n), 'digits: must be an integer from 1 to 17, got 5n (a BigInt)'],
    [() => m.readValue(5n, 's'), 'value: must be a text or a number, got 5n (a BigInt)'],
    [() => m.evaluate(undefined, {}), "type: must be a scenario type's name (a string), got undefined"],
    [() => m.evaluatePreset(null), "preset: must be a preset's name (a string), got null"],
    [() => m.sweep(null, inputs, 'workers', [1]), "type: must be a scenario type's name (a string), got null"],
    [() => m.sweep('SyncStrategyScenario', inputs, undefined, [1]), "field: must be a numeric field's name (a string), got undefined"],
    [() => m.evaluate('SyncStrategyScenario', inputs, /x/), 'options: must be an object such as {bytes: …}, got a RegExp'],
    [() => m.evaluate('SyncStrategyScenario', inputs, new Date(0)), 'options: must be an object such as {bytes: …}, got a Date'],
  ]) assert.equal(said(call), message);
  // a properties entry's getter runs once: its first answer is the one swept
  let reads = 0;
  const props = ['speedup'];
  Object.defineProperty(props, 1, { enumerable: true, get: () => (++reads === 1 ? 'cost' : new Map()) });
  assert.deepEqual([Object.keys(m.sweep('SyncStrategyScenario', inputs, 'workers', [1], props).properties), reads], [['speedup', 'cost'], 1]);
  // dimension_phrase is a quantity's, as dimension is: "" for a registry field, not "a number"
  const tco = m.describeScenarioType('LlmServingScenario').fields;
  assert.deepEqual(['hardware', 'batch_size', 'kv_bytes_per_element'].map((n) => tco.find((f) => f.name === n).dimension_phrase), ['', '', 'an amount of data']);
  // objects JSON would write as {}, a string or {"0": …} are no objects of fields: overrides
  // had been dropped unsaid (a second attacker)
  for (const [v, got] of [[/re/, 'a RegExp'], [new Error('x'), 'an Error'], [new ArrayBuffer(8), 'an ArrayBuffer'],
    [new Float64Array(2), 'a Float64Array'], [new Date(0), 'a Date'], [(function () { return arguments; })(1), 'an Arguments']])
    assert.equal(said(() => m.evaluatePreset('TransformerBsp8Workers', v)), `overrides: must be an object of field values, got ${got}`);
  assert.equal(m.evaluatePreset('TransformerBsp8Workers', new (class { workers = 16; })()).inputs.workers, 16);  // a class's instance is one
  assert.equal(said(() => m.numberText(2n ** 1100n)), 'value: must be a number, got a BigInt of 332 digits: too large for a double');
  assert.equal(m.numberText(12500n), '12,500');
  // an option is never read from Object.prototype: a polluted page swept seconds as milliseconds
  const sweptInputs = m.evaluatePreset('TransformerBsp8Workers').inputs;
  const clean = m.sweep('SyncStrategyScenario', sweptInputs, 'base_iteration_time', [1], ['iteration_time'], {}).properties.iteration_time[0];
  Object.prototype.unit = 'ms';  // eslint-disable-line no-extend-native
  try {
    assert.equal(m.sweep('SyncStrategyScenario', sweptInputs, 'base_iteration_time', [1], ['iteration_time'], {}).properties.iteration_time[0], clean);
    assert.equal(clean, 1.25);  // by hand: 1 s x (1 + 0.25)
    assert.equal(m.sweep('SyncStrategyScenario', sweptInputs, 'base_iteration_time', [1], ['iteration_time'], Object.create({ unit: 'ms' })).properties.iteration_time[0], 0.00125);
  } finally {
    delete Object.prototype.unit;
  }
});

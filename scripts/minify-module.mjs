// Writes the linked module (Emscripten's closure-compiled glue with our wasm/pre.mjs,
// post.mjs and export.mjs around it, which closure does not touch) to dist/mlsysim.mjs,
// minified by esbuild: the comments and layout of our own JavaScript are a sixth of
// the module's glue, and it is fetched before the first result (docs/performance.md).
// The readable source is wasm/post.mjs; the API is documented in docs/api.md.
//
// It also writes the build's identity into the module: MLSYSIM_BUILD (wasm/post.mjs) becomes
// the SHA-256 of the linked mlsysim.wasm, so that answers recorded with this build (the
// prerendered pages' own, scripts/prerender.mjs) are taken by this build only.
//
// Usage: node scripts/minify-module.mjs <linked mlsysim.js> <dist/mlsysim.mjs> <linked mlsysim.wasm>
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const [from, to, wasm] = process.argv.slice(2);
const PLACEHOLDER = "const MLSYSIM_BUILD = 'unbuilt';";
const source = readFileSync(from, 'utf8');
if (source.split(PLACEHOLDER).length !== 2) throw new Error(`minify-module: ${from} must hold ${PLACEHOLDER} once (wasm/post.mjs)`);
const build = createHash('sha256').update(readFileSync(wasm)).digest('hex');
const { code } = await esbuild.transform(source.replace(PLACEHOLDER, `const MLSYSIM_BUILD = '${build}';`), {
  format: 'esm', target: 'es2022', minify: true, legalComments: 'inline', logLevel: 'warning',
  // Emscripten's MODULARIZE tail assigns module.exports behind `typeof module` checks,
  // which are false in an ES module: dead code, not a problem
  logOverride: { 'commonjs-variable-in-esm': 'silent' },
});
writeFileSync(to, code);

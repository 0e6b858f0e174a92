// Writes the linked module (Emscripten's closure-compiled glue with our wasm/pre.mjs,
// post.mjs and export.mjs around it, which closure does not touch) to dist/mlsysim.mjs,
// minified by esbuild: the comments and layout of our own JavaScript are a sixth of
// the module's glue, and it is fetched before the first result (docs/performance.md).
// The readable source is wasm/post.mjs; the API is documented in docs/api.md.
//
// Usage: node scripts/minify-module.mjs <linked mlsysim.js> <dist/mlsysim.mjs>
import * as esbuild from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';

const [from, to] = process.argv.slice(2);
const { code } = await esbuild.transform(readFileSync(from, 'utf8'), {
  format: 'esm', target: 'es2022', minify: true, legalComments: 'inline', logLevel: 'warning',
  // Emscripten's MODULARIZE tail assigns module.exports behind `typeof module` checks,
  // which are false in an ES module: dead code, not a problem
  logOverride: { 'commonjs-variable-in-esm': 'silent' },
});
writeFileSync(to, code);

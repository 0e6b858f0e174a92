// Prepended to dist/mlsysim.mjs (--extern-pre-js). Emscripten 3.1.6's Node.js branch
// uses CommonJS `require` and `__dirname`, which ES modules lack; give it both, so that
// `import createMlsysim from './mlsysim.mjs'` works in Node.js 20 as in browsers.
const MLSYSIM_IN_NODE = typeof process === 'object' && typeof process.versions === 'object' &&
  typeof process.versions.node === 'string' && typeof window === 'undefined';
let require, __filename, __dirname;
if (MLSYSIM_IN_NODE) {
  const { createRequire } = await import('node:module');
  require = createRequire(import.meta.url);
  __filename = require('node:url').fileURLToPath(import.meta.url);
  __dirname = require('node:path').dirname(__filename);
}
// where mlsysim.wasm is looked for (beside this module); see post.mjs
const MLSYSIM_BASE_URL = import.meta.url;

// Prepended to the classic single-file build inlined in dist/mlsysim-standalone.html
// (--extern-pre-js): a browser page, no Node.js; the WebAssembly is inlined, so the
// base URL is only a fallback.
var MLSYSIM_IN_NODE = false;
var MLSYSIM_BASE_URL = (typeof document !== 'undefined' && document.currentScript && document.currentScript.src) || location.href;

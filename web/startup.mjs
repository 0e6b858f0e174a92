// What a reader is told when the calculator cannot start: one text for every page that
// can fail to start (the full page, the one-file page, the iframe embed and the custom
// element). It says, in a reader's words, what failed and what to do, and names the
// browsers that run the calculator (README.md); the browser's own reason, stripped of
// Emscripten's advice for whoever builds the module, goes into a collapsed "Details" for
// whoever maintains the site. web/boot.js, which runs when no module can, names the same
// browsers (tests/node/startup.test.mjs keeps them equal).
import { el } from './dom.mjs';

export const BROWSERS = 'Chrome and Edge 95+, Firefox 100+ and Safari 16.4+';
export const MATHML_BROWSERS = 'in Chrome and Edge its typeset equations need version 109 or later';

// the smallest modules that use each WebAssembly feature the module is built with beyond
// the first version's (core/CMakeLists.txt: -msimd128): a browser that cannot validate
// one is too old for the module (the same probes as the wasm-feature-detect library)
const FEATURES = {
  SIMD: [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11],
};

/** The WebAssembly features the module needs that `wasm` (a browser's WebAssembly
 *  object) lacks, or null when there is no WebAssembly at all. */
export function missingFeatures(wasm = globalThis.WebAssembly) {
  if (!wasm || typeof wasm !== 'object' || typeof wasm.validate !== 'function') return null;
  return Object.entries(FEATURES).filter(([, bytes]) => {
    try { return !wasm.validate(new Uint8Array(bytes)); } catch { return true; }
  }).map(([name]) => name);
}

/** The reason an error gives, without Emscripten's "Aborted(…)" wrapping and its advice
 *  to rebuild the module with assertions. */
export function technicalReason(error) {
  const text = String((error && (error.message || error.name)) || error || 'unknown error');
  return text.replace(/\s*Build with -s ?ASSERTIONS=1 for more info\.?/g, '').replace(/^Aborted\(([\s\S]*)\)\.?$/, '$1').trim() || 'unknown error';
}

/**
 * What failed and what to do when the calculator cannot start, for `error` (what
 * createMlsysim or the page's start-up threw). env: {wasm: the browser's WebAssembly
 * object (to find what it lacks)}. Returns {text: one paragraph for a reader, detail:
 * the browser's own reason}.
 */
export function startupFailure(error, { wasm = globalThis.WebAssembly } = {}) {
  const detail = technicalReason(error);
  const missing = missingFeatures(wasm);
  let what, todo;
  if (missing === null) {
    what = 'this browser does not run WebAssembly, the compiled code the calculator is made of. It may be turned off: some security settings, and Lockdown Mode on Apple devices, turn it off';
    todo = 'Turn it on for this site, or open the page in another browser.';
  } else if (missing.length) {
    what = `this browser is too old for it (its WebAssembly has no ${missing.join(' and no ')})`;
    todo = 'Update the browser, or open the page in another one.';
  } else if (/fetch|failed to load wasm|network|\b404\b/i.test(detail)) {
    what = 'its compiled code (mlsysim.wasm) could not be downloaded';
    todo = 'Check the connection and reload the page. If it happens again, the site is missing the file: tell whoever runs it.';
  } else if (/out of memory|memory|allocat/i.test(detail)) {
    what = 'the browser would not give it enough memory';
    todo = 'Close other tabs or windows and reload the page.';
  } else if (/CompileError|LinkError|magic word|validat|wasm/i.test(detail)) {
    what = 'its compiled code (mlsysim.wasm) arrived damaged, or the site sent another file in its place';
    todo = 'Reload the page. If it happens again, tell whoever runs the site.';
  } else {
    what = 'something went wrong while it was starting';
    todo = 'Reload the page. If it happens again, try another browser.';
  }
  return { text: `The calculator could not start: ${what}. ${todo} It runs in ${BROWSERS}; ${MATHML_BROWSERS}.`, detail };
}

/** The browser's reason, collapsed, for whoever maintains the site. */
export function failureDetails(detail) {
  return el('details', { class: 'startup-detail' }, el('summary', { text: 'Details for the site\'s maintainer' }), el('code', { text: detail }));
}

/** The whole message as one element (the embeds): the text, then the details. */
export function failureView(error) {
  const { text, detail } = startupFailure(error);
  return el('div', { class: 'startup-failed', role: 'alert' }, el('p', { class: 'status failed', text }), failureDetails(detail));
}

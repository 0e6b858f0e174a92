// The module's answers recorded with a prerendered view (scripts/prerender.mjs), fetched for
// createMlsysim's options.answers (wasm/post.mjs; docs/performance.md, "Prerendered
// answers"). One rule for the page and the iframe embed (web/boot.js, which bundles this
// file) and the custom element (web/mlsysim-element.mjs).

/**
 * fetchAnswers(url) -> Promise<record | null>: the answers file at `url`
 * (shared.answers.json, index.answers.json, embeds/NAME.answers.json) as JSON; null, never
 * an error, when it is missing, redirected, over 1 MiB, damaged or not JSON: the module
 * then answers itself, as it does with no answers at all. Plain JSON, which a host
 * compresses on the way: unpacking a compressed file in the page takes a few tasks, and
 * answers that come after the module are not used.
 */
export function fetchAnswers(url) {
  return fetch(url).then(function (r) {
    // the build's are at most tens of KB: a larger answer is not one of them
    return r.ok && !r.redirected && !(Number(r.headers.get('content-length')) > ANSWERS_MAX) ? r.json() : null;
  }).catch(function () { return null; });
}

/** Bytes: over thirty times the largest answers file the build writes (shared.answers.json,
 *  29 KB; docs/performance.md). */
var ANSWERS_MAX = 1048576;

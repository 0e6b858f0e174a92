// The module's answers recorded with a prerendered view (scripts/prerender.mjs), fetched for
// createMlsysim's options.answers (wasm/post.mjs; docs/performance.md, "Prerendered
// answers"). One rule for the page and the iframe embed (web/boot.js, which bundles this
// file) and the custom element (web/mlsysim-element.mjs).

/** Bytes: over thirty times the largest answers file the build writes (shared.answers.json,
 *  29 KB; docs/performance.md). A longer body is cut off and refused. */
var ANSWERS_MAX = 1048576;
/** ms: answers that have not come by then are not worth their connection (on HTTP/1.1 a
 *  browser has six per host, and the module's own file may wait for one). */
var ANSWERS_TIMEOUT_MS = 3000;

/**
 * fetchAnswers(url) -> Promise<record | null>: the answers file at `url`
 * (shared.answers.json, index.answers.json, embeds/NAME.answers.json) as JSON; null, never
 * an error, when it is missing, redirected, longer than 1 MiB (read as it comes, whatever
 * the server says of its length), damaged or not JSON, or has not come within 3 s: the
 * module then answers itself, as it does with no answers at all. Plain JSON, which a host
 * compresses on the way: unpacking a compressed file in the page takes a few tasks, and
 * answers that come after the module are not used.
 */
export function fetchAnswers(url) {
  var controller = typeof AbortController === 'function' ? new AbortController() : null;
  var timer = controller && setTimeout(function () { controller.abort(); }, ANSWERS_TIMEOUT_MS);
  return fetch(url, controller ? { signal: controller.signal } : {}).then(function (r) {
    if (!r.ok || r.redirected || !r.body || Number(r.headers.get('content-length')) > ANSWERS_MAX) return null;
    var reader = r.body.getReader(), chunks = [], total = 0;
    var next = function () {
      return reader.read().then(function (step) {
        if (step.done) {
          var bytes = new Uint8Array(total), at = 0;
          chunks.forEach(function (c) { bytes.set(c, at); at += c.length; });
          return JSON.parse(new TextDecoder().decode(bytes));
        }
        total += step.value.length;
        if (total > ANSWERS_MAX) { reader.cancel(); return null; }
        chunks.push(step.value);
        return next();
      });
    };
    return next();
  }).catch(function () { return null; }).then(function (answers) {
    clearTimeout(timer);
    if (controller) controller.abort();  // a body not read to its end is not downloaded on
    return answers;
  });
}

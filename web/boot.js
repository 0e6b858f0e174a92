// The one script that runs before the first paint: a classic script in <head>, which a
// strict Content-Security-Policy allows as 'self'. dist/index.html holds the default
// view, prerendered when the site is built (scripts/prerender.mjs) and inert until
// app.mjs replaces it with the live one.
// - A link with a query asks for another view: the default is hidden (.mlsysim-pending
//   in style.css) until app.mjs shows the one asked for, so it never flashes.
// - Otherwise the first result is in the DOM once the document is parsed: that is when
//   'mlsysim:first-result' is marked (docs/performance.md).
// - If the page's code cannot load at all (a page opened from disk, where browsers refuse
//   modules; a server that sends the wrong type; a missing file), app.mjs never runs to
//   say so: this says it, instead of a view that looks ready and never answers.
(function () {
  var root = document.documentElement;
  window.addEventListener('error', function (e) {
    var t = e.target;
    if (!t || t.tagName !== 'SCRIPT' || !document.body || document.body.getAttribute('data-ready')) return;
    var status = document.getElementById('status');
    if (!status) return;
    status.textContent = 'The calculator could not load its code (' + (t.src || 'a script') + '). ' +
      (location.protocol === 'file:'
        ? 'Browsers do not run it from a file opened from disk: serve this folder (any static web server), or open mlsysim-standalone.html, which works from disk.'
        : 'Reload the page; if it happens again, the site is missing a file or serves it with the wrong type.');
    status.className += ' failed';
    status.hidden = false;
    document.body.setAttribute('data-ready', 'error');
  }, true);  // a script's load error does not bubble; it is seen while capturing
  if (!root.hasAttribute('data-prerendered')) return;
  if (location.search) root.classList.add('mlsysim-pending');
  else document.addEventListener('readystatechange', function () {
    if (document.readyState === 'interactive') performance.mark('mlsysim:first-result');
  });
})();

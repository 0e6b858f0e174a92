// The one script that runs before the first paint: a classic script in <head>, which a
// strict Content-Security-Policy allows as 'self'. dist/index.html holds the default
// view, prerendered when the site is built (scripts/prerender.mjs) and inert until
// app.mjs replaces it with the live one.
// - A link with a query asks for another view: the default is hidden (.mlsysim-pending
//   in style.css) until app.mjs shows the one asked for, so it never flashes.
// - Otherwise the first result is in the DOM once the document is parsed: that is when
//   'mlsysim:first-result' is marked (docs/performance.md).
(function () {
  var root = document.documentElement;
  if (!root.hasAttribute('data-prerendered')) return;
  if (location.search) root.classList.add('mlsysim-pending');
  else document.addEventListener('readystatechange', function () {
    if (document.readyState === 'interactive') performance.mark('mlsysim:first-result');
  });
})();

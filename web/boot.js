// The one script that runs before the first paint: a classic script in <head>, which a
// strict Content-Security-Policy allows as 'self'. dist/index.html holds the default
// view, prerendered when the site is built (scripts/prerender.mjs; its <html> names the
// default preset in data-prerendered) until app.mjs replaces it with the live one.
// - A link that asks for another view hides the default (.mlsysim-pending in style.css)
//   until app.mjs shows the one asked for, so its numbers never flash. A query that only
//   names the default preset, the calculator view, or keys the page does not read (utm_…
//   from a link shared on social media) keeps it.
// - Otherwise the first result is in the DOM once the document is parsed: that is when
//   'mlsysim:first-result' is marked (docs/performance.md).
// - If the page's code cannot load or run at all (a page opened from disk, where browsers
//   refuse modules; a server that sends the wrong type; a missing file; a browser too old
//   for the code), app.mjs never runs to say so: this says it, instead of a view that
//   looks ready and never answers. The iframe embed (embed.html) loads this script for
//   that too; a failure once the code runs is startup.mjs's to tell.
// - On the iframe embed, it shows the preset's prerendered view while the module loads
//   (prerenderedEmbed below).
// - Either prerendered view is laid out by the live view's own rule before it is shown:
//   each typeset line fitted to its card (web/fit.mjs, bundled into this script by
//   scripts/bundle.mjs, so it runs with no request of its own), so that no card changes
//   height when the live view takes its place.
// - Either prerendered view takes typing into its scenario's inputs, and only that, until
//   the live view takes it over (web/until-live.mjs, also bundled).
import { fitView } from './fit.mjs';
import { fetchAnswers } from './answers.mjs';
import { openUntilLive } from './until-live.mjs';
import { FOREIGN_KEYS } from './link.mjs';

(function () {
  var root = document.documentElement;
  // `text`, then a link to `href` (its own name as its text) and `after`, when given
  function failed(text, href, after) {
    var status = document.getElementById('status');
    if (!status || !document.body || document.body.getAttribute('data-ready')) return;
    status.textContent = text;
    if (href) {
      var a = document.createElement('a');
      a.href = a.textContent = href;
      status.append(a, after);
    }
    status.className = 'status failed';
    status.hidden = false;
    document.body.setAttribute('data-ready', 'error');
    // a prerendered view stays, inert again: typing into it would go nowhere
    var view = document.querySelector('#app, #embed > section');
    if (view) view.setAttribute('inert', '');
  }
  window.addEventListener('error', function (e) {
    var t = e.target;
    if (t && t.tagName === 'SCRIPT') {  // a script that could not load (capture: this error does not bubble)
      var page = location.protocol === 'file:' && !root.classList.contains('embed-page');
      failed('The calculator could not load its code (' + (t.src || 'a script') + '). ' +
        (location.protocol === 'file:'
          ? 'Browsers do not run it from a file opened from disk: serve this folder (any static web server)' + (page ? ', or open ' : '.')
          : 'Reload the page; if it happens again, the site is missing a file or serves it with the wrong type: tell whoever runs it.'),
        page ? 'mlsysim-standalone.html' : '', ', which works from disk (the one-file calculator beside this page).');
    } else if (e.filename && /\.mjs(\?|#|$)/.test(e.filename) && e.error instanceof SyntaxError) {  // code this browser cannot parse
      // the browsers are those of web/startup.mjs (BROWSERS), which this script cannot import
      failed('The calculator cannot run in this browser (' + e.message + '). It needs Chrome or Edge 95+, Firefox 100+ or Safari 16.4+: ' +
        'update the browser, or open the page in one of those.');
    }
  }, true);
  if (root.classList.contains('embed-page')) return prerenderedEmbed();
  var preset = root.getAttribute('data-prerendered');
  if (preset === null) return;
  // the module's answers recorded with the prerendered view, fetched beside the module's
  // own file, for app.mjs to pass to it (docs/performance.md, "Prerendered answers")
  window.mlsysimPrerenderedAnswers = [fetchAnswers('shared.answers.json'), fetchAnswers('index.answers.json')];
  var pending = false;
  // the query as the page's code reads it (URLSearchParams: a value keeps any '=' after
  // the first, '+' is a space), so that this never keeps a view the live page refuses
  new URLSearchParams(location.search).forEach(function (value, key) {
    if (key === 'preset' ? value !== preset : key === 'mode' ? value !== 'calc' : !FOREIGN_KEYS.test(key)) pending = true;
  });
  if (pending) root.classList.add('mlsysim-pending');
  // a link that asks for predictions: the prerendered values leave the page before the
  // live view (which hides them until checked) takes its place
  if (/(^|[?&])predict=/.test(location.search)) document.addEventListener('readystatechange', function () {
    if (document.readyState !== 'interactive') return;
    var shown = document.querySelectorAll('#properties, #print-table, #warnings');
    for (var i = 0; i < shown.length; i++) shown[i].replaceChildren();
  });
  if (!pending) document.addEventListener('readystatechange', function () {
    if (document.readyState !== 'interactive') return;
    fitUntilLive(document.getElementById('app'));
    performance.mark('mlsysim:first-result');
    openUntilLive(document.getElementById('app'));
  });

  // Fits the typeset lines of a prerendered view (`scope`) as the live view does
  // (fit.mjs fitView), now and on every resize until the live view is there (it fits its
  // own; a page whose code could not start keeps the prerendered view, fitted)
  function fitUntilLive(scope) {
    if (!scope) return;
    var refit = function () {
      var fitting = scope.isConnected && document.body.getAttribute('data-ready') !== '1' && fitView(scope);
      if (!fitting) window.removeEventListener('resize', refit);
      return fitting;
    };
    if (refit()) window.addEventListener('resize', refit);
  }


  // The iframe embed (embed.html). A URL that asks for one built-in preset and nothing
  // else the view depends on (`id` is the frame's, `theme` only colours it) shows that
  // preset's view as the build prerendered it (scripts/prerender.mjs, embeds/NAME.html),
  // while the module loads; embed.mjs renders the live view in its place. Any other
  // URL (options, inputs, a course's preset file), a preset the build did not prerender
  // (embed.html's data-prerendered-embeds names those it did) or a live view that comes
  // first shows no prerendered view.
  function prerenderedEmbed() {
    // the query as embed.mjs reads it (URLSearchParams, the first of a repeated key;
    // link.mjs readEmbedOptions and readTheme), so that the view shown first is the live one
    var query = new URLSearchParams(location.search), plain = true;
    query.forEach(function (value, key) { if (key !== 'preset' && key !== 'theme' && key !== 'id') plain = false; });
    var name = (query.get('preset') || '').trim(), theme = (query.get('theme') || 'auto').trim().toLowerCase();
    // a theme the live view would refuse with a notice is the live view's to explain
    var built = (root.getAttribute('data-prerendered-embeds') || '').split(' ');
    if (!window.fetch) return;
    var prerendered = plain && name && built.indexOf(name) >= 0 && /^(auto|light|dark)$/.test(theme);
    // the view first, ahead of the answers in the connection queue, which the page's code
    // already holds: it is what the reader waits for (docs/performance.md, "Prerendered embeds")
    var view = prerendered && fetch('embeds/' + name + '.html');
    // any embed makes the calls every prerendered view makes alike (the type heads, the
    // presets): their answers spare its module that much, whatever view it shows
    var shared = fetchAnswers('shared.answers.json');
    window.mlsysimPrerenderedAnswers = [shared];
    if (!prerendered) return;
    // the colours asked for, before anything is painted (as embed.mjs applies them)
    if (theme !== 'auto') root.setAttribute('data-theme', theme);
    // the module's answers recorded with the view, for embed.mjs to pass to the module
    window.mlsysimPrerenderedAnswers = [shared, fetchAnswers('embeds/' + name + '.answers.json')];
    // the file itself: not another preset's a server redirected to
    view.then(function (r) { return r.ok && !r.redirected ? r.text() : null; }).then(function (html) {
      if (!html) return;
      var show = function () {
        var main = document.getElementById('embed');
        // only over the loading line: once embed.mjs has rendered (or failed), its view stays
        if (!main || document.body.getAttribute('data-ready') || main.children.length !== 1 || main.firstElementChild.id !== 'status') return;
        // the one HTML this site parses (tests/node/no-markup.test.mjs): the build's own,
        // from this site's embeds/ folder, under a name the build listed
        main.innerHTML = html;
        fitUntilLive(main.querySelector('section'));
        openUntilLive(main.querySelector('section'));
        performance.mark('mlsysim:first-result');
      };
      if (document.readyState !== 'loading') show();
      else document.addEventListener('readystatechange', show, { once: true });
    }).catch(function () {});  // no prerendered view: the loading line until the live one
  }
})();

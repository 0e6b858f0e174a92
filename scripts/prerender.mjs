// Prerenders the page's default view into dist/index.html, so the first result is in
// the HTML itself: it is painted before any module runs, and all the page loads before
// its first paint is its HTML, its CSS and web/boot.js (docs/performance.md). The view
// is made by the page's own code (dist/app.mjs, App.prerender) with the module's own numbers
// (dist/mlsysim.mjs, the same WebAssembly the browser runs), in jsdom. Nothing is
// written by hand: a change of preset, equation or layout changes this output.
//
// In the browser the prerendered view is inert until app.mjs has replaced it with the
// live one; web/boot.js hides it before the first paint when the URL asks for another.
// tests/browser/prerender.test.mjs checks that it matches the live page.
//
// It also prerenders each built-in preset's iframe embed, as `embed.html?preset=NAME`
// shows it, into dist/embeds/NAME.html: a fragment of <main id="embed">, inert, that
// web/boot.js fetches and shows while the module loads, for a URL that asks for nothing
// but the preset (docs/performance.md, "Prerendered embeds"). embed.mjs then renders the
// live view in its place. tests/browser/prerendered-embeds.test.mjs checks each against it.
//
// Usage: node scripts/prerender.mjs <dist dir>   (CMake's mlsysim_site target runs it)
import { JSDOM } from 'jsdom';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = path.resolve(process.argv[2] || 'dist');
const file = path.join(dist, 'index.html');
const html = readFileSync(file, 'utf8');
if (html.includes('data-prerendered')) throw new Error(`prerender: ${file} is already prerendered`);

// the module first, before `window` exists (Emscripten would take jsdom for a browser)
const { default: createMlsysim } = await import(pathToFileURL(path.join(dist, 'mlsysim.mjs')).href);
const m = await createMlsysim();

/** A jsdom of `html` at `url`, made the global scope the page's code reads; layout-dependent
 *  work (which equations overflow their card) is left to the live page, as is anything on
 *  a timer. */
function pageAt(html, url) {
  const dom = new JSDOM(html, { url });
  const { window } = dom;
  Object.assign(globalThis, {
    window, document: window.document, location: window.location, history: window.history,
    DOMParser: window.DOMParser, mlsysimPrerendering: true,
    requestAnimationFrame: () => 0, cancelAnimationFrame: () => {},
    ResizeObserver: class { observe() {} disconnect() {} },
  });
  return dom;
}

/** HTML keeps a form control's state only in its attributes: the page's code set the properties. */
function freezeControls(root) {
  for (const node of root.querySelectorAll('input, select, textarea')) {
    if (node.tagName === 'SELECT') for (const o of node.options) o.toggleAttribute('selected', o.selected);
    else if (node.tagName === 'TEXTAREA') node.textContent = node.value;
    else if (node.type === 'checkbox' || node.type === 'radio') node.toggleAttribute('checked', node.checked);
    else node.setAttribute('value', node.value);
  }
}

/** The module's answers recorded while each view was made (a module made with
 *  recordAnswers per view): file → record. Written at the end, the calls every view made
 *  alike (the type heads, the presets, ...) in shared.answers.json and the rest in the
 *  view's own file. The live view fetches both and passes them to createMlsysim
 *  (options.answers; wasm/post.mjs), so that it builds the same view from the same calls
 *  without running any WebAssembly first (docs/performance.md, "Prerendered answers"). */
const recorded = new Map();

const dom = pageAt(html, 'http://localhost/');
const { App } = await import(pathToFileURL(path.join(dist, 'app.mjs')).href);
const pageModule = await createMlsysim({ recordAnswers: true });
new App(pageModule).prerender();
freezeControls(dom.window.document);

// a view whose inputs failed would ship a page of dashes: refuse it
const doc = dom.window.document;
const cards = [...doc.querySelectorAll('#properties .property')];
const failed = [...doc.querySelectorAll('.field-error:not([hidden])')].map((n) => n.textContent);
if (!cards.length || !doc.getElementById('stale').hidden || failed.length ||
    cards.some((c) => c.querySelector('.value').textContent === '—'))
  throw new Error(`prerender: the default view has no valid result: ${failed.join('; ') || doc.getElementById('stale').textContent || 'no result cards'}`);
const out = dom.serialize();
writeFileSync(file, out);
recorded.set(path.join(dist, 'index.answers.json'), pageModule.recordedAnswers());
console.log(`prerender: ${path.relative(process.cwd(), file)} holds the default view (${out.length} bytes)`);

// ---- each built-in preset's iframe embed ----
// The page's own embed code (web/embed-view.mjs, the code dist/embed.mjs bundles), as
// embed.mjs calls it for `embed.html?preset=NAME`.
const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'web');
const { EmbeddedScenario, moduleContext } = await import(pathToFileURL(path.join(web, 'embed-view.mjs')).href);
const embedHtml = readFileSync(path.join(dist, 'embed.html'), 'utf8');
if (embedHtml.includes('data-prerendered-embeds')) throw new Error(`prerender: ${path.join(dist, 'embed.html')} is already prerendered`);
const embeds = path.join(dist, 'embeds');
rmSync(embeds, { recursive: true, force: true });
mkdirSync(embeds);
// one made-up origin, dropped from the links below: the fragment's links stay relative
// to the embed page, wherever the site is served
const ORIGIN = 'http://prerender.invalid/';
let bytes = 0;
const names = [];
for (const { name } of m.listPresets()) {
  const page = pageAt(embedHtml, `${ORIGIN}embed.html?preset=${encodeURIComponent(name)}`);
  const d = page.window.document;
  const params = new URLSearchParams(d.location.search);
  const box = d.getElementById('embed');
  const status = d.getElementById('status');
  const recorder = await createMlsysim({ recordAnswers: true });
  const o = new EmbeddedScenario(box, { themeNode: d.documentElement, calculatorUrl: new URL('index.html', d.location.href) })
    .render(moduleContext(recorder), (k) => params.get(k), params);
  const section = box.querySelector('section');
  const failures = [...box.querySelectorAll('.field-error:not([hidden])')].map((n) => n.textContent);
  if (o.error || failures.length || !box.querySelector('.property .value') || !section.querySelector('.stale').hidden)
    throw new Error(`prerender: the embed of ${name} has no valid result: ${o.error || failures.join('; ') || 'no result cards'}`);
  freezeControls(box);
  // inert until the live view replaces it, and hidden from screen readers too: they hear
  // the status, as on the calculator's prerendered page
  section.setAttribute('inert', '');
  section.setAttribute('aria-busy', 'true');
  status.classList.add('behind-prerender');
  box.replaceChildren(status, section);
  const out = box.innerHTML.replaceAll(ORIGIN, '') + '\n';
  writeFileSync(path.join(embeds, `${name}.html`), out);
  bytes += out.length;
  recorded.set(path.join(embeds, `${name}.answers.json`), recorder.recordedAnswers());
  names.push(name);
}
// embed.html names them, so that boot.js fetches only a fragment that exists (a preset
// it does not name, a typo say, costs no request and no 404 in the console)
const listed = embedHtml.replace(/<html [^>]*class="[^"]*\bembed-page\b[^"]*"/, (tag) => `${tag} data-prerendered-embeds="${names.join(' ')}"`);
if (listed === embedHtml) throw new Error('prerender: embed.html has no <html class="… embed-page"> to name the prerendered embeds in');
writeFileSync(path.join(dist, 'embed.html'), listed);
console.log(`prerender: ${path.relative(process.cwd(), embeds)}/ holds the embeds of ${names.length} presets (${bytes} bytes)`);

// ---- the answers ----
const records = [...recorded.values()];
const [build] = new Set(records.map((r) => r.build));
if (records.some((r) => r.build !== build)) throw new Error('prerender: the views\' answers come from more than one build');
const shared = new Map(records[0].calls);
for (const r of records.slice(1)) {
  const calls = new Map(r.calls);
  for (const [k, v] of shared) if (calls.get(k) !== v) shared.delete(k);
}
const write = (file, calls) => {
  const text = JSON.stringify({ build, calls });
  writeFileSync(file, text);
  return text.length;
};
let answerBytes = write(path.join(dist, 'shared.answers.json'), [...shared]);
for (const [file, r] of recorded) answerBytes += write(file, r.calls.filter(([k]) => !shared.has(k)));
console.log(`prerender: the module's answers for ${recorded.size} views: ${shared.size} calls shared (shared.answers.json), ` +
  `the rest in each view's own (${answerBytes} bytes in all)`);

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
// Usage: node scripts/prerender.mjs <dist dir>   (CMake's mlsysim_site target runs it)
import { JSDOM } from 'jsdom';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve(process.argv[2] || 'dist');
const file = path.join(dist, 'index.html');
const html = readFileSync(file, 'utf8');
if (html.includes('data-prerendered')) throw new Error(`prerender: ${file} is already prerendered`);

// the module first, before `window` exists (Emscripten would take jsdom for a browser)
const { default: createMlsysim } = await import(pathToFileURL(path.join(dist, 'mlsysim.mjs')).href);
const m = await createMlsysim();

const dom = new JSDOM(html, { url: 'http://localhost/' });
const { window } = dom;
// what the page's code reads from its global scope; layout-dependent work (which
// equations overflow their card) is left to the live page, as is anything on a timer
Object.assign(globalThis, {
  window, document: window.document, location: window.location, history: window.history,
  DOMParser: window.DOMParser, mlsysimPrerendering: true,
  requestAnimationFrame: () => 0, cancelAnimationFrame: () => {},
  ResizeObserver: class { observe() {} disconnect() {} },
});
const { App } = await import(pathToFileURL(path.join(dist, 'app.mjs')).href);
new App(m).prerender();
// HTML keeps a form control's state only in its attributes: the page's code set the properties
for (const node of window.document.querySelectorAll('input, select, textarea')) {
  if (node.tagName === 'SELECT') for (const o of node.options) o.toggleAttribute('selected', o.selected);
  else if (node.tagName === 'TEXTAREA') node.textContent = node.value;
  else if (node.type === 'checkbox' || node.type === 'radio') node.toggleAttribute('checked', node.checked);
  else node.setAttribute('value', node.value);
}

// a view whose inputs failed would ship a page of dashes: refuse it
const doc = window.document;
const cards = [...doc.querySelectorAll('#properties .property')];
const failed = [...doc.querySelectorAll('.field-error:not([hidden])')].map((n) => n.textContent);
if (!cards.length || !doc.getElementById('stale').hidden || failed.length ||
    cards.some((c) => c.querySelector('.value').textContent === '—'))
  throw new Error(`prerender: the default view has no valid result: ${failed.join('; ') || doc.getElementById('stale').textContent || 'no result cards'}`);
const out = dom.serialize();
writeFileSync(file, out);
console.log(`prerender: ${path.relative(process.cwd(), file)} holds the default view (${out.length} bytes)`);

// <mlsysim-scenario>: one scenario as a custom element, for any page that loads this
// module with one <script type="module" src=".../mlsysim-element.mjs">.
//
//   <mlsysim-scenario preset="TransformerBsp8Workers" show="workers,per_worker_batch"
//                     editable="workers" properties="global_batch,speedup" theme="auto"
//                     i.workers="16"></mlsysim-scenario>
//
// Attributes (docs/embedding.md has every one, with its default): preset, type, show,
// editable, properties, predict, about, theme, bytes, time, money, preset-file, and
// i.FIELD for an input override. Changing any of them re-renders. An attribute that is none of these (nor one
// of HTML's own: id, class, data-*, aria-*, …) gets a notice naming the nearest option.
// The element renders into an open shadow root with the calculator's own stylesheet (a
// <link>, so it works under `style-src 'self'`): host page styles do not reach in, and its
// styles do not reach out. All elements of a page share one WebAssembly instance, loaded
// from beside this module (import.meta.url), so the element works from any folder of a site.
//
// Its theme, with theme="auto" (the default), is the host page's: the background the
// element sits on (the nearest ancestor's that is not transparent), else the page's
// computed `color-scheme`, else the reader's system setting; and it follows the page when
// that changes (a theme switch on <html> or <body>, a stylesheet swapped, the system
// setting). theme="light" and theme="dark" override it.
//
// While it loads, an element that names a built-in preset and nothing else the view
// depends on (`theme` aside) shows that preset's view as the build prerendered it
// (dist/embeds/NAME.html beside this module, as the iframe embed does; docs/embedding.md),
// inert, fitted by the live view's rule; the live view then takes its place. On a slow
// network its numbers come seconds before the module's.
//
// While it loads, a page can hold its place: style="display: block; min-height:
// var(--mlsysim-loading-height, 1200px)" (the builder's element snippet writes its
// preview's height there), or the same in the page's stylesheet. Once rendered, the
// element sets --mlsysim-loading-height to auto and takes its own height
// (docs/embedding.md).
import createMlsysim from './mlsysim.mjs';
import { el } from './dom.mjs';
import { EmbeddedScenario, moduleContext, withOptionPresetFile } from './embed-view.mjs';
import { EMBED_OPTIONS, HTML_ATTRIBUTES } from './link.mjs';
import { failureView } from './startup.mjs';
import { fitView } from './fit.mjs';
import { openUntilLive } from './until-live.mjs';
import { fetchAnswers } from './answers.mjs';

const STYLESHEET = new URL('./style.css', import.meta.url).href;
const CALCULATOR = new URL('./index.html', import.meta.url);
const HERE = new URL('./', import.meta.url);
/** How every prerendered fragment begins (scripts/prerender.mjs): the loading line for
 *  screen readers, then the embed's section. A server that answers a missing file with
 *  another page (a site's own index.html) is not shown. */
const FRAGMENT = /^<p id="status" class="status behind-prerender" role="status">[^<]*<\/p><section class="mlsysim embed" /;
const FRAGMENT_MAX = 262144;  // bytes; the build's are about 22 KB
/** One request per preset for all the elements of a page: NAME → Promise of its text or null. */
const fragments = new Map();
/** The module's answers recorded with the prerendered views of this page's elements
 *  (shared.answers.json and embeds/NAME.answers.json beside this module; docs/performance.md,
 *  "Prerendered answers"): the files to ask for when the module is made. */
const answerFiles = new Set();

/** What an element shows until it has a view. */
const loadingLine = () => el('p', { class: 'status', role: 'status', text: 'Loading the calculator…' });

let shared = null;
/** The one module instance (and its lists) of this page, made on first use: in the
 *  microtask after the elements of the page's HTML have connected (customElements.define
 *  upgrades them all at once), so it takes the answers of all their presets. */
export function mlsysimContext() {
  if (shared) return shared;
  let ask;
  shared = createMlsysim({ answers: new Promise((r) => { ask = r; }) }).then(moduleContext);
  // asked for once the module has asked for its own file (createMlsysim does at once), so
  // that they never hold its request back behind a browser's six connections per host;
  // the module takes those that have come when it is ready
  ask(Promise.all([...answerFiles].map((f) => fetchAnswers(new URL(f, HERE)))));
  return shared;
}

let probe = null;
/** [r, g, b, a] (0–255) of a computed CSS colour, whatever its syntax (rgb(), oklch(),
 *  color(…)): drawn into one pixel of a canvas and read back. */
function rgba(color) {
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(color);
  if (m) return [+m[1], +m[2], +m[3], m[4] === undefined ? 255 : m[4].endsWith('%') ? parseFloat(m[4]) * 2.55 : +m[4] * 255];
  try {
    probe ||= new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = color;
    probe.fillRect(0, 0, 1, 1);
    return [...probe.getImageData(0, 0, 1, 1).data];
  } catch {
    return [0, 0, 0, 0];
  }
}

/** The element or shadow host a node's box sits in. */
const parentOf = (n) => n.parentElement || (n.parentNode instanceof ShadowRoot ? n.parentNode.host : null);

/**
 * 'light' or 'dark': the colour scheme of the page around `node`, or null when the page
 * does not show one (it follows the reader's system setting, as `theme=auto` then does).
 * The background the node sits on decides: the first ancestor's (or its own) background
 * colour that is at least half opaque, light or dark by its luminance. With none, the
 * canvas: dark when the page's computed color-scheme is only dark, light when it is
 * light or unset (browsers paint a white canvas), the system's when it offers both.
 */
export function hostColorScheme(node) {
  for (let n = node; n; n = parentOf(n)) {
    const [r, g, b, a] = rgba(getComputedStyle(n).backgroundColor);
    if (a < 128) continue;
    const lin = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    // relative luminance 0.18 is a mid grey (CIE lightness 50)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) < 0.18 ? 'dark' : 'light';
  }
  const scheme = getComputedStyle(document.documentElement).colorScheme || 'normal';
  const light = /\blight\b/.test(scheme), dark = /\bdark\b/.test(scheme);
  if (dark && !light) return 'dark';
  if (light && dark) return null;
  return 'light';
}

/** Watches what can change a page's colour scheme for the connected elements: the
 *  attributes of their ancestors (a theme switch sets a class or data-theme on <html> or
 *  <body>), the page's stylesheets, transitions of a background, the system setting. */
const themeWatch = {
  elements: new Set(),
  frame: 0,
  observer: null,
  start(e) {
    this.elements.add(e);
    if (!this.observer) {
      this.observer = new MutationObserver(() => this.schedule());
      matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.schedule());
      // a background that fades to its new colour is read once it has arrived
      document.addEventListener('transitionend', (ev) => { if (/background|color-scheme|^all$/.test(ev.propertyName)) this.schedule(); }, true);
      // a stylesheet added or swapped applies once it has loaded (load does not bubble: captured)
      document.addEventListener('load', (ev) => { if (ev.target instanceof HTMLLinkElement || ev.target instanceof HTMLStyleElement) this.schedule(); }, true);
    }
    this.observeAll();
    e.followHost();
  },
  stop(e) {
    this.elements.delete(e);
    this.observeAll();
  },
  observeAll() {
    this.observer.disconnect();
    if (document.head) this.observer.observe(document.head, { childList: true, subtree: true, attributes: true });
    for (const e of this.elements)
      for (let n = parentOf(e); n; n = parentOf(n)) this.observer.observe(n, { attributes: true });
  },
  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      for (const e of this.elements) e.followHost();
    });
  },
};

export class MlsysimScenario extends HTMLElement {
  static get observedAttributes() { return EMBED_OPTIONS; }

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.box = el('div', { class: 'mlsysim-theme mlsysim-host' }, loadingLine());
    root.append(el('link', { rel: 'stylesheet', href: STYLESHEET }), this.box);
    this.embed = new EmbeddedScenario(this.box, {
      themeNode: this.box, calculatorUrl: CALCULATOR,
      host: { lead: 'Unknown attribute', silent: (k) => HTML_ATTRIBUTES.test(k) },
      // a checked prediction (predict=): an event the host page can record
      onPrediction: (detail) => this.dispatchEvent(new CustomEvent('mlsysim-prediction', { bubbles: true, composed: true, detail })),
      // every evaluation: the inputs that differ from the preset's, for a notebook widget
      onUpdate: (detail) => this.dispatchEvent(new CustomEvent('mlsysim-update', { bubbles: true, composed: true, detail })),
    });
    this.state = 'loading';
    this.pending = false;
    this.ready = new Promise((resolve) => { this.resolveReady = resolve; });
    // i.FIELD overrides cannot be listed in observedAttributes (their names depend on the
    // type), nor can a misspelt option, so a MutationObserver watches every attribute
    // that is not HTML's own
    this.observer = new MutationObserver((records) => {
      if (records.some((r) => !HTML_ATTRIBUTES.test(r.attributeName) && !EMBED_OPTIONS.includes(r.attributeName))) { this.recheck(); this.schedule(); }
    });
  }

  connectedCallback() {
    // the calls every view makes alike (the type heads, the presets): whatever this one shows
    if (!shared && globalThis.fetch) answerFiles.add('shared.answers.json');
    this.observer.observe(this, { attributes: true });
    this.embed.prepareTheme((k) => this.getAttribute(k));
    themeWatch.start(this);
    this.prerendered();
    this.schedule();
  }

  /** True while nothing but the loading line has been shown. */
  loading() {
    return this.state === 'loading' && this.box.childElementCount === 1 && this.box.firstElementChild.classList.contains('status');
  }

  /** The preset whose prerendered view is this element's view, or null: its attributes
   *  are a preset name, `theme` (auto, light, dark) and HTML's own, nothing else. Read
   *  again whenever it matters: a script may set attributes after inserting the element. */
  plainPreset() {
    const preset = (this.getAttribute('preset') || '').trim();
    const theme = (this.getAttribute('theme') || 'auto').trim().toLowerCase();
    const only = this.getAttributeNames().every((n) => n === 'preset' || n === 'theme' || HTML_ATTRIBUTES.test(n));
    // preset names are identifiers (the module's rule): nothing else is asked for
    return only && /^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(preset) && /^(auto|light|dark)$/.test(theme) ? preset : null;
  }

  /** While the prerendered view is shown: the attributes changed. Another view than the
   *  one shown goes back to the loading line; a new theme is applied. */
  recheck() {
    if (this.state !== 'loading' || !this.shown) return;
    this.embed.prepareTheme((k) => this.getAttribute(k));
    if (this.plainPreset() === this.shown) return;
    this.fitting?.disconnect();
    this.shown = null;
    this.box.replaceChildren(loadingLine());
  }

  /** Shows the build's prerendered view of this element's preset (embeds/NAME.html beside
   *  this module) over the loading line while the module loads, its inputs open for
   *  typing (web/until-live.mjs) and nothing else working yet: only for an
   *  element whose attributes are a preset, `theme` (auto, light, dark) and HTML's own, and
   *  only while the live view has not come (it replaces the fragment). */
  prerendered() {
    const preset = this.plainPreset();
    if (!this.loading() || !preset || !globalThis.fetch) return;
    // the file itself, not another one a server redirected to, and no larger than a fragment
    if (!fragments.has(preset)) {
      fragments.set(preset, fetch(new URL(`embeds/${preset}.html`, HERE)).then((r) =>
        (r.ok && !r.redirected && !(Number(r.headers.get('content-length')) > FRAGMENT_MAX) ? r.text() : null)).catch(() => null));
      if (!shared) answerFiles.add(`embeds/${preset}.answers.json`);  // only while the module can still take them
    }
    fragments.get(preset).then((html) => {
      // the attributes are read again: they may have changed while it came
      if (!html || html.length > FRAGMENT_MAX || !FRAGMENT.test(html) || !this.loading() || !this.isConnected || this.plainPreset() !== preset) return;
      // the one HTML the element parses (tests/node/no-markup.test.mjs): the build's own,
      // from the embeds/ folder beside this module, as checked above
      const t = document.createElement('template');
      t.innerHTML = html;
      // exactly the build's shape: the loading line and this preset's section, nothing after
      const [status, section, ...rest] = t.content.children;
      if (rest.length || !status || status.id !== 'status' || !section || !section.matches('section.mlsysim.embed[inert]') ||
          section.getAttribute('aria-label') !== `mlsysim calculator: ${preset}`) return;
      // its links are relative to embed.html, which sits beside this module
      for (const a of t.content.querySelectorAll('a[href]')) a.href = new URL(a.getAttribute('href'), HERE).href;
      this.box.replaceChildren(status, section);
      openUntilLive(section);  // its inputs take typing, which the live view takes over
      this.shown = preset;
      const fit = () => (section.isConnected ? fitView(section) : this.fitting?.disconnect());
      // refitted as the column's width changes, and once the stylesheet is there
      this.fitting = new ResizeObserver(fit);
      this.fitting.observe(this.box);
      this.shadowRoot.querySelector('link[rel="stylesheet"]').addEventListener('load', fit, { once: true });
    });  // no prerendered view: the loading line until the live one
  }

  disconnectedCallback() {
    this.observer.disconnect();
    themeWatch.stop(this);
  }

  attributeChangedCallback(name, before, after) {
    if (before === after) return;
    this.recheck();
    this.schedule();
  }

  /** Takes the host page's colour scheme (theme="auto" follows it). */
  followHost() {
    if (this.isConnected) this.embed.setHostTheme(hostColorScheme(this));
  }

  /** Re-renders once for any number of attribute changes in one task. */
  schedule() {
    if (this.pending || !this.isConnected) return;
    this.pending = true;
    queueMicrotask(async () => {
      let ctx;
      const get = (k) => this.getAttribute(k);
      try {
        // a course's presets: preset-file="…" is relative to the host page
        ctx = await withOptionPresetFile(await mlsysimContext(), get, document.baseURI);
      } catch (e) {
        this.pending = false;
        this.box.replaceChildren(failureView(e));
        this.finish('error');
        return;
      }
      this.pending = false;
      const entries = [...this.attributes].map((a) => [a.name, a.value]);
      const o = this.embed.render(ctx, get, entries);
      this.finish(o.error ? 'error' : 'ready');
    });
  }

  finish(state) {
    this.state = state;
    this.fitting?.disconnect();
    // the space a page held for it while it loaded (the builder's element snippet writes
    // min-height: var(--mlsysim-loading-height, …px), or a page's stylesheet does): its
    // own height from now on. Set from script, so a page's style-src 'self' allows it
    if (this.style.getPropertyValue('--mlsysim-loading-height') !== 'auto') this.style.setProperty('--mlsysim-loading-height', 'auto');

    this.resolveReady(state);
    this.dispatchEvent(new CustomEvent('mlsysim-render', { bubbles: true, composed: true, detail: { state } }));
  }

  /** The Result shown now (null while loading, on an error or with invalid inputs); a
   *  property still waiting for the reader's prediction is {error: "…: shown after your
   *  prediction"} until it is revealed. */
  get result() { return this.embed.view ? this.embed.view.visibleResult() : null; }
}

if (!customElements.get('mlsysim-scenario')) customElements.define('mlsysim-scenario', MlsysimScenario);

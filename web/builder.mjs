// The embed builder (the full calculator's Embed view): an embed of the calculator's
// scenario, with its edited inputs, for course material. The author chooses the inputs
// shown and which of them can be edited, the results shown and which wait for a
// prediction, the theme and `about`; the display units are the page's own. A live
// preview is the iframe a course page will hold (embed.html with the same query), and
// two snippets (the iframe with its resize listener; the custom element with its script
// tag) name the site the files will be hosted at. The options are written once, by
// link.mjs embedOptions, for the preview and both snippets; the builder's choices are
// part of the page's link (eshow, eedit, eprops, epredict, etheme, eabout, esite).
import { $, el, copyText, actionButton, breakable } from './dom.mjs';
import { embedOptions, siteFolder, embedOfType, THEMES, ABOUT, MAX_TEXT } from './link.mjs';
import { andList } from './format.mjs';

// "<" of the snippets' tags, not written as a literal: the one-file page inlines this code
// in a <script>, where a literal "</script>" would end it (and esbuild folds 'a' + 'b')
const LT = String.fromCharCode(60);

/** `s` safe inside an HTML attribute value in double quotes, or text. */
const escapeHtml = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The embed options the full calculator reads too (besides i.FIELD): a fallback link
 *  carries these, and leaves the embed's own (show, editable, predict...) out. */
// (predict too: a fallback link that dropped it showed a class the answers it asks for)
const CALCULATOR_OPTIONS = ['preset-file', 'preset', 'type', 'predict', 'theme', 'bytes', 'time', 'money'];

/** The folder URL of this page (where embed.html and mlsysim-element.mjs are). */
export function thisSite() {
  return location.protocol === 'file:' ? 'https://your.site/mlsysim/' : new URL('.', location.href).href;
}

/**
 * The two snippets for embed options `options` ([[name, value]]) and the site folder
 * `site` (a URL ending in "/"): {iframe, element}. `title` names the embed for screen
 * readers (the iframe's title). `height`: the embed's height in CSS px as the preview
 * shows it, or 0 while unknown: each snippet holds that much space while the embed loads,
 * so that the lesson's text below does not move when it appears (docs/embedding.md). The
 * iframe starts at it (600 px while unknown) and takes the height its content reports;
 * the element holds it as its min-height until it has rendered, then drops it.
 */
export function embedSnippets(options, site, title, id = '', height = 0) {
  const held = Number.isFinite(height) && height > 0 ? Math.ceil(height) : 0;
  // an http(s) folder only: the snippets put it in a src attribute of the author's page
  const { site: base, error } = siteFolder(site);
  if (error || !base) throw new RangeError(error || 'embedSnippets: no site given');
  // commas stay commas: an author reads and edits these lists
  const pairs = id ? [...options, ['id', id]] : options;  // the iframe's id, echoed in its messages
  const write = (list) => list.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%2C/g, ',')}`).join('&');
  const query = write(options), frameQuery = write(pairs);
  let origin = '';
  try { origin = new URL(base).origin; } catch { origin = base; }
  const iframe = `${LT}iframe src="${escapeHtml(`${base}embed.html?${frameQuery}`)}"
        title="${escapeHtml(title)}" loading="lazy"
        style="width: 100%; height: ${held || 600}px; border: 0">${LT}/iframe>
${LT}script>
  // once per page: each mlsysim iframe takes the height it reports, and is told whether
  // this page is light or dark (the background it sits on), so that theme=auto matches it,
  // when it asks and again whenever the page's theme changes (a toggle, the system setting)
  (() => {
    const origin = ${JSON.stringify(origin)};
    const sent = new WeakMap();
    const tell = (f, asked) => {
      let n = f.parentElement, rgb = [255, 255, 255];
      for (; n; n = n.parentElement) {
        const c = (getComputedStyle(n).backgroundColor.match(/[\\d.]+/g) || []).map(Number);
        if (c.length < 4 || c[3] > 0.5) { rgb = c; break; }
      }
      const theme = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] < 128 ? 'dark' : 'light';
      if (asked || sent.get(f) !== theme) f.contentWindow.postMessage({ type: 'mlsysim:theme', theme }, origin);
      sent.set(f, theme);
    };
    const ours = () => [...document.querySelectorAll('iframe')].filter((f) => f.src.startsWith(origin + '/'));
    window.addEventListener('message', (event) => {
      const d = event.data;
      if (!d || event.origin !== origin) return;
      const f = ours().find((x) => x.contentWindow === event.source);
      if (!f) return;
      if (d.type === 'mlsysim:resize') f.style.height = d.height + 'px';
      if (d.type === 'mlsysim:theme-request') tell(f, true);
    });
    let pending = false;
    const again = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => { pending = false; ours().forEach((f) => tell(f)); });
    };
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', again);
    new MutationObserver(again).observe(document.documentElement, { attributes: true, subtree: true,
      attributeFilter: ['class', 'style', 'data-theme', 'data-bs-theme', 'data-md-color-scheme', 'data-mode'] });
  })();
${LT}/script>`;
  const attributes = options.map(([k, v]) => `${k}="${escapeHtml(v)}"`);
  // its content shows while the module loads, and for good if it cannot (a host that
  // sends no CORS headers for the module, a reader offline): a line that says what comes
  // there, with a link to the same scenario in the full calculator, not a bare link atop
  // a box the height of the embed (which an instructor took for a broken page)
  const calc = write(options.filter(([k]) => CALCULATOR_OPTIONS.includes(k) || k.startsWith('i.')));
  const element = `${LT}script type="module" src="${escapeHtml(`${base}mlsysim-element.mjs`)}">${LT}/script>
${LT}mlsysim-scenario ${[...attributes, ...(held ? [`style="display: block; min-height: var(--mlsysim-loading-height, ${held}px)"`] : [])]
    .join('\n                  ')}>
  The mlsysim calculator appears here once it has loaded; else ${LT}a href="${escapeHtml(`${base}index.html${calc ? `?${calc}` : ''}`)}">open ${escapeHtml(title.replace(/^mlsysim calculator: /, ''))} in the mlsysim calculator${LT}/a>.
${LT}/mlsysim-scenario>`;
  return { iframe, element, query };
}

// An address longer than this many characters is refused by many web servers (414): 8 KiB
// is the common default request-line limit (nginx, Apache).
const URL_MAX = 8000;

/** True when this page's own Content-Security-Policy (a <meta>, as the one-file page
 *  carries) forbids every frame: default-src 'none' with no frame-src or child-src. */
function framesNothing() {
  const policy = document.querySelector('meta[http-equiv="Content-Security-Policy" i]')?.content || '';
  return /default-src\s+'none'/.test(policy) && !/(^|;)\s*(frame|child)-src\b/.test(policy);
}

export class Builder {
  /** app: the page (state, types, presets, presetFileUrl, calcLabel(), changed()). */
  constructor(app) {
    this.app = app;
    this.frameHeight = 0;
    // the preview reports its height as a course page's iframe would
    window.addEventListener('message', (event) => {
      const frame = $('builder-preview');
      if (!frame || event.source !== frame.contentWindow || !event.data || event.data.type !== 'mlsysim:resize') return;
      const h = Number(event.data.height);
      if (!Number.isFinite(h) || h <= 0 || h >= 20000) return;
      frame.style.height = `${h}px`;
      this.fitPreview();
      // the snippets hold the preview's height while they load
      if (h !== this.frameHeight) { this.frameHeight = h; this.writeSnippets(); }
    });
    new ResizeObserver(() => this.fitPreview()).observe($('builder-preview-frame'));
    $('builder-site').addEventListener('input', () => {
      // what is typed stays in the box; the snippets take it once it is an http(s) folder
      const { site, error } = siteFolder($('builder-site').value);
      this.siteTyped = true;  // the reader's own site: no warning that a link set it
      this.app.state.embed.site = site;
      this.siteError(error);
      this.refresh();
    });
    $('builder-id').addEventListener('input', () => { this.app.state.embed.id = [...$('builder-id').value.trim()].slice(0, 100).join(''); this.refresh(); });
    $('builder-theme').addEventListener('change', () => { this.app.state.embed.theme = $('builder-theme').value; this.refresh(); });
    $('builder-about').addEventListener('change', () => { this.app.state.embed.about = $('builder-about').value; this.refresh(); });
    $('builder-iframe-copy').replaceWith(actionButton('Copy iframe snippet', () => copyText($('builder-iframe').textContent), 'copy the iframe and its resize listener'));
    $('builder-element-copy').replaceWith(actionButton('Copy element snippet', () => copyText($('builder-element').textContent), 'copy the script tag and the element'));
  }

  /** Scales the 700 px preview down to its box's width in a narrower window (never up), and
   *  gives the box the scaled height: the frame keeps its 700 px layout, whose height the
   *  snippets hold. */
  fitPreview() {
    const box = $('builder-preview-frame'), frame = $('builder-preview');
    const s = Math.min(1, box.clientWidth / frame.offsetWidth) || 1;
    frame.style.transform = s < 1 ? `scale(${s})` : '';
    box.style.height = s < 1 ? `${frame.offsetHeight * s}px` : '';
  }

  type() { return this.app.types.find((t) => t.name === this.app.state.calc.type); }

  /** The builder's choices for the calculator's type: a list naming nothing of this type
   *  (chosen for another one) starts again from everything. */
  choices() {
    return Object.assign(this.app.state.embed, embedOfType(this.type(), this.app.state.embed));
  }

  /** Rebuilds the controls for the calculator's scenario, then the preview and snippets. */
  build() {
    const type = this.type();
    const e = this.choices();
    $('builder-base').textContent = this.app.calcLabel();
    $('builder-theme').replaceChildren(...THEMES.map((t) => el('option', { value: t, text: t })));
    $('builder-theme').value = e.theme;
    $('builder-about').replaceChildren(...ABOUT.map((t) => el('option', { value: t, text: t })));
    $('builder-about').value = e.about;
    if (siteFolder($('builder-site').value).site !== e.site || !e.site) $('builder-site').value = e.site;
    $('builder-site').placeholder = thisSite();
    // a page opened as a file has no site of its own: empty is the placeholder's folder
    // (a course author's trial: the one-file page said "empty: this one")
    if (location.protocol === 'file:') $('builder-site-help').textContent = $('builder-site-help').textContent.replace('empty: this one.', `empty: ${thisSite()}, a stand-in, since this page is a file; write your course site's folder.`);
    if (!$('builder-site').value.trim()) this.siteError(null);
    $('builder-id').value = e.id || '';
    $('builder-id').placeholder = this.defaultId();
    const box = (name, kind, label, onChange) => {
      // named with its row ("system_mtbf shown"): "shown" alone, said on focus, does not say of what
      const input = el('input', { type: 'checkbox', 'data-name': name, 'data-kind': kind, 'aria-label': `${name} ${label}` });
      input.addEventListener('change', () => { onChange(input.checked); this.sync(); this.refresh(); });
      return el('label', { class: 'check' }, input, ` ${label}`);
    };
    const fields = type.fields.map((f) => f.name), props = type.properties.map((p) => p.name);
    const list = (v, all) => (v ? [...v] : [...all]);
    // a list keeps the order it has (a link's eshow=batch_size,context_tokens), a name ticked
    // goes last; every name in declaration order is the default (null)
    const set = (key, all, name, on) => {
      const now = list(e[key], all);
      const next = on ? [...new Set([...now, name])] : now.filter((n) => n !== name);
      e[key] = next.length === all.length && next.every((n, k) => n === all[k]) ? null : next;
    };
    $('builder-fields').replaceChildren(...type.fields.map((f) => el('tr', { 'data-field': f.name },
      el('th', { scope: 'row' }, el('code', {}, ...breakable(f.name))),
      el('td', {}, box(f.name, 'show', 'shown', (on) => { set('show', fields, f.name, on); if (!on) set('editable', fields, f.name, false); })),
      el('td', {}, box(f.name, 'editable', 'editable', (on) => { set('editable', fields, f.name, on); if (on) set('show', fields, f.name, true); })))));
    $('builder-properties').replaceChildren(...type.properties.map((p) => el('tr', { 'data-property': p.name },
      el('th', { scope: 'row' }, el('code', {}, ...breakable(p.name))),
      el('td', {}, box(p.name, 'properties', 'shown', (on) => {
        set('properties', props, p.name, on);
        if (!on) e.predict = e.predict.filter((n) => n !== p.name);
      })),
      el('td', {}, box(p.name, 'predict', 'predicted', (on) => {
        e.predict = on ? props.filter((n) => n === p.name || e.predict.includes(n)) : e.predict.filter((n) => n !== p.name);
        if (on) set('properties', props, p.name, true);
      })))));
    this.sync();
    this.refresh('view');
  }

  /** Says so when the snippets' site is this computer (localhost, 127.0.0.1, ::1: the
   *  address of the preview server, which the snippets take while the Site box is empty):
   *  pasted into a course page as they are, no student's browser could load them. */
  siteOnThisComputer(site) {
    const host = new URL(site).hostname.replace(/^\[|\]$/g, '');
    const local = host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0.0.0.0';
    const said = $('builder-site-local');
    said.hidden = !local;
    said.textContent = local ? `These snippets point at ${site}, which is this computer: a student's browser cannot load them from there. Copy the calculator's files (this site's folder, dist/ in the repository) to your course site and type their address above (docs/embedding.md, "Hosting the files").` : '';
    // a site another than this one that a link set (not typed here): said beside the box for
    // as long as the snippets use it, as the link's notice said it until the first edit (a
    // second attacking helper: one tick hid the only warning)
    if (!local && !this.siteTyped && this.app.state.embed.site && site !== thisSite()) {
      said.hidden = false;
      said.textContent = `The link you opened set this site: these snippets load the calculator's code from ${site}. Use them only if that is your course site; type your own above otherwise.`;
    }
  }

  /** Marks the Site box with `error` (its text under the box), or clears it. */
  siteError(error) {
    const box = $('builder-site');
    box.setAttribute('aria-invalid', String(!!error));
    box.classList.toggle('invalid', !!error);
    const said = $('builder-site-error');
    said.textContent = error ? `${error} The snippets use ${thisSite()} until it is one.` : '';
    said.hidden = !error;
  }

  /** Ticks each box as the choices say (a field unticked as shown is not editable...). */
  sync() {
    const type = this.type();
    const e = this.app.state.embed;
    const fields = type.fields.map((f) => f.name), props = type.properties.map((p) => p.name);
    const show = e.show || fields, editable = e.editable || show, properties = e.properties || props;
    for (const input of document.querySelectorAll('#view-embed input[data-kind]')) {
      const n = input.dataset.name;
      input.checked = { show: show.includes(n), editable: show.includes(n) && editable.includes(n),
        properties: properties.includes(n), predict: e.predict.includes(n) }[input.dataset.kind];
    }
  }

  /** The iframe's id when none is typed: the scenario's name, lower case. */
  defaultId() {
    return (this.app.state.calc.preset || this.app.state.calc.type).toLowerCase();
  }

  /**
   * Where the snippets find a course preset's file: where this page read it, moved to
   * the typed site when it lies in this site's folder (week4/presets.json here is
   * week4/presets.json there: a course site holds its lesson files beside the
   * calculator's as this one does).
   */
  presetFileUrl() {
    const read = this.app.presetFileUrl;
    const site = this.app.state.embed.site;
    if (!read || !site) return read || null;
    const here = thisSite();
    if (!read.startsWith(here)) return read;
    try {
      return new URL(read.slice(here.length), site.endsWith('/') ? site : `${site}/`).href;
    } catch {
      return read;
    }
  }

  /** The options as chosen: [[name, value]] (link.mjs embedOptions). */
  options() {
    return embedOptions(this.app, this.app.state.calc, this.choices(), this.app.state.prefs, this.presetFileUrl());
  }

  /** Says which shown results a student could work a predicted one back from: those whose
   *  equations read it, directly or through other results (a property's `uses`), in the
   *  case that applies to the calculator's inputs (a result read is one whose value is a
   *  number of the substituted arithmetic: with checkpoint_interval given, interval is it,
   *  not young_interval, and checkpoint_overhead gives nothing away). A card that reads as
   *  the predicted one waits with it (interval beside young_interval), so it is not named.
   *  A student's trial: young_interval waited for a prediction while checkpoint_overhead =
   *  checkpoint_write_time / interval stood beside it, one division away. */
  predictNote() {
    const type = this.type(), e = this.app.state.embed;
    const shown = e.properties || type.properties.map((p) => p.name);
    const uses = new Map(type.properties.map((p) => [p.name, p.uses || []]));
    const view = this.app.calculator && this.app.calculator.view;
    const r = view && view.type && view.type.name === type.name ? view.evaluated : null;
    const prop = (n) => (r && r.properties[n] && 'value' in r.properties[n] ? r.properties[n] : null);
    const numbers = (text) => new Set((text.match(/\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi) || []));
    // y reads z now: z is among y's uses and, when both have values, z's is in y's arithmetic
    const readsNow = (y, z) => {
      if (!uses.get(y).includes(z)) return false;
      const py = prop(y), pz = prop(z);
      return !py || !pz || !py.work ? true : numbers(py.work.expression).has(String(Math.abs(pz.value)));
    };
    const given = new Map();  // shown result -> the predicted ones it gives away
    for (const x of e.predict) {
      const carriers = new Set([x]);
      for (let grew = true; grew;) {
        grew = false;
        for (const p of type.properties)
          if (!carriers.has(p.name) && [...carriers].some((z) => readsNow(p.name, z))) { carriers.add(p.name); grew = true; }
      }
      const px = prop(x);
      for (const y of shown)
        if (y !== x && carriers.has(y) && !e.predict.includes(y) && !(px && prop(y) && prop(y).text === px.text))
          given.set(y, [...(given.get(y) || []), x]);
    }
    // one sentence per set of predicted results, naming the shown ones that give them away
    const groups = new Map();
    for (const [y, xs] of given) groups.set(xs.join(','), [...(groups.get(xs.join(',')) || []), y]);
    const note = $('builder-predict-note');
    note.hidden = !groups.size;
    note.textContent = [...groups].map(([xs, ys]) => `${andList(ys)} ${ys.length === 1 ? 'is' : 'are'} shown and computed from the predicted ${andList(xs.split(','))}: a student may work ${xs.includes(',') ? 'them' : 'it'} back from ${ys.length === 1 ? 'it' : 'them'}.`).join(' ')
      + (!groups.size ? '' : given.size === 1 ? ' To keep the prediction a prediction, untick it as shown, or predict it too.'
        : ' To keep the prediction a prediction, untick them as shown, or predict them too.');
  }

  /** Writes both snippets for the current choices, with the preview's last height;
   *  returns the embed's query. */
  writeSnippets() {
    const site = this.app.state.embed.site || thisSite();
    const options = this.options();
    const { iframe, element, query } = embedSnippets(options, site, `mlsysim calculator: ${this.app.calcLabel()}`,
      this.app.state.embed.id || this.defaultId(), this.frameHeight);
    $('builder-iframe').textContent = iframe;
    $('builder-element').textContent = element;
    this.siteOnThisComputer(site);
    this.tooLong(options, query, site);
    return query;
  }

  /** Says so when an input the snippets give is longer than an embed reads (it would
   *  show the preset's instead, with a notice to the student), or their address longer
   *  than servers take: an attacker's trial pasted a 12,000-character inline name, and
   *  the builder wrote snippets its own embed refused, saying nothing. `options` and
   *  `query`: the snippets' (writeSnippets), `site` their folder. */
  tooLong(options, query, site) {
    const long = options.filter(([k, v]) => k.startsWith('i.') && v.length > MAX_TEXT);
    const said = $('builder-too-long');
    const n = (x) => x.toLocaleString('en-US');
    // the whole address the snippet's src holds, its site included (a re-checker's trial)
    const url = `${site.endsWith('/') ? site : `${site}/`}embed.html?${query}`.length;
    said.textContent = long.length
      ? `${andList(long.map(([k, v]) => `${k.slice(2)} (${n(v.length)} characters)`))}: an embed reads at most ${n(MAX_TEXT)} characters of an input, so these snippets would show the preset's value instead. Shorten ${long.length === 1 ? 'it' : 'them'} (an inline entry's name, say).`
      : url > URL_MAX ? `The iframe's address is ${n(url)} characters long: many web servers refuse one longer than ${n(URL_MAX)} (error 414). Fewer or shorter inline inputs make it shorter; the element's snippet has no such limit.`
        : '';
    said.hidden = !said.textContent;
  }

  /** Writes the preview and the snippets for the current choices; the link follows (an
   *  edit, or with `kind` 'view' the view built from a link: app.changed). */
  refresh(kind) {
    const query = this.writeSnippets();
    this.predictNote();
    // the preview is this site's embed.html with the same options (a page opened from a
    // file, such as the one-file page, has no embed.html beside it)
    const src = `embed.html?${query}`;
    const frame = $('builder-preview');
    // from a file, or in the one-file page, whose own policy frames nothing (served over
    // http, its preview had been an empty frame with a console error: an attacker's trial)
    const offline = location.protocol === 'file:' || framesNothing();
    frame.hidden = offline;
    $('builder-offline').hidden = !offline;
    if (offline) { this.app.changed(kind); return; }
    if (frame.getAttribute('src') !== src) {
      frame.setAttribute('src', src);
      // a new preview: the snippets hold no height until it reports its own
      if (this.frameHeight) { this.frameHeight = 0; this.writeSnippets(); }
    }
    frame.title = `Preview of the embed: ${this.app.calcLabel()}`;
    this.app.changed(kind);
  }
}

// One scenario pinned for course material: the iframe page (embed.mjs) and the custom
// element (mlsysim-element.mjs) both render through this, into a container of their own
// (the iframe's <main>, the element's shadow root). The form and the cards are the page's
// own ScenarioView; this adds the title, what the model assumes and leaves out (collapsed),
// the notices about the options, a polite live region, the print table and a link to the
// full calculator. The theme: `theme=light|dark` as asked; `auto` follows the host page's
// colour scheme when the host is known (setHostTheme: the element reads its page, the
// iframe is told by its host), else the reader's system setting.
import { el, applyTheme, breakable, enterToResults } from './dom.mjs';
import { ScenarioView } from './calculator.mjs';
import { firstPreset, presetTexts, textsSet, registryMap, scenarioTypes, symbolItem, takeTyped, giveFocus } from './fields.mjs';
import { readEmbedOptions, readTheme, calculatorQuery } from './link.mjs';
import { useModule, withEscapesExplained, clipJson, clip } from './format.mjs';
import { loadPresetFile, withPresetFile, otherOrigin } from './course-presets.mjs';


/** The inputs a page sets in place of its preset's (`i.FIELD`), said under the preset's
 *  summary, which describes the preset's own values ("one chat" beside a batch_size the
 *  page set to 8: an instructor's trial); null when there are none. */
function setByPage(o, ctx) {
  if (!o.preset) return null;
  const base = presetTexts(ctx, o.preset);
  const set = textsSet(o.texts, base);
  if (!set.length) return null;
  const was = (k) => (base[k] ? `the preset's is ${clipJson(base[k], 40)}` : 'the preset leaves it out');
  // an entry given inline by its name, as its field shows it, not its JSON cut at 40
  // characters ("{\"name\": \"MyGPU\", \"peak_flops\": \"500 TF…": a re-checker's trial)
  const shown = (v) => {
    let entry = null;
    try { entry = /^\s*\{/.test(v) ? JSON.parse(v) : null; } catch { /* not JSON: as typed */ }
    return entry && typeof entry === 'object' && typeof entry.name === 'string' && entry.name
      ? `${clipJson(entry.name, 40)}, given inline` : clipJson(v, 40);
  };
  return el('p', { class: 'embed-set', text: `This page sets ${set.map(([k, v]) => `${k} = ${shown(v)} (${was(k)})`).join(', ')}.` });
}
/** The module's lists, read once per module instance. */
export function moduleContext(m) {
  useModule(m);
  return { m, types: scenarioTypes(m), presets: m.listPresets(), registry: registryMap(m) };
}

/** `ctx` with the presets of the `preset-file` option that get(name) reads, if any (a URL
 *  relative to `base`: the iframe's page, or the element's host page). With `otherSites`
 *  false (an embed opened by itself, whose link anyone can write), a file on another site
 *  is not fetched, and a notice says so (an attacker's trial; the full calculator asks). */
export async function withOptionPresetFile(ctx, get, base, otherSites = true) {
  const written = (get('preset-file') || '').trim();
  if (!written) return ctx;
  const origin = otherOrigin(written, base);
  if (origin && !otherSites) {
    return withPresetFile(ctx, { url: new URL(written, base).href, presets: [], left: [],
      notices: [`preset-file: opened by itself, this embed fetches nothing from another site (${clip(origin, 120)}); it loads that course's presets inside the course page that frames it, and the full calculator asks first.`] }, written);
  }
  return withPresetFile(ctx, await loadPresetFile(ctx.m, written, base), written);
}

/** What the model assumes, what it leaves out and the symbols of its equations, in a
 *  <details> (collapsed unless `open`): a reader of a course page should not take a
 *  result for more than the model says. */
function aboutModel(type, open) {
  const symbols = type.symbols || [];
  return el('details', { class: 'embed-about', open },
    el('summary', { text: 'What this model assumes and leaves out' }),
    type.assumptions ? el('p', {}, el('strong', { text: 'Assumes: ' }), type.assumptions) : null,
    type.excludes ? el('p', {}, el('strong', { text: 'Leaves out: ' }), type.excludes) : null,
    symbols.length ? el('div', {}, el('strong', { text: 'Symbols in the equations:' }),
      el('ul', { class: 'symbols' }, ...symbols.map(symbolItem))) : null);
}

/** The parts of the prerendered view `shown` (a section web/boot.js or the element showed
 *  and fitted, from the same code at build time: scripts/prerender.mjs) when it is the
 *  view that options `o` make, with no notice: {fields, properties, warnings, stale,
 *  print, announce, results, link, title, about} for ScenarioView (opts.adopt) to take over.
 *  Null otherwise (another view, a notice, a part missing or changed): the live view is
 *  then built anew in its place. */
function takeOver(shown, o, label, head) {
  if (!shown || !shown.hasAttribute('data-fitted') || o.notices.length || (o.fileNotices && o.fileNotices.length)) return null;
  const q = (s) => shown.querySelector(s);
  const parts = {
    fields: q(':scope > .embed-columns > form.inputs > .fields'), results: q(':scope > .embed-columns > .results'),
    properties: q(':scope > .embed-columns > .results > .properties'), warnings: q(':scope > .embed-columns > .results > .warnings'),
    stale: q(':scope > .embed-columns > .results > .stale'), print: q(':scope > .print-table'),
    announce: q(':scope > p.sr-only[role="status"]'), link: q(':scope > .embed-foot > a'), title: q(':scope > .embed-head > .embed-title'),
  };
  parts.about = q(':scope > .embed-head > details.embed-about');
  const text = (s) => q(`:scope > .embed-head > ${s}`)?.textContent;
  const same = shown.getAttribute('aria-label') === `mlsysim calculator: ${label}` && text('.embed-title') === head.title &&
    text('.question') === o.type.question && text('.summary') === head.summary && !!parts.about === (o.about !== 'none') &&
    !q(':scope > div[role="status"] li');
  return same && Object.values(parts).every((n) => n || n === parts.about) ? parts : null;
}

// the forms enterToResults has set up (a view taken over keeps its form)
const entered = new WeakSet();

/** The " · TypeName" after an embed's title: the type's name wraps whole to the next line
 *  when it does not fit beside the title (style.css .embed-type-name), and breaks between its
 *  words only when it is wider than the line ("· Llm / ServingScenario" at 390 px: a new
 *  user's review). */
function typeAfter(rest) {
  // the "·" goes with the type it introduces, never at the end of the title's line
  const [, space, dot, name] = rest.match(/^(\s*)(·\s*)?([\s\S]*)$/);
  return el('span', { class: 'embed-type' }, space, el('span', { class: 'embed-type-name' }, dot || '', ...breakable(name)));
}

export class EmbeddedScenario {
  /**
   * box: the element to render into. themeNode: the element that carries the theme
   * (class mlsysim-theme). calculatorUrl: URL of the full calculator (index.html).
   * host: how the options name what they are ({lead, silent}: link.mjs readEmbedOptions).
   * onPrediction(detail): a reader checked a prediction (predict=): detail is {property,
   * predicted, actual, unit, inputs} (ScenarioView), for the host page to record.
   * onUpdate({inputs, edited}): after each evaluation; `inputs` are the form texts that
   * differ from the preset's (or, for a type, every text typed), as i.FIELD would set
   * them; `edited` is true when the reader changed something.
   */
  constructor(box, { themeNode, calculatorUrl, host = {}, onPrediction = () => {}, onUpdate = () => {} }) {
    this.onPrediction = onPrediction;
    this.onUpdate = onUpdate;
    this.box = box;
    this.themeNode = themeNode;
    this.calculatorUrl = calculatorUrl;
    this.host = host;
    this.view = null;
    this.options = null;
    this.requestedTheme = 'auto';
    this.hostTheme = null;
  }

  /** Applies the theme asked for through get(name) before anything is rendered (while
   *  the module loads, or when it cannot start). */
  prepareTheme(get) {
    this.requestedTheme = readTheme(get, []);
    this.showTheme();
  }

  /** The host page's colour scheme ('light', 'dark', or null when unknown), which
   *  `theme=auto` follows. */
  setHostTheme(t) {
    this.hostTheme = t === 'light' || t === 'dark' ? t : null;
    this.showTheme();
  }

  /** 'light', 'dark' or 'auto' (the system setting, in CSS): what the theme node shows. */
  get theme() {
    return this.requestedTheme !== 'auto' ? this.requestedTheme : this.hostTheme || 'auto';
  }

  showTheme() {
    applyTheme(this.themeNode, this.theme);
    this.themeNode.dataset.themeFrom = this.requestedTheme !== 'auto' ? 'option' : this.hostTheme ? 'host' : 'system';
  }

  /** Why nothing can be shown: the module's message (option, value, rule), the name it
   *  most likely meant, and a long list of valid choices (31 presets) collapsed under it
   *  with a link to the full calculator, which lists them by category; a wall of names
   *  would fill a phone's screen. The name meant links to it in the full calculator (with
   *  the course's preset file `presetFile`, if any). */
  errorView(error, guess, presetFile) {
    const split = /^([\s\S]*?); (valid [a-z ]+): ([\s\S]+)$/.exec(error);
    let [head, what, choices] = split ? split.slice(1) : [error, null, null];
    // the module's own "(did you mean …?)": said once, below, as a link to the name meant
    if (guess) head = head.replace(/ \(did you mean "[^"]*"\?\)$/, '');
    const lead = `This calculator cannot be shown: ${head}${/[.!?]$/.test(head) ? '' : '.'}`;
    const said = withEscapesExplained(`${lead}${guess ? ` Did you mean ${guess}?` : ''}`);
    const alert = el('p', { class: 'embed-error', role: 'alert', text: said });
    if (guess) {
      // the name meant, as a link to it in the full calculator (a preset, or a type)
      const at = `${lead} Did you mean `.length, meant = new URL(this.calculatorUrl.href);
      for (const k of ['preset', 'type']) meant.searchParams.delete(k);
      meant.searchParams.set(/^type: /.test(head) ? 'type' : 'preset', guess);
      if (presetFile) meant.searchParams.set('preset-file', presetFile);  // a course's preset
      alert.replaceChildren(said.slice(0, at), el('a', { href: meant.href, target: '_blank', rel: 'noopener', text: guess }), said.slice(at + guess.length));
    }
    // in view, not inside the collapsed list: where a reader can still find every scenario
    const open = el('p', { class: 'embed-choices' }, el('a', { href: this.calculatorUrl.href, target: '_blank', rel: 'noopener', text: 'Open the full calculator' }));
    if (!split) return [alert, open];
    return [alert, el('details', { class: 'embed-choices' },
      // the module says "valid choices" for presets (docs/api.md, Errors); the list names them
      el('summary', { text: `${/^preset: /.test(head) ? 'Valid presets' : `${what[0].toUpperCase()}${what.slice(1)}`} (${choices.split(', ').length})` }),
      el('p', { text: choices })), open];
  }

  /** Reads the options through get(name)/entries and renders; returns the options read. */
  render(ctx, get, entries) {
    // what the reader typed into the prerendered view in the box (web/until-live.mjs),
    // which this replaces: the live view starts from it, with the caret where it was
    const shown = this.box.querySelector(':scope > section.embed[aria-busy="true"]');
    const active = this.box.getRootNode().activeElement;
    const typed = takeTyped(shown, active);
    // ... and "What this model assumes" as the reader left it: open, and focused
    const about = shown && shown.querySelector('details.embed-about');
    const aboutShown = { open: !!(about && about.open), focused: !!(about && active && about.querySelector('summary') === active) };
    const o = readEmbedOptions(ctx, get, entries, this.host);
    this.options = o;
    this.requestedTheme = o.theme;
    this.showTheme();
    if (this.view) this.view.destroy();
    this.view = null;
    const list = el('ul', { class: 'notices', 'aria-label': 'Notices about this embed' }, ...o.notices.map((n) => el('li', { text: withEscapesExplained(n) })));
    list.hidden = o.notices.length === 0;
    // a course preset file's problems concern its author, not the reader: collapsed, named
    const file = o.fileNotices && o.fileNotices.length ? el('details', { class: 'file-notices' },
      el('summary', { text: `${o.fileNotices.length === 1 ? 'A problem' : `${o.fileNotices.length} problems`} in the course's preset file (for its author)` }),
      el('ul', {}, ...o.fileNotices.map((n) => el('li', { text: n })))) : null;
    const notices = el('div', { role: 'status' }, list, file);
    if (o.error) {
      this.box.replaceChildren(el('section', { class: 'mlsysim embed', 'data-state': 'error', 'aria-label': 'mlsysim calculator' },
        ...this.errorView(o.error, o.guess, o.presetFile), notices));
      return o;
    }
    const label = o.preset || o.type.name;
    const preset = o.preset && ctx.presets.find((p) => p.name === o.preset);
    // a preset's summary may quote the value a reader is asked to predict ("the book's table
    // shows 4.14 h"): the type's stands in until every prediction is checked (onHeld), and
    // the preset's stays from then on, whatever an edit asks to predict again (the text
    // above the reader's input had jumped at each Check and each edit: a new user's trial)
    let checked = false;
    const summaryOf = (pending) => ((checked ||= !pending.length) && preset ? preset.summary : o.type.summary);
    const head = { title: `${label} ·\u00a0${o.preset ? o.type.name : o.type.category}`, summary: summaryOf(o.predict || []) };
    // the prerendered view, when it is this one: the live view takes it over in place (its
    // rows and cards adopted by ScenarioView) instead of laying out a copy (docs/performance.md,
    // "Hydration, and typing before live")
    const taken = takeOver(shown, o, label, head);
    const parts = taken || {
      fields: el('div', { class: 'fields' }),
      properties: el('div', { class: 'properties' }),
      warnings: el('ul', { class: 'warnings', 'aria-label': 'Warnings' }),
      stale: el('p', { class: 'stale', hidden: true }),
      print: el('table', { class: 'print-table' }),
      announce: el('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite' }),
    };
    if (!taken) parts.results = el('div', { class: 'results', 'aria-label': `Results of ${label}` }, parts.stale, parts.warnings, parts.properties);
    // a result carried into another type opens the full calculator, in a new tab
    const useIn = (link, text) => {
      const target = firstPreset(ctx, link.type);
      const texts = { ...(target ? presetTexts(ctx, target.name) : {}), [link.field]: text };
      const q = calculatorQuery({ preset: target ? target.name : null, type: ctx.types.find((t) => t.name === link.type),
        texts, prefs: o.prefs, baseTexts: target ? presetTexts(ctx, target.name) : {}, presetFile: target && target.file ? o.presetFile : null });
      window.open(new URL(q, this.calculatorUrl).href, '_blank', 'noopener');
    };
    const title = taken ? taken.title
      // long names break between their words ("ReferenceJob|Attack|Surface"), not inside one
      : el('p', { class: 'embed-title' }, el('strong', {}, ...breakable(label)), typeAfter(head.title.slice(label.length)));
    let start = null;  // the form's texts as the view first showed them
    this.view = new ScenarioView(parts, {
      m: ctx.m, type: o.type, types: ctx.types, registry: ctx.registry, preset: o.preset, useIn,
      show: o.show, editable: o.editable, properties: o.properties, predict: o.predict, adopt: !!taken,
      onPrediction: (detail) => this.onPrediction(detail),
      onHeld: (pending) => {
        const node = this.box.querySelector(':scope > section > .embed-head > .summary');
        if (node && node.textContent !== summaryOf(pending)) node.textContent = summaryOf(pending);
      },
      onUpdate: (texts, edited) => {
        // "(edited)" once the reader has changed what the embed first showed (style.css
        // keeps the mark's room, so the title never rewraps)
        start ||= texts;
        // spaces around a value aside, as the module reads it (" 8 " is 8: a re-checker's trial)
        title.dataset.edited = String(Object.keys(texts).some((k) => (texts[k] ?? '').trim() !== (start[k] ?? '').trim()));
        const base = o.preset ? presetTexts(ctx, o.preset) : {};
        const inputs = Object.fromEntries(Object.entries(texts).filter(([k, v]) => (base[k] ?? '') !== v));
        // the full calculator opens on what the reader sees, edits included
        if (this.fullLink) this.fullLink.href = new URL(calculatorQuery({ ...o, texts, baseTexts: base }), this.calculatorUrl).href;
        this.onUpdate({ inputs, edited });
      },
      prefs: () => o.prefs, label: () => `${label} (${o.type.name})`,
    });
    const link = new URL(calculatorQuery({ ...o, baseTexts: o.preset ? presetTexts(ctx, o.preset) : {} }), this.calculatorUrl);
    let section;
    if (taken) {
      section = shown;
      this.fullLink = taken.link;
      this.fullLink.href = link.href;
      if (taken.about && o.about === 'open') taken.about.open = true;
      for (const n of [...this.box.children]) if (n !== section) n.remove();  // the loading line
      // what until-live.mjs opened and marked: the live view's now
      for (const n of section.querySelectorAll('[data-until-live]')) n.removeAttribute('disabled'), n.removeAttribute('data-until-live');
      for (const a of ['aria-busy', 'inert', 'data-typed']) section.removeAttribute(a);
    } else {
      this.fullLink = el('a', { href: link.href, target: '_blank', rel: 'noopener', text: 'Open in the full calculator' });
      section = el('section', { class: 'mlsysim embed', 'data-state': 'ready', 'aria-label': `mlsysim calculator: ${label}` },
        el('header', { class: 'embed-head' },
          title,
          el('p', { class: 'question', text: o.type.question }),
          el('p', { class: 'summary', text: head.summary }),
          setByPage(o, ctx),
          o.about === 'none' ? null : aboutModel(o.type, o.about === 'open' || aboutShown.open)),
        notices,
        el('div', { class: 'embed-columns' }, el('form', { class: 'inputs', autocomplete: 'off', novalidate: true, 'aria-label': `Inputs of ${label}` }, parts.fields), parts.results),
        parts.print,
        parts.announce,
        el('p', { class: 'embed-foot' }, this.fullLink));
      // the live view takes the prerendered one's place at its height: a layout while it is
      // being built must not find the page shorter and clamp a scrolled reader's position
      // (29-63 px up, found with the caret in an input near the bottom)
      if (shown) section.style.minHeight = `${shown.getBoundingClientRect().height}px`;
      this.box.replaceChildren(section);
    }
    const form = section.querySelector('form.inputs');
    form.addEventListener('submit', (e) => e.preventDefault());
    this.enterToResults(form, section.querySelector('.results'));
    this.view.build(o.texts);
    this.view.carry(typed.texts);  // each an edit, as the host is told (onUpdate)
    giveFocus(section, typed.focus);
    if (aboutShown.focused && !taken) section.querySelector('details.embed-about summary')?.focus({ preventScroll: true });
    if (shown && !taken) requestAnimationFrame(() => { section.style.minHeight = ''; });
    section.classList.toggle('no-inputs', this.view.shownFields().length === 0);
    return o;
  }

  /** Enter in an input of `form` whose results are out of the reader's view (below the
   *  inputs in a narrow column) brings them into view and moves the focus to them, as in
   *  the calculator. In an iframe the frame is as tall as its content, so what counts is
   *  the host page's viewport: an IntersectionObserver's implicit root is the top-level
   *  viewport, across origins too. */
  enterToResults(form, results) {
    if (!results || entered.has(form) || typeof IntersectionObserver === 'undefined') return;  // prerendering, in Node.js
    entered.add(form);
    let seen = true;
    new IntersectionObserver((entries) => { seen = entries[entries.length - 1].isIntersecting; }).observe(results);
    form.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.isComposing && e.keyCode !== 229) this.view?.commitTyping();
      if (seen || !enterToResults(e)) return;
      e.preventDefault();
      results.tabIndex = -1;
      results.scrollIntoView({ block: 'nearest' });
      results.focus({ preventScroll: true });
    });
  }
}

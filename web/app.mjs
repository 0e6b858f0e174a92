// The page: loads the module, keeps the whole view in one state object mirrored in the
// URL (so a link restores it and Back/Forward walk through edits), and drives the three
// views. Every field, label, rule and result is generated from the module's
// declarations (listScenarioTypes, listPresets); no field is named in this file.
import createMlsysim from './mlsysim.mjs';
import { $, el, copyText, actionButton, applyTheme, nameWords } from './dom.mjs';
import { Calculator } from './calculator.mjs';
import { firstPreset, registryMap, scenarioTypes, takeTyped, giveFocus } from './fields.mjs';
import { Compare, presetTexts } from './compare.mjs';
import { PREF_CHOICES, useModule, clip, withEscapesExplained, andList } from './format.mjs';
import { MODES, MAX_COLUMNS, defaultState, defaultCompare, decodeState, encodeState } from './link.mjs';
import { plainResult, resultCsv, resultMarkdown, compareCsv, compareMarkdown, exportButtons } from './export.mjs';
import { startupFailure, failureDetails } from './startup.mjs';
import { firstResultPainted } from './until-live.mjs';
import { loadPresetFile, withPresetFile, otherOrigin } from './course-presets.mjs';

/** The longest a link to Sweep or Embed keeps the loading line while that view's code
 *  loads (a slow network): then the page is revealed and the view says it is loading. */
const REVEAL_MS = 4000;

// Words of a question that say nothing about its topic, left out by the finder
// ("own or rent" finds ClusterTcoScenario by "own" and "rent").
const FINDER_STOP_WORDS = new Set(['a', 'an', 'and', 'are', 'be', 'can', 'do', 'does', 'for', 'how', 'i', 'in', 'is',
  'it', 'many', 'much', 'my', 'of', 'on', 'or', 'should', 'the', 'to', 'what', 'when', 'which', 'why', 'with']);


class App {
  constructor(m) {
    useModule(m);
    this.m = m;
    this.types = scenarioTypes(m);
    this.categories = m.listCategories();
    this.presets = m.listPresets();
    this.registry = registryMap(m);
    this.calculator = new Calculator(this);
    this.compare = new Compare(this);
    this.sweep = null;  // loaded on first use: withSweep()
    this.burst = null;
  }

  /** Adds the presets of the link's `preset-file` (course-presets.mjs), if it names one:
   *  after the built-in ones, in the pickers under their own heading, in links. A file on
   *  another site is fetched only once the reader has said yes (askFile: the notice's
   *  button, remembered for the tab): a link alone had made the page request any address
   *  (an attacker's trial: `?preset-file=https://tracker.example/p.json`), where the
   *  page fetches nothing beyond its own folder otherwise. */
  async loadPresetFile(written) {
    if (!written) return;
    const origin = otherOrigin(written, location.href);
    if (origin && !allowedOrigins().includes(origin)) {
      this.askFile = origin;
      const wait = { url: new URL(written, location.href).href, presets: [], left: [],
        notices: [`preset-file: the link names a course's preset file on another site, ${clip(origin, 120)}; nothing is fetched from it unless you choose to load it (below).`] };
      const ctx = withPresetFile(this, wait, written);
      for (const k of ['presets', 'presetFile', 'presetFileUrl', 'fileNotices', 'fileFailed', 'leftOut']) this[k] = ctx[k];
      return;
    }
    const file = await loadPresetFile(this.m, written, location.href);
    const ctx = withPresetFile(this, file, written);
    for (const k of ['presets', 'presetFile', 'presetFileUrl', 'fileNotices', 'fileFailed', 'leftOut']) this[k] = ctx[k];
  }

  calcType() { return this.types.find((t) => t.name === this.state.calc.type); }

  /** True when form texts differ from those of preset `name`, spaces around them aside
   *  (the module reads " H100 " as H100: an attacker's trial saw Compare mark it edited). */
  edited(name, texts) {
    const base = presetTexts(this, name);
    return Object.keys({ ...base, ...texts }).some((k) => (base[k] ?? '').trim() !== (texts[k] ?? '').trim());
  }

  /** What the calculator shows: "TransformerBsp8Workers", "… (edited)", or the type. */
  calcLabel() {
    const c = this.state.calc;
    if (!c.preset) return c.type;
    return this.edited(c.preset, c.texts) ? `${c.preset} (edited)` : c.preset;
  }

  columnLabel(k) {
    const c = this.state.compare.columns[k];
    if (!c.preset) return `column ${k + 1}`;
    return this.edited(c.preset, c.texts) ? `${c.preset} (column ${k + 1}, edited)` : c.preset;
  }

  defaultState() { return defaultState(this); }

  /** The comparison a view starts with: the presets of the calculator's scenario type. */
  defaultCompare(typeName) { return defaultCompare(this, typeName); }

  /** Opens type `link.type` with field `link.field` set to `text` (a result carried over
   *  from the calculator's scenario): from that type's first preset, if it has one. */
  useIn(link, text) {
    const p = firstPreset(this, link.type);
    const texts = p ? presetTexts(this, p.name) : {};
    texts[link.field] = text;
    this.state.calc = { preset: p ? p.name : null, type: link.type, texts };
    this.followCalc();
    this.calculator.build();
    this.show('calc');
    this.changed('mode');
    const input = document.getElementById(`in-${link.field}`);
    if (input) input.focus();
  }

  /** The calculator's scenario changed: a comparison the reader has not chosen or edited
   *  follows its type, so the Compare tab opens on the scenarios the reader is looking at. */
  followCalc() {
    const { calc, compare } = this.state;
    if (this.compareChosen || compare.type === calc.type || !this.compareUntouched()) return;
    this.state.compare = this.defaultCompare(calc.type);
    this.compareBuilt = false;
  }

  /** Whether the comparison is one the page made, not the reader: its type's presets, or
   *  the one followEdits made last. */
  compareUntouched() {
    const { compare } = this.state;
    return sameState(compare, this.defaultCompare(compare.type)) || sameState(compare, this.followedCompare);
  }

  /** Before Compare is shown: a comparison the reader has not chosen or edited starts with
   *  the calculator's scenario when the reader edited it (or it is no preset), then the
   *  type's presets, so its percentages say what the edits changed, as Sweep and Embed
   *  take the calculator's scenario with its edits (a new user's trial: Compare showed
   *  the preset as it was, under its name, beside a link that held the edit). */
  followEdits() {
    const { calc, compare } = this.state;
    if (this.compareChosen || compare.type !== calc.type || !this.compareUntouched()) return;
    const next = this.defaultCompare(calc.type);
    if (!calc.preset || this.edited(calc.preset, calc.texts))
      next.columns = [{ preset: calc.preset, texts: { ...calc.texts } }, ...next.columns].slice(0, MAX_COLUMNS);
    if (sameState(next, compare)) return;
    this.state.compare = next;
    this.followedCompare = JSON.parse(JSON.stringify(next));  // a copy: the view edits the state in place
    this.compareBuilt = false;
  }

  /** The state a URL query describes, and notices about what it asked for (link.mjs). */
  decode(search) { return decodeState(this, search); }

  /** The URL query for the current state (link.mjs). */
  encode() { return encodeState(this, this.state); }

  /** An edit happened: the URL follows. The first edit of a burst adds a history entry;
   *  later edits within a second replace it, so Back undoes a burst of typing at once.
   *  The notices about the link opened go with the first edit of what it showed (a new
   *  view, `kind` 'mode', keeps them): they speak of a link the page no longer shows, and
   *  Back brings them again. `kind` 'view' is no edit: a view built from the link writes
   *  the link's state in its own form (the embed builder keeps only the choices its
   *  scenario has), so the URL is replaced, and the notices about the link stay. */
  changed(kind) {
    const url = this.encode();
    if (url === location.search) return;
    if (kind === 'view') { history.replaceState(null, '', url); return; }
    if (kind !== 'mode') $('notices').hidden = true;
    if (kind === 'mode') { clearTimeout(this.burst); this.burst = null; }  // a new view is its own entry
    if (this.burst) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    clearTimeout(this.burst);
    this.burst = setTimeout(() => { this.burst = null; }, 1000);
  }

  /** Shows `state` (from a link, Back/Forward, or start-up). Returns show()'s promise. */
  apply(state, notices = []) {
    this.state = state;
    this.compareChosen = state.compare.type !== state.calc.type;  // a link's own comparison
    const box = $('notices');
    box.replaceChildren(...notices.map((n) => el('li', { text: withEscapesExplained(n) })));
    if (this.askFile) {
      const origin = this.askFile;
      box.append(el('li', {}, actionButton(`Load the course's presets from ${clip(origin, 80)}`, () => {
        // remembered for this tab only; the page reloads to read the file as a link does
        try {
          sessionStorage.setItem(ALLOWED_ORIGINS, JSON.stringify([...allowedOrigins(), origin]));
        } catch {
          box.append(el('li', { text: 'This browser keeps nothing for this page (its storage is off), so the file cannot be loaded.' }));
          return;
        }
        location.reload();
      })));
    }
    box.hidden = box.childElementCount === 0;
    for (const [k, v] of Object.entries(state.prefs)) $(`pref-${k}`).value = v;
    applyTheme(document.documentElement, state.theme);
    this.calculator.build();
    this.compareBuilt = false;  // built when its tab is first shown: the first paint does not need it
    return this.show(state.mode);
  }

  /** Shows the view of `mode`. Returns a promise that settles once that view is built:
   *  Sweep and Embed load their code on first use, and the sweep draws its plot, so a
   *  link to them is revealed whole (start() waits for it) rather than growing on screen. */
  show(mode) {
    this.state.mode = mode;
    // a link that asks for predictions (predict=) shows every value elsewhere only once
    // they are checked: Compare, Sweep and the builder's preview would give them away
    const hidden = mode !== 'calc' && this.calculator.view ? this.calculator.view.hiddenPredictions() : [];
    const gate = $('predict-gate');
    gate.hidden = hidden.length === 0;
    if (hidden.length) $('predict-gate-text').textContent = `This page asks for your prediction of ${hidden.join(', ')} first: check it in the Calculator (or choose Show me there), then this view shows every value.`;
    for (const m of MODES) {
      const tab = $(`tab-${m}`);
      tab.setAttribute('aria-selected', String(m === mode));
      tab.tabIndex = m === mode ? 0 : -1;
      $(`view-${m}`).hidden = m !== mode || hidden.length > 0;
    }
    if (hidden.length) return Promise.resolve();
    $('picker').hidden = mode === 'compare';
    if (mode === 'compare') this.followEdits();
    if (mode === 'compare' && !this.compareBuilt) this.buildCompare();
    if (mode === 'sweep') return this.withSweep((v) => v.build());
    if (mode === 'embed') return this.withBuilder((v) => v.build());
    return Promise.resolve();
  }

  /** Shows the current view again when the predictions waiting (`pending`, the
   *  calculator's) no longer agree with its gate: a preset that asks anew, chosen while on
   *  Sweep, left its plot showing the value (an attacker's trial). */
  gateChanged(pending) {
    if (!this.isLive || this.state.mode === 'calc') return;  // (apply() shows the first view)
    if ($('predict-gate').hidden === (pending.length > 0)) this.show(this.state.mode);
  }

  /** Runs fn(view) on the embed builder, loaded on first use (the view says so while it
   *  loads). Never rejects: a failure is said in the view. */
  withBuilder(fn) {
    const status = $('builder-status');
    if (!this.builderLoading) {
      // until built, the view is its status line alone (style.css .view-loading), not an empty form
      Object.assign(status, { textContent: 'Loading the embed builder…', className: 'status', hidden: false });
      $('view-embed').classList.add('view-loading');
    }
    this.builderLoading ||= import('./builder.mjs').then(({ Builder }) => (this.builder = new Builder(this)));
    return this.builderLoading.then((v) => { status.hidden = true; return fn(v); }).catch((e) => {
      Object.assign(status, { textContent: `The embed builder could not load its code (${e.message}). Reload the page to try again.`, className: 'status failed', hidden: false });
    }).finally(() => $('view-embed').classList.remove('view-loading'));
  }

  /** Runs fn(view) on the sweep view, which (with its chart library) loads on first use
   *  (its status says so meanwhile). Never rejects: a failure is said in the view's status. */
  withSweep(fn) {
    const status = $('sweep-status');
    if (!this.sweepLoading) {
      Object.assign(status, { textContent: 'Loading the sweep view…', className: 'status' });
      $('view-sweep').classList.add('view-loading');
    }
    this.sweepLoading ||= import('./sweep.mjs').then(({ Sweep }) => (this.sweep = new Sweep(this)));
    return this.sweepLoading.then(fn).catch((e) => {
      Object.assign(status, { textContent: `The sweep view could not load its code (${e.message}). Reload the page to try again.`, className: 'status failed' });
    }).finally(() => $('view-sweep').classList.remove('view-loading'));
  }

  buildCompare() {
    this.compare.build();
    this.compareBuilt = true;
  }

  /** The page's lists (presets, types, display choices) and version, from the module's
   *  declarations. Idempotent: it replaces what a prerendered page already holds. */
  fill() {
    // types and presets grouped by category, each type with the question it answers
    const byCategory = this.categories.map((c) => ({ ...c, types: this.types.filter((t) => t.category === c.name) })).filter((c) => c.types.length);
    const presets = [el('option', { value: '', text: '(none: fill in the inputs yourself)' })];
    const types = [], compareTypes = [];
    for (const c of byCategory) {
      for (const t of c.types)
        presets.push(el('optgroup', { label: `${c.title} · ${t.name}` }, ...this.presets.filter((q) => q.type === t.name && !q.file).map((p) => el('option', { value: p.name, text: p.name }))));
      types.push(el('optgroup', { label: c.title }, ...c.types.map((t) => el('option', { value: t.name, text: `${t.name}: ${t.question}` }))));
      compareTypes.push(el('optgroup', { label: c.title }, ...c.types.map((t) => el('option', { value: t.name, text: t.name }))));
    }
    // a course's own presets (preset-file=): under their own heading, after the built-in ones
    const course = this.presets.filter((p) => p.file);
    if (course.length) presets.push(el('optgroup', { label: `Course presets · ${this.presetFile}` }, ...course.map((p) => el('option', { value: p.name, text: `${p.name} (${p.type})` }))));
    $('preset').replaceChildren(...presets);
    $('type').replaceChildren(...types);
    $('compare-type').replaceChildren(...compareTypes);
    for (const k of Object.keys(PREF_CHOICES)) $(`pref-${k}`).replaceChildren(...PREF_CHOICES[k].map((v) => el('option', { value: v, text: v })));
    $('version').textContent = this.m.version;
  }

  /** The scenarios and presets that match what the reader typed in the finder, as
   *  {score, full, kind, name, label, detail}: a word matches where it appears in a type's
   *  name, category, question, summary, fields or properties, or in a preset's name or
   *  summary (not while a prediction waits) or its type's. Text is compared in Unicode compatibility form (CO2 finds CO₂) and without
   *  the question's small words (or, how, the, ...). Results with every word come first
   *  (`full`), then those with the most words; within that a match in a name ranks first,
   *  then in the question; types before presets, in catalog order; at most 12. */
  findScenarios(query) {
    const norm = (t) => t.normalize('NFKC').toLowerCase();
    // "KV-cache", "kv_cache": words, as the searched text's "_" are spaces (a second trial)
    // words are letters, digits and a decimal point, in the query as in the text searched
    const split = (t) => t.split(/[^\p{L}\p{N}.]+/u).map((w) => w.replace(/^\.+|\.+$/g, '')).filter(Boolean);
    const all = split(norm(query));
    const content = all.filter((w) => !FINDER_STOP_WORDS.has(w));
    const words = content.length ? content : all;
    if (!words.length) return [];
    // a name's words as well as the name ("All Reduce" beside "AllReduce")
    const hay = (parts) => split(norm(parts.map((t) => `${t} ${t.split(/\s+/).flatMap(nameWords).join(' ')}`).join(' ')));
    // a word matches the start of a word ("token" finds "tokens"; "own" is not in "shown",
    // nor "rent" in "different": a third trial), a one-letter word a whole word; one typed
    // without its spaces ("kvcache", "tokenspersecond") matches words that follow each
    // other, from the start of one of two letters or more: "kv" is not in "mlsysbook vol2",
    // "sand" not in "GB/s and"
    const has = (parts, w) => parts.some((p, k) => (w.length === 1 ? p === w : p.startsWith(w)) ||
      (p.length >= 2 && w.startsWith(p) && parts.slice(k, k + 4).join('').startsWith(w)));
    const count = (text) => words.filter((w) => has(text, w)).length;
    const score = (name, question, rest) => {
      const n = count(rest);
      if (!n) return null;
      const tier = count(name) === words.length ? 3 : count(question) === words.length ? 2 : 1;
      return { full: n === words.length, score: (n === words.length ? 1000 : 0) + n * 10 + tier };
    };
    const out = [];
    const waiting = this.calculator && this.calculator.view ? this.calculator.view.hiddenPredictions().length > 0 : false;
    for (const t of this.types) {
      const s = score(hay([t.name]), hay([t.question]),
        hay([t.name, t.category, t.question, t.summary, ...t.fields.map((f) => f.name), ...t.properties.map((p) => p.name)]));
      if (s) out.push({ ...s, kind: 'type', name: t.name, label: t.name, detail: t.question });
    }
    for (const p of this.presets) {
      const t = this.types.find((x) => x.name === p.type);
      // a preset's summary may quote a value the page asks a prediction of ("the book prints
      // "~14 min""): while one waits, the finder neither says it (the type's question stands
      // in, a re-checker's trial, as the calculator's own summary does) nor searches it ("14
      // min" found only Gpt3On10KYoungDaly, "13 min" nothing: an attacker's trial). A
      // preset is also found by its type's summary ("carbon": a student's trial)
      const s = score(hay([p.name]), hay([t.question]), hay([p.name, ...(waiting ? [] : [p.summary]), p.type, t.question, t.summary, t.category]));
      const detail = waiting ? `${p.type}: ${t.question}` : `${p.type}: ${p.summary}`;
      if (s) out.push({ ...s, score: s.score - 1.5, kind: 'preset', name: p.name, label: p.name, detail });
    }
    return out.sort((a, b) => b.score - a.score).slice(0, 12);
  }

  /** Shows the finder's matches as buttons; choosing one opens it (a type opens on its
   *  first preset, so that it starts with numbers). */
  showFinds() {
    const list = $('find-results');
    const query = $('find').value;
    const found = this.findScenarios(query);
    list.hidden = query.trim() === '';
    const shown = clip(query.trim(), 60);
    const partial = found.length && !found[0].full
      ? [el('li', { class: 'none', text: `No scenario matches every word of "${shown}"; the closest:` })] : [];
    // after those with every word, the ones with some of them, said so
    const some = found.findIndex((r) => !r.full);
    const item = (r) => el('li', {},
      // opening a result closes the finder: its list (up to a screen tall on a phone) would
      // hide the scenario it opened
      el('button', { type: 'button', class: 'find-result', 'data-kind': r.kind, 'data-name': r.name, onclick: () => {
        $('find').value = '';
        this.showFinds();
        $('find').focus();
        this.choose(r);
      } },
        el('strong', { text: r.label }), el('span', { text: r.detail })));
    const items = found.flatMap((r, k) => (k === some && k > 0 ? [el('li', { class: 'none', text: 'With some of the words:' }), item(r)] : [item(r)]));
    list.replaceChildren(...partial, ...(found.length ? items : [el('li', { class: 'none', text: `No scenario matches "${shown}".` })]));
  }

  /** Opens a finder result, a preset chosen from its list, or a type chosen from its list. */
  choose(r) {
    const preset = r.kind === 'preset' ? this.presets.find((x) => x.name === r.name)
      : r.kind === 'type' && !r.blank ? firstPreset(this, r.name) : null;
    if (preset) this.state.calc = { preset: preset.name, type: preset.type, texts: presetTexts(this, preset.name) };
    else this.state.calc = { preset: null, type: r.name, texts: {} };
    this.followCalc();
    this.calculator.build();
    if (this.state.mode === 'sweep') this.withSweep((v) => v.build());
    if (this.state.mode === 'embed') this.withBuilder((v) => v.build());
    this.changed();
  }

  /**
   * Build time only (scripts/prerender.mjs, in jsdom): the default view, so that
   * dist/index.html holds the first result before any script runs. The view is inert
   * until web/boot.js opens its inputs for typing (web/until-live.mjs), and start()
   * replaces it with the live one, which takes over what was typed; web/boot.js hides it
   * before the first paint when the URL asks for another view.
   */
  prerender() {
    this.fill();
    const { state, notices } = this.decode('');
    // the view is inert, so hidden from screen readers too: they hear the status instead
    $('status').classList.add('behind-prerender');
    $('app').hidden = false;
    $('app').setAttribute('inert', '');
    $('app').setAttribute('aria-busy', 'true');
    this.apply(state, notices);
    delete document.body.dataset.ready;  // set only by the live page (tests wait for it)
    document.documentElement.dataset.prerendered = state.calc.preset;  // web/boot.js reads it
  }

  start() {
    this.fill();
    // a preset opens with its inputs; "(none…)" keeps the type with its inputs blank, to fill in
    $('preset').addEventListener('change', () => {
      const name = $('preset').value;
      this.choose(name ? { kind: 'preset', name } : { kind: 'type', name: this.state.calc.type, blank: true });
    });
    // a type opens on its first preset, as the finder's does, so that it starts with numbers
    // (a blank form was a wall of "needs …, which was not given" to a new reader)
    $('type').addEventListener('change', () => this.choose({ kind: 'type', name: $('type').value }));
    $('find').addEventListener('input', () => this.showFinds());
    $('predict-gate-back').addEventListener('click', () => { this.show('calc'); this.changed('mode'); });
    $('find').addEventListener('keydown', (e) => {
      const first = $('find-results').querySelector('button');
      if (e.key === 'Enter' && first) { e.preventDefault(); first.click(); }
      if (e.key === 'ArrowDown' && first) { e.preventDefault(); first.focus(); }
      if (e.key === 'Escape') { $('find').value = ''; this.showFinds(); }
    });
    $('find-results').addEventListener('keydown', (e) => {
      const buttons = [...$('find-results').querySelectorAll('button')];
      const k = buttons.indexOf(document.activeElement);
      if (k < 0) return;
      if (e.key === 'ArrowDown' && k + 1 < buttons.length) { e.preventDefault(); buttons[k + 1].focus(); }
      if (e.key === 'ArrowUp') { e.preventDefault(); (k > 0 ? buttons[k - 1] : $('find')).focus(); }
    });
    $('compare-type').addEventListener('change', () => {
      this.compareChosen = true;
      this.state.compare = this.defaultCompare($('compare-type').value);
      this.buildCompare();
      this.changed();
    });
    for (const k of Object.keys(PREF_CHOICES)) {
      $(`pref-${k}`).addEventListener('change', () => {
        this.state.prefs[k] = $(`pref-${k}`).value;
        this.calculator.update(false);
        if (this.compareBuilt) this.compare.update(false);
        if (this.state.mode === 'embed' && this.builder) this.builder.refresh();
        this.changed();
      });
    }
    const tabs = MODES.map((m) => $(`tab-${m}`));
    tabs.forEach((tab, k) => {
      tab.addEventListener('click', () => { this.show(MODES[k]); this.changed('mode'); });
      tab.addEventListener('keydown', (e) => {
        const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (!d) return;
        const next = tabs[(k + d + tabs.length) % tabs.length];
        next.focus();
        next.click();
      });
    });
    for (const id of ['sweep-field', 'sweep-scale', 'sweep-overlay']) $(id).addEventListener('change', () => this.withSweep((v) => v.read()));
    for (const id of ['sweep-from', 'sweep-to', 'sweep-n']) $(id).addEventListener('change', () => this.withSweep((v) => v.read()));
    $('sweep-props').addEventListener('change', () => this.withSweep((v) => v.read()));
    $('copy-link').replaceWith(actionButton('Copy link', () => copyText(location.href), 'copy a link to exactly this view'));
    $('calc-exports').replaceWith(exportButtons(() => {
      // what the page shows: a value still waiting for its prediction is not exported
      const view = this.calculator.view;
      const r = view && view.visibleResult();
      if (!r) return { why: `Nothing to export while ${view && view.invalid && view.invalid.length ? andList(view.invalid) : 'an input'} ${view && view.invalid && view.invalid.length > 1 ? 'are' : 'is'} invalid or missing: the exports hold the results of valid inputs.` };
      return { csv: resultCsv(r, this.calcType(), this.state.calc.texts), json: JSON.stringify(plainResult(r), null, 2) + '\n',
        md: resultMarkdown(r, this.calcType(), this.state.prefs, this.calcLabel(), this.state.calc.texts) };
    }, () => `mlsysim-${this.state.calc.preset || this.state.calc.type}${this.state.calc.preset && this.edited(this.state.calc.preset, this.state.calc.texts) ? '-edited' : ''}`));
    $('compare-exports').replaceWith(exportButtons(() => {
      const type = this.types.find((t) => t.name === this.state.compare.type);
      const labels = this.state.compare.columns.map((c, k) => this.columnLabel(k));
      const rs = this.compare.results;
      const texts = this.state.compare.columns.map((c) => c.texts), errors = this.compare.columnErrors || [];
      // a column whose inputs are invalid: its inputs as typed and why (it had been blank, or a bare null)
      const json = rs.map((r, k) => (r ? plainResult(r) : { type: type.name, inputs_typed: texts[k], errors: errors[k] || [] }));
      return { csv: compareCsv(rs, labels, type, texts, errors), json: JSON.stringify(json, null, 2) + '\n', md: compareMarkdown(rs, labels, type, this.state.prefs, texts, errors) };
    }, () => `mlsysim-compare-${this.state.compare.type}`));
    window.addEventListener('popstate', () => {
      const { state, notices } = this.decode(location.search);
      // Back while a link's view was still loading: the view gone back to is the one to reveal
      this.apply(state, notices).then(() => this.live());
    });
    const { state, notices } = this.decode(location.search);
    // what the reader typed into the prerendered view (web/until-live.mjs), which the live
    // one replaces now: made as edits of the live view, with the caret where it was
    const typed = takeTyped($('app'), document.activeElement);
    const prerendered = state.mode === 'calc' && state.calc.preset === document.documentElement.dataset.prerendered;
    $('app').hidden = false;
    // a link to Sweep or Embed: its view is shown once built (code loaded, plot drawn),
    // while the loading line stays; at most REVEAL_MS, after which the view says it is loading
    // ... whose cards the live view takes over (ScenarioView opts.adopt) when boot.js has
    // shown and fitted them (not for a link that hid them)
    this.calculator.adopt = prerendered && $('app').hasAttribute('data-fitted');
    const shown = this.apply(state, notices);
    if (prerendered) {
      this.calculator.view.carry(typed.texts);  // each an edit: the title says so, the link keeps it
      giveFocus($('fields'), typed.focus);
    }
    Promise.race([shown, new Promise((r) => setTimeout(r, REVEAL_MS))]).then(() => this.live());
  }

  /** The live view has replaced a prerendered one (if any): it may now be used. Once. */
  live() {
    if (this.isLive) return;
    this.isLive = true;
    $('status').hidden = true;
    $('status').classList.remove('behind-prerender');
    $('app').removeAttribute('inert');
    $('app').removeAttribute('aria-busy');
    $('app').removeAttribute('data-typed');
    for (const n of document.querySelectorAll('[data-until-live]')) n.removeAttribute('disabled'), n.removeAttribute('data-until-live');  // until-live.mjs
    document.documentElement.classList.remove('mlsysim-pending');
    performance.mark('mlsysim:interactive');
  }
}

/** Whether two pieces of the page's state (plain JSON data) are the same. */
function sameState(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export { App };

// The sites whose preset files the reader has chosen to load in this tab (App.loadPresetFile).
const ALLOWED_ORIGINS = 'mlsysim:preset-file-origins';
function allowedOrigins() {
  try {
    const list = JSON.parse(sessionStorage.getItem(ALLOWED_ORIGINS) || '[]');
    return Array.isArray(list) ? list.filter((x) => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

// the page starts itself, except when the build imports this file to prerender it
if (!globalThis.mlsysimPrerendering) {
  try {
    let m;
    const root = document.documentElement;
    // the module's answers recorded with the prerendered view, which web/boot.js fetches
    // (docs/performance.md, "Prerendered answers")
    const options = { answers: window.mlsysimPrerenderedAnswers || null };
    if (root.hasAttribute('data-prerendered') && !root.classList.contains('mlsysim-pending')) {
      // the prerendered first result is not replaced by the live view before it is on
      // screen (replacing it sooner gained no measurable time to interactive, and hid
      // that paint from Element Timing); the module compiles meanwhile
      [m] = await Promise.all([createMlsysim(options), firstResultPainted()]);
    } else m = await createMlsysim(options);
    window.mlsysimApp = new App(m);
    await window.mlsysimApp.loadPresetFile(new URLSearchParams(location.search).get('preset-file'));
    window.mlsysimApp.start();
  } catch (e) {
    // what failed and what to do, in a reader's words (startup.mjs: the same text as the embeds')
    const { text, detail } = startupFailure(e);
    $('status').textContent = text;
    $('status').className = 'status failed';
    $('status').hidden = false;  // above a prerendered view, which is inert again: typing into it would go nowhere
    $('app').setAttribute('inert', '');
    $('status').after(failureDetails(detail));
    document.body.dataset.ready = 'error';
    throw e;
  }
}

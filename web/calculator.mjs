// One scenario: its generated form and a card per property with its value, its equation
// and the same equation with the inputs substituted. `ScenarioView` is the one
// implementation, shared by the page's calculator view (`Calculator`, below), the iframe
// embed (embed.mjs) and the custom element (mlsysim-element.mjs). It never looks an
// element up by id in the document, so it works inside a shadow root, and several can
// live on one page.
import { $, el, mathml, breakable, breakablePaths, enterToResults } from './dom.mjs';
import { fieldControl, showEntryFacts, listedEntry, evaluateTexts, formText, usesInput, symbolItem, CUSTOM } from './fields.mjs';
import { settings, timeFixed, fixedTimeWord, PLAIN_NUMBER, exactText, cardUnit, numberText, humanText, valueText, propertyValueText, withEscapesExplained, keepTogether, ruleSpaces, sentences, andList, INPUT_UNAVAILABLE } from './format.mjs';
import { fitBoxes } from './fit.mjs';

const ANNOUNCE_DELAY_MS = 900;  // a burst of typing is announced once, when it pauses
// A new error of the field being typed in is shown when the typing pauses this long, or when
// the reader leaves the field: "1" is no mistake of someone typing "1.5 GB". An error
// already shown follows the text at once, and a valid text clears it at once.
const TYPING_PAUSE_MS = ANNOUNCE_DELAY_MS;

/** The kind of a field, as its badge shows it: "time", "integer", "workload"... */
export function fieldKind(f) {
  // a quantity by what it measures ("bandwidth", "bytes per parameter"), as its rule says it
  const measures = (f.dimension_phrase || f.dimension || '').replace(/^an? /, '');
  return f.type === 'quantity' ? measures : f.type === 'int' ? 'integer' : f.type === 'float' ? 'number' : f.type;
}

/** Property `p`'s equation as text: its typeset line's accessible name and text form. */
const equationText = (p) => `${p.name} = ${p.equation}`;
const SUPERSCRIPT = { '-': '⁻', '+': '', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };
/** `text` with each number in e-notation written as the typeset lines write it: "7.06e10"
 *  as "7.06×10¹⁰" (a new user's review: a card's text line and its typeset twin wrote the
 *  same number two ways). A name is left as it is. */
const powersOfTen = (text) => text.replace(/(^|[^\w.])(\d+(?:\.\d+)?)e([+-]?\d+)(?![\w.])/g,
  (_, before, mantissa, exponent) => `${before}${mantissa}×10${[...exponent].map((c) => SUPERSCRIPT[c]).join('')}`);
/** A line as text, for a card too narrow for it typeset (fit.mjs, `.linear`): its "name = "
 *  in a span of its own, which style.css hides as the typeset line's `.short` step does
 *  (the card's title names it), then `rest`, a number kept with its unit. */
const linearText = (name, rest) => el('span', { class: 'linear-text', 'aria-hidden': 'true' },
  el('span', { class: 'linear-name', text: `${name} = ` }), ...linearCases(powersOfTen(rest)));

/** A piecewise line as text ("A when c; B otherwise", as the core writes one) in one block
 *  per case, a condition on a line of its own under its expression (style.css): run on, "…
 *  − checkpoint_write_time when checkpoint_write_time < 2 × M; M otherwise" read as one
 *  expression on a phone (a re-checker's trial). The text is unchanged. Another line is
 *  its text, kept together where it should not break (keepTogether). */
function linearCases(rest) {
  if (!/ otherwise$/.test(rest) || !rest.includes('; ')) return [keepTogether(rest)];
  const cases = rest.split('; ');
  return cases.map((c, k) => {
    const lead = k ? ' ' : '', tail = k < cases.length - 1 ? ';' : '';
    // the case's own " when " (the last outside parentheses), not one in a note inside it
    let at = -1, depth = 0;
    for (let i = 0; i < c.length; i++) {
      if (c[i] === '(') depth++;
      else if (c[i] === ')') depth--;
      else if (depth === 0 && c.startsWith(' when ', i)) at = i;
    }
    return at < 0 ? el('span', { class: 'case' }, keepTogether(lead + c + tail))
      : el('span', { class: 'case' }, keepTogether(lead + c.slice(0, at)), el('span', { class: 'condition' }, ` ${keepTogether(c.slice(at + 1) + tail)}`));  // (a space a block's start drops)
  });
}

/** Sets `node`'s text, unless it already reads so: an unchanged text is not laid out again. */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** A field's rule as its help line shows it: "Rule: integer >= 1.", a comparison kept on
 *  one line with its bound (it broke as "integer >= / 1."). */
const ruleText = (f) => `Rule: ${ruleSpaces(f.rule)}.`;

export class ScenarioView {
  /**
   * parts: containers {fields, properties, warnings, stale, print?, announce?, results?,
   *   peek? (a hidden bar with a .peek-text: see peek(); needs results)}.
   * opts: {
   *   m, type (a listScenarioTypes() entry), registry (fields.mjs registryMap: the kinds by name),
   *   idBase ('' by default: ids in-NAME, help-NAME, err-NAME),
   *   show, editable, properties: arrays of names in the order shown, or null for all
   *     (fields in `editable` are shown; a shown field not in `editable` is read-only),
   *   prefs() -> display prefs, label() -> the scenario's name for print and speech,
   *   preset (name or null: the Result then says so, as evaluatePreset would),
   *   onUpdate(texts, edited) after each evaluation,
   *   useIn(link, text): carries a result into another type (a property's `links`:
   *     {type, field}; `text` is the value as that field's input text); without it the
   *     cards offer no "use in" button,
   *   adopt: true when `parts.properties` holds this type's prerendered cards
   *     (scripts/prerender.mjs, fitted by web/boot.js): the first build takes them over
   *     (buildCards) rather than laying out new copies,
   *   predict: names of properties whose value waits for the reader's prediction (see
   *     predictBox), onPrediction({property, predicted, actual, unit, inputs}) after each
   *     checked prediction (values in the property's canonical unit `unit`; inputs: the
   *     Result's normalized inputs), onHeld(pending) after each render: the predicted
   *     properties still waiting ([] when none), for a page to hold what else would tell
   *     them (a preset's summary that quotes the book's figure),
   * }
   */
  constructor(parts, opts) {
    this.parts = parts;
    this.opts = { idBase: '', show: null, editable: null, properties: null, preset: null, predict: [], adopt: false, onUpdate: () => {}, onPrediction: () => {}, onHeld: () => {}, ...opts };
    // per predicted property: {revealed, value (as revealed), history: [{text, predicted, actual}]}; kept for
    // the life of the view (this session's predictions)
    this.predictions = new Map(this.opts.predict.map((n) => [n, { revealed: false, history: [] }]));
    this.type = opts.type;
    this.controls = new Map();
    this.rows = new Map();
    this.cards = new Map();
    this.texts = {};
    this.lastGood = null;
    this.result = null;
    this.announced = new Map();
    this.timer = null;
    this.adopted = false;  // the cards were taken over from the prerendered view (buildCards)
    this.width = undefined;  // the cards' width at the last resize report
    this.held = new Map();  // {field → text} read instead of a control taken over, until carried (build)
    // the fields the reader has edited since the form was built: a required field not
    // given and not yet edited waits for its value, without an error of its own (update)
    this.edited = new Set();
    this.unfilled = [];  // the required fields not given and not edited, as of the last update
  }

  /** Fields shown, in order (declarations in the order asked for). */
  shownFields() {
    const { show, editable } = this.opts;
    const byName = new Map(this.type.fields.map((f) => [f.name, f]));
    if (!show) return this.type.fields;  // all, in declaration order
    const names = [...new Set([...show, ...(editable || [])])];
    return names.filter((n) => byName.has(n)).map((n) => byName.get(n));
  }

  /** True while property `name` waits for the reader's prediction, or shows the value of
   *  one that does (heldBy): its value, its substituted work and anything that would tell
   *  it are kept out of the page. */
  isHidden(name) {
    const st = this.predictions.get(name);
    if (!st) return this.heldBy(name).length > 0;
    if (st.revealed) return false;
    // a property with no value for these inputs has nothing to predict: it says why
    const p = this.rendered && this.rendered.properties[name];
    return !(p && 'error' in p && !this.waiting(p));
  }

  /** True for a property error that only waits for an input being corrected. */
  waiting(p) {
    return this.renderedStale && INPUT_UNAVAILABLE.test(p.error);
  }

  /** The predicted properties, still waiting, whose value property `name` (not predicted
   *  itself) shows: its text is theirs. CheckpointIntervalScenario's interval
   *  is young_interval when no checkpoint_interval is given (an instructor's trial saw the
   *  answer there), young_interval is interval for a prediction of interval, and
   *  rework_overhead equals checkpoint_overhead at Young's interval (an attacker's): a card
   *  computed from the value, from what it is computed from, or beside it alike. A value
   *  that reads otherwise is shown (cost beside iteration_time), its work not when it
   *  quotes a value waiting (hiddenInputsOf). */
  heldBy(name) {
    if (!this.predictions.size) return [];  // (every card of every render asks)
    const r = this.rendered || this.result;
    const p = r && r.properties[name];
    if (!p || !('value' in p)) return [];
    return [...this.predictions.keys()].filter((u) => {
      // the same text, whatever the unit ("8" accelerators_per_node beside a ratio of 8: a
      // re-checker's trial), or the same value in the same unit
      const q = u !== name && r.properties[u];
      return q && 'value' in q && this.isHidden(u) &&
        (q.text === p.text || (q.unit === p.unit && q.value === p.value));
    });
  }

  /** The properties still waiting for the reader's prediction. */
  hiddenPredictions() {
    return [...this.predictions.keys()].filter((n) => this.cards.has(n) && this.isHidden(n));
  }

  /** The hidden properties that property `name`'s equation reads: its substituted work
   *  would quote their values, so it waits with them. */
  hiddenInputsOf(name) {
    const prop = this.type.properties.find((x) => x.name === name);
    return prop ? prop.uses.filter((d) => this.isHidden(d)) : [];
  }

  /** The Result as the page may show it: a property waiting for its prediction is
   *  {error: "…: shown after your prediction"} (exports, the element's result, the
   *  widget's model), and no substituted work quotes it. Null when there is no result. */
  visibleResult() {
    const r = this.result;
    if (!r) return null;
    const properties = {};
    for (const [name, p] of Object.entries(r.properties)) {
      if (this.isHidden(name)) properties[name] = { error: `${name}: shown after your prediction` };
      else if (p.work && this.hiddenInputsOf(name).length) { const { work, ...rest } = p; properties[name] = rest; }
      else properties[name] = p;
    }
    // and no warning that quotes one (as shownWarnings says them: the exports and the
    // element's result carried "interval 7 min is more than a tenth…": a re-checker's trial)
    return { ...r, properties, warnings: this.shownWarnings(r) };
  }

  isEditable(name) {
    return !this.opts.editable || this.opts.editable.includes(name);
  }

  shownProperties() {
    const { properties } = this.opts;
    if (!properties) return this.type.properties;
    const byName = new Map(this.type.properties.map((p) => [p.name, p]));
    return properties.filter((n) => byName.has(n)).map((n) => byName.get(n));
  }

  /** Every equation and substituted work line fits its card, so that its final "= value"
   *  is always in view (a reader never scrolls sideways for a result): typeset math that is
   *  too wide is set smaller, in steps, and when even the smallest step is too wide the
   *  line is written out as text, which wraps at its spaces (web/fit.mjs, the one rule). */
  fitEquations(all = true) {
    const boxes = [];
    for (const c of this.cards.values()) {
      // or only those whose content changed since (render): the others keep their step
      for (const box of all ? c.card.querySelectorAll('.equation, .work') : c.unfitted)
        if (!box.hidden && box.firstElementChild) boxes.push(box);
      c.unfitted = [];
    }
    fitBoxes(boxes);
  }

  /** True while the adopted cards' view is as wide as when web/boot.js fitted it
   *  (fit.mjs fitView's data-fitted-width): a frame resized while hidden, or a phone turned
   *  in a background tab, reports its new width only once shown again (read in a resize
   *  report, after layout: free). */
  fittedAsShown() {
    const scope = this.parts.properties.closest('[data-fitted-width]');
    return !!scope && scope.getBoundingClientRect().width === Number(scope.dataset.fittedWidth);
  }

  /** Stops the pending announcement and the resize observer (before a view is replaced). */
  destroy() {
    clearTimeout(this.timer);
    clearTimeout(this.typingTimer);
    cancelAnimationFrame(this.scrollCheck);
    if (this.resizes) this.resizes.disconnect();
    if (this.peekSeen) this.peekSeen.disconnect();
    if (this.parts.peek) this.parts.peek.hidden = true;
    // what it last said may hold a value the next view asks a prediction of (an attacker:
    // "young_interval is 14.24 min." stayed in the status after a preset change)
    if (this.parts.announce) this.parts.announce.textContent = '';
  }

  /** Builds the rows and cards for form texts `texts` ({field: text}) and evaluates. */
  build(texts) {
    this.texts = { ...texts };
    this.lastGood = null;
    this.edited.clear();
    this.controls.clear();
    this.rows.clear();
    this.announced.clear();
    // the prerendered view's own rows (opts.adopt, as its cards in buildCards): taken over,
    // so that an input being typed in when the view goes live keeps its caret, a
    // composition under way and its undo history
    const shown = this.opts.adopt ? new Map([...this.parts.fields.children].map((r) => [r.dataset.field, r])) : null;
    const rows = this.shownFields().map((f) => this.fieldRow(f, this.texts[f.name], shown && shown.get(f.name)));
    const now = [...this.parts.fields.children];
    if (rows.length !== now.length || rows.some((r, k) => r !== now[k])) this.parts.fields.replaceChildren(...rows);
    this.buildCards();
    // the evaluations read the form's texts, also where a row taken over shows what the
    // reader typed before live (fieldControl `typed`), until carry() makes each an edit in
    // turn (in this task: the reader's next keystroke reads every input)
    this.held = new Map([...this.controls].filter(([, c]) => c.typed).map(([n]) => [n, this.texts[n] ?? '']));
    if (this.held.size) queueMicrotask(() => this.held.clear());
    this.update(false);
    if (!this.resizes) {
      this.resizes = new ResizeObserver(([entry]) => {
        const width = entry.contentRect.width;
        const same = width === this.width || (this.width === undefined && this.adopted && this.fittedAsShown());
        this.width = width;
        if (!same) this.fitEquations();
      });
      this.resizes.observe(this.parts.properties);
    }
  }

  /** Field `f`'s row showing `text` (registered in this.controls and this.rows): the
   *  prerendered row `shown` taken over when it is the row this would build, else new. */
  fieldRow(f, text, shown = null) {
    const id = (kind) => `${this.opts.idBase}${kind}-${f.name}`;
    // (optional says the reader may leave it empty: nothing to a value they cannot change)
    const kind = fieldKind(f) + (f.required || !this.isEditable(f.name) ? '' : ' · optional');
    if (shown && this.isEditable(f.name)) {
      const row = this.adoptRow(f, text, shown, id, kind);
      if (row) return row;
    }
    // a read-only value has no rule to keep: the reader cannot change it
    const editable = this.isEditable(f.name);
    const help = el('p', { id: id('help'), class: 'help' }, el('span', { text: editable ? `${f.doc} ` : f.doc }),
      editable ? el('span', { class: 'rule', text: ruleText(f) }) : null);
    const error = el('p', { id: id('err'), class: 'field-error', hidden: true });
    const badge = el('span', { class: 'unit', text: kind });
    let row;
    if (editable) {
      const control = fieldControl(f, text, this.opts.registry, (e) => this.edit(f.name, e), `${this.opts.idBase}in-`);
      for (const box of control.boxes) box.setAttribute('aria-describedby', `${id('help')} ${id('err')}`);
      control.node.addEventListener('focusout', () => this.typed(f.name));
      row = el('div', { class: 'field', 'data-field': f.name },
        el('div', { class: 'field-head' },
          el('label', { for: id('in'), class: 'field-name' }, el('code', { text: f.name })), badge),
        control.node, help, error);
      this.controls.set(f.name, control);
    } else {
      // shown, not editable: the value as text, named by its heading; a registry entry's
      // numbers under its name, as the menu shows them (a student asked to predict from them
      // saw only "H100")
      // (" H100 " as the module reads it; an entry given inline as JSON, once evaluated:
      // its name and numbers, not its JSON: render, showInlineEntry)
      const kindOf = !f.numeric && this.opts.registry && this.opts.registry[f.type];
      const entry = kindOf && kindOf.entries.find((e) => e.name === text.trim());
      const facts = kindOf ? el('p', { class: 'entry-facts', id: id('facts'), hidden: !entry }) : null;
      if (entry) showEntryFacts(facts, kindOf, entry);
      const fixed = el('p', { class: 'fixed-value', id: id('in'), 'aria-describedby': `${id('name')} ${facts ? `${id('facts')} ` : ''}${id('help')} ${id('err')}`, text: text || '(default)' });
      row = el('div', { class: 'field readonly', 'data-field': f.name },
        el('div', { class: 'field-head' }, el('span', { class: 'field-name', id: id('name') }, el('code', { text: f.name })), badge),
        fixed, ...(facts ? [facts] : []), help, error);
      if (kindOf && !entry && text.trim()) {
        this.rows.set(f.name, { row, error, inline: { kind: kindOf, facts, fixed, text } });
        return row;
      }
    }
    this.rows.set(f.name, { row, error });
    return row;
  }

  /** The prerendered row `row` of editable field `f` (ids by `id(kind)`, its badge's text
   *  `kind`), taken over with its control (fields.mjs fieldControl), or null when it is
   *  not the row fieldRow would build. */
  adoptRow(f, text, row, id, kind) {
    const [head, control, help, error] = row.children;
    const label = head && head.querySelector(':scope > label.field-name');
    if (row.children.length !== 4 || !row.matches('div.field:not(.readonly)') || row.dataset.field !== f.name ||
        !label || label.getAttribute('for') !== id('in') || label.textContent !== f.name ||
        head.querySelector(':scope > .unit')?.textContent !== kind || help.id !== id('help') ||
        help.textContent !== `${f.doc} ${ruleText(f)}` || error.id !== id('err') || !error.matches('p.field-error')) return null;
    const c = fieldControl(f, text, this.opts.registry, (e) => this.edit(f.name, e), `${this.opts.idBase}in-`, control);
    if (!c) return null;
    for (const box of c.boxes) box.setAttribute('aria-describedby', `${id('help')} ${id('err')}`);
    c.node.addEventListener('focusout', () => this.typed(f.name));
    this.controls.set(f.name, c);
    this.rows.set(f.name, { row, error });
    return row;
  }

  buildCards() {
    this.cards.clear();
    // the prerendered view's own cards (opts.adopt, the first build only): made by this
    // code from the same declaration (scripts/prerender.mjs) and fitted (boot.js), so the
    // live view takes them over as they are, its listeners added, instead of laying out a
    // copy of them a second time (docs/performance.md, "Hydration")
    const shown = this.opts.adopt ? new Map([...this.parts.properties.children].map((c) => [c.dataset.property, c])) : null;
    this.opts.adopt = false;
    this.adopted = !!shown;  // its lines are fitted: the first resize report is no change if the width is the same
    const cards = this.shownProperties().map((p) => this.adoptCard(p, shown && shown.get(p.name)) || this.newCard(p));
    const now = [...this.parts.properties.children];
    if (cards.length !== now.length || cards.some((c, k) => c !== now[k])) this.parts.properties.replaceChildren(...cards);
  }

  /** "Use in …" on property `p`'s card: carries this result into the type that takes it. */
  useInButton(p, link, b = null) {
    b ||= el('button', { type: 'button', class: 'action use-in', 'data-link': `${link.type}.${link.field}`,
      text: `Use in ${link.type} (${link.field})`, title: `open ${link.type} with ${link.field} set to this value` });
    b.addEventListener('click', () => {
      const r = this.result && this.result.properties[p.name];
      if (r && 'value' in r) this.opts.useIn(link, this.linkText(link, r.value));
    });
    return b;
  }

  /** Property `p`'s card, built (and registered in this.cards). */
  newCard(p) {
    // elementtiming: the browser reports when this text is first painted (the bench's
    // "first result painted", docs/performance.md)
    const value = el('span', { class: 'value', elementtiming: 'mlsysim:first-result' });
    const exact = el('span', { class: 'exact' });
    // role img: the text label is what a screen reader says (MathML support varies)
    const work = el('div', { class: 'work', role: 'img', 'aria-label': `${p.name} with the inputs substituted` });
    const better = p.better ? el('span', { class: 'better', text: `${p.better} is better` }) : null;
    const uses = this.opts.useIn ? (p.links || []).map((link) => this.useInButton(p, link)) : [];
    const predict = this.predictions.has(p.name) ? this.predictBox(p) : null;
    // the equation's remark ("0 when N = 1") under it, as text that wraps: inside the
    // typeset line it made the line too wide for a phone (the core leaves it out of mathml)
    const equation = el('div', { class: 'equation', role: 'img', 'aria-label': equationText(p) }, mathml(p.mathml),
      p.note ? el('span', { class: 'equation-note', text: `(${p.note})` }) : null, linearText(p.name, p.equation));
    const card = el('article', { class: 'property', 'data-property': p.name },
      el('h4', {}, el('code', { text: p.name }), better),
      el('p', { class: 'reading' }, value, exact),
      predict ? predict.node : null,
      equation,
      work,
      el('p', { class: 'doc', text: p.doc }),
      p.source ? el('p', { class: 'source' }, ...breakablePaths(`Source: ${p.source}`)) : null,
      uses.length ? el('p', { class: 'uses' }, ...uses) : null,
      predict ? predict.history : null);
    this.cards.set(p.name, { card, value, exact, work, uses, predict, unfitted: [equation, work] });
    return card;
  }

  /** The prerendered card `card` of property `p`, taken over (and registered), or null
   *  when it is not the card newCard would make in its place: no card, another property
   *  or equation, a prediction's card, other "use in" buttons. */
  adoptCard(p, card) {
    if (!card || this.predictions.has(p.name) || card.querySelector('h4 code')?.textContent !== p.name) return null;
    const [value, exact, equation, work] = ['.reading .value', '.reading .exact', ':scope > .equation', ':scope > .work'].map((q) => card.querySelector(q));
    const links = this.opts.useIn ? p.links || [] : [];
    const buttons = [...card.querySelectorAll(':scope > .uses button')];
    if (!value || !exact || !work || !equation || equation.getAttribute('aria-label') !== equationText(p) ||
        card.querySelector(':scope > .doc')?.textContent !== p.doc ||
        buttons.length !== links.length || buttons.some((b, k) => b.dataset.link !== `${links[k].type}.${links[k].field}`)) return null;
    // the live view says when they can be used (render), not the prerendered view's opener
    const uses = buttons.map((b, k) => (b.removeAttribute('data-until-live'), this.useInButton(p, links[k], b)));
    this.cards.set(p.name, { card, value, exact, work, uses, predict: null, unfitted: [] });
    return card;
  }

  /** Makes the reader's edits `texts` ({field: text}, typed into the prerendered view
   *  before this one: fields.mjs takeTyped) as if typed here, each through its control's
   *  own event: an invalid text keeps the results of the last valid one, "Custom… (JSON)"
   *  opens its box with a copy of the entry, and the announcement names what changed. A
   *  text equal to the form's is no edit. */
  carry(texts) {
    for (const [name, text] of Object.entries(texts)) {
      const c = this.controls.get(name);
      if (!c) continue;
      // a menu put on another entry, then on "Custom… (JSON)": both choices, as live, so
      // that the custom entry starts as a copy of the entry chosen (until-live.mjs)
      const via = c.input.getAttribute('data-chosen');
      if (text === CUSTOM && via && c.input.value !== via && [...c.input.options].some((o) => o.value === via && !o.disabled)) {
        c.input.value = via;
        c.input.dispatchEvent(new Event('change', { bubbles: true }));
      }
      const edit = c.typed || c.input.value !== text;
      if (c.typed) c.typed = false, this.held.delete(name);  // taken over: it shows the text already (fieldControl)
      else if (edit) c.input.value = text;
      if (edit) c.input.dispatchEvent(new Event(c.input.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
      // until-live.mjs's marks (set again by these events while the view is busy): the live view's own edit now
      c.input.removeAttribute('data-typed');
      c.input.removeAttribute('data-chosen');
    }
  }

  /** The reader edited field `name` (`event`: the control's input event, if any):
   *  re-evaluates. When the edit is a keystroke (one character typed or a deletion), a new
   *  error of `name` waits for a pause in the typing (TYPING_PAUSE_MS) or for the reader to
   *  leave the field; a whole text at once (pasted, chosen, carried over) shows it at once. */
  edit(name, event) {
    this.edited.add(name);
    if (this.parts.peek) this.parts.peek.hidden = true;  // typing again: the bar waits for the next pause
    clearTimeout(this.typingTimer);
    const keystroke = event instanceof InputEvent &&
      (event.inputType.startsWith('delete') || (event.inputType === 'insertText' && event.data?.length === 1));
    if (!keystroke && this.typingIn === name) this.keepGood(name);  // a burst ended by a whole text: its last value
    this.typingIn = keystroke ? name : null;
    if (keystroke) this.typingTimer = setTimeout(() => this.typed(name), TYPING_PAUSE_MS);
    this.update(true);
  }

  /** Enter in the field being typed in: its error, if any, is shown now, not after the
   *  pause (so Enter, which goes to the results, sees it: an attacker's "0" then Enter). */
  commitTyping() {
    if (this.typingIn) this.typed(this.typingIn);
  }

  /** The reader paused in, or left, field `name`: its error, if any, is shown, or its
   *  value becomes its last valid one. */
  typed(name) {
    if (this.typingIn !== name) return;
    clearTimeout(this.typingTimer);
    this.typingIn = null;
    this.keepGood(name);
    if (this.errorsShown) this.showErrors(this.errorsShown);
  }

  /** Keeps field `name`'s value in the last evaluation as its last valid one, if valid. */
  keepGood(name) {
    const r = this.evaluated;
    if (r && !this.errorsShown?.errors.has(name) && r.inputs[name] != null) (this.lastGood ||= {})[name] = r.inputs[name];
  }

  /** Re-evaluates the form; `edited` is true when the user changed something. */
  update(edited) {
    const texts = { ...this.texts };  // hidden fields, and fields a link names that the type lacks, stay
    for (const [name, c] of this.controls) texts[name] = this.held.has(name) ? this.held.get(name) : c.get();
    this.texts = texts;
    const prefs = this.opts.prefs();
    const { result, errors, missing, general, standIns } = evaluateTexts(this.opts.m, this.type, texts, this.lastGood, { ...settings(prefs), work: true });
    // an edit that changes a revealed value asks for a new prediction: the value hides
    // again (the history stays). One that leaves it as it was keeps it shown (a course
    // author's trial: checkpoint_interval 4 h hid young_interval, which does not depend on
    // it, while "Your predictions" under the card still quoted it)
    if (edited) {
      for (const [name, st] of this.predictions) {
        const now = result && result.properties[name];
        if (st.revealed && !(now && 'value' in now && now.value === st.value)) { st.revealed = false; this.clearPrediction(name); }
      }
    }
    // a required input not given that the reader has not edited yet (a blank form) is not
    // an error of theirs: its row and the results that need it wait, and the notice says
    // what to fill in
    this.unfilled = [...missing].filter((f) => !this.edited.has(f));
    this.showErrors({ errors, missing, general, standIns });
    if (result && this.opts.preset) result.preset = this.opts.preset;
    const ok = errors.size === 0 && !general;
    // each field's last valid value, to stand in while it is being corrected; of the field
    // being typed in, the value it has when the typing pauses (typed): the "0" on the way
    // to "0.7 kW" is no value of the reader's (the results had stood on 0 W)
    this.evaluated = result;
    if (result) for (const f of this.type.fields) if (f.name !== this.typingIn) this.keepGood(f.name);
    this.result = ok ? result : null;
    this.invalid = ok ? [] : [...new Set([...errors.keys(), ...(general ? ['an input'] : [])])];  // what keeps it from a result
    this.standIns = ok ? [] : standIns;
    this.render(result, !ok);
    if (edited) this.scheduleAnnouncement([...errors.values(), ...(general ? [general] : [])]);
    else for (const name of this.cards.keys()) this.announced.set(name, this.shown(name));  // the baseline
    this.opts.onUpdate(texts, edited);
  }

  /** Shows the errors of the last evaluation beside their fields and above the results,
   *  except a new one of the field being typed in (edit). */
  showErrors(shown) {
    this.errorsShown = shown;
    const { missing, general, standIns } = shown;
    const held = this.typingIn && shown.errors.has(this.typingIn) && !this.rows.get(this.typingIn)?.row.classList.contains('invalid');
    const errors = held ? new Map([...shown.errors].filter(([f]) => f !== this.typingIn)) : shown.errors;
    for (const [name, { row, error }] of this.rows) {
      const waits = this.unfilled.includes(name);
      const msg = waits ? undefined : errors.get(name);
      error.textContent = msg ? withEscapesExplained(msg) : '';
      error.hidden = !msg;
      row.classList.toggle('invalid', !!msg);
      row.classList.toggle('waiting', waits);
      const c = this.controls.get(name);
      if (c) for (const box of c.boxes) box.setAttribute('aria-invalid', msg ? 'true' : 'false');
    }
    // an error no shown field can show (a hidden field's, an unknown field's) goes above the results
    const unshown = [...errors].filter(([f]) => !this.rows.has(f)).map(([, msg]) => msg);
    const notice = this.parts.stale;
    notice.hidden = errors.size === 0 && !general;
    notice.textContent = sentences([general, ...unshown, errors.size ? this.errorSummary(errors, missing, standIns.filter((f) => errors.has(f))) : '']);
  }

  render(result, stale) {
    const prefs = this.opts.prefs();
    if (this.parts.results) this.parts.results.classList.toggle('is-stale', stale);
    this.rendered = result;
    this.renderedStale = stale;
    this.parts.warnings.replaceChildren(...this.shownWarnings(result).map((w) => el('li', { text: w })));
    for (const [name, { inline }] of this.rows) if (inline) this.showInlineEntry(name, inline, result);
    for (const [name, entry] of this.cards) {
      const { card, value, exact, work, uses, predict } = entry;
      const p = result && result.properties[name];
      if (predict) this.renderPrediction(name, predict, p, stale);
      if (this.isHidden(name)) {
        // nothing of the value in the page: no text, no work, no accessible name
        // a predicted card asks (its reading hidden); one computed from it says what it waits for
        card.classList.add(predict ? 'awaiting' : 'held');
        card.classList.remove('unavailable', 'waiting', 'stale');
        value.textContent = '';
        exact.textContent = predict ? '' : `shown after your prediction of ${this.heldBy(name).join(', ')}`;
        this.hideWork(work, name);
        for (const b of uses) b.disabled = true;
        continue;
      }
      card.classList.remove('awaiting', 'held');
      card.classList.toggle('unavailable', !p || 'error' in p);
      const prop = this.type.properties.find((x) => x.name === name);
      card.classList.toggle('stale', stale && (this.standIns || []).some((f) => usesInput(this.type, prop, f)));
      for (const b of uses) b.disabled = !p || 'error' in p || stale;
      // waits for inputs of a blank form not filled in yet: each of them, in the small print
      const needs = p && 'error' in p && / needs [a-z_0-9]+, which was not given$/.test(p.error)
        ? this.unfilled.filter((f) => usesInput(this.type, prop, f)) : [];
      card.classList.toggle('waiting', needs.length > 0);
      if (needs.length) {
        value.textContent = '—';
        exact.textContent = `needs ${needs.join(', ')}`;
        this.hideWork(work, name);
      } else if (!p || ('error' in p && INPUT_UNAVAILABLE.test(p.error) && stale)) {
        // waits for an input the reader is correcting: a dash, with the reason in the small print
        value.textContent = '—';
        exact.textContent = p ? p.error : '';
        this.hideWork(work, name);
      } else if ('error' in p) {
        value.textContent = 'unavailable';
        exact.textContent = p.error;
        this.hideWork(work, name);
      } else if (this.hiddenInputsOf(name).length) {
        // its work would quote a value still waiting for its prediction
        value.textContent = p.text;
        exact.textContent = exactText(p, prop, value.textContent, prefs);
        this.hideWork(work, name);
      } else {
        setText(value, p.text);
        setText(exact, exactText(p, prop, p.text, prefs));
        // the work ends in the result as the display units show it; a line that reads the
        // same (its label says it all) is left as it is, fitted, as are the texts above
        const rest = `${p.work.text} = ${p.text}`, line = `${name} = ${rest}`;
        if (work.hidden || !work.firstElementChild || work.getAttribute('aria-label') !== line) {
          const math = mathml(p.work.mathml);
          const texts = math.getElementsByTagNameNS('http://www.w3.org/1998/Math/MathML', 'mtext');
          if (texts.length) texts[texts.length - 1].textContent = p.text;
          work.replaceChildren(math, linearText(name, rest));
          work.hidden = false;
          work.setAttribute('aria-label', line);
          entry.unfitted.push(work);
        }
      }
    }
    this.renderPrint(result);
    this.opts.onHeld(this.hiddenPredictions());
    // in the next frame, when the browser lays the cards out anyway: reading widths now
    // would force a layout per render (76 ms of a cold start)
    if (!this.scrollCheck) this.scrollCheck = requestAnimationFrame(() => { this.scrollCheck = 0; this.fitEquations(false); });
  }

  /** Warnings of `result` as shown: one that holds the value of a property still waiting
   *  for its prediction (a warning may quote a result, "speedup 5.71") waits with it. */
  /** A read-only registry field given inline as JSON (an embed's i.hardware={…}): once the
   *  module has read it, its name and numbers as a listed entry's are shown (entryFacts),
   *  not the JSON, which a student had to read as code; until then, or when it is refused,
   *  the text as given. */
  showInlineEntry(name, { kind, facts, fixed, text }, result) {
    const given = result && result.inputs && result.inputs[name];
    const entry = given && typeof given === 'object'
      ? { ...listedEntry(given), source: `${typeof given.source === 'string' && given.source ? `${given.source}; ` : ''}given inline by this page, not a registry entry`, sources: {} } : null;
    facts.hidden = !entry;
    fixed.textContent = entry ? entry.name || '(unnamed)' : text;
    if (entry) showEntryFacts(facts, kind, entry);
  }

  shownWarnings(result) {
    if (!result) return [];
    const hidden = [...this.predictions.keys()].filter((n) => this.isHidden(n));
    // two held warnings read the same: said once (a re-checker's trial)
    return [...new Set(result.warnings.map((w) => {
      const tells = hidden.filter((n) => {
        const p = result.properties[n];
        return p && 'text' in p && w.includes(p.text);
      });
      // (after "Warning:"; "A warning about … is shown …" read as a warning about a warning)
      return tells.length ? `It quotes the value of ${andList(tells)}, so it waits for your prediction.` : w;
    }))];
  }

  /**
   * The prediction controls of a predicted property's card: a labelled input that takes
   * what a field of the property's dimension takes ("5", "40 USD", "2 h"), Check (Enter
   * works) and Show me; below them, once checked, the verdict; under the card, this
   * session's predictions. Returns {node, input, error, verdict, history}.
   */
  predictBox(p) {
    const id = (kind) => `${this.opts.idBase}${kind}-${p.name}`;
    const input = el('input', { type: 'text', id: id('predict'), class: 'predict-input', autocomplete: 'off', spellcheck: 'false',
      'aria-describedby': `${id('predict-help')} ${id('predict-err')}`, 'aria-invalid': 'false' });
    const error = el('p', { id: id('predict-err'), class: 'field-error', hidden: true });
    const verdict = el('p', { class: 'verdict', hidden: true });
    const check = el('button', { type: 'button', class: 'action check', text: 'Check' });
    const help = el('p', { class: 'help', id: id('predict-help'), text: this.predictHelp(p) });
    const reveal = el('button', { type: 'button', class: 'action reveal', text: 'Show me' });
    const history = el('div', { class: 'predict-history', hidden: true },
      el('p', { class: 'predict-history-title', text: 'Your predictions' }), el('ol', {}));
    check.addEventListener('click', () => this.checkPrediction(p.name));
    reveal.addEventListener('click', () => this.revealPrediction(p.name, null));
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); this.checkPrediction(p.name); } });
    const ask = el('div', { class: 'predict-ask' },
      el('label', { for: id('predict'), class: 'predict-label', text: 'Your prediction' }),
      el('div', { class: 'predict-row' }, input, check, reveal),
      help, error);
    const node = el('div', { class: 'predict' }, ask, verdict);
    return { node, ask, input, error, verdict, history, check, reveal, help };
  }

  /** The one unit property `p`'s card is always written in, in which a bare number is
   *  read: the Time setting's for a time when it fixes one (a new user's trial: an embed
   *  with time=min asked for "a value in s"), else its display unit ("tokens/s"), US
   *  dollars for money (its card is in dollars whatever its size: "$36.8 million", and a
   *  rate per hour: "$1.37/h"; a course author's trial: the help asked for "a value in
   *  USD/h", and "1.4" was refused), or ''. */
  fixedUnit(p) {
    const prefs = this.opts.prefs();
    if (timeFixed(p.unit, prefs)) return prefs.time;
    if (p.display_unit) return p.display_unit;
    if (p.unit === 'USD' || p.unit === 'USD/s') return cardUnit(p);
    return this.countLabel(p) || this.unscaled(p) ? p.unit : '';
  }

  /** True when property `p`'s cards count things with a label ("256 samples", "12,500
   *  iterations"): the label is its unit at every size. */
  countLabel(p) {
    const at = p.unit && p.unit !== 'count' ? this.opts.m.displayScale(1e12, p.unit) : null;
    return !!at && at.factor === 1 && at.unit === p.unit;
  }

  /** True when no result of property `p`'s unit is scaled (byte/param, flop/byte): its card
   *  is always written in it, so a bare number is read in it (a re-checker's trial: "16"
   *  for state_bytes_per_param was refused for want of a unit). */
  unscaled(p) {
    return !!p.unit && p.unit !== 'count' && this.opts.m.displayScale(1, p.unit) === null;
  }

  /** What property `p`'s prediction box asks for, in the unit its card is written in
   *  ("tokens/s", not "1/s"; money rates per hour; the Time setting's unit). A card
   *  scaled by its size (625 ms, 14.24 min, 2.45 TB) reads no bare number: its help says
   *  the value needs its unit (it had said "a value in s", and "854" was refused). */
  predictHelp(p) {
    const prefs = this.opts.prefs();
    const fixed = this.fixedUnit(p);
    const word = (timeFixed(p.unit, prefs) && fixedTimeWord(prefs)) || fixed;
    const scaled = cardUnit(p);
    const unit = p.unit === 'USD' ? ' (a number of US dollars, such as 1.5e6 for $1.5 million)'
      : this.countLabel(p) ? ` (a number of ${p.unit})`
      : fixed ? ` (a number in ${word}, or a value in any unit of its kind)`
        : scaled && scaled !== 'count' ? ` (a value with its unit, in ${scaled} or any unit of its kind)` : '';
    return `Predict ${p.name}${unit}, then check it against the model.`;
  }

  /** Shows a predicted card's controls or verdict as its state says. */
  renderPrediction(name, box, p, stale) {
    const st = this.predictions.get(name);
    const help = this.predictHelp(this.type.properties.find((x) => x.name === name));
    if (box.help.textContent !== help) box.help.textContent = help;  // the Time setting changed
    const nothing = p && 'error' in p && !(stale && INPUT_UNAVAILABLE.test(p.error));
    box.ask.hidden = st.revealed || !!nothing;
    // "no value to compare with" no longer holds once there is one
    if (box.error.dataset.kind === 'no-value' && p && 'value' in p && !stale) { box.error.hidden = true; delete box.error.dataset.kind; }
    box.verdict.hidden = !st.revealed || !st.verdict;
    if (st.revealed && st.verdict) box.verdict.textContent = st.verdict;
  }

  /** Empties a revealed card's prediction input and verdict (after an input changed). */
  clearPrediction(name) {
    const c = this.cards.get(name);
    if (!c || !c.predict) return;
    c.predict.input.value = '';
    c.predict.verdict.textContent = '';
    this.predictions.get(name).verdict = '';
  }

  /** Reads the prediction typed for `name`; an invalid one gets an error as a field does. */
  checkPrediction(name) {
    if (this.predictions.get(name).revealed) return;  // a second click before the view changed
    const c = this.cards.get(name);
    const prop = this.type.properties.find((x) => x.name === name);
    const text = c.predict.input.value.trim();
    let predicted = null, message = null;
    if (text === '') message = 'prediction: type a value first (or choose Show me)';
    else {
      try {
        // a bare number is read in the unit the card is always written in, as the help
        // says ("200" for decode_throughput is 200 tokens/s); a card scaled by its size
        // (625 ms, 14.24 min) has no such unit, so there a number needs its own
        const fixed = this.fixedUnit(prop);
        // (a number as typed: "15,000" is read as written, so that its error quotes the
        // reader's text, not "15,000 day": an attacker's trial)
        const bare = fixed && PLAIN_NUMBER.test(text);
        predicted = this.opts.m.readValue(bare ? `${text} ${fixed}` : text, prop.unit, 'prediction');
      } catch (e) {
        message = e.message;
      }
    }
    c.predict.error.textContent = message || '';
    c.predict.error.hidden = !message;
    delete c.predict.error.dataset.kind;
    c.predict.input.setAttribute('aria-invalid', message ? 'true' : 'false');
    if (message) { c.predict.input.focus(); return; }
    this.revealPrediction(name, { text, predicted });
  }

  /** Reveals `name`'s value, with the verdict on `prediction` ({text, predicted}) or none
   *  (Show me); announces it once and reports it (onPrediction). */
  revealPrediction(name, prediction) {
    const st = this.predictions.get(name);
    if (st.revealed) return;
    const c = this.cards.get(name);
    const r = this.result;
    const p = r && r.properties[name];
    if (!p || !('value' in p)) {
      const why = p && 'error' in p ? p.error : 'the inputs above are not all valid yet';
      c.predict.error.textContent = `There is no value to compare with: ${why}.`;
      c.predict.error.hidden = false;
      c.predict.error.dataset.kind = 'no-value';
      return;
    }
    const prefs = this.opts.prefs();
    st.revealed = true;
    st.value = p.value;  // what it was revealed as: an edit that changes it asks again
    // the prediction as the card writes its value: "200 tokens/s" beside "205.2 tokens/s"
    const write = (v) => propertyValueText(this.type.name, name, v, p.unit, prefs);
    st.verdict = prediction ? predictionVerdict(prediction.predicted, p.value, p.unit, prefs, write) : '';
    if (prediction) {
      st.history.push({ ...prediction, actual: p.value });
      const item = el('li', { text: `${write(prediction.predicted)} for ${p.text}: ${predictionError(prediction.predicted, p.value)}` });
      c.predict.history.querySelector('ol').append(item);
      c.predict.history.hidden = false;
      this.opts.onPrediction({ property: name, predicted: prediction.predicted, actual: p.value, unit: p.unit, inputs: r.inputs });
    }
    c.predict.error.hidden = true;
    this.render(this.result, false);
    // heard once: the value and the verdict
    if (this.parts.announce) this.parts.announce.textContent = `${name} is ${p.text}.${st.verdict ? ` ${st.verdict}` : ''}`;
    this.announced.set(name, this.shown(name));
    // the controls that had focus are gone: the card's heading takes it (its name only,
    // so the value is heard once, from the status)
    const heading = c.card.querySelector('h4');
    heading.tabIndex = -1;
    heading.focus();
  }

  /** Empties a work line that has no value to show, its accessible name too: a screen
   *  reader never hears a value that is not on screen. */
  hideWork(work, name) {
    work.replaceChildren();
    work.hidden = true;
    work.setAttribute('aria-label', `${name} with the inputs substituted`);
  }

  /** A value in canonical units as the input text of the linked field: in that field's
   *  display unit, to full precision ("4.137931034482759 h"). */
  linkText(link, value) {
    const type = this.opts.types && this.opts.types.find((t) => t.name === link.type);
    const f = type && type.fields.find((x) => x.name === link.field);
    if (!f || f.type !== 'quantity') return String(value);
    return `${Number((value / f.display_factor).toPrecision(15))} ${f.display_unit}`;
  }

  /** The banner's account of the input errors, true to what the cards show: which
   *  results use a last valid value, and which show — for want of an input. */
  errorSummary(errors, missing, standIns) {
    const list = (xs) => xs.join(', ');
    const blank = [...errors.keys()].filter((f) => !standIns.includes(f));
    if (this.unfilled.length === errors.size) return `Fill in ${list(this.unfilled)} to see the results that need ${this.unfilled.length > 1 ? 'them' : 'it'}.`;
    const out = [missing.size === errors.size ? 'Some inputs are missing.' : 'Some inputs are invalid or missing.'];
    // with the value itself, as the field writes it ("0.07 USD/kWh", not "1.944e-8 USD/J")
    const value = (f) => {
      const v = this.lastGood && this.lastGood[f];
      const field = this.type.fields.find((x) => x.name === f);
      if (v && typeof v === 'object' && 'value' in v && 'unit' in v && field?.display_unit)
        return `${numberText(Number((v.value / field.display_factor).toPrecision(12)))} ${field.display_unit}`;
      if (v && typeof v === 'object' && 'value' in v && 'unit' in v) return humanText(v.value, v.unit, this.opts.prefs().bytes);
      if (v && typeof v === 'object') return v.name ?? '';
      return typeof v === 'number' ? numberText(v) : String(v ?? '');
    };
    if (standIns.length) out.push(`The results use the last valid value of ${list(standIns.map((f) => `${f} (${value(f)})`))}.`);
    if (blank.length) out.push(`Results that need ${list(blank)} show —; the others are computed.`);
    return out.join(' ');
  }

  /** The text a property shows now: its value, "unavailable" or "—". */
  shown(name, result = this.result) {
    if (this.isHidden(name)) return 'shown after your prediction';
    const p = result && result.properties[name];
    return !p ? '—' : 'error' in p ? 'unavailable' : p.text;
  }

  /** The inputs and results as one plain table, shown only in print (@media print). */
  renderPrint(result) {
    if (!this.parts.print) return;
    const section = (text) => el('tr', { class: 'section' }, el('th', { colspan: '3', scope: 'colgroup', text }));
    const rows = [section('Inputs')];
    for (const f of this.shownFields()) {
      const typed = (this.texts[f.name] ?? '').trim();
      const value = typed || (result && result.inputs[f.name] != null ? formText(f, result.inputs[f.name]) : '(not given)');
      rows.push(el('tr', {}, el('th', { scope: 'row' }, el('code', { text: f.name })), el('td', { text: value }), el('td', { text: f.rule })));
    }
    rows.push(section('Results'));
    for (const p of this.shownProperties())
      rows.push(el('tr', {}, el('th', { scope: 'row' }, el('code', { text: p.name })), el('td', { text: this.shown(p.name, result) }), el('td', { text: p.equation })));
    this.parts.print.replaceChildren(
      el('caption', { text: this.opts.label() }),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'name' }), el('th', { scope: 'col', text: 'value' }), el('th', { scope: 'col', text: 'rule or equation' }))),
      el('tbody', {}, ...rows));
  }

  /** Speaks what changed once typing pauses (aria-live="polite"): the errors, or the
   *  properties whose shown text changed, never the whole panel on every keystroke. */
  scheduleAnnouncement(errors) {
    if (!this.parts.announce) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      let text;
      const changed = [];
      if (errors.length) text = sentences(errors);
      else {
        for (const name of this.cards.keys()) {
          const now = this.shown(name);
          if (this.announced.get(name) !== now) changed.push(`${name} ${now}`);
          this.announced.set(name, now);
        }
        text = changed.length ? `Updated: ${changed.join('; ')}.` : '';
      }
      if (text) this.parts.announce.textContent = text;
      this.peek(changed);
    }, ANNOUNCE_DELAY_MS);
  }

  /** What the reader's edit changed, in a bar at the foot of the window (parts.peek, the
   *  page's #results-peek), while the results are out of view: up to 900 px wide the inputs
   *  come first, and a reader editing one saw nothing move (a new user's review at 700 px).
   *  The bar's button takes them to the results (Calculator); it goes once they are in
   *  view, or the reader moves on (Calculator: another input, a scroll, its close button).
   *  `changed`: "name text" of each result whose shown text changed (as announced). */
  peek(changed) {
    const bar = this.parts.peek;
    if (!bar) return;
    const box = this.parts.results.getBoundingClientRect();
    if (!changed.length || (box.top < innerHeight && box.bottom > 0)) { bar.hidden = true; return; }
    bar.querySelector('.peek-text').textContent = `Updated: ${changed.slice(0, 3).join(' · ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}`;
    bar.classList.remove('at-top');
    bar.dataset.scrollY = String(scrollY);
    bar.hidden = false;
    // never over the input being edited: at the top of the window when that is low in it
    const input = document.activeElement && document.activeElement !== document.body ? document.activeElement.getBoundingClientRect() : null;
    if (input && input.bottom > bar.getBoundingClientRect().top - 8) bar.classList.add('at-top');
    if (!this.peekSeen) {
      this.peekSeen = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) bar.hidden = true; });
      this.peekSeen.observe(this.parts.results);
    }
  }
}

/** The page's calculator view: the chosen scenario's heading, summary and symbols around a ScenarioView. */
export class Calculator {
  /** app: {m, types, presets, registry, state, calcLabel(), changed(kind)} */
  constructor(app) {
    this.app = app;
    this.view = null;
    // the bar of ScenarioView.peek: it takes the reader to the results, closes, and goes
    // when they move on (another input, or a scroll: it must not cover the next input)
    const bar = $('results-peek');
    const toResults = () => {
      bar.hidden = true;
      $('results').scrollIntoView({ block: 'start' });
      $('results-title').focus({ preventScroll: true });
    };
    $('results-peek-go').addEventListener('click', toResults);
    // Enter in an input whose results are out of view (below the inputs, up to 900 px
    // wide) goes to them: the bar's button comes after every input in the tab order, and
    // moving to another input hides it, so a keyboard reader never reached it (a new
    // user's trial at 390 and 700 px). So does Enter on a registry menu; not on an input in
    // error. Where the results are in view, Enter does nothing.
    $('inputs').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.isComposing && e.keyCode !== 229) this.view?.commitTyping();
      if (!enterToResults(e)) return;
      const box = $('results').getBoundingClientRect();
      if (box.top < innerHeight && box.bottom > 0) return;
      e.preventDefault();
      toResults();
    });
    $('results-peek-close').addEventListener('click', () => { bar.hidden = true; });
    $('inputs').addEventListener('focusin', () => { bar.hidden = true; });
    window.addEventListener('scroll', () => { if (!bar.hidden && Math.abs(window.scrollY - Number(bar.dataset.scrollY)) > 48) bar.hidden = true; }, { passive: true });
  }

  get result() { return this.view && this.view.result; }
  get lastGood() { return this.view && this.view.lastGood; }

  /** Rebuilds the form and cards for app.state.calc ({preset, type, texts}). */
  build() {
    const { calc } = this.app.state;
    const type = this.app.types.find((t) => t.name === calc.type);
    this.type = type;
    const preset = calc.preset && this.app.presets.find((p) => p.name === calc.preset);
    $('preset').value = preset ? preset.name : '';
    $('type').value = type.name;
    this.title();
    const category = this.app.categories.find((c) => c.name === type.category);
    $('scenario-question').textContent = `${category ? category.title : type.category} · ${type.question}`;
    // a preset's summary may come from a course's file: isolated, so that its direction
    // marks (an override, say) cannot run on into the type's own summary after it
    // ... and may quote a value the reader is asked to predict ("the book prints ~14 min"):
    // the type's alone until every prediction is checked (onHeld); then the preset's for
    // good: an edit that asks for the predictions again no longer swaps it back (the text
    // above the reader's input had jumped at each Check and each edit: a new user's trial)
    let checked = false;
    const summary = (pending) => {
      checked ||= !pending.length;
      const withPreset = !!preset && checked;
      if ($('scenario-summary').dataset.preset === String(withPreset)) return;
      $('scenario-summary').dataset.preset = String(withPreset);
      if (withPreset) $('scenario-summary').replaceChildren(el('bdi', { text: preset.summary }), ` ${type.summary}`);
      else $('scenario-summary').textContent = type.summary;
    };
    const predict = (this.app.state.predict || []).filter((n) => type.properties.some((x) => x.name === n));
    delete $('scenario-summary').dataset.preset;
    summary(predict);
    $('scenario-assumptions').textContent = type.assumptions;
    $('scenario-excludes').textContent = type.excludes;
    const symbols = $('scenario-symbols');
    symbols.replaceChildren(...type.symbols.map(symbolItem));
    symbols.parentElement.hidden = type.symbols.length === 0;
    if (this.view) this.view.destroy();
    this.view = new ScenarioView(
      { fields: $('fields'), properties: $('properties'), warnings: $('warnings'), stale: $('stale'),
        results: $('results'), print: $('print-table'), announce: $('announce'), peek: $('results-peek') },
      { m: this.app.m, type, types: this.app.types, registry: this.app.registry, preset: calc.preset,
        useIn: (link, text) => this.app.useIn(link, text),
        predict,
        prefs: () => this.app.state.prefs, label: () => this.app.calcLabel(),
        adopt: this.adopt, onUpdate: (texts, edited) => this.updated(texts, edited),
        onHeld: (pending) => { summary(pending); this.app.gateChanged?.(pending); } });
    this.adopt = false;
    this.view.build(calc.texts);
  }

  /** The scenario's name as the title, breaking between the words of a long name. A
   *  preset's title always holds the room of its " (edited)" mark (style.css), shown once an
   *  input differs from the preset's: the first keystroke never rewraps the title and moves
   *  the input being typed in (at 390 px it moved by one line, 37 px). */
  title() {
    const { preset, type, texts } = this.app.state.calc;
    const title = $('scenario-title');
    title.replaceChildren(...breakable(preset || type));
    if (preset) title.dataset.edited = String(this.app.edited(preset, texts));
    else delete title.dataset.edited;
  }

  updated(texts, edited) {
    this.app.state.calc.texts = texts;
    this.title();
    document.body.dataset.ready = '1';
    // the first result in the DOM (docs/performance.md); a prerendered page has one
    // before any module runs, marked by web/boot.js
    if (!this.marked) {
      this.marked = true;
      if (!performance.getEntriesByName('mlsysim:first-result').length) performance.mark('mlsysim:first-result');
    }
    if (edited) this.app.changed('calc');
  }

  /** Re-evaluates the form (after a display preference changed). */
  update(edited) {
    this.view.update(edited);
  }
}

/** "12 % low", "3.2 times too high", "exactly right": a prediction against the value. */
export function predictionError(predicted, actual) {
  if (predicted === actual) return 'exactly right';
  // (it follows "your prediction is": "your prediction is above the value, which is 0")
  if (actual === 0) return `${predicted > 0 ? 'above' : 'below'} the value, which is 0`;
  const side = predicted > actual ? 'high' : 'low';
  // ten times off or more, or of the other sign: orders of magnitude say it better than
  // a percentage (and cannot overflow: 1e308 against 5.7 is not "Infinity %")
  if (predicted === 0) return '100 % low';
  if (Math.sign(predicted) !== Math.sign(actual)) return `of the other sign (the value is ${actual > 0 ? 'positive' : 'negative'})`;
  const ratio = predicted / actual;
  const orders = Number.isFinite(ratio) && ratio > 0 ? Math.log10(ratio) : Math.log10(Math.abs(predicted)) - Math.log10(Math.abs(actual));
  if (Math.abs(orders) >= 1 - 1e-12) {
    const n = numberText(Math.abs(orders), 2);
    return `${n} ${n === '1' ? 'order' : 'orders'} of magnitude ${Math.abs(predicted) > Math.abs(actual) ? 'high' : 'low'}`;
  }
  const rel = Math.abs((predicted - actual) / actual);
  if (rel < 1e-4) return `right to within 0.01 % (${side})`;
  return `${numberText(rel * 100, 2)} % ${side}`;
}

/** The verdict under a checked card: the prediction, the ratio and the signed error;
 *  `write(value)` writes a value as the card does (default: valueText, by its unit). */
export function predictionVerdict(predicted, actual, unit, prefs, write = (v) => valueText(v, unit, prefs)) {
  const ratio = actual === 0 ? null : predicted / actual;
  // a ratio that reads "1" is not said to 3 digits ("(1 times the value); … 0.013 % low": a
  // re-checker's trial), but to 5; within 0.01 % the error alone says it
  const near = ratio !== null && Math.abs(ratio - 1) < 1e-4;
  const digits = ratio !== null && numberText(ratio, 3) === '1' ? 5 : 3;
  const ratioText = ratio === null || near || !Number.isFinite(ratio) || ratio === 0 || Math.abs(ratio) >= 1e6 || Math.abs(ratio) < 1e-6 ? ''
    : ` (${numberText(ratio, digits)} times the value)`;
  return `Your prediction: ${write(predicted)}${ratioText}; your prediction is ${predictionError(predicted, actual)}.`;
}

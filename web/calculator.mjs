// The calculator view: one scenario, its generated form, and a card per property with
// its value, its equation and the same equation with the inputs substituted.
import { $, el, mathml } from './dom.mjs';
import { fieldControl, evaluateTexts } from './fields.mjs';
import { shownText, exactText } from './format.mjs';

export class Calculator {
  /** app: {m, types, registry, state, prefs(), changed(kind)} */
  constructor(app) {
    this.app = app;
    this.controls = new Map();
    this.cards = new Map();
    this.lastGood = null;
    this.result = null;
  }

  /** Rebuilds the form and cards for app.state.calc ({preset, type, texts}). */
  build() {
    const { calc } = this.app.state;
    const type = this.app.types.find((t) => t.name === calc.type);
    this.type = type;
    this.lastGood = null;
    const preset = calc.preset && this.app.presets.find((p) => p.name === calc.preset);
    $('preset').value = preset ? preset.name : '';
    $('type').value = type.name;
    $('scenario-title').textContent = this.app.calcLabel();
    $('scenario-summary').textContent = preset ? `${preset.summary} ${type.summary}` : type.summary;
    $('scenario-assumptions').textContent = type.assumptions;
    $('scenario-excludes').textContent = type.excludes;
    const symbols = $('scenario-symbols');
    symbols.replaceChildren(...type.symbols.map((s) => el('li', {}, el('code', { text: s.name }), ` = ${s.meaning}${s.unit ? ` (${s.unit})` : ''}`)));
    symbols.parentElement.hidden = type.symbols.length === 0;

    const box = $('fields');
    box.replaceChildren();
    this.controls.clear();
    for (const f of type.fields) box.append(this.fieldRow(f, calc.texts[f.name] ?? ''));
    this.buildCards(type);
    this.update(false);
  }

  fieldRow(f, text) {
    const help = el('p', { id: `help-${f.name}`, class: 'help' }, el('span', { text: `${f.doc} ` }),
      el('span', { class: 'rule', text: `Rule: ${f.rule}.` }));
    const error = el('p', { id: `err-${f.name}`, class: 'field-error', hidden: true, role: 'alert' });
    const control = fieldControl(f, text, this.app.registry, () => this.update(true), 'in-');
    control.input.setAttribute('aria-describedby', `help-${f.name} err-${f.name}`);
    const kind = f.type === 'quantity' ? f.dimension : f.type === 'int' ? 'integer' : f.type === 'float' ? 'number' : f.type;
    const row = el('div', { class: 'field', 'data-field': f.name },
      el('div', { class: 'field-head' },
        el('label', { for: `in-${f.name}`, class: 'field-name' }, el('code', { text: f.name })),
        el('span', { class: 'unit', text: kind + (f.required ? '' : ' · optional') })),
      control.node, help, error);
    this.controls.set(f.name, { ...control, error, row });
    return row;
  }

  buildCards(type) {
    const box = $('properties');
    box.replaceChildren();
    this.cards.clear();
    for (const p of type.properties) {
      const value = el('span', { class: 'value' });
      const exact = el('span', { class: 'exact' });
      const work = el('div', { class: 'work', 'aria-label': `${p.name} with the inputs substituted` });
      const better = p.better ? el('span', { class: 'better', text: `${p.better} is better` }) : null;
      const card = el('article', { class: 'property', 'data-property': p.name },
        el('h4', {}, el('code', { text: p.name }), better),
        el('p', { class: 'reading' }, value, exact),
        el('div', { class: 'equation', 'aria-label': `${p.name} = ${p.equation}` }, mathml(p.mathml)),
        work,
        el('p', { class: 'doc', text: p.doc }));
      box.append(card);
      this.cards.set(p.name, { card, value, exact, work });
    }
  }

  /** Re-evaluates the form; `edited` tells the app the state changed. */
  update(edited) {
    const texts = {};
    for (const [name, c] of this.controls) texts[name] = c.get();
    // fields named by a link that this type lacks stay in the state, to be reported
    for (const [k, v] of Object.entries(this.app.state.calc.texts)) if (!this.controls.has(k)) texts[k] = v;
    this.app.state.calc.texts = texts;
    const prefs = this.app.state.prefs;
    const { result, errors, general } = evaluateTexts(this.app.m, this.type, texts, this.lastGood, { bytes: prefs.bytes, work: true });
    for (const [name, c] of this.controls) {
      const msg = errors.get(name);
      c.error.textContent = msg || '';
      c.error.hidden = !msg;
      c.row.classList.toggle('invalid', !!msg);
      c.input.setAttribute('aria-invalid', msg ? 'true' : 'false');
    }
    const notice = $('stale');
    notice.hidden = errors.size === 0 && !general;
    notice.textContent = general || 'Some inputs are invalid: the results use the last valid value of each of them.';
    // with a preset chosen, the inputs are that preset's with overrides: the Result says so,
    // as evaluatePreset(name, overrides) would
    if (result && this.app.state.calc.preset) result.preset = this.app.state.calc.preset;
    if (result && errors.size === 0 && !general) this.lastGood = result.inputs;
    this.result = errors.size === 0 && !general ? result : null;
    this.render(result, errors.size > 0 || !!general);
    $('scenario-title').textContent = this.app.calcLabel();
    if (edited) this.app.changed('calc');
  }

  render(result, stale) {
    const prefs = this.app.state.prefs;
    $('results').classList.toggle('stale', stale);
    $('warnings').replaceChildren(...(result ? result.warnings : []).map((w) => el('li', { text: w })));
    for (const [name, { card, value, exact, work }] of this.cards) {
      const p = result && result.properties[name];
      card.classList.toggle('unavailable', !p || 'error' in p);
      if (!p) {
        value.textContent = '—';
        exact.textContent = '';
        work.replaceChildren();
      } else if ('error' in p) {
        value.textContent = 'unavailable';
        exact.textContent = p.error;
        work.replaceChildren();
      } else {
        value.textContent = shownText(p, prefs);
        exact.textContent = exactText(p);
        // the work ends in the result as the display units show it
        const math = mathml(p.work.mathml);
        const texts = math.getElementsByTagNameNS('http://www.w3.org/1998/Math/MathML', 'mtext');
        if (texts.length) texts[texts.length - 1].textContent = shownText(p, prefs);
        work.replaceChildren(math);
        work.setAttribute('aria-label', `${name} = ${p.work.text} = ${shownText(p, prefs)}`);
      }
    }
    document.body.dataset.ready = '1';
    if (!this.marked) {
      this.marked = true;
      performance.mark('mlsysim:first-result');
    }
  }
}

// The comparison view: two to four scenarios of one type side by side, one editable
// column each, one row per input and per property; the best value of each property
// (as its declaration says: higher or lower) is marked, and differences are shown
// against the first column.
import { $, el, breakable, breakableRule } from './dom.mjs';
import { fieldControl, evaluateTexts, presetTexts } from './fields.mjs';

export { presetTexts };
import { settings, diffText, bestValue, propertyValues, contenders, outsideModel, keepTogether, ruleSpaces } from './format.mjs';
import { MIN_COLUMNS, MAX_COLUMNS } from './link.mjs';


export class Compare {
  constructor(app) {
    this.app = app;
    this.results = [];
    // a table wider than its box (two or more columns on a phone) says that it scrolls
    const box = document.querySelector('#view-compare .table-scroll');
    // ... until it has been scrolled to its end
    this.overflow = () => { $('compare-scroll-hint').hidden = !(box.scrollWidth > box.clientWidth + 1) || box.scrollLeft + box.clientWidth >= box.scrollWidth - 1; };
    box.addEventListener('scroll', this.overflow, { passive: true });
    $('compare-add').addEventListener('click', () => {  // a copy of the last column, to edit
      const { columns } = this.app.state.compare;
      if (columns.length >= MAX_COLUMNS) return;
      const last = columns[columns.length - 1];
      columns.push({ preset: last.preset, texts: { ...last.texts } });
      this.build();
      this.app.changed('compare');
    });
    if (globalThis.ResizeObserver) {
      const watch = new ResizeObserver(this.overflow);
      watch.observe(box);
      watch.observe($('compare-table'));
    }
  }

  build() {
    const { compare } = this.app.state;
    const type = this.app.types.find((t) => t.name === compare.type);
    this.type = type;
    this.cells = [];
    this.names = [];
    this.lastGood = compare.columns.map(() => null);
    $('compare-type').value = type.name;
    const table = $('compare-table');
    table.replaceChildren();
    table.dataset.columns = String(compare.columns.length);

    const head = el('tr', {}, el('th', { scope: 'col', text: 'scenario' }));
    compare.columns.forEach((col, k) => {
      const select = el('select', { 'aria-label': `column ${k + 1} preset`, 'data-column': String(k), title: this.app.columnLabel(k) });
      const ofType = this.app.presets.filter((q) => q.type === type.name);
      for (const p of ofType.filter((q) => !q.file)) select.append(el('option', { value: p.name, text: p.name }));
      // a course's own presets (preset-file=) under their own heading
      const course = ofType.filter((q) => q.file);
      if (course.length) select.append(el('optgroup', { label: 'Course presets' }, ...course.map((p) => el('option', { value: p.name, text: p.name }))));
      select.append(el('option', { value: '', text: '(custom)' }));
      select.value = col.preset || '';
      select.addEventListener('change', () => {
        col.preset = select.value || null;
        if (col.preset) col.texts = presetTexts(this.app, col.preset);
        this.build();
        this.app.changed('compare');
      });
      const remove = compare.columns.length > MIN_COLUMNS
        ? el('button', { type: 'button', class: 'action', text: '×', title: 'remove this column', 'aria-label': `remove column ${k + 1}`,
          onclick: () => { compare.columns.splice(k, 1); this.build(); this.app.changed('compare'); } })
        : null;
      // the column's name, whole (wrapping between words) and marked when edited: the
      // select alone would cut a long preset name at a phone's width
      const name = el('div', { class: 'col-name' });
      this.names[k] = name;
      // × beside the name and the menu the column's whole width below both, at the foot of
      // the head (thead th: vertical-align bottom) so an "(edited)" name moves no menu: the
      // menu beside × showed "Trans▾" at 700 px (a new user's trial)
      head.append(el('th', { scope: 'col' }, el('div', { class: 'col-top' }, name, remove), select));
    });
    // "+ column" sits above the table (index.html), not in a column of its own: at 700 px
    // that cell alone made a three-column table wider than the page
    $('compare-add').hidden = compare.columns.length >= MAX_COLUMNS;
    table.append(el('thead', {}, head));

    const inputs = el('tbody', { class: 'inputs' }, el('tr', { class: 'section' }, el('th', { colspan: String(compare.columns.length + 1) }, el('span', { text: 'Inputs' }))));
    for (const f of type.fields) {
      const row = el('tr', { 'data-field': f.name }, el('th', { scope: 'row' }, el('code', {}, ...breakable(f.name)), el('span', { class: 'rule' }, ...breakableRule(keepTogether(ruleSpaces(f.rule))))));
      compare.columns.forEach((col, k) => {
        const control = fieldControl(f, col.texts[f.name], this.app.registry, () => this.update(true), `c${k}-`);
        // its error is read with it, as the calculator's form reads a field's (a trial found it unlinked)
        const error = el('p', { class: 'cell-error', id: `c${k}-err-${f.name}`, hidden: true });
        control.input.setAttribute('aria-label', `${f.name}, column ${k + 1}`);
        control.custom?.setAttribute('aria-label', `${f.name} as JSON, column ${k + 1}`);
        for (const box of control.boxes) box.setAttribute('aria-describedby', error.id);
        row.append(el('td', {}, control.node, error));
        (this.cells[k] ||= new Map()).set(f.name, { ...control, error });
      });
      inputs.append(row);
    }
    table.append(inputs);

    const props = el('tbody', { class: 'props' }, el('tr', { class: 'section' }, el('th', { colspan: String(compare.columns.length + 1) }, el('span', { text: 'Results' }))));
    this.propCells = new Map();
    for (const p of type.properties) {
      const row = el('tr', { 'data-property': p.name },
        el('th', { scope: 'row' }, el('code', {}, ...breakable(p.name)), p.better ? el('span', { class: 'better', text: `${p.better} is better` }) : null));
      const cells = compare.columns.map(() => {
        const value = el('span', { class: 'value' });
        const diff = el('span', { class: 'diff' });
        row.append(el('td', {}, value, diff));
        return { value, diff, td: row.lastChild };
      });
      this.propCells.set(p.name, cells);
      props.append(row);
    }
    // each column's warnings (a batch that does not fit), under its results: Compare showed
    // none, and starred a batch that cannot run (a re-checker's trial)
    const warned = el('tr', { class: 'warned', 'data-row': 'warnings' }, el('th', { scope: 'row', text: 'warnings' }));
    this.warnedCells = compare.columns.map(() => { const ul = el('ul', { class: 'warnings' }); warned.append(el('td', {}, ul)); return ul; });
    props.append(warned);
    this.warnedRow = warned;
    table.append(props);
    this.update(false);
    this.overflow();
  }

  update(edited) {
    const { compare, prefs } = this.app.state;
    this.columnErrors = [];
    this.results = compare.columns.map((col, k) => {
      const texts = {};
      for (const [name, c] of this.cells[k]) texts[name] = c.get();
      col.texts = texts;
      const { result, errors, general } = evaluateTexts(this.app.m, this.type, texts, this.lastGood[k], settings(prefs));
      for (const [name, c] of this.cells[k]) {
        const msg = errors.get(name);
        c.error.textContent = msg || '';
        c.error.hidden = !msg;
        for (const box of c.boxes) box.setAttribute('aria-invalid', msg ? 'true' : 'false');
      }
      if (general) {  // an error no cell can show (e.g. a value nested too deep)
        const first = this.cells[k].values().next().value;
        first.error.textContent = general;
        first.error.hidden = false;
      }
      // a column from a preset is that preset with overrides, as evaluatePreset reports it
      if (result) result.preset = col.preset || null;
      const ok = result && errors.size === 0 && !general;
      if (ok) this.lastGood[k] = result.inputs;
      // why a column has no result, for the exports (which had left it blank: an attacker's trial)
      this.columnErrors[k] = ok ? [] : [...errors.values(), ...(general ? [general] : [])];
      return ok ? result : null;
    });
    compare.columns.forEach((col, k) => {
      const edited = col.preset && this.app.edited(col.preset, col.texts);
      // a column outside what the model covers holds no best value (format.mjs outsideModel)
      // (and one whose inputs cannot run: format.mjs contenders)
      const r = this.results[k];
      const outside = r && outsideModel(r);
      const note = r && r.infeasible ? 'not ranked: it cannot run (its warning says why)' : outside ? `not ranked: ${outside} is unavailable` : '';
      this.names[k].replaceChildren(...breakable(col.preset || 'custom'), ...(edited ? [' ', el('span', { class: 'col-edited', text: '(edited)' })] : []),
        ...(note ? [' ', el('span', { class: 'col-note', text: note })] : []));
      // (in a phone's narrow column, broken after a name's "_", not inside a word: "memory_capac|ity")
      this.warnedCells[k].replaceChildren(...(r ? r.warnings : []).map((w) => el('li', {}, ...breakableRule(w))));
    });
    // the row only when a column has something to say (an empty one closed every table)
    this.warnedRow.hidden = !this.results.some((r) => r && r.warnings.length);
    const ranking = contenders(this.results);
    for (const p of this.type.properties) {
      const cells = this.propCells.get(p.name);
      const values = propertyValues(this.results, p.name);
      const ranked = propertyValues(ranking, p.name);
      const best = bestValue(ranked, p.better);
      cells.forEach((c, k) => {
        const r = this.results[k];
        const prop = r && r.properties[p.name];
        c.value.textContent = !r ? '—' : 'error' in prop ? 'unavailable' : prop.text;
        c.td.title = prop && 'error' in prop ? prop.error : '';
        c.diff.textContent = k > 0 && values[k] !== null && values[0] !== null ? diffText(values[k], values[0]) : '';
        const isBest = best !== null && ranked[k] === best;
        c.td.classList.toggle('best', isBest);
        c.td.setAttribute('aria-label', isBest ? 'best' : '');
      });
    }
    if (edited) this.app.changed('compare');
  }
}

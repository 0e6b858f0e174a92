// The calculator page. Every form field, label, rule and result row is generated
// from the module's own declarations (listScenarioTypes, listPresets): no field is
// named in this file. Data only ever reaches the DOM through textContent.
import createMlsysim from './mlsysim.mjs';

const $ = (id) => document.getElementById(id);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') node.textContent = v;
    else if (k === 'class') node.className = v;
    else if (k in node && typeof v !== 'string') node[k] = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

const CUSTOM = '__custom__';

/** A typed number goes to the module as a number (so errors read "got -3"); anything
 *  else, and integers beyond 2^53 that a double would round, go as the text typed. */
function numberOrText(text) {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return text;
  if (/^[+-]?\d+$/.test(text)) {
    const n = BigInt(text);
    return n <= 2n ** 53n && n >= -(2n ** 53n) ? Number(n) : text;
  }
  return Number.isFinite(Number(text)) ? Number(text) : text;
}

/** The text a form shows for an input value of the API (numbers, quantity strings or
 *  {value, unit}, registry names or inline objects). */
function fieldText(field, value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && field.type === 'quantity') return `${value.value} ${value.unit}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

class Calculator {
  constructor(m) {
    this.m = m;
    this.types = m.listScenarioTypes();
    this.presets = m.listPresets();
    this.registry = { workload: m.listWorkloads(), fleet: m.listFleets() };
    this.type = null;
    this.preset = null;
    this.controls = new Map();  // field name -> {get(), set(v), error element, input}
    this.lastGood = null;       // normalized inputs of the last valid evaluation
  }

  start() {
    const presetSelect = $('preset');
    presetSelect.append(el('option', { value: '', text: '(none: start from a type)' }));
    for (const t of this.types) {
      const group = el('optgroup', { label: t.name });
      for (const p of this.presets.filter((p) => p.type === t.name))
        group.append(el('option', { value: p.name, text: p.name }));
      presetSelect.append(group);
    }
    for (const t of this.types) $('type').append(el('option', { value: t.name, text: `${t.name} (${t.category})` }));
    presetSelect.addEventListener('change', () => {
      if (presetSelect.value) this.choosePreset(presetSelect.value);
    });
    $('type').addEventListener('change', () => this.chooseType($('type').value));
    $('bytes').addEventListener('change', () => this.update());
    $('version').textContent = this.m.version;

    const wanted = new URLSearchParams(location.search);
    const preset = this.presets.find((p) => p.name === wanted.get('preset'));
    const type = this.types.find((t) => t.name === wanted.get('type'));
    if (type && !preset) this.chooseType(type.name);
    else this.choosePreset((preset || this.presets[0]).name);
    $('status').textContent = '';
    $('status').hidden = true;
    $('scenario').hidden = false;
  }

  choosePreset(name) {
    const preset = this.presets.find((p) => p.name === name);
    this.preset = preset;
    $('preset').value = name;
    this.buildForm(this.types.find((t) => t.name === preset.type), preset.inputs);
  }

  chooseType(name) {
    this.preset = null;
    $('preset').value = '';
    this.buildForm(this.types.find((t) => t.name === name), {});
  }

  buildForm(type, values) {
    this.type = type;
    this.lastGood = null;
    $('type').value = type.name;
    $('scenario-title').textContent = this.preset ? `${this.preset.name}` : type.name;
    $('scenario-summary').textContent = this.preset ? `${this.preset.summary} ${type.summary}` : type.summary;
    $('scenario-assumptions').textContent = type.assumptions;
    $('scenario-excludes').textContent = type.excludes;
    const box = $('fields');
    box.replaceChildren();
    this.controls.clear();
    for (const field of type.fields) box.append(this.fieldRow(field, values[field.name]));
    this.buildResults(type);
    this.update();
  }

  fieldRow(field, value) {
    const id = `in-${field.name}`;
    const errId = `err-${field.name}`;
    const helpId = `help-${field.name}`;
    const unitHint = field.type === 'quantity' ? field.dimension : field.type === 'int' ? 'integer' : field.type === 'float' ? 'number' : field.type;
    const label = el('label', { for: id, class: 'field-name' }, el('code', { text: field.name }));
    const badge = el('span', { class: 'unit', text: unitHint + (field.required ? '' : ' · optional') });
    const help = el('p', { id: helpId, class: 'help' }, el('span', { text: field.doc + ' ' }),
      el('span', { class: 'rule', text: `Rule: ${field.rule}.` }));
    const error = el('p', { id: errId, class: 'field-error', hidden: true });
    const row = el('div', { class: 'field', 'data-field': field.name }, el('div', { class: 'field-head' }, label, badge));
    const describedBy = `${helpId} ${errId}`;
    let control;
    if (field.type === 'workload' || field.type === 'fleet') control = this.registryControl(field, value, id, describedBy);
    else control = this.textControl(field, value, id, describedBy);
    row.append(control.node, help, error);
    this.controls.set(field.name, { ...control, error, row });
    return row;
  }

  textControl(field, value, id, describedBy) {
    const placeholder = field.type === 'quantity' ? `e.g. 1 ${field.unit}` : field.default !== null ? `default ${field.default}` : '';
    const input = el('input', {
      id, type: 'text', inputmode: field.type === 'quantity' ? 'text' : 'decimal', spellcheck: false,
      'aria-describedby': describedBy, placeholder, value: fieldText(field, value),
    });
    input.addEventListener('input', () => this.update());
    const numeric = field.type === 'int' || field.type === 'float';
    return { node: input, input, get: () => (numeric ? numberOrText(input.value.trim()) : input.value.trim()) };
  }

  registryControl(field, value, id, describedBy) {
    const entries = this.registry[field.type];
    const select = el('select', { id, 'aria-describedby': describedBy });
    for (const e of entries) {
      const extra = field.type === 'workload' ? `${(e.parameters / 1e9).toPrecision(3)} B params` : `${e.accelerators} accelerators`;
      select.append(el('option', { value: e.name, text: `${e.name} (${extra})` }));
    }
    select.append(el('option', { value: CUSTOM, text: 'Custom… (JSON)' }));
    const custom = el('textarea', { rows: 3, spellcheck: false, 'aria-label': `${field.name} as JSON`, hidden: true });
    const example = field.type === 'workload'
      ? { name: 'MyModel', parameters: '7e9 param' }
      : { name: 'MyCluster', count: 4, node: { name: 'MyNode', accelerators_per_node: 8 } };
    if (typeof value === 'string' && entries.some((e) => e.name === value)) select.value = value;
    else if (value !== undefined && value !== null) {
      select.value = CUSTOM;
      custom.value = fieldText(field, value);
      custom.hidden = false;
    }
    select.addEventListener('change', () => {
      custom.hidden = select.value !== CUSTOM;
      if (select.value === CUSTOM && !custom.value) custom.value = JSON.stringify(example);
      this.update();
    });
    custom.addEventListener('input', () => this.update());
    const node = el('div', { class: 'registry' }, select, custom);
    return {
      node, input: select,
      get: () => {
        if (select.value !== CUSTOM) return select.value;
        try { return JSON.parse(custom.value); } catch { return custom.value; }  // the core names the field
      },
    };
  }

  buildResults(type) {
    const box = $('properties');
    box.replaceChildren();
    this.cards = new Map();
    for (const p of type.properties) {
      const value = el('span', { class: 'value' });
      const exact = el('span', { class: 'exact' });
      const card = el('article', { class: 'property', 'data-property': p.name },
        el('h4', {}, el('code', { text: p.name })),
        el('p', { class: 'reading' }, value, exact),
        el('p', { class: 'equation' }, el('code', { text: `${p.name} = ${p.equation}` })),
        el('p', { class: 'doc', text: p.doc }));
      box.append(card);
      this.cards.set(p.name, { card, value, exact });
    }
  }

  /** Reads the form into an inputs object: empty optional fields are left out. */
  readInputs() {
    const inputs = {};
    for (const [name, c] of this.controls) {
      const v = c.get();
      if (v !== '') inputs[name] = v;
    }
    return inputs;
  }

  update() {
    const inputs = this.readInputs();
    const options = { bytes: $('bytes').value };
    const errors = new Map();
    let result = null;
    // Each pass either succeeds or finds one bad field; that field then takes its last
    // valid value so that the errors of every other field show at the same time.
    for (let pass = 0; pass <= this.type.fields.length && !result; pass++) {
      try {
        result = this.m.evaluate(this.type.name, inputs, options);
      } catch (e) {
        const field = this.controls.has(e.field) ? e.field : null;
        if (!field || errors.has(field)) { errors.set(field || '', e.message); break; }
        errors.set(field, e.message);
        if (this.lastGood && this.lastGood[field] !== null) inputs[field] = this.lastGood[field];
        else delete inputs[field];
      }
    }
    for (const [name, c] of this.controls) {
      const msg = errors.get(name);
      c.error.textContent = msg || '';
      c.error.hidden = !msg;
      c.row.classList.toggle('invalid', !!msg);
      c.input.setAttribute('aria-invalid', msg ? 'true' : 'false');
    }
    const general = errors.get('') || null;
    $('stale').hidden = errors.size === 0;
    if (general) $('stale').textContent = general;
    if (result && errors.size === 0) this.lastGood = result.inputs;
    this.render(result);
  }

  render(result) {
    const warnings = $('warnings');
    warnings.replaceChildren(...(result ? result.warnings : []).map((w) => el('li', { text: w })));
    for (const [name, { card, value, exact }] of this.cards) {
      const p = result && result.properties[name];
      card.classList.toggle('unavailable', !p || 'error' in p);
      if (!p) {
        value.textContent = '—';
        exact.textContent = '';
      } else if ('error' in p) {
        value.textContent = 'unavailable';
        exact.textContent = p.error;
      } else {
        value.textContent = p.text;
        exact.textContent = `= ${p.value.toPrecision(10).replace(/\.?0+$/, '').replace(/\.?0+e/, 'e')}${p.unit ? ' ' + p.unit : ''}`;
      }
    }
    document.body.dataset.ready = '1';
    if (!this.marked) {
      this.marked = true;
      performance.mark('mlsysim:first-result');
    }
  }
}

try {
  const m = await createMlsysim();
  new Calculator(m).start();
} catch (e) {
  $('status').textContent = `The calculator could not start: ${e.message}`;
  $('status').classList.add('failed');
  document.body.dataset.ready = 'error';
  throw e;
}

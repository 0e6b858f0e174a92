// Input controls generated from a field declaration (listScenarioTypes), and the one
// evaluation loop that maps errors back to the fields that caused them. Shared by the
// calculator and the comparison.
import { el } from './dom.mjs';

export const CUSTOM = '__custom__';

/** The form text for an API input value (numbers, quantities, registry names, objects). */
export function formText(field, value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && field.type === 'quantity') return `${value.value} ${value.unit}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Form texts ({field: text}) of preset `name`; `ctx` holds the module's lists {presets, types}. */
export function presetTexts(ctx, name) {
  const preset = ctx.presets.find((p) => p.name === name);
  const type = ctx.types.find((t) => t.name === preset.type);
  return Object.fromEntries(type.fields.map((f) => [f.name, formText(f, preset.inputs[f.name])]));
}

/** A typed number goes to the module as a number (errors then read "got -3"); other
 *  text, and integers beyond 2^53 that a double would round, go as typed. */
export function numberOrText(text) {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return text;
  if (/^[+-]?\d+$/.test(text)) {
    const n = BigInt(text);
    return n <= 2n ** 53n && n >= -(2n ** 53n) ? Number(n) : text;
  }
  return Number.isFinite(Number(text)) ? Number(text) : text;
}

/**
 * The API inputs for form texts `texts` ({field: text}) of scenario type `type`, and
 * the errors the page itself finds (custom JSON that does not parse), by field.
 * Empty texts are left out, so defaults apply and required fields are reported.
 */
export function apiInputs(type, texts) {
  const inputs = {};
  const errors = new Map();
  const declared = new Set(type.fields.map((f) => f.name));
  for (const f of type.fields) {
    const t = (texts[f.name] ?? '').trim();
    if (t === '') continue;
    if (f.type === 'int' || f.type === 'float') inputs[f.name] = numberOrText(t);
    else if (!f.numeric && /^[{[]/.test(t)) {
      try {
        inputs[f.name] = JSON.parse(t);
      } catch (e) {
        errors.set(f.name, `${f.name}: not valid JSON (${e.message})`);
      }
    } else inputs[f.name] = t;
  }
  // fields a link names that this type does not have go through, to be refused by name
  for (const [k, v] of Object.entries(texts)) if (!declared.has(k)) inputs[k] = v;
  return { inputs, errors };
}

/**
 * Evaluates `texts` and finds the error of every bad field at once: each pass either
 * succeeds or names one bad field, which then takes its value from `lastGood` (the
 * normalized inputs of the last valid result) so the other fields can be checked.
 * Returns {result (null if nothing valid is known), errors: Map(field -> message),
 * general: message or null (an error no field of the form can show)}.
 */
export function evaluateTexts(m, type, texts, lastGood, options) {
  const { inputs, errors } = apiInputs(type, texts);
  for (const f of errors.keys()) {
    if (lastGood && lastGood[f] !== null && lastGood[f] !== undefined) inputs[f] = lastGood[f];
    else delete inputs[f];
  }
  const fields = new Set(type.fields.map((f) => f.name));
  let result = null;
  let general = null;
  for (let pass = 0; pass <= type.fields.length + 1 && !result; pass++) {
    try {
      result = m.evaluate(type.name, inputs, options);
    } catch (e) {
      const f = e.field;
      if (!fields.has(f)) {
        general = e.message;
        if (f in inputs && f !== 'type') { delete inputs[f]; continue; }  // an unknown field from a link
        break;
      }
      if (errors.has(f)) break;  // already reported: keep the first, most specific message
      errors.set(f, e.message);
      if (lastGood && lastGood[f] !== null && lastGood[f] !== undefined) inputs[f] = lastGood[f];
      else break;  // nothing valid to stand in: the other fields wait
    }
  }
  return { result, errors, general };
}

/** The registry kinds by name ({workload: kind, fleet: kind, ...}), each a
 *  listRegistries() entry with its `fields` and `entries`. */
export function registryMap(m) {
  return Object.fromEntries(m.listRegistries().map((k) => [k.name, k]));
}

/** An entry as an inline object a reader can edit and send back: quantities as text in
 *  their display unit ("989 TFLOP/s"), nested entries by name. */
export function inlineEntry(kind, e) {
  const out = { name: e.name };
  for (const f of kind.fields) {
    const v = e[f.name];
    if (v === undefined || v === null) continue;
    if (typeof v === 'object') out[f.name] = v.name;
    else if (f.type === 'quantity') out[f.name] = `${Number((v / f.display_factor).toPrecision(12))} ${f.display_unit}`;
    else out[f.name] = v;
  }
  return out;
}

/**
 * A control for field `f` showing `text`; `onInput` runs on every edit. Returns
 * {node, input (the element that takes focus), get() -> text, set(text)}.
 */
export function fieldControl(f, text, registry, onInput, idBase) {
  const id = `${idBase}${f.name}`;
  if (!f.numeric) return registryControl(f, text, registry[f.type], onInput, id);
  const placeholder = f.type === 'quantity' ? `e.g. 1 ${f.unit}` : f.default !== null ? `default ${f.default}` : '';
  const input = el('input', {
    id, type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder, 'data-field': f.name,
    inputmode: f.type === 'quantity' ? 'text' : 'decimal',
  });
  input.value = text;
  input.addEventListener('input', onInput);
  return { node: input, input, get: () => input.value, set: (t) => { input.value = t; } };
}

function registryControl(f, text, kind, onInput, id) {
  const entries = kind.entries;
  const select = el('select', { id, 'data-field': f.name });
  for (const e of entries) select.append(el('option', { value: e.name, text: e.headline ? `${e.name} (${e.headline})` : e.name }));
  select.append(el('option', { value: CUSTOM, text: 'Custom… (JSON)' }));
  const custom = el('textarea', { rows: '3', spellcheck: 'false', 'aria-label': `${f.name} as JSON` });
  let chosen = entries.find((e) => e.name === text) || entries[0];
  const set = (t) => {
    if (t === '') t = entries[0].name;  // a form starts on the first registry entry
    if (entries.some((e) => e.name === t)) {
      select.value = t;
      custom.hidden = true;
    } else {
      select.value = CUSTOM;
      custom.value = t;
      custom.hidden = false;
    }
  };
  set(text);
  select.addEventListener('change', () => {
    custom.hidden = select.value !== CUSTOM;
    // a custom entry starts as a copy of the one chosen before, to edit
    if (select.value === CUSTOM && !custom.value) custom.value = JSON.stringify({ ...inlineEntry(kind, chosen), name: `${chosen.name} (custom)` });
    if (select.value !== CUSTOM) chosen = entries.find((e) => e.name === select.value) || chosen;
    onInput();
  });
  custom.addEventListener('input', onInput);
  return {
    node: el('div', { class: 'registry' }, select, custom),
    input: select,
    get: () => (select.value === CUSTOM ? custom.value : select.value),
    set,
  };
}

// Input controls generated from a field declaration (listScenarioTypes), and the one
// evaluation loop that maps errors back to the fields that caused them. Shared by the
// calculator and the comparison.
import { el, breakable } from './dom.mjs';
import { humanText, sentences, PLAIN_NUMBER } from './format.mjs';
import { FIELD, CUSTOM } from './until-live.mjs';

export { CUSTOM };

/** Whether property `p` reads input `field`, directly or through a symbol that reads it
 *  (N = dp_degree, P = workload.parameters). */
export function usesInput(type, p, field) {
  return p.depends_on.some((d) => d === field || type.symbols.some((y) => y.name === d && y.meaning.split('.')[0] === field));
}

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

/** The [field, text] pairs of `texts` that a page sets in place of a preset's `base`
 *  texts: not empty, and not the preset's own (an embed's i.FIELD options). */
export function textsSet(texts, base) {
  return Object.entries(texts || {}).filter(([k, v]) => v !== '' && (base[k] ?? '') !== v);
}

/** The preset a scenario type opens on (a type chosen, a link naming it, a result carried
 *  into it): its first in `ctx.presets` (the built-in ones come first), or undefined for a
 *  type with none. */
export function firstPreset(ctx, typeName) {
  return ctx.presets.find((p) => p.type === typeName);
}

/** Whether number literal `t` ("9007199254740993", "9.007199254740993e15") may not be held
 *  by a double as written, so that the module must read it itself: an integer beyond 2^53,
 *  or a decimal or exponent form from 2^52 up, where a double holds no fraction
 *  ("9007199254740993.0" was read as 2^53 and passed an integer's rule: a re-checker's trial). */
function beyondDouble(t) {
  if (/^[+-]?\d+$/.test(t)) {
    const n = BigInt(t), max = BigInt(2 ** 53);  // exact: 2^53 is a double
    return n > max || n < -max;
  }
  // ... or a number not zero that a double reads as 0 ("1e-999"): the module quotes it as
  // typed where a rule refuses it, and a unitless quantity so is not the 0 that needs no
  // unit; sent as 0, it had been quoted as "got 0" (an attacker's trial)
  return Math.abs(Number(t)) >= 2 ** 52 || (Number(t) === 0 && /[1-9]/.test(t.split(/[eE]/)[0]));
}

/** A typed number goes to the module as a number (errors then read "got -3"); other
 *  text, and numbers a double might not hold as typed (beyondDouble), go as typed. */
export function numberOrText(text) {
  if (!PLAIN_NUMBER.test(text) || beyondDouble(text)) return text;
  return Number.isFinite(Number(text)) ? Number(text) : text;
}

/**
 * An inline entry's JSON text as the module would read it (the CLI and preset files go
 * through its own parser): JavaScript's JSON.parse keeps the last of a key given twice and
 * rounds an integer beyond 2^53, both in silence (an attacker's trial: a count of
 * 9007199254740993 was computed as ...992). A key given twice is refused in the module's
 * words; a number a double may not hold as written (beyondDouble) goes as its text, which
 * the module reads exactly, and refuses by its rule where it breaks one, naming the
 * sub-field ("fleet: count: must be an integer >= 1 and at most 2^53 …"). Throws an
 * Error whose message follows "FIELD: ".
 */
export function entryJson(text) {
  try {
    JSON.parse(text);  // a text that is not JSON is said as JSON.parse says it
  } catch (e) {
    throw new Error(`not valid JSON (${e.message})`);
  }
  const token = /\s+|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[{}[\]:,]|true|false|null/gy;
  const open = [];  // per open object, its keys so far (decoded; and as written); per open array, null
  let expectKey = false, out = '';
  for (let m; token.lastIndex < text.length && (m = token.exec(text));) {
    let t = m[0];
    const top = open[open.length - 1];
    if (t === '{') { open.push(Object.assign(new Set(), { written: new Set() })); expectKey = true; }
    else if (t === '[') { open.push(null); expectKey = false; }
    else if (t === '}' || t === ']') open.pop();
    else if (t === ',') expectKey = top instanceof Set;
    else if (t[0] === '"' && expectKey) {
      const key = JSON.parse(t);
      if (top.has(key)) {
        // placed as the module places it: line, and column in characters; only where it is
        // written as before (the module compares keys as written: "n\u0061me" is "name",
        // refused by both, but placed by neither)
        const before = text.slice(0, m.index), line = before.split('\n').length;
        const column = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
        const where = top.written.has(t) ? `, the second time at line ${line}, column ${column}` : '';
        throw new Error(`gives the key ${JSON.stringify(key)} twice in one object${where}; give each key once (which one was meant is not guessed)`);
      }
      top.add(key);
      top.written.add(t);
      expectKey = false;
    } else if (/^-?\d/.test(t) && beyondDouble(t)) t = `"${t}"`;
    out += t;
  }
  return JSON.parse(out);
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
        // the text as typed, blank lines and all: a key given twice is placed where the box
        // shows it, as the CLI places it (a re-checker's trial: trimmed, it was lines off)
        inputs[f.name] = entryJson(texts[f.name]);
      } catch (e) {
        errors.set(f.name, `${f.name}: ${e.message}`);
      }
    } else if (!f.numeric && /^"[^"\\]*"$/.test(t)) {
      // a name written as JSON in the entry's JSON box ("GPT3", quotes and all) is that name
      // (an attacker's trial: 'unknown workload "\"GPT3\""')
      inputs[f.name] = t.slice(1, -1);
    } else inputs[f.name] = t;
  }
  // fields a link names that this type does not have go through, to be refused by name
  for (const [k, v] of Object.entries(texts)) if (!declared.has(k)) inputs[k] = v;
  return { inputs, errors };
}

/**
 * Evaluates `texts`. One partial evaluation finds every input error at once (each field
 * named with its message) and computes every property whose inputs are valid. Then, if
 * some field in error has a last valid value (`lastGood`: normalized inputs by field),
 * once more with those values standing in, so that results stay while the reader types.
 * Returns {result (null only when nothing could be evaluated), errors: Map(field ->
 * message), missing: Set of required fields not given, general: message or null (an
 * error no field of the form can show), standIns: fields whose last valid value the
 * result uses}.
 */
export function evaluateTexts(m, type, texts, lastGood, options) {
  const { inputs, errors } = apiInputs(type, texts);
  for (const f of errors.keys()) delete inputs[f];
  const fields = new Set(type.fields.map((f) => f.name));
  const opts = { ...options, partial: true };
  let result = null;
  // an error the module throws rather than lists is about the request as a whole (a value
  // too long to send, say): one that names a field goes beside it, and that field is left out
  for (let pass = 0; !result && pass <= type.fields.length; pass++) {
    try {
      result = m.evaluate(type.name, inputs, opts);
    } catch (e) {
      if (!fields.has(e.field) || errors.has(e.field)) return { result: null, errors, missing: new Set(), general: e.message, standIns: [] };
      errors.set(e.field, e.message);
      delete inputs[e.field];
    }
  }
  const unknown = [];
  const missing = new Set();
  // a field refused before this evaluation was left out of it, so the module calls it not
  // given: it was given, and is invalid (a value too long to send was "missing")
  const refused = new Set(errors.keys());
  for (const e of result.input_errors) {
    if (!fields.has(e.field)) unknown.push(e.message);  // a field a link names that this type lacks
    else if (!errors.has(e.field)) errors.set(e.field, e.message);
    if (e.missing && !refused.has(e.field)) missing.add(e.field);
  }
  // a rule across two fields (workers x per_worker_batch at most 2^53) names both; the one
  // still at its last valid value did not change, so the error is the other's alone
  const byMessage = new Map();
  for (const [f, msg] of errors) {
    const rule = msg.startsWith(`${f}: `) ? msg.slice(f.length + 2) : msg;  // without the "field: " both carry
    byMessage.set(rule, [...(byMessage.get(rule) || []), f]);
  }
  for (const pair of byMessage.values()) {
    if (pair.length !== 2) continue;
    const unchanged = pair.filter((f) => lastGood && lastGood[f] != null && String(inputs[f] ?? '').trim() !== '' &&
      Number(inputs[f]) === lastGood[f]);
    if (unchanged.length === 1) errors.delete(unchanged[0]);
  }
  const standIns = [...errors.keys()].filter((f) => lastGood && lastGood[f] !== null && lastGood[f] !== undefined);
  if (standIns.length) {
    const retry = Object.fromEntries(Object.entries(inputs).filter(([k]) => fields.has(k) && !errors.has(k)));
    for (const f of standIns) retry[f] = lastGood[f];
    result = m.evaluate(type.name, retry, opts);
  }
  return { result, errors, missing, general: unknown.length ? sentences(unknown) : null, standIns };
}

/** The page's own list of scenario types: listScenarioTypes() entries whose `fields`,
 *  `properties`, `symbols` and `warnings` are read from the module (describeScenarioType) the first
 *  time one of them is read, then kept as plain data. A page, an embed or an element shows
 *  one type or a few, and building every type's description was half of the module's
 *  start-up in a cold page (docs/performance.md). The entries are the page's: the
 *  module's own listScenarioTypes() stays plain data for everyone else. */
export function scenarioTypes(m) {
  return m.listScenarioTypes({ details: false }).map((head) => {
    let full = null;
    for (const key of ['fields', 'properties', 'symbols', 'warnings']) {
      Object.defineProperty(head, key, {
        enumerable: true,
        configurable: true,
        get() {
          full ||= m.describeScenarioType(head.name);
          Object.defineProperty(head, key, { value: full[key], writable: true, enumerable: true, configurable: true });
          return full[key];
        },
        set(value) {
          Object.defineProperty(head, key, { value, writable: true, enumerable: true, configurable: true });
        },
      });
    }
    return head;
  });
}

/** The registry kinds by name ({workload: kind, fleet: kind, ...}), each a
 *  listRegistries() entry with its `fields` and `entries`, read from the module when a
 *  kind is first asked for: a type without registry fields (the page's first view) never
 *  reads them, and reading them is the registries' start-up (about 70 ms of a cold page,
 *  docs/performance.md). */
export function registryMap(m) {
  let kinds = null;
  const all = () => (kinds ||= Object.fromEntries(m.listRegistries().map((k) => [k.name, k])));
  return new Proxy({}, {
    get: (_, name) => all()[name],
    has: (_, name) => name in all(),
    ownKeys: () => Reflect.ownKeys(all()),
    getOwnPropertyDescriptor: (_, name) => Reflect.getOwnPropertyDescriptor(all(), name),
  });
}

/** An entry as an inline object a reader can edit and send back: quantities as text in
 *  their display unit ("989 TFLOP/s"), nested entries by name. With `reads` (a registry
 *  field's `reads` from describeScenarioType: ["count", "node.accelerators_per_node"]),
 *  only the sub-fields the scenario reads and those the kind requires: a number the
 *  equations never read would change nothing here (the module warns about one given). */
export function inlineEntry(kind, e, reads = null) {
  const out = { name: e.name };
  const read = reads && new Set(reads.map((p) => p.split('.')[0]));
  for (const f of kind.fields) {
    const v = e[f.name];
    if (v === undefined || v === null || (read && !f.required && !read.has(f.name))) continue;
    if (typeof v === 'object') out[f.name] = v.name;
    else if (f.type === 'quantity') {
      // exact, and a count of ten million or more with its power of ten: "1.75e11 param", not
      // "175000000000 param" (a new user's trial, editing a custom workload on a phone)
      const x = Number((v / f.display_factor).toPrecision(12));
      out[f.name] = `${count(x, String)} ${f.display_unit}`;
    }
    else out[f.name] = v;
  }
  return out;
}

/**
 * A control for field `f` showing `text` (undefined: a blank form's start, where a registry
 * menu shows the first entry the type can use; "" for a registry field: nothing chosen, its
 * custom entry empty, as a link's empty `i.workload=` gives it); `onInput` runs on every edit. Returns
 * {node, input (the element that takes focus), boxes (the elements the field's help and
 * error describe: the input, or a registry's menu and its JSON box), custom (that box, for
 * a registry field), get() -> text, set(text), typed}.
 * With `shown` (a prerendered view's control: scripts/prerender.mjs), the control is that
 * node with its listeners added, or null when it is not the node this would build (another
 * tag, attribute, option). An input the reader typed into before live (until-live.mjs
 * marks it data-typed) keeps its text, its caret, a composition under way and its undo
 * history; `typed` is then true, and ScenarioView.carry makes it an edit.
 */
export function fieldControl(f, text, registry, onInput, idBase, shown = null) {
  const id = `${idBase}${f.name}`;
  if (!f.numeric) return registryControl(f, text, registry[f.type], onInput, id, shown);
  // an example in the unit the field's rule speaks (USD/h, not USD/s)
  const placeholder = f.default !== null ? `default ${f.default}` : f.type === 'quantity' ? `e.g. 1 ${f.display_unit}` : f.required ? 'required' : '';
  const attrs = { id, type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder, 'data-field': f.name,
    inputmode: f.type === 'quantity' ? 'text' : 'decimal' };
  const input = shown ? sameNode(shown, 'INPUT', attrs) : el('input', attrs);
  if (!input) return null;
  text ??= '';
  const typed = !!shown && input.hasAttribute('data-typed') && input.value !== text;
  if (!typed) input.value = text;
  input.addEventListener('input', onInput);
  return { node: input, input, boxes: [input], typed, get: () => input.value, set: (t) => { input.value = t; } };
}

/** `node` when it is a `tag` element with each of `attrs` ({name: text}), else null. */
function sameNode(node, tag, attrs) {
  return node && node.tagName === tag && Object.entries(attrs).every(([k, v]) => node.getAttribute(k) === v) ? node : null;
}

/** The sub-field `path` ("node.accelerator.peak_flops") of entry `e`, or undefined. */
function entryValue(e, path) {
  return path.split('.').reduce((v, k) => (v && typeof v === 'object' ? v[k] : undefined), e);
}

/** A number of an entry as the facts and the custom copy write it: from ten million up with
 *  its power of ten ("1.5e13", "1.75e11"), else by `plain` (grouped, "4,096"; the copy's
 *  String, "4096"). "15,000,000,000,000" broke across lines inside the number in a Compare
 *  column at 390 px (an instructor's trial). */
function count(v, plain = (x) => x.toLocaleString('en-US')) {
  return Math.abs(v) >= 1e7 ? v.toExponential().replace('e+', 'e') : plain(v);
}

/** One entry's numbers as a reader checks them: each sub-field in its display unit,
 *  nested entries by name, then the source (and the numbers with a source of their own).
 *  Returns {numbers: "parameters 8.03 B params · layers 32 · …", facts: [[name, text]],
 *  source}. */
export function entryFacts(kind, e) {
  const facts = [];
  for (const f of kind.fields) {
    const v = e[f.name];
    if (v === undefined || v === null) continue;
    // a quantity in the unit its datasheet gives (80 GiB, 989 TFLOP/s); one declared in its
    // canonical unit as a result card writes it ("175 B params", not "175,000,000,000 param")
    // bytes given in binary units (80 GiB) say their decimal size too, as results write it by
    // default: "80 GiB (85.9 GB)" beside a work line that divides by 85.9 GB (a student's trial)
    const decimal = f.unit === 'byte' && /^[KMGTPE]iB$/.test(f.display_unit) ? ` (${humanText(v, 'byte')})` : '';
    const shown = typeof v === 'object' ? v.name
      : f.type === 'quantity' && f.display_unit === f.unit ? humanText(v, f.unit)
        : f.type === 'quantity' ? `${Number((v / f.display_factor).toPrecision(6)).toLocaleString('en-US', { maximumFractionDigits: 6 })} ${f.display_unit}${decimal}`
          : count(v);
    facts.push([f.name, shown]);
  }
  for (const d of kind.derived) if (e[d.name] !== undefined) facts.push([d.name, count(e[d.name])]);
  // the sources, each once, with the numbers it gives when not all of them
  const bySource = new Map();
  for (const f of kind.fields) {
    if (e[f.name] === undefined || e[f.name] === null || typeof e[f.name] === 'object') continue;
    const src = (e.sources || {})[f.name] || e.source;
    if (src) bySource.set(src, [...(bySource.get(src) || []), f.name]);
  }
  const source = bySource.size <= 1 ? (e.source || '')
    : [...bySource].map(([src, names]) => `${src} (${names.join(', ')})`).join('; ');
  return { numbers: facts.map(([n, v]) => `${n} ${v}`).join(' · '), facts, source };
}

/** A registry entry as a Result's inputs hold it (a quantity as {value, unit}, a nested entry
 *  whole) in the shape the module's lists give one (a quantity as its number in the
 *  canonical unit), for entryFacts. */
export function listedEntry(given) {
  const quantity = (v) => v !== null && typeof v === 'object' && Object.keys(v).length === 2 && typeof v.value === 'number' && typeof v.unit === 'string';
  return Object.fromEntries(Object.entries(given).map(([k, v]) => [k, quantity(v) ? v.value : v]));
}

/** Writes into `p` (a p.entry-facts) entry `e`'s numbers and source, as a registry menu
 *  shows them under its choice (entryFacts); a prerendered `p` that shows them already is
 *  kept as it is. */
export function showEntryFacts(p, kind, e) {
  const { numbers, facts: pairs, source } = entryFacts(kind, e);
  const [shownNumbers, shownSource] = p.children;
  if (p.children.length === 2 && shownNumbers.textContent === numbers && shownSource.textContent === `Source: ${source}`) return;
  // a name breaks after its underscores, a value not at all (a narrow Compare column)
  const shown = pairs.flatMap(([n, v], k) => [k ? ' · ' : '', el('span', { class: 'fact' }, ...breakable(n), ' ', el('span', { class: 'fact-value', text: v }))]);
  p.replaceChildren(el('span', {}, ...shown), el('span', { class: 'entry-source', text: `Source: ${source}` }));
}

function registryControl(f, text, kind, onInput, id, shown) {
  const entries = kind.entries;
  const needs = f.needs || [];
  const lacks = (e) => needs.filter((p) => entryValue(e, p) === undefined);
  // an entry without a sub-field this type's equations read cannot be chosen: say why
  const label = (e, missing) => `${e.name}${e.headline ? ` (${e.headline})` : ''}${missing.length ? ` — has no ${missing.join(', ')}` : ''}`;
  const customAttrs = { rows: '3', spellcheck: 'false', 'aria-label': `${f.name} as JSON` };
  let select, facts, custom, node;
  if (shown) {
    [select, facts, custom] = shown.children;
    const options = select && select.options;
    if (!shown.matches('div.registry') || shown.children.length !== 3 || !sameNode(select, 'SELECT', { id, 'data-field': f.name }) ||
        !facts.matches('p.entry-facts') || !sameNode(custom, 'TEXTAREA', customAttrs) || options.length !== entries.length + 1 ||
        options[entries.length].value !== CUSTOM || entries.some((e, k) => options[k].value !== e.name ||
          options[k].textContent !== label(e, lacks(e)) || options[k].disabled !== lacks(e).length > 0)) return null;
    node = shown;
  } else {
    select = el('select', { id, 'data-field': f.name });
    for (const e of entries) {
      const missing = lacks(e);
      select.append(el('option', { value: e.name, text: label(e, missing), disabled: missing.length > 0 }));
    }
    select.append(el('option', { value: CUSTOM, text: 'Custom… (JSON)' }));
    custom = el('textarea', customAttrs);
    facts = el('p', { class: 'entry-facts' });
    node = el('div', { class: 'registry' }, select, facts, custom);
  }
  const usable = entries.filter((e) => !lacks(e).length);
  let chosen = entries.find((e) => e.name === text) || usable[0] || entries[0];
  const showFacts = () => {
    const e = select.value === CUSTOM ? null : entries.find((x) => x.name === select.value);
    facts.hidden = !e;
    if (!e) return;
    showEntryFacts(facts, kind, e);
  };
  const set = (t) => {
    // a blank form starts on the first entry this type can use; an empty text given (a
    // link's i.workload=, an element's i.workload="", a form rebuilt on an emptied custom
    // entry) is no entry, and waits to be filled in: it had shown the first entry, and
    // every result was that entry's (an attacker's trial). (While the reader empties a
    // custom entry, its last valid value stands in, as for any field being corrected.)
    if (t === undefined) t = chosen.name;
    if (entries.some((e) => e.name === t)) {
      select.value = t;
      custom.hidden = true;
    } else {
      select.value = CUSTOM;
      custom.value = t;
      custom.hidden = false;
    }
    showFacts();
  };
  set(text);
  select.addEventListener('change', () => {
    custom.hidden = select.value !== CUSTOM;
    // a custom entry starts as a copy of the one chosen before, to edit
    if (select.value === CUSTOM && !custom.value) custom.value = JSON.stringify({ ...inlineEntry(kind, chosen, f.reads), name: `${chosen.name} (custom)` });
    if (select.value !== CUSTOM) chosen = entries.find((e) => e.name === select.value) || chosen;
    showFacts();
    onInput();
  });
  custom.addEventListener('input', onInput);
  return {
    node,
    input: select,
    custom,
    // what the field's help and error describe, and aria-invalid marks: the menu and its JSON
    // box (the box had neither: a re-checker's trial)
    boxes: [select, custom],
    get: () => (select.value === CUSTOM ? custom.value : select.value),
    set,
  };
}

/** One symbol of a type's equations as the pages list it: <li><code>P</code> =
 *  workload.parameters (param): the total parameter count…</li>. */
export function symbolItem(s) {
  // a symbol named by its own path (fleet.count) is not written "fleet.count = fleet.count"
  const meaning = s.meaning === s.name ? '' : ` = ${s.meaning}`;
  return el('li', {}, el('code', { text: s.name }), `${meaning}${s.unit ? ` (${s.unit})` : ''}${s.doc ? `: ${s.doc}` : ''}`);
}

/**
 * What the reader typed into the prerendered view `scope` (opened by until-live.mjs
 * openUntilLive), read just before the live view replaces it: {texts: {field: text} of the
 * inputs changed (for ScenarioView.carry), focus: {field, start, end, direction} of the
 * input that has the caret, or null}.
 * `active` is the focused element of scope's document or shadow root. An empty view, or
 * one never opened, gives {texts: {}, focus: null}.
 */
export function takeTyped(scope, active) {
  const texts = {};
  if (!scope) return { texts, focus: null };
  for (const c of scope.querySelectorAll('[data-typed]')) {
    if (c.matches(FIELD)) texts[c.dataset.field] = c.value;
  }
  let focus = null;
  if (active && scope.contains(active) && active.matches(FIELD)) {
    focus = { field: active.dataset.field };
    if (active.tagName === 'INPUT')
      Object.assign(focus, { start: active.selectionStart, end: active.selectionEnd, direction: active.selectionDirection });
  }
  return { texts, focus };
}

/** Gives the caret back to the live view's input of `focus.field` in `scope`, where it was
 *  (takeTyped), without scrolling: the live view takes the prerendered one's place. */
export function giveFocus(scope, focus) {
  if (!scope || !focus) return;
  const c = [...scope.querySelectorAll(FIELD)].find((n) => n.dataset.field === focus.field);
  if (!c || c.getRootNode().activeElement === c) return;  // a control taken over keeps its caret
  c.focus({ preventScroll: true });
  if (c.tagName === 'INPUT' && focus.start !== null && focus.start !== undefined) {
    try { c.setSelectionRange(focus.start, focus.end, focus.direction || 'none'); } catch { /* a type without a selection */ }
  }
}

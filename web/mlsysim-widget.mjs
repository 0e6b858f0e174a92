// The notebook and MyST widget: an ES module whose default export has the front-end
// contract that anywidget (Jupyter, marimo, VS Code) and MyST's {anywidget} directive
// share, `render({ model, el })`, over the same code as <mlsysim-scenario>
// (docs/embedding.md, "Notebooks and MyST").
//
// The model's keys mirror the element's options: preset, type, show, editable,
// properties, predict, about, theme, bytes, time, money, preset_file (the option
// preset-file; a key name cannot hold "-"), each a string or null; show, editable,
// properties and predict may also be lists. `inputs` is an object {FIELD: value} (the
// element's i.FIELD). A change of any of them re-renders. Written back and saved: `result`
// (the Result shown, as evaluate returns it, or null while an input is invalid; a value
// still waiting for the reader's prediction is {error} until revealed), `inputs` (the
// inputs that differ from the preset's, as the reader edited them) and `predictions`
// (this session's checked predictions, as the element's mlsysim-prediction event gives
// them). A model value that cannot become an option is named in a notice above it.
//
// The module, its wasm and the stylesheet load from beside this file (import.meta.url),
// never from anywhere else: serve the dist/ folder and point the widget at
// mlsysim-widget.mjs in it. render returns the cleanup function the contract asks for.
import { MlsysimScenario } from './mlsysim-element.mjs';
import { EMBED_OPTIONS } from './link.mjs';
import { clip, clipJson } from './format.mjs';

/** The model key of element option `k` ("preset-file" -> "preset_file"). */
const keyOf = (k) => k.replace(/-/g, '_');
const KEYS = [...EMBED_OPTIONS.map(keyOf), 'inputs'];

/** An option's attribute text for model value `v`: lists joined by commas; null removes.
 *  Throws for a value with no text (an object whose toString throws). */
function attributeText(v) {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.map(String).join(',');
  return String(v);
}

/** A name the element can take as an attribute (i.FIELD of a real field always can). */
function attributeName(name) {
  try {
    document.createElement('div').setAttribute(name, '');
    return true;
  } catch {
    return false;
  }
}

/** "…" of a value, for a notice, whatever it is. */
function shown(v) {
  try { return clipJson(JSON.stringify(v), 80); } catch { return Object.prototype.toString.call(v); }
}

/** An input value as the form's text: numbers and text as they are, objects (an inline
 *  workload, {value, unit}) as the text a field takes. */
function inputText(v) {
  if (v && typeof v === 'object' && 'value' in v && 'unit' in v && Object.keys(v).length === 2) return `${v.value} ${v.unit}`;
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/** `r` as evaluate returns it: without the substituted work the page asks for. */
function plainResult(r) {
  if (!r) return null;
  const properties = {};
  for (const [k, p] of Object.entries(r.properties)) {
    const { work, ...rest } = p;
    properties[k] = rest;
  }
  return { type: r.type, preset: r.preset ?? null, inputs: r.inputs, properties, warnings: r.warnings };
}

/** True when two {field: text} objects say the same. */
function sameInputs(a, b) {
  try {
    return sameTexts(a, b);
  } catch {
    return false;  // a value with no text is never our own echo
  }
}

function sameTexts(a, b) {
  const x = Object.entries(a || {}).map(([k, v]) => [k, inputText(v)]).sort();
  const y = Object.entries(b || {}).map(([k, v]) => [k, inputText(v)]).sort();
  return JSON.stringify(x) === JSON.stringify(y);
}

/**
 * render({model, el}) -> cleanup(): shows the scenario the model describes in `el`, and
 * keeps the model's `result` and `inputs` up to date with what the reader does.
 */
function render({ model, el }) {
  const e = document.createElement('mlsysim-scenario');
  // what the model asks for that cannot reach the element (the element's own notices say
  // the rest): above it, in the embed's notice style
  const notices = document.createElement('ul');
  notices.className = 'mlsysim-widget-notices';
  notices.setAttribute('aria-label', 'Notices about this widget');
  let written = null;  // the inputs this widget last wrote back (their echo is not a change)
  const predictions = [];

  /** The attributes the model asks for, and notices for what it asks that cannot be. */
  const wanted = () => {
    const attrs = [], said = [];
    for (const k of EMBED_OPTIONS) {
      try {
        attrs.push([k, attributeText(model.get(keyOf(k)))]);
      } catch {
        said.push(`${keyOf(k)}: must be a text or a list of texts, got ${shown(model.get(keyOf(k)))}; left out.`);
        attrs.push([k, null]);
      }
    }
    const inputs = model.get('inputs');
    if (inputs !== null && inputs !== undefined && (typeof inputs !== 'object' || Array.isArray(inputs)))
      said.push(`inputs: must be an object {FIELD: value}, got ${shown(inputs)}; left out.`);
    else if (inputs)
      for (const [f, v] of Object.entries(inputs)) {
        if (v === null || v === undefined) continue;
        if (!attributeName(`i.${f}`)) { said.push(`inputs: "${clip(f, 60)}" cannot be a field name (no field has spaces or markup); left out.`); continue; }
        let text;
        try { text = inputText(v); } catch { said.push(`inputs.${f}: cannot be read as text; left out.`); continue; }
        attrs.push([`i.${f}`, text]);
      }
    return { attrs, said };
  };

  const apply = () => {
    const { attrs, said } = wanted();  // everything read before anything changes
    for (const a of [...e.attributes]) if (a.name.startsWith('i.')) e.removeAttribute(a.name);
    for (const [k, v] of attrs) if (v === null) e.removeAttribute(k); else e.setAttribute(k, v);
    notices.replaceChildren(...said.map((t) => Object.assign(document.createElement('li'), { textContent: t })));
    notices.hidden = said.length === 0;
  };
  const changed = () => {
    if (sameInputs(model.get('inputs'), written) && written !== null) return;  // our own write, echoed
    written = null;
    apply();
  };
  const handlers = KEYS.map((k) => [`change:${k}`, k === 'inputs' ? changed : () => { written = null; apply(); }]);

  const update = (ev) => {
    const result = plainResult(e.result);
    model.set('result', result);
    if (ev && ev.detail && ev.detail.edited) {
      written = { ...ev.detail.inputs };
      model.set('inputs', written);
    }
    model.save_changes();
  };
  // each checked prediction (predict=), this session's list: for a notebook to record
  const predicted = (ev) => {
    predictions.push(ev.detail);
    model.set('predictions', [...predictions]);
    model.save_changes();
  };
  const rendered = () => update(null);
  e.addEventListener('mlsysim-update', update);
  e.addEventListener('mlsysim-render', rendered);
  e.addEventListener('mlsysim-prediction', predicted);

  apply();
  el.append(notices, e);
  for (const [event, fn] of handlers) model.on(event, fn);
  let cleaned = false;
  return () => {
    if (cleaned) return;
    cleaned = true;
    for (const [event, fn] of handlers) model.off(event, fn);
    e.removeEventListener('mlsysim-update', update);
    e.removeEventListener('mlsysim-render', rendered);
    e.removeEventListener('mlsysim-prediction', predicted);
    notices.remove();
    e.remove();
  };
}

export default { render };
export { MlsysimScenario };

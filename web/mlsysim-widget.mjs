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
// (the Result shown, as evaluate returns it, or null while an input is invalid) and
// `inputs` (the inputs that differ from the preset's, as the reader edited them).
//
// The module, its wasm and the stylesheet load from beside this file (import.meta.url),
// never from anywhere else: serve the dist/ folder and point the widget at
// mlsysim-widget.mjs in it. render returns the cleanup function the contract asks for.
import { MlsysimScenario } from './mlsysim-element.mjs';
import { EMBED_OPTIONS } from './link.mjs';

/** The model key of element option `k` ("preset-file" -> "preset_file"). */
const keyOf = (k) => k.replace(/-/g, '_');
const KEYS = [...EMBED_OPTIONS.map(keyOf), 'inputs'];

/** An option's attribute text for model value `v`: lists joined by commas; null removes. */
function attributeText(v) {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.map(String).join(',');
  return String(v);
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
  let written = null;  // the inputs this widget last wrote back (their echo is not a change)

  const apply = () => {
    for (const k of EMBED_OPTIONS) {
      const text = attributeText(model.get(keyOf(k)));
      if (text === null) e.removeAttribute(k);
      else e.setAttribute(k, text);
    }
    for (const a of [...e.attributes]) if (a.name.startsWith('i.')) e.removeAttribute(a.name);
    const inputs = model.get('inputs');
    if (inputs && typeof inputs === 'object')
      for (const [f, v] of Object.entries(inputs)) if (v !== null && v !== undefined) e.setAttribute(`i.${f}`, inputText(v));
  };
  const changed = () => {
    if (sameInputs(model.get('inputs'), written) && written !== null) return;  // our own write, echoed
    written = null;
    apply();
  };
  const handlers = KEYS.map((k) => [`change:${k}`, k === 'inputs' ? changed : () => { written = null; apply(); }]);
  for (const [event, fn] of handlers) model.on(event, fn);

  const update = (ev) => {
    const result = plainResult(e.result);
    model.set('result', result);
    if (ev && ev.detail && ev.detail.edited) {
      written = { ...ev.detail.inputs };
      model.set('inputs', written);
    }
    model.save_changes();
  };
  e.addEventListener('mlsysim-update', update);
  e.addEventListener('mlsysim-render', () => update(null));

  apply();
  el.append(e);
  return () => {
    for (const [event, fn] of handlers) model.off(event, fn);
    e.removeEventListener('mlsysim-update', update);
    e.remove();
  };
}

export default { render };
export { MlsysimScenario };

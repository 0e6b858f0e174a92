// DOM helpers. Data reaches the page only through textContent and attributes; the one
// parser used is for MathML that the core generated from its own declarations and
// numbers (never from typed text), parsed as XML, not HTML.

export const $ = (id) => document.getElementById(id);

/** el('p', {class: 'x', text: 'hi'}, child...): an element with properties and children. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null) continue;
    if (k === 'text') node.textContent = v;
    else if (k === 'class') node.className = v;
    else if (k.startsWith('on')) { if (typeof v === 'function') node.addEventListener(k.slice(2), v); }  // never as an attribute
    else if (typeof v === 'boolean') node[k] = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

let parser = null;  // made on first use: importing this module needs no DOM (node tests)

/** `text` with a break opportunity after each "/" of a path or an address
 *  ("engine/|scenario_definitions/|communication.py"), so that a narrow card breaks a
 *  source there rather than inside a word. */
export function breakablePaths(text) {
  const parts = String(text).split(/(?<=\/)(?=[^\s/])/);
  return parts.flatMap((t, i) => (i ? [document.createElement('wbr'), t] : [t]));
}

/** `text` (a field's rule, its spaces already kept: format.mjs ruleSpaces, keepTogether)
 *  with breaks offered after "_" and between the words of a dimension (memory_<wbr>bandwidth,
 *  information/<wbr>param; not in USD/h or TFLOP/s), for a narrow column: never inside a word. */
export function breakableRule(text) {
  const parts = String(text).split(/(?<=_)(?=[a-z])|(?<=[A-Za-z]{4}\/)(?=[A-Za-z]{3})/);
  return parts.flatMap((t, i) => (i ? [document.createElement('wbr'), t] : [t]));
}

/** `text` as nodes with a line-break opportunity (<wbr>) between the words of a name
 *  ("Transformer|Bsp8|Workers", "Gpt3|On10K|Young|Daly", "gradient_|bytes_|per_|param"),
 *  so that a narrow column wraps it whole instead of cutting it or breaking inside a word
 *  (a new user's trial saw "Gpt3On10 / KYoungDaly"). */
export function breakable(text) {
  return nameWords(text).flatMap((t, i) => (i ? [document.createElement('wbr'), t] : [t]));
}

/** The words of a name: before a capitalised word (Gpt3|On10K, 10K|Young: not inside 10K,
 *  8B, A100 or H100), after "_", and before the number after a word of three small letters
 *  or more (Training|1K). What breakable breaks between, and the finder reads as words. */
export function nameWords(text) {
  return String(text).split(/(?<=[a-z])(?=[A-Z])|(?<=[0-9A-Z])(?=[A-Z][a-z])|(?<=_)|(?<=[a-z]{3})(?=[0-9][0-9A-Za-z])/);
}

/** A MathML element from the core's MathML text (a whole <math> element). */
export function mathml(text) {
  parser ||= new DOMParser();
  const doc = parser.parseFromString(text, 'application/xml');
  const root = doc.documentElement;
  const MATHML = 'http://www.w3.org/1998/Math/MathML';
  // only MathML elements, and no event-handler or link attributes, ever reach the page
  const safe = root.namespaceURI === MATHML && !doc.querySelector('parsererror') &&
    [root, ...root.querySelectorAll('*')].every((n) => n.namespaceURI === MATHML &&
      [...n.attributes].every((a) => !/^on|href$/i.test(a.name)));
  if (!safe) return el('code', { text: '(equation unavailable)' });
  return document.importNode(root, true);
}

/** Writes `text` to the clipboard; resolves to true when it worked. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Offers `blob` as a download called `name`. */
export function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A small button that reports what it did in its own label for a moment. */
export function actionButton(label, action, title) {
  const b = el('button', { type: 'button', class: 'action', text: label, title });
  b.addEventListener('click', async () => {
    const ok = await action();
    if (ok === undefined) return;
    b.textContent = ok ? 'Copied' : 'Copy failed';
    setTimeout(() => { b.textContent = label; }, 1200);
  });
  return b;
}
/** Applies theme `t` to `node` (an element with class mlsysim-theme; see style.css). */
export function applyTheme(node, t) {
  if (t === 'light' || t === 'dark') node.dataset.theme = t;
  else delete node.dataset.theme;
}

/** True for a plain Enter (no modifier, no composition) in a text input or a menu of a
 *  form whose value is not in error: the key that, where the results are out of view,
 *  takes the reader to them (the calculator, the embeds). An input in error keeps the
 *  reader beside its message. */
export function enterToResults(e) {
  // (keyCode 229: Safari's Enter that ends a composition comes after compositionend)
  if (e.key !== 'Enter' || e.isComposing || e.keyCode === 229 || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return false;
  const t = e.target;
  const field = t.tagName === 'SELECT' || (t.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit'].includes(t.type));
  return field && t.getAttribute('aria-invalid') !== 'true';
}


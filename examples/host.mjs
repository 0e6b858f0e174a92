// The host side of the iframe embed, as a course page can copy it (docs/embedding.md):
// 1. resize each mlsysim iframe to the height it reports;
// 2. tell each one which colour scheme this page shows, when it asks and whenever the
//    page's theme changes, so that a `theme=auto` embed matches the page around it;
// 3. record the predictions readers check (predict=): the iframe's message and the
//    element's event carry the same fields.
const log = document.getElementById('resize-log');
const received = [];

/** 'light' or 'dark': what this page shows now (its theme switch, else the system's). */
function pageTheme() {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Posts the page's theme to `frame`, only to the origin its src names. */
function tellTheme(frame) {
  if (!frame.contentWindow) return;
  frame.contentWindow.postMessage({ type: 'mlsysim:theme', theme: pageTheme() }, new URL(frame.src, location.href).origin);
}
const tellAll = () => document.querySelectorAll('iframe').forEach(tellTheme);

window.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || (data.type !== 'mlsysim:resize' && data.type !== 'mlsysim:theme-request')) return;
  // only frames of the calculator's own origin (here: this page's)
  if (event.origin !== window.location.origin) return;
  const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === event.source);
  if (!frame) return;
  if (data.type === 'mlsysim:theme-request') { tellTheme(frame); return; }
  if (!Number.isFinite(data.height) || data.height <= 0 || data.height > 20000) return;
  frame.style.height = `${data.height}px`;  // CSSOM, allowed under style-src 'self'
  received.push({ id: data.id, height: data.height });
  log.textContent = `Last resize: ${data.id ?? '(no id)'} → ${data.height} px (${received.length} message${received.length === 1 ? '' : 's'}).`;
});
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', tellAll);
// a frame asks when it starts; telling it now, and when it has loaded, covers a frame
// that asked before this script was listening
document.querySelectorAll('iframe').forEach((f) => f.addEventListener('load', () => tellTheme(f)));
tellAll();

// this example's theme switch (a course site has its own): the element follows the
// page by itself; the iframes are told
const choice = document.getElementById('host-theme');
if (choice) {
  choice.addEventListener('change', () => {
    if (choice.value) document.documentElement.dataset.theme = choice.value;
    else delete document.documentElement.dataset.theme;
    tellAll();
  });
}

// predictions: a course page would store them; this one shows the last
const predictions = [];
const showPrediction = (d) => {
  predictions.push(d);
  const plog = document.getElementById('prediction-log');
  // the message carries exact numbers in the property's canonical unit; a page shows them rounded
  const shown = (x) => (typeof x === 'number' ? Number(x.toPrecision(4)).toLocaleString('en-US') : String(x));
  if (plog) plog.textContent = `Last prediction: ${d.property} ${shown(d.predicted)} against ${shown(d.actual)}${d.unit ? ` ${d.unit}` : ''} (${predictions.length} so far).`;
};
window.addEventListener('message', (event) => {
  if (event.origin === window.location.origin && event.data && event.data.type === 'mlsysim:prediction') showPrediction(event.data);
});
document.addEventListener('mlsysim-prediction', (event) => showPrediction(event.detail));

window.mlsysimResizes = received;  // for the tests
window.mlsysimPredictions = predictions;

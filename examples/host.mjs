// The host side of the iframe embed: resize each mlsysim iframe to the height it reports.
// A course page can copy this as it is (docs/embedding.md shows it inline too).
const log = document.getElementById('resize-log');
const received = [];

window.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'mlsysim:resize') return;
  // only frames of the calculator's own origin (here: this page's), and only a sane height
  if (event.origin !== window.location.origin) return;
  if (!Number.isFinite(data.height) || data.height <= 0 || data.height > 20000) return;
  const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === event.source);
  if (!frame) return;
  frame.style.height = `${data.height}px`;  // CSSOM, allowed under style-src 'self'
  received.push({ id: data.id, height: data.height });
  log.textContent = `Last resize: ${data.id ?? '(no id)'} → ${data.height} px (${received.length} messages).`;
});

window.mlsysimResizes = received;  // for the tests

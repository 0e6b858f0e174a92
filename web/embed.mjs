// The iframe embed (embed.html): one scenario, chosen by the URL's parameters (see
// docs/embedding.md), with no page chrome. It posts its height to the parent whenever
// it changes, in two shapes: {type: 'mlsysim:resize', height, id} for any host and
// {subject: 'lti.frameResize', height} for Canvas and other LMSs that listen for it.
// With `predict=`, each prediction a reader checks is posted too: {type:
// 'mlsysim:prediction', id, property, predicted, actual, unit, inputs}.
//
// The theme: with `theme=auto` it follows its host page when the host says which scheme
// it shows. A frame cannot look at a page of another origin, so it asks its parent once,
// {type: 'mlsysim:theme-request', id}, and follows each {type: 'mlsysim:theme', theme:
// 'light' | 'dark'} its parent posts (then or later, when the host's theme changes); a
// message from any other window is ignored. With no answer it follows the reader's system
// setting.
import createMlsysim from './mlsysim.mjs';
import { $ } from './dom.mjs';
import { EmbeddedScenario, moduleContext, withOptionPresetFile } from './embed-view.mjs';
import { FOREIGN_KEYS } from './link.mjs';
import { failureView } from './startup.mjs';
import { firstResultPainted } from './until-live.mjs';

const params = new URLSearchParams(location.search);
// at most 100 characters (a longer one is cut, with a notice: link.mjs readEmbedOptions)
const frameId = params.has('id') ? [...params.get('id')].slice(0, 100).join('') : null;  // characters, never half of one
const framed = window.parent !== window;

/** Posts the document's height to the parent when it changes (no-op outside a frame),
 *  from the first view shown on: the prerendered one web/boot.js shows while the module
 *  loads, so that the host sizes the frame to it and the live view then takes its place
 *  at the same height. The loading line alone is not reported (the host would shrink the
 *  frame to one line, then grow it). */
function reportHeight() {
  if (!framed) return;
  let last = -1;
  const post = () => {
    const box = $('embed');
    if (!document.body.dataset.ready && box && box.children.length === 1 && box.firstElementChild.id === 'status') return;
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    // no secret travels: the height and the id the host itself chose
    window.parent.postMessage({ type: 'mlsysim:resize', height, id: frameId }, '*');
    window.parent.postMessage({ subject: 'lti.frameResize', height }, '*');
  };
  new ResizeObserver(post).observe(document.documentElement);
  post();
}

const embed = new EmbeddedScenario($('embed'), {
  themeNode: document.documentElement,
  calculatorUrl: new URL('index.html', location.href),
  // `id` is the frame's own (echoed in the resize message), not an option of the scenario
  host: { lead: 'Unknown parameter', silent: (k) => k === 'id' || FOREIGN_KEYS.test(k), idLimit: 100 },
  // a checked prediction, for a course page to record (docs/embedding.md): what the
  // reader typed and the model's value, nothing else; stored and sent nowhere else
  onPrediction: (d) => {
    if (framed) window.parent.postMessage({ type: 'mlsysim:prediction', id: frameId, ...d }, '*');
  },
});
embed.prepareTheme((k) => params.get(k));
window.mlsysimEmbed = embed;
if (framed) {
  window.addEventListener('message', (event) => {
    const d = event.data;
    // only the page this frame is in may say which scheme it shows
    if (event.source !== window.parent || !d || d.type !== 'mlsysim:theme') return;
    if (d.theme === 'light' || d.theme === 'dark') embed.setHostTheme(d.theme);
  });
  // the host's origin is unknown (and may be any): the request carries nothing but the id
  window.parent.postMessage({ type: 'mlsysim:theme-request', id: frameId }, '*');
}

reportHeight();
try {
  const get = (k) => params.get(k);
  // the answers of the prerendered view web/boot.js fetched: taken if they are here by
  // the time the module is ready (docs/performance.md, "Prerendered answers")
  const answers = window.mlsysimPrerenderedAnswers || null;
  const m = await createMlsysim({ answers });
  // the prerendered view web/boot.js shows is not replaced before it is on screen: the
  // module's start-up and the live view's build otherwise ran back to back with its
  // first layout, and the reader saw numbers only once live (docs/performance.md,
  // "Hydration, and typing before live")
  if (document.querySelector('#embed > section[aria-busy="true"]')) await firstResultPainted();
  const ctx = await withOptionPresetFile(moduleContext(m), get, location.href, framed);
  const o = embed.render(ctx, get, params);
  if (!o.error) document.title = `${o.preset || o.type.name} · mlsysim scenario calculator`;
  document.body.dataset.ready = o.error ? 'error' : '1';
  // results in place and inputs answered: what `npm run bench` times an embed to
  // (docs/performance.md); the first result too, when the live view came before the
  // prerendered one (web/boot.js marks it for that)
  if (!o.error) {
    if (!performance.getEntriesByName('mlsysim:first-result').length) performance.mark('mlsysim:first-result');
    performance.mark('mlsysim:interactive');
  }
} catch (e) {
  $('embed').replaceChildren(failureView(e));
  document.body.dataset.ready = 'error';
  throw e;
}

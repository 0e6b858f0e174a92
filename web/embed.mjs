// The iframe embed (embed.html): one scenario, chosen by the URL's parameters (see
// docs/embedding.md), with no page chrome. It posts its height to the parent whenever
// it changes, in two shapes: {type: 'mlsysim:resize', height, id} for any host and
// {subject: 'lti.frameResize', height} for Canvas and other LMSs that listen for it.
import createMlsysim from './mlsysim.mjs';
import { $, el } from './dom.mjs';
import { EmbeddedScenario, moduleContext } from './embed-view.mjs';

const params = new URLSearchParams(location.search);
const frameId = params.has('id') ? params.get('id').slice(0, 100) : null;

/** Posts the document's height to the parent when it changes (no-op outside a frame). */
function reportHeight() {
  if (window.parent === window) return;
  let last = -1;
  const post = () => {
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

try {
  const ctx = moduleContext(await createMlsysim());
  const embed = new EmbeddedScenario($('embed'), { themeNode: document.documentElement, calculatorUrl: new URL('index.html', location.href) });
  const o = embed.render(ctx, (k) => params.get(k), params);
  if (!o.error) document.title = `${o.preset || o.type.name} · mlsysim scenario calculator`;
  window.mlsysimEmbed = embed;
  document.body.dataset.ready = o.error ? 'error' : '1';
} catch (e) {
  $('embed').replaceChildren(el('p', { class: 'status failed', role: 'alert', text: `The calculator could not start: ${e.message}` }));
  document.body.dataset.ready = 'error';
  throw e;
} finally {
  reportHeight();
}

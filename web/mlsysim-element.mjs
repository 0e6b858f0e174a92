// <mlsysim-scenario>: one scenario as a custom element, for any page that loads this
// module with one <script type="module" src=".../mlsysim-element.mjs">.
//
//   <mlsysim-scenario preset="TransformerBsp8Workers" show="workers,per_worker_batch"
//                     editable="workers" properties="global_batch,speedup" theme="auto"
//                     i.workers="16"></mlsysim-scenario>
//
// Attributes (docs/embedding.md has every one, with its default): preset, type, show,
// editable, properties, theme, bytes, time, money, and i.FIELD for an input override.
// Changing any of them re-renders. The element renders into an open shadow root with the
// calculator's own stylesheet (a <link>, so it works under `style-src 'self'`): host
// page styles do not reach in, and its styles do not reach out. All elements of a page
// share one WebAssembly instance, loaded from beside this module (import.meta.url), so
// the element works from any folder of a site.
import createMlsysim from './mlsysim.mjs';
import { el } from './dom.mjs';
import { EmbeddedScenario, moduleContext } from './embed-view.mjs';

const OPTIONS = ['preset', 'type', 'show', 'editable', 'properties', 'theme', 'bytes', 'time', 'money'];
const STYLESHEET = new URL('./style.css', import.meta.url).href;
const CALCULATOR = new URL('./index.html', import.meta.url);

let shared = null;
/** The one module instance (and its lists) of this page, made on first use. */
export function mlsysimContext() {
  shared ||= createMlsysim().then(moduleContext);
  return shared;
}

export class MlsysimScenario extends HTMLElement {
  static get observedAttributes() { return OPTIONS; }

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.box = el('div', { class: 'mlsysim-theme mlsysim-host' },
      el('p', { class: 'status', role: 'status', text: 'Loading the calculator…' }));
    root.append(el('link', { rel: 'stylesheet', href: STYLESHEET }), this.box);
    this.embed = new EmbeddedScenario(this.box, { themeNode: this.box, calculatorUrl: CALCULATOR });
    this.state = 'loading';
    this.pending = false;
    this.ready = new Promise((resolve) => { this.resolveReady = resolve; });
    // i.FIELD overrides cannot be listed in observedAttributes (their names depend on the
    // type), so a MutationObserver watches them
    this.observer = new MutationObserver((records) => {
      if (records.some((r) => r.attributeName.startsWith('i.'))) this.schedule();
    });
  }

  connectedCallback() {
    this.observer.observe(this, { attributes: true });
    this.schedule();
  }

  disconnectedCallback() {
    this.observer.disconnect();
  }

  attributeChangedCallback(name, before, after) {
    if (before !== after) this.schedule();
  }

  /** Re-renders once for any number of attribute changes in one task. */
  schedule() {
    if (this.pending || !this.isConnected) return;
    this.pending = true;
    queueMicrotask(async () => {
      let ctx;
      try {
        ctx = await mlsysimContext();
      } catch (e) {
        this.pending = false;
        this.box.replaceChildren(el('p', { class: 'status failed', role: 'alert', text: `The calculator could not start: ${e.message}` }));
        this.finish('error');
        return;
      }
      this.pending = false;
      const get = (k) => this.getAttribute(k);
      const entries = [...this.attributes].map((a) => [a.name, a.value]);
      const o = this.embed.render(ctx, get, entries);
      this.finish(o.error ? 'error' : 'ready');
    });
  }

  finish(state) {
    this.state = state;
    this.resolveReady(state);
    this.dispatchEvent(new CustomEvent('mlsysim-render', { bubbles: true, composed: true, detail: { state } }));
  }

  /** The Result shown now (null while loading, on an error or with invalid inputs). */
  get result() { return this.embed.view ? this.embed.view.result : null; }
}

if (!customElements.get('mlsysim-scenario')) customElements.define('mlsysim-scenario', MlsysimScenario);

// One scenario pinned for course material: the iframe page (embed.mjs) and the custom
// element (mlsysim-element.mjs) both render through this, into a container of their own
// (the iframe's <main>, the element's shadow root). The form and the cards are the page's
// own ScenarioView; this adds the title, the notices about the options, a polite live
// region, the print table and a link to the full calculator.
import { el, applyTheme } from './dom.mjs';
import { ScenarioView } from './calculator.mjs';
import { presetTexts, registryMap } from './fields.mjs';
import { readEmbedOptions, calculatorQuery } from './link.mjs';
import { useModule } from './format.mjs';

/** The module's lists, read once per module instance. */
export function moduleContext(m) {
  useModule(m);
  return { m, types: m.listScenarioTypes(), presets: m.listPresets(), registry: registryMap(m) };
}

export class EmbeddedScenario {
  /**
   * box: the element to render into. themeNode: the element that carries the theme
   * (class mlsysim-theme). calculatorUrl: URL of the full calculator (index.html).
   */
  constructor(box, { themeNode, calculatorUrl }) {
    this.box = box;
    this.themeNode = themeNode;
    this.calculatorUrl = calculatorUrl;
    this.view = null;
    this.options = null;
  }

  /** Reads the options through get(name)/entries and renders; returns the options read. */
  render(ctx, get, entries) {
    const o = readEmbedOptions(ctx, get, entries);
    this.options = o;
    applyTheme(this.themeNode, o.theme);
    if (this.view) this.view.destroy();
    this.view = null;
    const list = el('ul', { class: 'notices', 'aria-label': 'Notices about this embed' }, ...o.notices.map((n) => el('li', { text: n })));
    list.hidden = o.notices.length === 0;
    const notices = el('div', { role: 'status' }, list);
    if (o.error) {
      this.box.replaceChildren(el('section', { class: 'mlsysim embed', 'data-state': 'error', 'aria-label': 'mlsysim calculator' },
        el('p', { class: 'embed-error', role: 'alert', text: `This calculator cannot be shown: ${o.error}` }), notices));
      return o;
    }
    const label = o.preset || o.type.name;
    const preset = o.preset && ctx.presets.find((p) => p.name === o.preset);
    const parts = {
      fields: el('div', { class: 'fields' }),
      properties: el('div', { class: 'properties' }),
      warnings: el('ul', { class: 'warnings', 'aria-label': 'Warnings' }),
      stale: el('p', { class: 'stale', hidden: true }),
      print: el('table', { class: 'print-table' }),
      announce: el('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite' }),
    };
    parts.results = el('div', { class: 'results', 'aria-label': `Results of ${label}` }, parts.stale, parts.warnings, parts.properties);
    // a result carried into another type opens the full calculator, in a new tab
    const useIn = (link, text) => {
      const target = ctx.presets.find((p) => p.type === link.type);
      const texts = { ...(target ? presetTexts(ctx, target.name) : {}), [link.field]: text };
      const q = calculatorQuery({ preset: target ? target.name : null, type: ctx.types.find((t) => t.name === link.type),
        texts, prefs: o.prefs, baseTexts: target ? presetTexts(ctx, target.name) : {} });
      window.open(new URL(q, this.calculatorUrl).href, '_blank', 'noopener');
    };
    this.view = new ScenarioView(parts, {
      m: ctx.m, type: o.type, types: ctx.types, registry: ctx.registry, preset: o.preset, useIn,
      show: o.show, editable: o.editable, properties: o.properties,
      prefs: () => o.prefs, label: () => `${label} (${o.type.name})`,
    });
    const form = el('form', { class: 'inputs', autocomplete: 'off', novalidate: true, 'aria-label': `Inputs of ${label}` }, parts.fields);
    form.addEventListener('submit', (e) => e.preventDefault());
    const link = new URL(calculatorQuery({ ...o, baseTexts: o.preset ? presetTexts(ctx, o.preset) : {} }), this.calculatorUrl);
    const section = el('section', { class: 'mlsysim embed', 'data-state': 'ready', 'aria-label': `mlsysim calculator: ${label}` },
      el('header', { class: 'embed-head' },
        el('p', { class: 'embed-title' }, el('strong', { text: label }), el('span', { class: 'embed-type', text: o.preset ? ` · ${o.type.name}` : ` · ${o.type.category}` })),
        el('p', { class: 'question', text: o.type.question }),
        el('p', { class: 'summary', text: preset ? preset.summary : o.type.summary })),
      notices,
      el('div', { class: 'embed-columns' }, form, parts.results),
      parts.print,
      parts.announce,
      el('p', { class: 'embed-foot' }, el('a', { href: link.href, target: '_blank', rel: 'noopener', text: 'Open in the full calculator' })));
    this.box.replaceChildren(section);
    this.view.build(o.texts);
    section.classList.toggle('no-inputs', this.view.shownFields().length === 0);
    return o;
  }
}

// The sweep view: one numeric input over a range (linear or logarithmic; integer steps
// for integer fields), chosen properties plotted against it. The sweep is one call into
// the module (m.sweep over a Float64Array); the chart library (uPlot) is loaded the
// first time a plot is shown. Points where a property is unavailable are gaps.
import { $, el, download, copyText, actionButton } from './dom.mjs';
import { apiInputs, usesInput } from './fields.mjs';
import { COLORS, figurePng, figureCsv, figureSvg } from './figure.mjs';

let uPlotModule = null;
async function loadChart() {
  if (!uPlotModule) {
    // (the one-file page has the chart library's stylesheet inline already)
    if (!document.getElementById('uplot-css')) document.head.append(el('link', { rel: 'stylesheet', href: 'vendor/uPlot.min.css' }));
    uPlotModule = (await import('./vendor/uPlot.esm.js')).default;
  }
  return uPlotModule;
}


/** The x values of a sweep setting {from, to, n, scale} for field `f`. */
export function sweepValues(f, s) {
  const number = (t) => (/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(String(t)) ? Number(t) : NaN);
  const from = number(s.from), to = number(s.to), n = number(s.n);
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new Error('from and to must be numbers such as 1 or 2.5e3');
  if (!(Number.isInteger(n) && n >= 2 && n <= 100000)) throw new Error('points must be a whole number from 2 to 100000');
  if (s.scale === 'log' && !(from > 0 && to > 0)) throw new Error('a logarithmic range needs from > 0 and to > 0');
  // interpolate without overflow: in log space for a log range, as a weighted mean otherwise
  const [la, lb] = [Math.log(from), Math.log(to)];
  let xs = Array.from({ length: n }, (_, i) => {
    const t = i / (n - 1);
    return s.scale === 'log' ? Math.exp(la + (lb - la) * t) : from * (1 - t) + to * t;
  });
  xs[0] = from;
  xs[n - 1] = to;
  if (f.type === 'int') xs = [...new Set(xs.map(Math.round))];
  if (s.scale === 'log') xs = xs.filter((x) => x > 0);  // 0.4 rounds to 0, which a log axis cannot show
  xs = [...new Set(xs)].sort((a, b) => a - b);
  if (xs.length < 2 || xs[xs.length - 1] - xs[0] <= 1e-9 * Math.max(Math.abs(xs[0]), Math.abs(xs[xs.length - 1])))
    throw new Error(`from and to give fewer than 2 distinct ${f.type === 'int' ? 'integer ' : ''}points to plot; widen the range`);
  return Float64Array.from(xs);
}

export class Sweep {
  constructor(app) {
    this.app = app;
    this.plot = null;
  }

  /** The numeric fields of the calculator's type. */
  fields() {
    return this.app.calcType().fields.filter((f) => f.numeric);
  }

  build() {
    const type = this.app.calcType();
    const s = this.app.state.sweep;
    const fields = this.fields();
    if (!fields.some((f) => f.name === s.field)) s.field = fields[0].name;
    s.props = [...new Set(s.props)];
    if (!s.props.length || !s.props.every((p) => type.properties.some((q) => q.name === p))) {
      // by default two comparable properties that move with the swept input (a flat line
      // teaches nothing), else any two comparable ones
      const ranked = type.properties.filter((p) => p.better);
      const moving = ranked.filter((p) => usesInput(type, p, s.field));
      s.props = (moving.length ? moving : ranked).slice(0, 2).map((p) => p.name);
    }
    const field = $('sweep-field');
    field.replaceChildren(...fields.map((f) => el('option', { value: f.name, text: `${f.name}${f.type === 'quantity' ? ` (${f.display_unit})` : ''}` })));
    field.value = s.field;
    $('sweep-from').value = s.from;
    $('sweep-to').value = s.to;
    $('sweep-n').value = s.n;
    $('sweep-scale').value = s.scale;
    $('sweep-overlay').checked = !!s.overlay;
    $('sweep-overlay-row').hidden = this.app.state.compare.type !== type.name;
    const boxes = $('sweep-props');
    boxes.replaceChildren(...type.properties.map((p) => el('label', { class: 'check' },
      el('input', { type: 'checkbox', value: p.name, checked: s.props.includes(p.name), 'data-property': p.name }),
      el('code', { text: p.name }))));
    $('sweep-base').textContent = this.app.calcLabel();
    this.run();
  }

  /** Reads the controls into the state, then sweeps and plots. */
  read() {
    const s = this.app.state.sweep;
    s.field = $('sweep-field').value;
    s.from = $('sweep-from').value;
    s.to = $('sweep-to').value;
    s.n = $('sweep-n').value;
    s.scale = $('sweep-scale').value;
    s.overlay = $('sweep-overlay').checked;
    s.props = [...new Set([...$('sweep-props').querySelectorAll('input:checked')].map((i) => i.value))];
    this.app.changed('sweep');
    this.run();
  }

  /** The scenarios swept: the calculator's, or each comparison column. */
  bases() {
    const type = this.app.calcType();
    const { compare, calc } = this.app.state;
    if (this.app.state.sweep.overlay && compare.type === type.name)
      return compare.columns.map((c, k) => ({ label: this.app.columnLabel(k), inputs: apiInputs(type, c.texts).inputs }));
    return [{ label: this.app.calcLabel(), inputs: this.app.calculator.lastGood || apiInputs(type, calc.texts).inputs }];
  }

  async run() {
    const type = this.app.calcType();
    const s = this.app.state.sweep;
    const f = this.fields().find((q) => q.name === s.field);
    const status = $('sweep-status');
    status.classList.remove('failed');
    let xs;
    try {
      xs = sweepValues(f, s);
      if (!s.props.length) throw new Error('choose at least one property');
    } catch (e) {
      status.textContent = e.message;
      status.classList.add('failed');
      return;
    }
    const series = [];
    let ms = 0;
    let invalid = '';
    for (const base of this.bases()) {
      let r;
      const t0 = performance.now();
      try {
        r = this.app.m.sweep(type.name, base.inputs, f.name, xs, s.props, f.type === 'quantity' ? { unit: f.display_unit } : undefined);
      } catch (e) {
        status.textContent = `${base.label}: ${e.message}`;
        status.classList.add('failed');
        return;
      }
      ms += performance.now() - t0;
      if (r.invalid_points && !invalid) invalid = ` ${r.invalid_points} points break the rule of ${f.name} (${r.first_invalid}) and are left out.`;
      for (const p of s.props) series.push({ label: this.bases().length > 1 ? `${p} (${base.label})` : p, unit: r.units[p], ys: r.properties[p] });
    }
    // a property whose equation does not use the swept input is flat: say why
    const flat = type.properties.filter((p) => s.props.includes(p.name) && !usesInput(type, p, f.name));
    const flatNote = flat.map((p) => ` ${p.name} does not change with ${f.name}: its equation uses ${p.depends_on.join(', ')} only.`).join('');
    status.textContent = `${xs.length.toLocaleString('en-US')} points${f.type === 'int' ? ' (integer steps)' : ''} × ${series.length} series computed in ${ms.toFixed(1)} ms, one call per series.${invalid}${flatNote}`;
    document.body.dataset.sweepMs = String(ms);
    this.last = { field: f, xs, series, log: s.scale === 'log', title: `${s.props.join(', ')} against ${f.name} · ${this.app.calcLabel()}` };
    await this.draw();
  }

  async draw() {
    const uPlot = await loadChart();
    const { field, xs, series, log } = this.last;
    const units = [...new Set(series.map((q) => q.unit || '1'))];
    const fmt = (v) => (v === null || v === undefined || Number.isNaN(v) ? '—' : Number(v.toPrecision(8)).toLocaleString('en-US', { maximumFractionDigits: 12 }));
    const box = $('sweep-plot');
    const width = Math.max(280, box.clientWidth || 800);
    const opts = {
      width, height: Math.round(Math.min(420, width * 0.6)),
      scales: { x: { time: false, distr: log ? 3 : 1, range: () => [xs[0], xs[xs.length - 1]] }, ...Object.fromEntries(units.map((u) => [u, { auto: true }])) },
      axes: [
        { label: `${field.name}${field.display_unit ? ` (${field.display_unit})` : ''}`, stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.2)' } },
        ...units.map((u, k) => ({ scale: u, side: k % 2 ? 1 : 3, label: u === '1' ? 'dimensionless' : u, stroke: 'currentColor',
          grid: { show: k === 0, stroke: 'rgba(128,128,128,0.2)' }, size: 70 })),
      ],
      series: [
        { label: field.name, value: (u, v) => fmt(v) },
        ...series.map((q, k) => ({ label: `${q.label}${q.unit ? ` (${q.unit})` : ''}`, scale: q.unit || '1', stroke: COLORS[k % COLORS.length], width: 2, spanGaps: false, value: (u, v) => fmt(v) })),
      ],
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
    };
    const data = [Array.from(xs), ...series.map((q) => Array.from(q.ys, (v) => (Number.isNaN(v) ? null : v)))];
    if (this.plot) this.plot.destroy();
    box.replaceChildren();
    this.plot = new uPlot(opts, data, box);
    box.dataset.ready = '1';
    this.exportName = `mlsysim-sweep-${field.name}`;
    // Made once: a redraw (when a range field loses focus to a click on one of these
    // buttons) must not replace the button under the pointer and swallow the click.
    const exports = $('sweep-exports');
    if (!exports.childElementCount) exports.replaceChildren(
      actionButton('Download SVG', () => { download(`${this.exportName}.svg`, new Blob([this.svg()], { type: 'image/svg+xml' })); }),
      actionButton('Copy SVG', () => copyText(this.svg())),
      actionButton('Download PNG', async () => { download(`${this.exportName}.png`, await this.png()); }),
      actionButton('Copy PNG', async () => {
        try { await navigator.clipboard.write([new ClipboardItem({ 'image/png': await this.png() })]); return true; } catch { return false; }
      }),
      actionButton('Download CSV', () => { download(`${this.exportName}.csv`, new Blob([this.csv()], { type: 'text/csv' })); }));
  }

  png() { return figurePng(this.last); }

  csv() { return figureCsv(this.last); }

  svg() { return figureSvg(this.last); }
}

// The sweep view: one numeric input over a range (linear or logarithmic; integer steps
// for integer fields), chosen properties plotted against it. The sweep is one call into
// the module (m.sweep over a Float64Array); the chart library (uPlot) is loaded the
// first time a plot is shown. Points where a property is unavailable are gaps.
import { $, el, download, copyText, actionButton } from './dom.mjs';
import { apiInputs } from './fields.mjs';

let uPlotModule = null;
async function loadChart() {
  if (!uPlotModule) {
    document.head.append(el('link', { rel: 'stylesheet', href: 'vendor/uPlot.min.css' }));
    uPlotModule = (await import('./vendor/uPlot.esm.js')).default;
  }
  return uPlotModule;
}

const COLORS = ['#1f4e79', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490', '#a16207', '#be185d'];

/** The x values of a sweep setting {from, to, n, scale} for field `f`. */
export function sweepValues(f, s) {
  const from = Number(s.from), to = Number(s.to), n = Math.round(Number(s.n));
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new Error('from and to must be numbers');
  if (!(n >= 2 && n <= 100000)) throw new Error('points must be between 2 and 100000');
  if (s.scale === 'log' && !(from > 0 && to > 0)) throw new Error('a logarithmic range needs from > 0 and to > 0');
  let xs = Array.from({ length: n }, (_, i) => (s.scale === 'log' ? from * (to / from) ** (i / (n - 1)) : from + ((to - from) * i) / (n - 1)));
  if (f.type === 'int') xs = [...new Set(xs.map(Math.round))];
  return Float64Array.from(xs);
}

export class Sweep {
  constructor(app) {
    this.app = app;
    this.plot = null;
  }

  /** The numeric fields of the calculator's type. */
  fields() {
    return this.app.calcType().fields.filter((f) => ['int', 'float', 'quantity'].includes(f.type));
  }

  build() {
    const type = this.app.calcType();
    const s = this.app.state.sweep;
    const fields = this.fields();
    if (!fields.some((f) => f.name === s.field)) s.field = fields[0].name;
    if (!s.props.length || !s.props.every((p) => type.properties.some((q) => q.name === p)))
      s.props = type.properties.filter((p) => p.better).slice(0, 2).map((p) => p.name);
    const field = $('sweep-field');
    field.replaceChildren(...fields.map((f) => el('option', { value: f.name, text: `${f.name}${f.type === 'quantity' ? ` (${f.unit})` : ''}` })));
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
    $('sweep-base').textContent = this.app.state.calc.preset || type.name;
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
    s.props = [...$('sweep-props').querySelectorAll('input:checked')].map((i) => i.value);
    this.app.changed('sweep');
    this.run();
  }

  /** The scenarios swept: the calculator's, or each comparison column. */
  bases() {
    const type = this.app.calcType();
    const { compare, calc } = this.app.state;
    if (this.app.state.sweep.overlay && compare.type === type.name)
      return compare.columns.map((c, k) => ({ label: c.preset || `column ${k + 1}`, inputs: apiInputs(type, c.texts).inputs }));
    return [{ label: calc.preset || type.name, inputs: this.app.calculator.lastGood || apiInputs(type, calc.texts).inputs }];
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
        r = this.app.m.sweep(type.name, base.inputs, f.name, xs, s.props, f.type === 'quantity' ? { unit: f.unit } : undefined);
      } catch (e) {
        status.textContent = `${base.label}: ${e.message}`;
        status.classList.add('failed');
        return;
      }
      ms += performance.now() - t0;
      if (r.invalid_points && !invalid) invalid = ` ${r.invalid_points} points break the rule of ${f.name} (${r.first_invalid}) and are left out.`;
      for (const p of s.props) series.push({ label: this.bases().length > 1 ? `${p} (${base.label})` : p, unit: r.units[p], ys: r.properties[p] });
    }
    status.textContent = `${xs.length.toLocaleString('en-US')} points${f.type === 'int' ? ' (integer steps)' : ''} × ${series.length} series computed in ${ms.toFixed(1)} ms, one call per series.${invalid}`;
    document.body.dataset.sweepMs = String(ms);
    this.last = { field: f, xs, series, log: s.scale === 'log' };
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
        { label: `${field.name}${field.unit ? ` (${field.unit})` : ''}`, stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.2)' } },
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
    const exports = $('sweep-exports');
    exports.replaceChildren(
      actionButton('Download SVG', () => { download(`mlsysim-sweep-${field.name}.svg`, new Blob([this.svg()], { type: 'image/svg+xml' })); }),
      actionButton('Copy SVG', () => copyText(this.svg())),
      actionButton('Download PNG', async () => { download(`mlsysim-sweep-${field.name}.png`, await this.png()); }),
      actionButton('Copy PNG', async () => {
        try { await navigator.clipboard.write([new ClipboardItem({ 'image/png': await this.png() })]); return true; } catch { return false; }
      }),
      actionButton('Download CSV', () => { download(`mlsysim-sweep-${field.name}.csv`, new Blob([this.csv()], { type: 'text/csv' })); }));
  }

  png() {
    return new Promise((resolve) => this.plot.ctx.canvas.toBlob(resolve, 'image/png'));
  }

  csv() {
    const { field, xs, series } = this.last;
    const head = [field.name, ...series.map((q) => `${q.label}${q.unit ? ` (${q.unit})` : ''}`)];
    const rows = Array.from(xs, (x, i) => [x, ...series.map((q) => (Number.isNaN(q.ys[i]) ? '' : q.ys[i]))].join(','));
    return [head.map((h) => `"${h.replace(/"/g, '""')}"`).join(','), ...rows].join('\n') + '\n';
  }

  /** The plot as a standalone SVG document, drawn from the same data. */
  svg() {
    const { field, xs, series, log } = this.last;
    const W = 800, H = 460, L = 80, R = 80, T = 30, B = 90;
    const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    const tx = (x) => L + ((log ? Math.log(x) - Math.log(xs[0]) : x - xs[0]) / (log ? Math.log(xs[xs.length - 1]) - Math.log(xs[0]) : xs[xs.length - 1] - xs[0] || 1)) * (W - L - R);
    const units = [...new Set(series.map((q) => q.unit || '1'))];
    const range = Object.fromEntries(units.map((u) => {
      const vals = series.filter((q) => (q.unit || '1') === u).flatMap((q) => Array.from(q.ys).filter(Number.isFinite));
      const lo = Math.min(0, ...vals), hi = Math.max(...vals, lo + 1e-300);
      return [u, [lo, hi]];
    }));
    const ty = (u, y) => T + (1 - (y - range[u][0]) / (range[u][1] - range[u][0])) * (H - T - B);
    const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
      `<rect width="${W}" height="${H}" fill="#fff"/>`,
      `<line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="#333"/>`];
    for (let k = 0; k <= 4; k++) {
      const x = log ? xs[0] * (xs[xs.length - 1] / xs[0]) ** (k / 4) : xs[0] + ((xs[xs.length - 1] - xs[0]) * k) / 4;
      out.push(`<text x="${tx(x).toFixed(1)}" y="${H - B + 18}" text-anchor="middle">${esc(Number(x.toPrecision(4)))}</text>`);
    }
    out.push(`<text x="${(L + W - R) / 2}" y="${H - B + 40}" text-anchor="middle">${esc(field.name)}${field.unit ? ` (${esc(field.unit)})` : ''}${log ? ', log scale' : ''}</text>`);
    units.forEach((u, k) => {
      const x = k % 2 ? W - R : L;
      out.push(`<line x1="${x}" y1="${T}" x2="${x}" y2="${H - B}" stroke="#333"/>`);
      for (let j = 0; j <= 4; j++) {
        const y = range[u][0] + ((range[u][1] - range[u][0]) * j) / 4;
        out.push(`<text x="${k % 2 ? x + 6 : x - 6}" y="${ty(u, y).toFixed(1)}" text-anchor="${k % 2 ? 'start' : 'end'}" dominant-baseline="middle">${esc(Number(y.toPrecision(4)))}</text>`);
      }
      out.push(`<text x="${k % 2 ? W - 12 : 14}" y="${T - 10}" text-anchor="${k % 2 ? 'end' : 'start'}">${esc(u === '1' ? 'dimensionless' : u)}</text>`);
    });
    series.forEach((q, k) => {
      const u = q.unit || '1';
      let d = '';
      let pen = 'M';
      xs.forEach((x, i) => {
        const y = q.ys[i];
        if (!Number.isFinite(y)) { pen = 'M'; return; }
        d += `${pen}${tx(x).toFixed(1)},${ty(u, y).toFixed(1)}`;
        pen = 'L';
      });
      out.push(`<path d="${d}" fill="none" stroke="${COLORS[k % COLORS.length]}" stroke-width="2"/>`);
      out.push(`<rect x="${L + k * 190}" y="${H - 32}" width="14" height="4" fill="${COLORS[k % COLORS.length]}"/>`);
      out.push(`<text x="${L + k * 190 + 20}" y="${H - 27}">${esc(q.label)}${q.unit ? ` (${esc(q.unit)})` : ''}</text>`);
    });
    out.push('</svg>');
    return out.join('\n');
  }
}

// The sweep view: one numeric input over a range (linear or logarithmic; integer steps
// for integer fields), chosen properties plotted against it. The sweep is one call into
// the module (m.sweep over a Float64Array); the chart library (uPlot) is loaded the
// first time a plot is shown. Points where a property is unavailable are gaps.
import { $, el, download, copyText, actionButton } from './dom.mjs';
import { apiInputs } from './fields.mjs';

/** Whether property `p`'s equation reads field `name`, directly or through a symbol
 *  that is another name for it (N = dp_degree). */
function usesField(type, p, name) {
  return p.depends_on.some((d) => d === name || type.symbols.some((y) => y.name === d && y.meaning.split('.')[0] === name));
}

let uPlotModule = null;
async function loadChart() {
  if (!uPlotModule) {
    // (the one-file page has the chart library's stylesheet inline already)
    if (!document.getElementById('uplot-css')) document.head.append(el('link', { rel: 'stylesheet', href: 'vendor/uPlot.min.css' }));
    uPlotModule = (await import('./vendor/uPlot.esm.js')).default;
  }
  return uPlotModule;
}

const COLORS = ['#1f4e79', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490', '#a16207', '#be185d'];

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
      const moving = ranked.filter((p) => usesField(type, p, s.field));
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
    const flat = type.properties.filter((p) => s.props.includes(p.name) && !usesField(type, p, f.name));
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

  png() {
    const fig = this.figure();
    const scale = 2;
    const canvas = el('canvas', { width: String(fig.width * scale), height: String(fig.height * scale) });
    const ctx = canvas.getContext('2d');
    ctx.scale(scale, scale);
    for (const it of fig.items) {
      if (it.t === 'rect') { ctx.fillStyle = it.fill; ctx.fillRect(it.x, it.y, it.w, it.h); }
      else if (it.t === 'line' || it.t === 'path') {
        ctx.strokeStyle = it.stroke; ctx.lineWidth = it.width || 1; ctx.beginPath();
        for (const run of it.t === 'line' ? [[[it.x1, it.y1], [it.x2, it.y2]]] : it.runs) run.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
        ctx.stroke();
      } else if (it.t === 'text') {
        ctx.fillStyle = '#222'; ctx.font = `${it.bold ? 'bold ' : ''}${it.size || 12}px sans-serif`;
        ctx.textAlign = it.anchor === 'middle' ? 'center' : it.anchor === 'end' ? 'right' : 'left';
        ctx.textBaseline = 'middle';
        ctx.fillText(it.text, it.x, it.y);
      }
    }
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  }

  csv() {
    const { field, xs, series } = this.last;
    const head = [`${field.name}${field.display_unit ? ` (${field.display_unit})` : ''}`, ...series.map((q) => `${q.label}${q.unit ? ` (${q.unit})` : ''}`)];
    const rows = Array.from(xs, (x, i) => [x, ...series.map((q) => (Number.isNaN(q.ys[i]) ? '' : q.ys[i]))].join(','));
    return [head.map((h) => `"${h.replace(/"/g, '""')}"`).join(','), ...rows].join('\n') + '\n';
  }

  /** The plot as drawing items (rect, line, path, text), rendered to SVG or PNG alike:
   *  white background, title, axes with round ticks, one line per series with gaps, and
   *  a legend that wraps. */
  figure() {
    const { field, xs, series, log, title } = this.last;
    const W = 900, L = 90, R = 90, T = 50;
    const legendRows = [];
    let row = [], x = L;
    series.forEach((q, k) => {
      const label = `${q.label}${q.unit ? ` (${q.unit})` : ''}`;
      const w = 30 + label.length * 7;
      if (row.length && x + w > W - R) { legendRows.push(row); row = []; x = L; }
      row.push({ k, label, x }); x += w;
    });
    if (row.length) legendRows.push(row);
    const B = 70 + legendRows.length * 22, H = 420 + legendRows.length * 22;
    const items = [{ t: 'rect', x: 0, y: 0, w: W, h: H, fill: '#ffffff' }, { t: 'text', x: L, y: 22, text: title, bold: true, size: 14 }];
    const x0 = xs[0], x1 = xs[xs.length - 1];
    const tx = (v) => L + (log ? Math.log(v / x0) / Math.log(x1 / x0) : (v - x0) / (x1 - x0 || 1)) * (W - L - R);
    const units = [...new Set(series.map((q) => q.unit || '1'))];
    const ranges = Object.fromEntries(units.map((u) => {
      const vals = series.filter((q) => (q.unit || '1') === u).flatMap((q) => Array.from(q.ys).filter(Number.isFinite));
      return [u, niceRange(Math.min(0, ...vals), Math.max(...vals, 0))];
    }));
    const ty = (u, v) => T + (1 - (v - ranges[u].lo) / (ranges[u].hi - ranges[u].lo)) * (H - T - B);
    items.push({ t: 'line', x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: '#333' });
    const xticks = log ? logTicks(x0, x1) : niceRange(x0, x1).ticks.filter((v) => v >= x0 && v <= x1);
    for (const v of xticks) {
      items.push({ t: 'line', x1: tx(v), y1: H - B, x2: tx(v), y2: H - B + 5, stroke: '#333' });
      items.push({ t: 'text', x: tx(v), y: H - B + 16, text: tickText(v), anchor: 'middle' });
    }
    items.push({ t: 'text', x: (L + W - R) / 2, y: H - B + 38, anchor: 'middle',
      text: `${field.name}${field.display_unit ? ` (${field.display_unit})` : ''}${log ? ', logarithmic' : ''}` });
    units.forEach((u, k) => {
      const ax = k % 2 ? W - R : L;
      items.push({ t: 'line', x1: ax, y1: T, x2: ax, y2: H - B, stroke: '#333' });
      for (const v of ranges[u].ticks) {
        if (k === 0) items.push({ t: 'line', x1: L, y1: ty(u, v), x2: W - R, y2: ty(u, v), stroke: '#e5e5e5' });
        items.push({ t: 'text', x: k % 2 ? ax + 6 : ax - 6, y: ty(u, v), text: tickText(v), anchor: k % 2 ? 'start' : 'end' });
      }
      items.push({ t: 'text', x: k % 2 ? W - 8 : 8, y: T - 14, text: u === '1' ? 'dimensionless' : u, anchor: k % 2 ? 'end' : 'start' });
    });
    series.forEach((q, k) => {
      const u = q.unit || '1';
      const runs = [];
      let run = [];
      xs.forEach((xv, i) => {
        if (!Number.isFinite(q.ys[i])) { if (run.length) runs.push(run); run = []; return; }
        run.push([tx(xv), ty(u, q.ys[i])]);
      });
      if (run.length) runs.push(run);
      items.push({ t: 'path', runs, stroke: COLORS[k % COLORS.length], width: 2 });
    });
    legendRows.forEach((r, j) => r.forEach(({ k, label, x: lx }) => {
      const y = H - B + 58 + j * 22;
      items.push({ t: 'line', x1: lx, y1: y, x2: lx + 20, y2: y, stroke: COLORS[k % COLORS.length], width: 3 });
      items.push({ t: 'text', x: lx + 26, y, text: label });
    }));
    return { width: W, height: H, items };
  }

  /** The plot as a standalone SVG document, from the same drawing items as the PNG. */
  svg() {
    const fig = this.figure();
    const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${fig.width}" height="${fig.height}" viewBox="0 0 ${fig.width} ${fig.height}" font-family="sans-serif" font-size="12">`];
    const n = (v) => v.toFixed(1);
    for (const it of fig.items) {
      if (it.t === 'rect') out.push(`<rect x="${it.x}" y="${it.y}" width="${it.w}" height="${it.h}" fill="${it.fill}"/>`);
      else if (it.t === 'line') out.push(`<line x1="${n(it.x1)}" y1="${n(it.y1)}" x2="${n(it.x2)}" y2="${n(it.y2)}" stroke="${it.stroke}" stroke-width="${it.width || 1}"/>`);
      else if (it.t === 'path') out.push(`<path d="${it.runs.map((r) => r.map(([x, y], k) => `${k ? 'L' : 'M'}${n(x)},${n(y)}`).join('')).join('')}" fill="none" stroke="${it.stroke}" stroke-width="${it.width || 1}"/>`);
      else out.push(`<text x="${n(it.x)}" y="${n(it.y)}" dominant-baseline="middle"${it.anchor ? ` text-anchor="${it.anchor}"` : ''}${it.bold ? ' font-weight="bold"' : ''}${it.size ? ` font-size="${it.size}"` : ''} fill="#222">${esc(it.text)}</text>`);
    }
    out.push('</svg>');
    return out.join('\n') + '\n';
  }
}

/** Round tick values covering [lo, hi] (about five), and the range they span. */
function niceRange(lo, hi) {
  if (!(hi > lo)) hi = lo + (Math.abs(lo) || 1);
  const raw = (hi - lo) / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * mag).find((st) => st >= raw);
  const first = Math.floor(lo / step) * step, last = Math.ceil(hi / step) * step;
  const ticks = [];
  for (let v = first; v <= last + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return { lo: first, hi: last, ticks };
}

function logTicks(lo, hi) {
  const ticks = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++)
    for (const m of [1, 2, 5]) { const v = m * 10 ** e; if (v >= lo && v <= hi) ticks.push(v); }
  return ticks.length >= 2 ? ticks : [lo, hi];
}

function tickText(v) {
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e6 || a < 1e-3)) return v.toExponential(2).replace(/\.?0+e/, 'e').replace('e+', 'e');
  return Number(v.toPrecision(6)).toLocaleString('en-US', { maximumFractionDigits: 6 });
}

// Figure export of a sweep: the plot as drawing items, rendered to SVG, PNG or CSV for
// course notes (the on-screen plot is uPlot's, sweep.mjs). One module for every export,
// so a figure reads the same in each.
import { el } from './dom.mjs';

export const COLORS = ['#1f4e79', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490', '#a16207', '#be185d'];

export function figurePng(last) {
const fig = figure(last);
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

export function figureCsv(last) {
const { field, xs, series } = last;
  const head = [`${field.name}${field.display_unit ? ` (${field.display_unit})` : ''}`, ...series.map((q) => `${q.label}${q.unit ? ` (${q.unit})` : ''}`)];
  const rows = Array.from(xs, (x, i) => [x, ...series.map((q) => (Number.isNaN(q.ys[i]) ? '' : q.ys[i]))].join(','));
  return [head.map((h) => `"${h.replace(/"/g, '""')}"`).join(','), ...rows].join('\n') + '\n';
}

/** The plot as drawing items (rect, line, path, text), rendered to SVG or PNG alike:
 *  white background, title, axes with round ticks, one line per series with gaps, and
 *  a legend that wraps. `last`: {field, xs, series: [{label, unit, ys}], log, title}. */
export function figure(last) {
const { field, xs, series, log, title } = last;
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
export function figureSvg(last) {
const fig = figure(last);
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

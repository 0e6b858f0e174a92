// A sweep's plot, shared by the screen (sweep.mjs, drawn by uPlot) and its exports: the
// axes (one display scale and one range each, chosen as the cards choose units: format.mjs), the
// series' colours and dashes, and the figure rendered to SVG, PNG or CSV for course
// notes. One module for every rendering, so a figure reads the same in each.
//
// On screen the colours follow the page's theme (light or dark); the exports are always
// drawn light, on white, for print (the page says so beside their buttons).
import { el } from './dom.mjs';
import { axisScale, tickTexts, valueText, humanText, numberText, timeFixed } from './format.mjs';

/** Series colours, colour-blind safe (Okabe and Ito's palette, adjusted so that each line
 *  has at least 3:1 contrast with the background of its theme: WCAG 1.4.11). */
export const PALETTES = {
  light: ['#0072B2', '#D55E00', '#009E73', '#B8508F', '#1B1F24', '#7F7F7F'],
  dark: ['#56B4E9', '#E69F00', '#009E73', '#CC79A7', '#F0E442', '#FF7A45'],
};
/** Dash patterns (px on, px off; [] solid): with six or more series overlaid, lines differ
 *  in dash as well as in colour, so no two are told apart by hue alone. */
export const DASHES = [[], [10, 4], [2, 3], [10, 3, 2, 3], [5, 3], [14, 3, 2, 3, 2, 3]];
/** The exports' colours: light, for print, whatever the page's theme. */
export const PRINT = { ink: '#1b1f24', muted: '#57606a', line: '#d8dee4', paper: '#ffffff', warn: '#fff5db' };

/** What a figure's shaded bands mean, for its legend (a figure in a report has no page
 *  beside it to say): "shaded: the batch does not fit", the warning's head, or "shaded: a
 *  warning holds" when it has numbers of its first point or there are several; '' for none. */
export function warnedLabel(last) {
  const heads = [...new Set((last.warned || []).map((w) => w.text.split(':')[0]))];
  if (!heads.length) return '';
  return `shaded: ${heads.length === 1 && !/\d/.test(heads[0]) ? heads[0] : 'a warning holds'}`;
}

/** The stretches of the x axis (in axis values, x.toAxis) where a warning of the sweep
 *  holds (`last.warned`: [{ranges: [[first, last], ...]}], indices into last.xs): each run
 *  of points reaches half-way to the points beside it (on a log axis, half-way in its
 *  log), so that one point alone is a band and two runs with a point between do not meet. */
export function warnedSpans(last, x) {
  const { xs, log } = last;
  const at = (i) => x.toAxis(xs[i]);
  const mid = (i, j) => (log ? Math.sqrt(at(i) * at(j)) : (at(i) + at(j)) / 2);
  return (last.warned || []).flatMap((w) => w.ranges.map(([a, b]) =>
    [a > 0 ? mid(a - 1, a) : at(a), b < xs.length - 1 ? mid(b, b + 1) : at(b)]));
}

/** Series `k`'s colour and dash in theme `theme` ('light' or 'dark'): colours cycle every
 *  six, dashes shift by one each cycle, so the first 36 series are all different. */
export function seriesStyle(k, theme = 'light') {
  const pal = PALETTES[theme] || PALETTES.light;
  return { color: pal[k % pal.length], dash: DASHES[(k + Math.floor(k / pal.length)) % DASHES.length] };
}

/** The colour y axis `a` (one of `count`) is drawn in: its series' when it measures one
 *  series and the plot has two axes or more, so that an axis says which line it measures;
 *  null otherwise (the theme's muted colour). */
export function axisColor(a, count, theme = 'light') {
  return count > 1 && a.series.length === 1 ? seriesStyle(a.series[0], theme).color : null;
}

/** A short SVG line in series `k`'s colour and dash, for a legend (no markup parsed). */
export function swatch(k, theme) {
  const NS = 'http://www.w3.org/2000/svg';
  const { color, dash } = seriesStyle(k, theme);
  const svg = document.createElementNS(NS, 'svg');
  for (const [a, v] of Object.entries({ width: '30', height: '10', viewBox: '0 0 30 10', 'aria-hidden': 'true', class: 'swatch' })) svg.setAttribute(a, v);
  const line = document.createElementNS(NS, 'line');
  for (const [a, v] of Object.entries({ x1: '1', y1: '5', x2: '29', y2: '5', stroke: color, 'stroke-width': '2.5', 'stroke-dasharray': dash.length ? dash.join(' ') : 'none' })) line.setAttribute(a, v);
  svg.append(line);
  return svg;
}

const finite = (v) => Number.isFinite(v);
const maxAbs = (vals) => vals.reduce((m, v) => (finite(v) ? Math.max(m, Math.abs(v)) : m), 0);

/**
 * The axes of sweep `last` ({field, xs (in the field's display unit), series: [{label,
 * unit, ys}], log, prefs}): each in one display scale, as a card would write its
 * largest value.
 *   x: {factor, unit, money, toAxis(x in display units) -> axis value, read(axis value) -> card text}
 *   ys: [{key (the canonical unit, and " in h" for a property declared in a unit of its own), unit, money, factor, series: [indices], read(axis value) -> text}]
 * Values on an axis are in its scale's unit (so ticks fall on round numbers of it); read()
 * gives the text a card shows for the value.
 */
/** The magnitudes an axis's numbers must keep for uPlot to draw them: below 1e-18 it drew
 *  nothing, above about 1e30 its ticks failed ("Invalid array length"). */
export const DRAWN_MIN = 1e-15, DRAWN_MAX = 1e30;

export function plotAxes(last) {
  const { field: f, xs, series, prefs } = last;
  let x;
  const ends = [xs[0], xs[xs.length - 1]];
  // a rate (USD/h, GB/s, 1/s) reads in the unit its From and To are typed in ($/h for
  // USD/h), never in another per-time scale a card would pick ($/year for 1e-6 USD/h)
  const rate = f.type === 'quantity' && (f.display_unit || '').includes('/');
  // so does a field declared in a unit of its own (system_mtbf in h, message_bytes in GB):
  // the axis read in days, its ticks could not be typed back into From and To
  // (within moderate numbers of it: a range typed over forty decades keeps the cards' scales)
  // (unless the Time setting fixes the unit of every time: the cards read in hours, and an
  // axis of checkpoint_interval in min beside them read the same value twice, "6.239 min"
  // and "0.104 h": an instructor's trial)
  const declared = f.type === 'quantity' && !rate && f.display_unit && f.display_unit !== f.unit && !timeFixed(f.unit, prefs) &&
    ends.every((v) => v === 0 || (Math.abs(v) >= 1e-6 && Math.abs(v) < 1e15));
  const scale = f.type === 'quantity' && !declared && axisScale(f.unit, maxAbs(ends) * f.display_factor, prefs);
  // a scale picked for the range's largest end that puts its smallest below what the plot
  // draws is not taken: 1e-9 to 1e12 USD read in $ trillion made 1e-9 USD 1e-21, refused as
  // undrawable, where in $ it draws (an attacker's trial)
  const reaches = (sc) => ends.every((v) => v === 0 || Math.abs(v * f.display_factor / sc.factor) >= DRAWN_MIN);
  const known = scale && (!rate || Math.abs(scale.factor / f.display_factor - 1) < 1e-9) && reaches(scale) ? scale : null;
  if (known) {
    const k = f.display_factor / known.factor;
    // a money rate reads in the axis's own unit too, as the cards write an amount, then the
    // axis's "/h" ($0.25/h on a $/h axis, where a card would say $6.00/day)
    const read = rate && known.money ? (v) => `${humanText(v, 'USD')}${known.unit.replace(/^\$/, '')}`
      : (v) => valueText(v * known.factor, f.unit, prefs);
    x = { ...known, toAxis: (v) => v * k, read };
  } else if (f.type === 'quantity') {  // a rate, a declared unit, or one no card scales (byte/param): the field's own
    x = { factor: 1, unit: f.display_unit, money: false, toAxis: (v) => v, read: (v) => humanText(v, f.display_unit) };
  } else {
    const unit = f.type === 'int' ? 'count' : '';
    x = { factor: 1, unit: '', money: false, toAxis: (v) => v, read: (v) => humanText(v, unit) };
  }
  // a property declared in a unit of its own (accelerator_hours in h) reads in it, on an
  // axis of its own, as its card does; unless the settings fix the time unit for all
  const fixed = (q) => (q.shown && !timeFixed(q.unit, prefs) ? q.shown : null);
  const keyOf = (q) => axisKey(q.unit, q.shown && q.shown.unit, prefs);
  const keys = [...new Set(series.map(keyOf))];
  const ys = keys.map((id) => {
    const members = series.map((q, i) => (keyOf(q) === id ? i : -1)).filter((i) => i >= 0);
    const key = series[members[0]].unit || '', own = fixed(series[members[0]]);
    if (own) return { key: id, factor: own.factor, unit: own.unit, money: false, series: members, read: (v) => `${numberText(v)} ${own.unit}` };
    const sc = axisScale(key, Math.max(...members.map((i) => maxAbs(series[i].ys))), prefs) || { factor: 1, unit: key, money: false };
    return { key: id, ...sc, series: members, read: (v) => valueText(v * sc.factor, key, prefs) };
  });
  return { x, ys };
}

/** Which y axis a property of reported unit `unit`, declared to be shown in `shownUnit`
 *  (its display_unit, or none), is drawn on under `prefs`: properties of one key share an
 *  axis. A property shown in a unit of its own (accelerator_hours in h) has an axis of its
 *  own, unless the settings fix the time unit for all. */
export function axisKey(unit, shownUnit, prefs) {
  return `${unit || ''}${shownUnit && !timeFixed(unit, prefs) ? ` in ${shownUnit}` : ''}`;
}

/** The title of axis `a` over the series named `names`: "cost ($)", "speedup". */
export function axisTitle(names, a) {
  return `${names.join(', ')}${a.unit ? ` (${a.unit})` : ''}`;
}

/** Where y axis `k` of `n` is, as its title says it when there are several: "left",
 *  "right", then "left 2", "right 2"... counting outwards from the plot; "" for one axis. */
export function axisPlace(k, n) {
  return n > 1 ? `${k % 2 ? 'right' : 'left'}${k > 1 ? ` ${Math.floor(k / 2) + 1}` : ''}` : '';
}

/** The label of the swept input's value in the calculator's scenario (`last.mark`, in
 *  the field's display unit; a dashed vertical line marks it on screen and in the
 *  exports, whose title names the scenario), as the axis reads it: "this scenario: 8",
 *  "this scenario: 625 ms". */
export function markText(last, x) {
  return `this scenario: ${x.read(x.toAxis(last.mark))}`;
}

/** The x axis's title: "workers, logarithmic", "base_iteration_time (ms)". */
export function xTitle(last, x) {
  return `${last.field.name}${x.unit ? ` (${x.unit})` : ''}${last.log ? ', logarithmic' : ''}`;
}

export function figurePng(last) {
  const fig = figure(last);
  const scale = 2;
  const canvas = el('canvas', { width: String(fig.width * scale), height: String(fig.height * scale) });
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  for (const it of fig.items) {
    if (it.t === 'rect') { ctx.fillStyle = it.fill; ctx.fillRect(it.x, it.y, it.w, it.h); }
    else if (it.t === 'line' || it.t === 'path') {
      ctx.strokeStyle = it.stroke; ctx.lineWidth = it.width || 1; ctx.setLineDash(it.dash || []); ctx.beginPath();
      for (const run of it.t === 'line' ? [[[it.x1, it.y1], [it.x2, it.y2]]] : it.runs) run.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.stroke();
    } else if (it.t === 'text') {
      ctx.fillStyle = it.fill || PRINT.ink; ctx.font = `${it.bold ? 'bold ' : ''}${it.size || 12}px sans-serif`;
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

const textWidth = (t, size = 12) => t.length * size * 0.6;  // sans-serif digits are about 0.55 em

/** The plot as drawing items (rect, line, path, text), rendered to SVG or PNG alike:
 *  white background, title, axes in the cards' units with round ticks, one line per
 *  series (its colour and dash) with gaps, and a legend that wraps. */
export function figure(last) {
  const { xs, series, log, title } = last;
  const axes = plotAxes(last);
  const W = 900;
  // y axes: round ticks in each axis's unit, labelled as the page labels them; the first
  // on the left, the second on the right, further ones outside those
  const ys = axes.ys.map((a, k) => {
    const { lo, hi } = axisExtent(a, series);
    const r = axisRange(a, lo, hi);
    const labels = tickTexts(r.ticks, a.money, a.unit);
    return { ...a, ...r, labels, side: k % 2 ? 'right' : 'left', width: Math.max(...labels.map((t) => textWidth(t))) + 14,
      title: `${axisPlace(k, axes.ys.length) ? `${axisPlace(k, axes.ys.length)}: ` : ''}${axisTitle(a.series.map((i) => series[i].label), a)}` };
  });
  const left = ys.filter((a) => a.side === 'left'), right = ys.filter((a) => a.side === 'right');
  const L = Math.max(60, 16 + left.reduce((w, a) => w + a.width + 8, 0));
  const R = Math.max(24, 16 + right.reduce((w, a) => w + a.width + 8, 0));
  left.reduce((at, a) => { a.at = at; return at - a.width - 8; }, L);
  right.reduce((at, a) => { a.at = at; return at + a.width + 8; }, W - R);
  // the y axes' titles above the plot: left ones from the left, right ones from the right,
  // one a line (a right title shares the line of a left one when both fit)
  const titleLines = [];
  for (const a of ys) {
    const width = (b) => textWidth(b.title) + (ys.length > 1 ? 36 * b.series.length : 0);  // with its samples
    const fits = (line) => line.every((b) => b.side !== a.side) && line.reduce((w, b) => w + width(b), width(a)) < W - 48;
    const line = titleLines.find(fits);
    if (line) line.push(a); else titleLines.push([a]);
  }
  // the figure's title, in lines that fit its width
  const heading = [];
  for (const word of title.split(' ')) {
    const lineNow = heading.length ? heading[heading.length - 1] : null;
    if (lineNow !== null && textWidth(`${lineNow} ${word}`, 14) <= W - 32) heading[heading.length - 1] = `${lineNow} ${word}`;
    else heading.push(word);
  }
  const top = 20 + (heading.length - 1) * 18;
  const T = top + 20 + titleLines.length * 18;
  const legendRows = [];
  let row = [], lx = L;
  // the sample (30), 6 to its label, and 24 before the next sample: a sample reads as its
  // label's, never as the end of the label before it
  const place = (k, label) => {
    const w = 36 + textWidth(label) + 24;
    if (row.length && lx + w > W - R) { legendRows.push(row); row = []; lx = L; }
    row.push({ k, label, x: lx }); lx += w;
  };
  series.forEach((q, k) => place(k, q.label));
  // the shading's meaning, as one more legend entry (k -1) with a swatch of its colour
  const shade = warnedLabel(last);
  if (shade) place(-1, shade);
  if (row.length) legendRows.push(row);
  const B = 66 + legendRows.length * 22, H = 420 + T - 58 + legendRows.length * 22;
  const items = [{ t: 'rect', x: 0, y: 0, w: W, h: H, fill: PRINT.paper },
    ...heading.map((text, j) => ({ t: 'text', x: 16, y: 20 + j * 18, text, bold: true, size: 14 }))];
  // with two axes or more, each title has its lines' samples on its axis's side, as on the page
  titleLines.forEach((line, j) => line.forEach((a) => {
    const y = top + 24 + j * 18, samples = ys.length > 1 ? a.series : [];
    const room = samples.length * 36;
    samples.forEach((k, i) => {
      const { color, dash } = seriesStyle(k, 'light');
      const x = a.side === 'left' ? 16 + i * 36 : W - 16 - room + 6 + i * 36;
      items.push({ t: 'line', x1: x, y1: y, x2: x + 30, y2: y, stroke: color, dash, width: 2.5 });
    });
    items.push({ t: 'text', x: a.side === 'left' ? 16 + room : W - 16 - room, y, anchor: a.side === 'left' ? 'start' : 'end', text: a.title });
  }));
  const x0 = axes.x.toAxis(xs[0]), x1 = axes.x.toAxis(xs[xs.length - 1]);
  const tx = (v) => L + (log ? Math.log(v / x0) / Math.log(x1 / x0) : (v - x0) / (x1 - x0 || 1)) * (W - L - R);
  const ty = (a, v) => T + (1 - (v - a.lo) / (a.hi - a.lo)) * (H - T - B);
  // where a warning of the scenario holds (a batch that does not fit), shaded under all
  for (const [a, b] of warnedSpans(last, axes.x))
    items.push({ t: 'rect', x: tx(a), y: T, w: Math.max(1, tx(b) - tx(a)), h: H - B - T, fill: PRINT.warn });
  items.push({ t: 'line', x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: PRINT.muted });
  const xticks = log ? logTicks(x0, x1) : niceRange(x0, x1).ticks.filter((v) => v >= x0 - 1e-9 * Math.abs(x1 - x0) && v <= x1 + 1e-9 * Math.abs(x1 - x0));
  tickTexts(xticks, axes.x.money, axes.x.unit).forEach((text, i) => {
    const v = xticks[i];
    items.push({ t: 'line', x1: tx(v), y1: H - B, x2: tx(v), y2: H - B + 5, stroke: PRINT.muted });
    items.push({ t: 'text', x: tx(v), y: H - B + 16, text, anchor: 'middle', fill: PRINT.muted });
  });
  items.push({ t: 'text', x: (L + W - R) / 2, y: H - B + 38, anchor: 'middle', text: xTitle(last, axes.x) });
  ys.forEach((a, k) => {
    const own = axisColor(a, ys.length);
    items.push({ t: 'line', x1: a.at, y1: T, x2: a.at, y2: H - B, stroke: own || PRINT.muted, ...(own ? { width: 2 } : {}) });
    a.ticks.forEach((v, i) => {
      if (k === 0) items.push({ t: 'line', x1: L, y1: ty(a, v), x2: W - R, y2: ty(a, v), stroke: PRINT.line });
      items.push({ t: 'text', x: a.side === 'right' ? a.at + 6 : a.at - 6, y: ty(a, v), text: a.labels[i], anchor: a.side === 'right' ? 'start' : 'end', fill: PRINT.muted });
    });
  });
  // the calculator's own value of the swept input, under the lines, labelled at the top
  // on the side with more room
  if (finite(last.mark)) {
    const xm = tx(axes.x.toAxis(last.mark)), right = xm > (L + W - R) / 2;
    items.push({ t: 'line', x1: xm, y1: T, x2: xm, y2: H - B, stroke: PRINT.muted, dash: [4, 4] });
    items.push({ t: 'text', x: xm + (right ? -5 : 5), y: T + 8, anchor: right ? 'end' : 'start', text: markText(last, axes.x), fill: PRINT.muted });
  }
  series.forEach((q, k) => {
    const a = ys.find((b) => b.series.includes(k));
    const runs = [];
    let run = [];
    xs.forEach((xv, i) => {
      if (!finite(q.ys[i])) { if (run.length) runs.push(run); run = []; return; }
      run.push([tx(axes.x.toAxis(xv)), ty(a, q.ys[i] / a.factor)]);
    });
    if (run.length) runs.push(run);
    const { color, dash } = seriesStyle(k, 'light');
    items.push({ t: 'path', runs, stroke: color, dash, width: 2 });
  });
  legendRows.forEach((r, j) => r.forEach(({ k, label, x: lxk }) => {
    const y = H - B + 58 + j * 22;
    if (k < 0) {
      items.push({ t: 'rect', x: lxk, y: y - 7, w: 30, h: 14, fill: PRINT.warn });
      items.push({ t: 'text', x: lxk + 36, y, text: label });
      return;
    }
    const { color, dash } = seriesStyle(k, 'light');
    items.push({ t: 'line', x1: lxk, y1: y, x2: lxk + 30, y2: y, stroke: color, dash, width: 2.5 });
    items.push({ t: 'text', x: lxk + 36, y, text: label });
  }));
  return { width: W, height: H, items };
}

/** The plot as a standalone SVG document, from the same drawing items as the PNG. */
export function figureSvg(last) {
  const fig = figure(last);
  const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${fig.width}" height="${fig.height}" viewBox="0 0 ${fig.width} ${fig.height}" font-family="sans-serif" font-size="12">`,
    `<title>${esc(last.title)}</title>`,
    '<desc>Drawn light, on white, for print, whatever the theme of the page it came from.</desc>'];
  const n = (v) => v.toFixed(1);
  const dash = (it) => (it.dash && it.dash.length ? ` stroke-dasharray="${it.dash.join(' ')}"` : '');
  for (const it of fig.items) {
    if (it.t === 'rect') out.push(`<rect x="${it.x}" y="${it.y}" width="${it.w}" height="${it.h}" fill="${it.fill}"/>`);
    else if (it.t === 'line') out.push(`<line x1="${n(it.x1)}" y1="${n(it.y1)}" x2="${n(it.x2)}" y2="${n(it.y2)}" stroke="${it.stroke}" stroke-width="${it.width || 1}"${dash(it)}/>`);
    else if (it.t === 'path') out.push(`<path d="${it.runs.map((r) => r.map(([x, y], k) => `${k ? 'L' : 'M'}${n(x)},${n(y)}`).join('')).join('')}" fill="none" stroke="${it.stroke}" stroke-width="${it.width || 1}"${dash(it)}/>`);
    else out.push(`<text x="${n(it.x)}" y="${n(it.y)}" dominant-baseline="middle"${it.anchor ? ` text-anchor="${it.anchor}"` : ''}${it.bold ? ' font-weight="bold"' : ''}${it.size ? ` font-size="${it.size}"` : ''} fill="${it.fill || PRINT.ink}">${esc(it.text)}</text>`);
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** The least and greatest finite values of axis `a`'s series (plotAxes) in its unit, and
 *  the largest magnitude (0 when there is none), in one pass: no spread of up to 100,000
 *  points per series into Math.max, which overflows the stack. */
export function axisExtent(a, series) {
  let lo = Infinity, hi = -Infinity;
  for (const i of a.series) for (const y of series[i].ys) if (finite(y)) { lo = Math.min(lo, y / a.factor); hi = Math.max(hi, y / a.factor); }
  return { lo, hi, top: hi >= lo ? Math.max(Math.abs(lo), Math.abs(hi)) : 0 };
}

/**
 * The range of a y axis whose values run from `lo` to `hi` (in its unit), the same on
 * screen and in the exports, so that both frame a line alike: a tenth of the span beyond
 * each end, and zero when that margin would cross it (values from 0 up are drawn from 0),
 * then out to round ticks. A line of one value (to within a millionth of it:
 * job_failure_probability, 1 all along a sweep of a long job) sits in the middle of ±10 %
 * of it (±1 about 0). No line is drawn on the plot's edge: the exports used to run the
 * range from 0 to the next round tick, so 148.1 requests/s lay on the top border at 150.
 * `unitless`: the axis has no unit (a ratio, a fraction), where 1 is the landmark 0 is:
 * values from 0 to at most 1 are drawn to 1 when the margin would cross it (a course
 * author's trial: goodput_ratio, a fraction, on an axis to 1.2), and a flat line there on
 * 0 to 1.
 * Returns {lo, hi, ticks}; no values (lo > hi): 0 to 1.
 */
export function yRange(lo, hi, unitless = false) {
  if (!(hi >= lo)) return niceRange(0, 1);
  const top = Math.max(Math.abs(lo), Math.abs(hi));
  if (hi - lo <= 1e-6 * top || top === 0) {
    // a flat fraction (stale_lr_factor 1, bubble_fraction 0) on the fraction's own 0 to 1,
    // not 0.9 to 1.1 or -1 to 1 (a re-checker's trial)
    if (unitless && lo >= 0 && hi <= 1) return niceRange(0, 1);
    const d = 0.1 * top || 1;
    return niceRange(lo - d, hi + d);
  }
  const pad = 0.1 * (hi - lo);
  const upper = hi <= 0 ? Math.min(0, hi + pad) : unitless && lo >= 0 && hi <= 1 ? Math.min(1, hi + pad) : hi + pad;
  return niceRange(lo >= 0 ? Math.max(0, lo - pad) : lo - pad, upper);
}

/** yRange for axis `a` (plotAxes) whose values run from `lo` to `hi`. */
export const axisRange = (a, lo, hi) => yRange(lo, hi, !a.unit && !a.money && a.factor === 1);

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
  const decades = Math.log10(hi / lo);
  const mults = decades > 4 ? [1] : [1, 2, 5];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++)
    for (const m of mults) { const v = Number((m * 10 ** e).toPrecision(12)); if (v >= lo * (1 - 1e-12) && v <= hi * (1 + 1e-12)) ticks.push(v); }
  return ticks.length >= 2 ? ticks : [lo, hi];
}

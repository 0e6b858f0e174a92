// The sweep view: one numeric input over a range (linear or logarithmic; integer steps
// for integer fields), chosen properties plotted against it. The sweep is one call into
// the module (m.sweep over a Float64Array); the chart library (uPlot) is loaded the
// first time a plot is shown. Points where a property is unavailable are gaps.
//
// The controls apply as the calculator's do, as they are typed (after a short pause);
// From and To take the field's own text (a quantity with its unit, converted to the unit
// the sweep uses) or a plain number in that unit. A plot that no longer matches its
// controls (an invalid range, no property ticked) is dimmed, and the status says why.
// Axes, ticks and the hover legend read in the cards' units and numbers (figure.mjs
// plotAxes, format.mjs); colours follow the theme, also when it changes while shown.
import { $, el, download, copyText, actionButton } from './dom.mjs';
import { apiInputs, usesInput, formText } from './fields.mjs';
import { tickTexts, clip, numberText, DEFAULT_PREFS, sentences, andList, settings } from './format.mjs';
import { sweepOfType } from './link.mjs';
import { plotAxes, warnedSpans, DRAWN_MIN, DRAWN_MAX, axisExtent, axisRange, axisKey, axisTitle, axisPlace, axisColor, xTitle, markText, seriesStyle, swatch, PALETTES, figurePng, figureCsv, figureSvg } from './figure.mjs';

const APPLY_DELAY_MS = 300;  // typing in From, To or Points applies once it pauses this long

let uPlotModule = null;
async function loadChart() {
  if (!uPlotModule) {
    // (the one-file page has the chart library's stylesheet inline already)
    if (!document.getElementById('uplot-css')) document.head.append(el('link', { rel: 'stylesheet', href: 'vendor/uPlot.min.css' }));
    uPlotModule = (await import('./vendor/uPlot.esm.js')).default;
  }
  return uPlotModule;
}

const NUMBER = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** A bound of the range as read, every digit kept, with "1e300" as the box has it (not "1e+300"). */
const bound = (v) => String(v).replace('e+', 'e');
/** A number on a plot axis with the axis's unit: "$6.891e302" on a money axis ("$", "$ million",
 *  "$/h"), as the cards write amounts, not "6.891e302 $"; else "1e-302 GB". */
const amountText = (v, unit) => (!unit ? numberText(v) : unit.startsWith('$') ? `$${numberText(v)}${unit.slice(1)}` : `${numberText(v)} ${unit}`);

/** An error that names the control it is about ('from', 'to', 'n'), for the page to mark. */
function controlError(control, message) {
  return Object.assign(new Error(message), { control });
}

/**
 * The value of From or To (`what`) from its text, in the unit the sweep of field `f` uses
 * (its display unit): a plain number is in that unit already; a quantity with its unit
 * ("500 ms", "2 $/hour") is converted, by the module's own unit parser (an evaluation of
 * type `typeName` with only that field: its normalized value). Throws with the module's
 * message for a wrong unit or dimension.
 */
export function parseBound(text, what, f, m, typeName) {
  const t = String(text).trim();
  const control = what.toLowerCase();
  if (t === '') throw controlError(control, `${what} is empty: type a number${f.type === 'quantity' ? `, or a quantity such as "1 ${f.display_unit}"` : ''}.`);
  if (NUMBER.test(t)) {
    if (!Number.isFinite(Number(t))) throw controlError(control, `${what} is "${clip(t, 40)}", beyond the largest number this page computes with (about 1.8e308).`);
    // ... and one too small for it (a link's `sfrom=1e-400`) would read as 0
    if (Number(t) === 0 && /[1-9]/.test(t.replace(/[eE].*$/, ''))) throw controlError(control, `${what} is "${clip(t, 40)}", below the smallest number this page computes with (about 5e-324): it would read as 0.`);
    return Number(t);
  }
  if (f.type !== 'quantity') throw controlError(control, `${what} must be a number such as 1 or 2.5e3, got "${clip(t, 40)}".`);
  const canonical = (s) => {
    try {
      const r = m.evaluate(typeName, { [f.name]: s }, { partial: true });
      const v = r.inputs[f.name];
      if (v && typeof v === 'object') return { value: v.value };
      const e = r.input_errors.find((x) => x.field === f.name);
      return { error: e ? e.message : `not ${f.dimension_phrase || `a ${f.dimension}`}` };
    } catch (e) {
      return { error: e.message };
    }
  };
  let got = canonical(t);
  // a value the field's rule refuses (0 s where time > 0 s) is still a bound of a range:
  // its number times its unit, read from "1 <unit>"
  const parts = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(.+)$/.exec(t);
  if (got.error && parts && / must be /.test(got.error)) {
    const unit = canonical(`1 ${parts[2]}`);
    if (!unit.error) got = { value: Number(parts[1]) * unit.value };
  }
  if (got.error) throw controlError(control, `${what}: ${got.error.replace(new RegExp(`^${f.name}: `), '')}`);
  return Number((got.value / f.display_factor).toPrecision(15));
}

/** The text of a range's end `x`: three significant digits, more when three would
 *  fail `inside` (round onto an open end of the rule, or past a closed one). */
function endText(x, inside) {
  for (const digits of [3, 6]) {
    const r = Number(x.toPrecision(digits));
    if (inside(r)) return String(r);
  }
  return String(x);
}

/**
 * The range a sweep of numeric field `f` (a `fields[i]` of listScenarioTypes) starts
 * with, around its value `x` in the field's display unit: x/8 to 8x, kept inside the
 * field's rule (`f.bounds`, canonical, over `display_factor`; an open end of the rule is
 * approached, not reached), at whole numbers for an integer field, and from 0 when x is
 * 0. Logarithmic when it spans a decade or more from above 0, linear otherwise.
 * Returns {from, to, scale} as the controls' texts, or null when x is not a finite number
 * inside the rule.
 * (A price of 30000 USD sweeps 3750 to 240000 USD; a PUE of 1.12, ">= 1", sweeps 1 to
 * 8.96 linearly.)
 */
export function rangeAround(f, x) {
  const b = f.bounds || {};
  const { min, max, inside } = ruleOf(f);
  if (!Number.isFinite(x) || !inside(x)) return null;
  // an integer past 2^53 is no exact integer (the module refuses it): no range around it
  if (f.type === 'int' && Math.abs(x) > 2 ** 53) return null;
  let from = x > 0 ? x / 8 : x < 0 ? x * 8 : 0;
  let to = x > 0 ? x * 8 : x < 0 ? x / 8 : f.type === 'int' ? 8 : 1;
  if (from < min || (b.min_exclusive && from === min)) from = b.min_exclusive ? min + (x - min) / 10 : min;
  if (to > max || (b.max_exclusive && to === max)) to = b.max_exclusive ? max - (max - x) / 10 : max;
  if (!Number.isFinite(to)) to = x;  // 8x overflowed
  if (!inside(from)) from = x;  // x/8 underflowed onto an open end
  if (f.type === 'int') {
    from = Math.ceil(from);
    to = Math.min(Math.max(Math.floor(to), from + 1), 2 ** 53);  // integers are exact to 2^53
  }
  const text = (v) => (f.type === 'int' ? String(v) : endText(v, inside));
  return { from: text(from), to: text(to), scale: scaleOfRange(from, to) };
}

/** The scale of a range when none is chosen: logarithmic when it spans a decade or more
 *  above 0, else linear (docs/embedding.md, `sscale`). */
function scaleOfRange(a, b) {
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  return lo > 0 && hi / lo >= 10 ? 'log' : 'lin';
}

/** Field `f`'s rule as numbers in its display unit: {min, max, inside(x)}. */
function ruleOf(f) {
  const b = f.bounds || {}, k = f.display_factor || 1;
  const min = b.min === null || b.min === undefined ? -Infinity : b.min / k;
  const max = b.max === null || b.max === undefined ? Infinity : b.max / k;
  return { min, max, inside: (v) => (b.min_exclusive ? v > min : v >= min) && (b.max_exclusive ? v < max : v <= max) };
}

/** A value inside field `f`'s rule to start a range around when its own is not valid:
 *  1 when the rule allows it, else the middle of a closed rule, else next to its end. */
export function fallbackValue(f) {
  const { min, max, inside } = ruleOf(f);
  if (inside(1)) return 1;
  if (Number.isFinite(min) && Number.isFinite(max)) return (min + max) / 2;
  if (Number.isFinite(min)) return min > 0 ? min * 2 : min + 1;
  return max > 0 ? max / 2 : max - 1;
}

/** The tick steps of a linear axis of an integer input: 1, 2, 5, 10, 20, 50… up to 5e15. */
const INT_INCRS = /* @__PURE__ */ Array.from({ length: 48 }, (_, i) => [1, 2, 5][i % 3] * 10 ** Math.floor(i / 3));

/** How many times larger one of two values on one axis may be than the other before the
 *  smaller is drawn as a flat line along the axis's foot (260 W beside 266 kW). */
const ONE_AXIS_RATIO = 20;

/** The properties a sweep of `field` shows first: those the type declares for it
 *  (`type.sweep`: response_time and utilization for a queue's batch_size); else two that
 *  move with it (a flat line teaches nothing), comparable ones (higher or lower is better)
 *  first; when none moves, two comparable ones. With `values` (property name → the scenario's value, canonical),
 *  the second is one the first's axis can show: on another axis (figure.mjs axisKey,
 *  under the display settings `prefs`), or within ONE_AXIS_RATIO of the first; when
 *  none is, the first alone. */
export function defaultProps(type, field, values = null, prefs = DEFAULT_PREFS) {
  // the type's own answer for the field its question turns on (listScenarioTypes `sweep`)
  if (type.sweep && field === type.sweep.field && type.sweep.properties.length) return [...type.sweep.properties];
  const moving = type.properties.filter((p) => usesInput(type, p, field));
  const pick = [...moving.filter((p) => p.better), ...moving.filter((p) => !p.better)];
  const [first, ...rest] = pick.length ? pick : type.properties.filter((p) => p.better);
  if (!first) return [];
  const axis = (p) => axisKey(p.unit, p.display_unit, prefs);
  const size = (p) => Math.abs(values && values[p.name]);
  const fits = (p) => !values || axis(p) !== axis(first) || !(size(p) > 0 && size(first) > 0) ||
    Math.max(size(p) / size(first), size(first) / size(p)) <= ONE_AXIS_RATIO;
  const second = rest.find(fits);
  return [first, ...(second ? [second] : [])].map((p) => p.name);
}

/** A warning that holds over part of a sweep (the module's sweep, options.warnings), as the
 *  note under the plot says it: where it is shaded, at how many points, and its text at
 *  the first of them. `xs`: the sweep's values, in the unit the sweep uses. `shaded`:
 *  false for a column of an overlay, whose warnings are not shaded: "at the points
 *  sampled, …", after the page's "In X (column 2), ". */
export function warnedText(w, f, xs, shaded = true) {
  const unit = f.type === 'quantity' ? ` ${f.display_unit}` : '';
  const run = ([a, b]) => (a === b ? numberText(xs[a]) : `${numberText(xs[a])} to ${numberText(xs[b])}`);
  // the points sampled, not a threshold: the warning may begin between two of them, and hold
  // at some values between its points and not others (a re-checker's trial: "11 to 61" read
  // as every value, though 16 and 32 divide 64)
  const more = w.ranges.length - 3;
  const shown = [...w.ranges.slice(0, 3).map(run), ...(more > 0 ? [`${more} more ${more === 1 ? 'stretch' : 'stretches'}`] : [])];
  return `${shaded ? 'Shaded where it holds at' : 'at'} the points sampled, ${f.name} ${andList(shown)}${more > 0 ? '' : unit} (${w.points} of ${xs.length} points): ${w.text}`;
}

/** The x values of a sweep setting {from, to, n, scale} for field `f`: `from` and `to`
 *  are numbers (or plain-number text), in the unit the sweep uses. */
export function sweepValues(f, s) {
  const number = (t) => (typeof t === 'number' ? t : NUMBER.test(String(t)) ? Number(t) : NaN);
  const from = number(s.from), to = number(s.to), n = number(s.n);
  // the bounds as the reader typed them (s.said: "1 ms"), else as numbers without "e+"
  const said = { from: (s.said && s.said.from) || bound(from), to: (s.said && s.said.to) || bound(to) };
  // each message quotes what it got (the text, or the number as read), so that a reader sees which value broke the rule
  const got = (t) => `got "${clip(String(t).trim(), 40)}"`;
  if (!Number.isFinite(from)) throw controlError('from', `From must be a finite number such as 1 or 2.5e3, ${got(s.from)}.`);
  if (!Number.isFinite(to)) throw controlError('to', `To must be a finite number such as 1 or 2.5e3, ${got(s.to)}.`);
  if (!(Number.isInteger(n) && n >= 2 && n <= 100000)) throw controlError('n', `Points must be a whole number from 2 to 100000, ${got(s.n)}.`);
  if (s.scale === 'log' && !(from > 0 && to > 0))
    throw controlError(from > 0 ? 'to' : 'from', `A logarithmic range needs From > 0 and To > 0, got From ${said.from} and To ${said.to}: choose the linear scale, or a positive range.`);
  // interpolate without overflow: in log space for a log range, as a weighted mean otherwise
  const [la, lb] = [Math.log(from), Math.log(to)];
  let xs = Array.from({ length: n }, (_, i) => {
    const t = i / (n - 1);
    return s.scale === 'log' ? Math.exp(la + (lb - la) * t) : from * (1 - t) + to * t;
  });
  xs[0] = from;
  xs[n - 1] = to;
  // whole numbers within From and To: 0 to 0.5 is 0 alone, 1.5 to 9.5 is 2 to 9 (rounding
  // had drawn staleness 1 and workers 10, outside the range asked for: an attacker's trial)
  if (f.type === 'int') {
    const lo = Math.ceil(Math.min(from, to)), hi = Math.floor(Math.max(from, to));
    xs = [...new Set(xs.map((x) => Math.min(hi, Math.max(lo, Math.round(x)))))];
  }
  if (s.scale === 'log') xs = xs.filter((x) => x > 0);  // 0.4 rounds to 0, which a log axis cannot show
  xs = [...new Set(xs)].sort((a, b) => a - b);
  if (xs.length < 2)
    throw controlError('to', `From ${said.from} and To ${said.to} give fewer than 2 distinct ${f.type === 'int' ? 'integer ' : ''}points to plot; widen the range.`);
  // distinct numbers, but no axis could label them apart (its ticks have 4 significant digits)
  if (xs[xs.length - 1] - xs[0] <= 1e-9 * Math.max(Math.abs(xs[0]), Math.abs(xs[xs.length - 1])))
    throw controlError('to', `From ${said.from} and To ${said.to} differ by a billionth of their size or less, too little for a plot to show; widen the range.`);
  return Float64Array.from(xs);
}

/** The relative luminance of a CSS colour "#rrggbb" or "rgb(r, g, b)" (WCAG). */
function luminance(color) {
  const c = String(color).trim();
  const rgb = c.startsWith('#') ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : (c.match(/[\d.]+/g) || [255, 255, 255]).slice(0, 3).map(Number);
  const [r, g, b] = rgb.map((v) => { const s = v / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Where a logarithmic x axis has its ticks between `lo` and `hi` (> 0), at most `most`
 *  of them: the richest of 1-2-5, 1-3 and powers of ten alone (every k-th) that fits, so
 *  that ticks stay evenly spread along the axis; a range inside one decade (2 to 9, 64 to
 *  100) gets round linear steps, so that no range is left without labels. (A linear
 *  fallback for a wider range bunched its labels at the axis's right end: 5,000, 10,000,
 *  15,000 on 256 to 16,384.) */
export function logTicks(lo, hi, most = 8) {
  const inside = (v) => v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9);
  const d0 = Math.floor(Math.log10(lo)), d1 = Math.ceil(Math.log10(hi));
  const ticks = (mantissas, every) => {
    const at = [];
    for (let d = d0; d <= d1; d += every) for (const k of mantissas) { const v = Number(`${k}e${d}`); if (inside(v)) at.push(v); }
    return at;
  };
  let out = ticks([1, 2, 5], 1);
  if (out.length > most) out = ticks([1, 3], 1);
  for (let every = 1; out.length > most; every++) out = ticks([1], every);
  if (out.length >= 3 || (out.length === 2 && hi >= 10 * lo)) return out;
  const raw = (hi - lo) / 4, p = 10 ** Math.floor(Math.log10(raw)), step = [1, 2, 5, 10].map((k) => k * p).find((s) => s >= raw);
  const linear = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi * (1 + 1e-9); v += step) linear.push(Number(v.toPrecision(12)));
  return linear.length >= 2 ? linear : [lo, hi];
}


/** The y scale of axis `a` (figure.mjs plotAxes) over `series`: the exports' range
 *  (figure.mjs yRange), so that the screen and a downloaded figure frame a line alike. (uPlot's
 *  own range also sought ticks a few ulps apart for a line of one value, and threw.) */
function yScale(a, series) {
  const { lo, hi } = axisExtent(a, series);
  const r = axisRange(a, lo, hi);
  return { auto: false, range: [r.lo, r.hi] };
}

/** Overlaid columns whose lines are the same at every point (`series`: each base's
 *  `per` series in turn): the legend lists each, the plot shows one, so say which and why
 *  ("… differ only in batch_size, which the sweep sets"); '' when none. Columns that
 *  differed only in the swept input drew two lines where four were listed (a new user's
 *  review). */
export function sameLinesNote(f, bases, series, per) {
  if (bases.length < 2) return '';
  const same = (a, b) => a.length === b.length && a.every((y, i) => y === b[i] || (Number.isNaN(y) && Number.isNaN(b[i])));
  const lines = (k) => series.slice(k * per, (k + 1) * per).map((x) => x.ys);
  const inputsOf = (k, skip) => JSON.stringify(Object.entries(bases[k].inputs).filter(([n]) => n !== skip).sort(([a], [b]) => (a < b ? -1 : 1)));
  const others = (k) => inputsOf(k, f.name);
  const groups = [];
  bases.forEach((b, k) => {
    const g = groups.find((x) => lines(x[0]).every((ys, j) => same(ys, lines(k)[j])));
    if (g) g.push(k); else groups.push([k]);
  });
  return groups.filter((g) => g.length > 1).map((g) => {
    // (two columns of one preset, unedited, differ in nothing: a re-checker's trial)
    const why = g.every((k) => inputsOf(k) === inputsOf(g[0])) ? 'their inputs are the same'
      : g.every((k) => others(k) === others(g[0])) ? `they differ only in ${f.name}, which the sweep sets` : 'their values agree at every point swept';
    return ` ${andList(g.map((k) => bases[k].label))} draw the same ${per === 1 ? 'line' : 'lines'}, one over the other: ${why}.`;
  }).join('');
}

export class Sweep {
  constructor(app) {
    this.app = app;
    this.plot = null;
    this.timer = null;
    this.stale = false;
    this.fallback = null;  // the stand-in value a range was chosen around (fillRange), or null
    // From, To and Points apply as they are typed, once typing pauses (a change, on
    // leaving the field or Enter, applies at once: the page listens for it)
    for (const id of ['sweep-from', 'sweep-to', 'sweep-n'])
      $(id).addEventListener('input', () => {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.read(), APPLY_DELAY_MS);
      });
    // the plot is drawn in the theme's colours: redrawn when the theme changes (the
    // system's setting, or the page's data-theme attribute, which the theme= option sets)
    // only when the colours did change (a class on <html> can change for other reasons: the
    // page going live); a redraw that fails says so in the status
    const retheme = () => {
      if (!this.plot || $('sweep-plot').clientWidth === 0 || JSON.stringify(this.colors()) === this.drawnColors) return;
      this.redraw();
    };
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', retheme);
    new MutationObserver(retheme).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
    // ... and in the display units the page's settings choose, also when they change
    for (const k of ['bytes', 'time', 'money'])
      $(`pref-${k}`).addEventListener('change', () => {
        if (!this.last) return;
        this.last.prefs = { ...this.app.state.prefs };
        if ($('sweep-plot').clientWidth > 0) this.redraw();
      });
    // ... and as wide as its card, following it (a phone turned, a window resized)
    this.resizes = new ResizeObserver(() => this.fit());
    this.resizes.observe($('sweep-plot'));
  }

  /** The numeric fields of the calculator's type. */
  fields() {
    return this.app.calcType().fields.filter((f) => f.numeric);
  }

  /** The calculator's property values as it shows them (name → canonical value; none
   *  for a property waiting for a prediction), for the properties a sweep starts with. */
  values() {
    const r = this.app.calculator.view && this.app.calculator.view.visibleResult();
    return r ? Object.fromEntries(Object.entries(r.properties).map(([name, p]) => [name, p.value])) : null;
  }

  /** Rebuilds the controls for the calculator's scenario and runs the sweep; resolves
   *  once the plot is drawn (or the range refused). */
  build() {
    const type = this.app.calcType();
    const s = this.app.state.sweep;
    const chosen = () => [s.field, s.from, s.to, s.scale, s.props.join()].join('\n');
    const before = chosen();
    const fields = this.fields();
    // a field or properties of another type (the calculator's type changed) mean nothing here
    Object.assign(s, sweepOfType(type, s));
    if (s.field === '') s.field = type.sweep.field;  // the field the type's question turns on
    this.fillRange();
    if (!s.props.length) s.props = defaultProps(type, s.field, this.values(), this.app.state.prefs);
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
    this.showUnit();
    // what this view chose (a range around the calculator's new value, another field's):
    // the link follows, so that it opens this plot; not a history entry of its own. A
    // link being opened keeps its own text until the page is live
    if (this.app.isLive && chosen() !== before) {
      const url = this.app.encode();
      if (url !== location.search) history.replaceState(null, '', url);
    }
    return this.run();
  }

  /** The unit From and To are read in, beside them: "plain numbers in s, or a quantity". */
  showUnit() {
    const f = this.fields().find((q) => q.name === $('sweep-field').value);
    for (const id of ['sweep-from', 'sweep-to']) $(id).inputMode = f && f.type === 'quantity' ? 'text' : 'decimal';
    $('sweep-unit').textContent = !f ? '' : f.type === 'quantity'
      ? `From and To: a number in ${f.display_unit}, or a quantity with its unit (such as "1 ${f.display_unit}").`
      : `From and To: ${f.type === 'int' ? 'whole numbers (the sweep steps by integers)' : 'numbers'}.`;
  }

  /** A range left open (From, To or the scale empty: a new field, or a link that gives
   *  none) starts around the swept input's value in the calculator (rangeAround); with no
   *  valid value, around one inside its rule (fallbackValue). Writes it into the controls. */
  fillRange() {
    const s = this.app.state.sweep;
    const f = this.fields().find((q) => q.name === s.field);
    const value = this.valueText(f) || String(this.calcValue(f));  // (an empty field: the value in use)
    // a range this view chose follows the input's value (another preset, an edit); one
    // the reader typed or a link gave stays
    if (this.auto && this.auto.field === f.name && this.auto.value !== value &&
        s.from === this.auto.from && s.to === this.auto.to && s.scale === this.auto.scale) s.from = s.to = s.scale = '';
    if (s.from !== '' && s.to !== '' && s.scale !== '') return;
    const x = this.calcValue(f);
    const around = rangeAround(f, x);
    const r = around || rangeAround(f, fallbackValue(f));
    // a range around a stand-in value says so in the status (run), while it is the range
    this.fallback = around ? null : { field: f.name, value: fallbackValue(f), from: r.from, to: r.to,
      why: this.valueText(f).trim() === '' ? 'has no value in the calculator' : 'is not valid in the calculator (its message is there)' };
    if (s.from === '') s.from = r.from;
    if (s.to === '') s.to = r.to;
    // a scale left open follows the range it will draw, a link's own included (sfrom=0&sto=1
    // had taken the log scale of the range around the input's value, and drew nothing)
    if (s.scale === '') s.scale = this.scaleOf(f, s.from, s.to) || r.scale;
    this.auto = { field: f.name, value, from: s.from, to: s.to, scale: s.scale };
    $('sweep-from').value = s.from;
    $('sweep-to').value = s.to;
    $('sweep-scale').value = s.scale;
  }

  /** The scale a range from `from` to `to` (the controls' texts) takes when none is
   *  chosen (scaleOfRange); '' when a bound cannot be read (its error is the plot's to show). */
  scaleOf(f, from, to) {
    try {
      const type = this.app.calcType().name;
      return scaleOfRange(parseBound(from, 'From', f, this.app.m, type), parseBound(to, 'To', f, this.app.m, type));
    } catch {
      return '';
    }
  }

  /** Field `f`'s value in the calculator as a number in the unit the sweep uses (its
   *  display unit); for an optional field left empty that names the property holding the
   *  value in use (`f.in_use`: checkpoint_interval's Young interval), that property's
   *  value; NaN when it has none, or the calculator refuses it (and says why). */
  calcValue(f) {
    // an input the calculator refuses has no value to mark, though a sweep may read it
    // (batch_size 9007199254740993: above 2^53 to the calculator, 2^53 as a bound)
    const view = this.app.calculator.view;
    if (view && view.errorsShown && view.errorsShown.errors.has(f.name)) return NaN;
    const value = this.valueText(f);
    if (value.trim() === '' && f.in_use) {
      const v = (this.values() || {})[f.in_use];
      return Number.isFinite(v) ? v / (f.display_factor || 1) : NaN;
    }
    try {
      return value.trim() !== '' ? parseBound(value, 'From', f, this.app.m, this.app.calcType().name) : NaN;
    } catch {
      return NaN;
    }
  }

  /** Field `f`'s value in the calculator as text: its input, else its default. */
  valueText(f) {
    const text = this.app.state.calc.texts[f.name] ?? '';
    return text.trim() !== '' ? text : formText(f, f.default);
  }

  /** Reads the controls into the state, then sweeps and plots. A new field starts with a
   *  range around its value, and, when no ticked property moves with it, with the
   *  properties that do. */
  read() {
    clearTimeout(this.timer);
    this.timer = null;
    const s = this.app.state.sweep;
    const type = this.app.calcType();
    const field = $('sweep-field').value;
    s.from = $('sweep-from').value;
    s.to = $('sweep-to').value;
    s.n = $('sweep-n').value;
    s.scale = $('sweep-scale').value;
    s.overlay = $('sweep-overlay').checked;
    s.props = [...new Set([...$('sweep-props').querySelectorAll('input:checked')].map((i) => i.value))];
    if (field !== s.field) {
      s.field = field;
      s.from = s.to = s.scale = '';
      this.fillRange();
      // the ticked properties that move with the new field stay; none: two that do
      const moving = s.props.filter((n) => usesInput(type, type.properties.find((p) => p.name === n), field));
      s.props = moving.length ? moving : defaultProps(type, field, this.values(), this.app.state.prefs);
      for (const box of $('sweep-props').querySelectorAll('input')) box.checked = s.props.includes(box.value);
    }
    this.showUnit();
    this.app.changed('sweep');
    this.run();
  }

  /** Applies typing that is still waiting for its pause (before an export reads the plot). */
  flush() {
    if (this.timer) this.read();
  }

  /** The scenarios swept: the calculator's, or each comparison column. */
  bases() {
    const type = this.app.calcType();
    const { compare, calc } = this.app.state;
    if (this.app.state.sweep.overlay && compare.type === type.name)
      return compare.columns.map((c, k) => ({ label: this.app.columnLabel(k), inputs: apiInputs(type, c.texts).inputs }));
    // the form's inputs, each field in error standing in with its last valid value; one
    // that never had one (an unknown fleet from a link) goes as typed, for the module to
    // name what is wrong with it rather than call it missing
    return [{ label: this.app.calcLabel(), inputs: { ...apiInputs(type, calc.texts).inputs, ...this.app.calculator.lastGood } }];
  }

  /** Why a line has gaps: for each series of `series` (the first base's) with no value
   *  at a point whose input is valid, the module's own reason at the first such point
   *  ("queue_wait has no value at 81 of 200 points, the first at arrival_rate = 149.6 1/s: needs utilization
   *  < 1: …"), from one evaluation there. '' when every line is whole. */
  gapNote(type, f, xs, inputs, series) {
    const unit = f.type === 'quantity' ? ` ${f.display_unit}` : '';
    const { inside } = ruleOf(f);  // a point outside the field's rule has its own note
    let note = '';
    for (const { name, ys } of series) {
      let first = -1, count = 0;
      for (let i = 0; i < ys.length; i++)
        if (Number.isNaN(ys[i]) && inside(xs[i])) {
          count++;
          if (first < 0) first = i;
        }
      if (first < 0) continue;
      const x = xs[first];
      let reason = '';
      try {
        const at = f.type === 'quantity' ? { value: x * f.display_factor, unit: f.unit } : x;
        const p = this.app.m.evaluate(type.name, { ...inputs, [f.name]: at }, { partial: true }).properties[name];
        reason = p && p.error ? p.error.replace(new RegExp(`^${name}: `), '') : '';
      } catch {
        reason = '';  // the point's input is refused: the rule's note says so
      }
      // "the first at batch_size = 1": "from 1" read as "from 1 on" where the gap was 1 to 5
      if (reason) note += ` ${name} has no value at ${count} of ${xs.length} points, the first at ${f.name} = ${Number(x.toPrecision(4))}${unit}: ${reason}.`;
    }
    return note;
  }

  /** The controls no longer describe the plot shown: it is dimmed (or, with none drawn
   *  yet, absent), the exports are off, and the status says why. `control`: the control
   *  at fault ('from', 'to', 'n'), a list of them, or null. */
  refuse(message, control) {
    const status = $('sweep-status');
    const at = [control].flat();
    for (const c of ['from', 'to', 'n']) {
      const input = $(`sweep-${c}`);
      input.setAttribute('aria-invalid', String(at.includes(c)));
      input.classList.toggle('invalid', at.includes(c));
    }
    status.classList.add('failed');
    this.stale = true;
    const box = $('sweep-plot');
    box.classList.toggle('outdated', !!this.plot);
    status.textContent = this.plot ? sentences([message, `The plot below (dimmed) is of the last valid settings: ${this.last.setting}.`]) : message;
    this.enableExports();
  }

  enableExports() {
    for (const b of $('sweep-exports').querySelectorAll('button')) {
      b.disabled = this.stale;
      b.title = this.stale ? 'the plot does not match the controls: correct them first' : '';
    }
  }

  async run() {
    const type = this.app.calcType();
    const s = this.app.state.sweep;
    const f = this.fields().find((q) => q.name === s.field);
    let xs, from, to;
    // From, To and Points each say what is wrong with them at once (an attacker's trial:
    // a link with all three wrong marked From alone, and each fix revealed the next)
    const wrong = [];
    const read = (text, what) => { try { return parseBound(text, what, f, this.app.m, type.name); } catch (e) { wrong.push(e); return NaN; } };
    from = read(s.from, 'From');
    to = read(s.to, 'To');
    if (wrong.length) {
      try { sweepValues(f, { ...s, from: 1, to: 2, scale: 'lin' }); } catch (e) { if (e.control === 'n') wrong.push(e); }
      this.refuse(sentences(wrong.map((e) => e.message)), wrong.map((e) => e.control));
      return;
    }
    // each bound as typed where it has its unit ("1 ms"), else the number with the field's
    // unit (a re-checker's trial: "From 0.001 to 1e297 s" for 1 ms to 1e300 ms)
    const unit = f.type === 'quantity' ? ` ${f.display_unit}` : '';
    const hasUnit = (text) => /[A-Za-zµ$%°]/.test(String(text).replace(/e[+-]?\d/gi, ''));  // "1e300" has none
    const typed = (text, v) => (hasUnit(text) ? String(text).trim() : `${bound(v)}${unit}`);
    const said = { from: typed(s.from, from), to: typed(s.to, to) };
    const range = hasUnit(s.from) || hasUnit(s.to) || !unit ? `From ${said.from} to ${said.to}` : `From ${bound(from)} to ${bound(to)}${unit}`;
    try {
      xs = sweepValues(f, { ...s, from, to, said });
      if (!s.props.length) throw controlError(null, 'Tick at least one property to plot.');
    } catch (e) {
      this.refuse(e.message, e.control);
      return;
    }
    const series = [];
    let ms = 0;
    let invalid = '';
    const bases = this.bases();
    // the calculator's own value of the swept input is one of the points (when inside the
    // range, and the sweep is of that scenario alone): the curves pass through the cards'
    // values, and the legend reads them while no point is under the pointer (it read a dash
    // for every series when the value fell between two points: a phone has no pointer)
    const here = bases.length === 1 ? this.calcValue(f) : NaN;
    const inside = here >= xs[0] && here <= xs[xs.length - 1];
    const added = inside && !xs.some((x) => Math.abs(x - here) <= 1e-12 * Math.abs(here));
    if (added) xs = Float64Array.from([...xs, here].sort((a, b) => a - b));
    // where the scenario's warnings hold (a batch that does not fit in memory), shaded: the
    // curves went on there as if it ran (a new user's trial); for the calculator's scenario
    // alone, whose warnings the cards show
    let warned = [];
    const columnWarnings = [];  // each column's warnings when columns are overlaid: listed, not shaded
    for (const base of bases) {
      let r;
      const t0 = performance.now();
      try {
        r = this.app.m.sweep(type.name, base.inputs, f.name, xs, s.props,
          { ...(f.type === 'quantity' ? { unit: f.display_unit } : {}), warnings: true, ...settings(this.app.state.prefs) });
        if (bases.length === 1) warned = r.warnings;
        else columnWarnings.push(...r.warnings.map((w) => ({ w, label: base.label })));
      } catch (e) {
        this.refuse(`${base.label}: ${e.message}`, null);
        return;
      }
      ms += performance.now() - t0;
      // no point inside the field's rule: nothing to plot, which is the range's fault
      if (r.invalid_points >= xs.length) {
        // the range as a whole is at fault: both ends are marked (an attacker's trial: From
        // alone was, for any of these three refusals)
        this.refuse(`${range}, all ${xs.length} points break the rule of ${f.name} (${r.first_invalid}): choose a range inside it.`, ['from', 'to']);
        return;
      }
      if (r.invalid_points && !invalid) invalid = ` ${r.invalid_points} ${r.invalid_points === 1 ? 'point breaks' : 'points break'} the rule of ${f.name} (${r.first_invalid}) and ${r.invalid_points === 1 ? 'is' : 'are'} left out.`;
      for (const p of s.props) {
        const declared = type.properties.find((q) => q.name === p);
        series.push({ label: bases.length > 1 ? `${p} (${base.label})` : p, name: p, unit: r.units[p], ys: r.properties[p],
          shown: declared && declared.display_unit ? { unit: declared.display_unit, factor: declared.display_factor } : null });
      }
    }
    for (const c of ['from', 'to', 'n']) { $(`sweep-${c}`).setAttribute('aria-invalid', 'false'); $(`sweep-${c}`).classList.remove('invalid'); }
    // a property whose equation does not use the swept input is flat: say why
    const flat = type.properties.filter((p) => s.props.includes(p.name) && !usesInput(type, p, f.name));
    const flatNote = flat.map((p) => ` ${p.name} does not change with ${f.name}: its equation uses ${p.depends_on.join(', ')} only.`).join('') +
      this.gapNote(type, f, xs, bases[0].inputs, series.slice(0, s.props.length)) + sameLinesNote(f, bases, series, s.props.length);
    const status = $('sweep-status');
    status.classList.remove('failed');
    // (Points asked for 200; the scenario's own value, between two of them, makes 201: say so)
    // "201 points (integer steps; the scenario's own value among them) × 2 series, …"
    const notes = [...(f.type === 'int' ? ['integer steps'] : []), ...(added ? ['the scenario\'s own value among them'] : [])];
    const count = `${xs.length.toLocaleString('en-US')} points${notes.length ? ` (${notes.join('; ')})` : ''}`;
    // a log x axis bends a straight proportion into a curve that reads as exponential (a
    // new-user review read energy against TDP so); a linear default instead squeezed 1/N
    // curves and a queue's stable region into the axis's left eighth (a second review)
    const logNote = s.scale === 'log' ? ` The x axis is logarithmic: a property in proportion to ${f.name} curves upward on it (Scale: linear draws it straight).` : '';
    // numbers the plot cannot draw on its axis, whatever its unit (an attacking helper: From
    // 1e-300 h drew an empty plot under a status that counted its points)
    const drawn = (v) => v === 0 || (Math.abs(v) >= DRAWN_MIN && Math.abs(v) <= DRAWN_MAX);
    const within = `(it draws ${numberText(DRAWN_MIN)} to ${numberText(DRAWN_MAX)})`;
    const { x: axis, ys } = plotAxes({ field: f, xs, series, log: s.scale === 'log', prefs: this.app.state.prefs });
    // the end that is too far is marked: To for 1 to 1e300, From for 1e300 to 1 (the
    // points run low to high whichever way the range was typed)
    const ends = [xs[0], xs[xs.length - 1]];
    const farEnd = ends.findIndex((v) => !drawn(axis.toAxis(v)));
    if (farEnd >= 0) {
      const x = ends[farEnd];
      this.refuse(`${range}: the plot cannot draw numbers as far from 1 as ${amountText(axis.toAxis(x), axis.unit)} on its axis ${within}; choose a range nearer the values the scenario uses.`,
        Math.abs(x - to) < Math.abs(x - from) ? 'to' : 'from');
      return;
    }
    // ... nor a property whose largest value is (1e-302 on an axis it labelled 0 to 100)
    for (const a of ys) {
      const { top } = axisExtent(a, series);
      if (!drawn(top)) {
        // the series by their labels ("cost (TransformerAsp8Workers)" in an overlay, where
        // "cost and cost" had named neither column), and what to untick by name: unticking
        // a property takes every column's line of it. No bound is marked: the range may be
        // fine, and the property the one to leave out.
        // Of the lines on this axis, those that reach it by themselves (one column's cost,
        // not both columns')
        const own = a.series.filter((i) => !drawn(axisExtent({ ...a, series: [i] }, series).top));
        const at = own.length ? own : a.series;
        const names = [...new Set(at.map((i) => series[i].name))];
        const fix = `untick ${andList(names)}${bases.length > 1 ? `, change ${at.length > 1 ? 'those columns\'' : 'that column\'s'} inputs` : ''}, or choose another range`;
        this.refuse(`${range}, ${andList(at.map((i) => series[i].label))} reach${at.length > 1 ? '' : 'es'} at most ${amountText(top, a.unit)}, which the plot cannot draw ${within}: ${fix}.`, null);
        return;
      }
    }
    const fb = this.fallback;
    const fallbackNote = fb && fb.field === f.name && fb.from === s.from && fb.to === s.to
      ? ` ${f.name} ${fb.why}, so the range is around ${numberText(fb.value)}${unit}.` : '';
    status.textContent = `${count} × ${series.length} series, computed in ${ms.toFixed(1)} ms, one call per series.${invalid}${flatNote}${fallbackNote}${logNote}`;
    $('sweep-warned').replaceChildren(...warned.map((w) => el('li', { text: warnedText(w, f, xs) })),
      // "In X (column 2), at the points sampled, …: the warning" (it read "X: It holds at …")
      ...columnWarnings.map(({ w, label }) => el('li', { text: `In ${label}, ${warnedText(w, f, xs, false)}` })));
    $('sweep-warned').hidden = !warned.length && !columnWarnings.length;
    this.stale = false;
    $('sweep-plot').classList.remove('outdated');
    document.body.dataset.sweepMs = String(ms);
    // where the calculator's own scenario sits on the curves (not with overlaid columns,
    // whose values differ): a dashed line, when inside the range
    const mark = inside ? here : null;
    this.last = { field: f, xs, series, mark, warned, log: s.scale === 'log', prefs: { ...this.app.state.prefs },
      title: `${s.props.join(', ')} against ${f.name} · ${this.app.calcLabel()}`,
      setting: `${f.name} from ${from}${unit} to ${to}${unit}, ${s.scale === 'log' ? 'logarithmic' : 'linear'}, of ${s.props.join(', ')}` };
    await this.draw();
  }

  /** The theme's colours, read from the page's style sheet where the plot is. */
  colors() {
    const cs = getComputedStyle($('sweep-plot'));
    const v = (name, fallback) => cs.getPropertyValue(name).trim() || fallback;
    const paper = v('--paper', '#ffffff');
    return { ink: v('--ink', '#1b1f24'), muted: v('--muted', '#57606a'), line: v('--line', '#d8dee4'), paper, warn: v('--warn-soft', '#fff5db'),
      theme: luminance(paper) < 0.2 ? 'dark' : 'light' };
  }

  /** The plot's size for a box `width` px wide: its whole width, a height that suits it. */
  size(width) {
    const w = Math.max(200, Math.floor(width));
    return { width: w, height: Math.round(Math.min(420, Math.max(260, w * 0.6))) };
  }

  /** How many y axes a plot `width` px wide draws: beyond these, the lines of further
   *  units have no axis (their titles say so; the hover legend reads their values), so
   *  that on a phone the lines keep most of the width. */
  axesFor(width) {
    return width < 560 ? 2 : width < 900 ? 4 : Infinity;
  }

  /** Follows the box's width (ResizeObserver): a new size, or a new plot where the
   *  number of axes drawn changes with it. */
  fit() {
    const box = $('sweep-plot');
    if (!this.plot || box.clientWidth === 0) return;
    const { width, height } = this.size(box.clientWidth);
    if (this.axesFor(width) !== this.axesFor(this.plot.width)) { this.redraw(); return; }
    if (width !== this.plot.width || height !== this.plot.height) this.plot.setSize({ width, height });
  }

  /** draw(), for a change that nothing waits for (theme, units, width): a failure (the
   *  chart library gone) is said in the status, not thrown. */
  redraw() {
    return this.draw().catch((e) => this.refuse(`The plot could not be redrawn: ${e.message}. Reload the page to try again.`, null));
  }

  async draw() {
    const uPlot = await loadChart();
    const last = this.last;
    const { xs, series, log } = last;
    const box = $('sweep-plot');
    const col = this.colors();
    this.drawnColors = JSON.stringify(col);
    const axes = plotAxes(last);
    const font = `12px ${getComputedStyle(box).fontFamily || 'sans-serif'}`;
    // as wide as its widest label (measured in the font it is drawn in), never wider
    const fitLabels = (u, values, i) => {
      const axis = u.axes[i];
      u.ctx.font = axis.font[0];
      const widest = Math.max(0, ...(values || []).filter(Boolean).map((t) => u.ctx.measureText(t).width)) / (uPlot.pxRatio || devicePixelRatio || 1);
      return Math.ceil(widest + axis.ticks.size + axis.gap + 6);
    };
    const xSpace = (u, i, lo, hi) => {
      u.ctx.font = u.axes[i].font[0];
      const texts = tickTexts([lo, (lo + hi) / 2, hi], axes.x.money, axes.x.unit);
      return Math.max(40, ...texts.map((t) => u.ctx.measureText(t).width / (uPlot.pxRatio || 1))) + 16;
    };
    // as many log ticks as fit side by side, each label measured in the axis's font
    const logSplits = (u, i, lo, hi) => {
      const ratio = uPlot.pxRatio || 1;
      u.ctx.font = u.axes[i].font[0];
      const span = Math.log10(hi / lo), width = u.bbox.width / ratio;
      const pos = (v) => (span > 0 ? (Math.log10(v / lo) / span) * width : 0);
      for (let most = 12; ; most--) {
        const at = logTicks(lo, hi, most);
        const w = tickTexts(at, axes.x.money, axes.x.unit).map((t) => u.ctx.measureText(t).width / ratio);
        const apart = (k, j) => pos(at[k]) - pos(at[j]) >= (w[k] + w[j]) / 2 + 8;
        if (at.every((v, k) => k === 0 || apart(k, k - 1))) return at;
        if (most <= 2) {
          // still too close (a narrow plot, long labels): every label that clears the last kept
          const kept = [0];
          for (let k = 1; k < at.length; k++) if (apart(k, kept[kept.length - 1])) kept.push(k);
          return kept.map((k) => at[k]);
        }
      }
    };
    const grid = { stroke: col.line, width: 1 };
    const ticks = { stroke: col.line, width: 1, size: 5 };
    const shown = new Map((this.plot ? this.plot.series : []).map((q) => [q.label, q.show]));
    const xRange = [axes.x.toAxis(xs[0]), axes.x.toAxis(xs[xs.length - 1])];
    // the legend reads this scenario's values while no point is under the pointer (a phone
    // has none), rather than a dash for every series: when the scenario's value is one of
    // the points (a nearby point's values would not be this scenario's)
    const at = last.mark === null ? -1 : xs.findIndex((x) => Math.abs(x - last.mark) <= 1e-12 * Math.abs(last.mark));
    const markIdx = at >= 0 ? at : null;
    const label = (q, k) => el('span', { class: 'series-label' }, swatch(k, col.theme), el('span', { text: q.label }));
    const size = this.size(box.clientWidth || 800);
    const drawn = this.axesFor(size.width);
    const opts = {
      ...size,
      scales: { x: { time: false, distr: log ? 3 : 1, range: () => xRange }, ...Object.fromEntries(axes.ys.map((a) => [a.key || '1', yScale(a, series)])) },
      axes: [
        { scale: 'x', stroke: col.muted, font, grid, ticks, size: 30, gap: 4, space: xSpace, values: (u, splits) => tickTexts(splits, axes.x.money, axes.x.unit),
          // uPlot's own log ticks skip ranges without a power of ten, and its filter labels only those
          ...(log ? { splits: logSplits, filter: (u, splits) => splits }
            // an integer input steps by whole numbers: so do its ticks (workers 1 to 2 had 1.1, 1.2…)
            : last.field.type === 'int' ? { incrs: INT_INCRS } : {}) },
        // with two y axes or more, an axis of one series is drawn in that series' colour (its
        // edge and ticks; the labels stay muted, to be read): which line an axis measures had
        // been said only in the titles above (a new user's trial)
        ...axes.ys.map((a, k) => {
          const own = axisColor(a, axes.ys.length, col.theme);
          return { scale: a.key || '1', side: k % 2 ? 1 : 3, stroke: col.muted, font, gap: 4, show: k < drawn,
            grid: { ...grid, show: k === 0 }, ticks: own ? { ...ticks, stroke: own, width: 2 } : ticks, size: fitLabels,
            ...(own ? { border: { show: true, stroke: own, width: 2 } } : {}),
            values: (u, splits) => tickTexts(splits, a.money, a.unit) };
        }),
      ],
      series: [
        { label: last.field.name, value: (u, v) => (v === null || v === undefined ? '—' : axes.x.read(v)) },
        ...series.map((q, k) => {
          const a = axes.ys.find((b) => b.series.includes(k));
          const { color, dash } = seriesStyle(k, col.theme);
          return { label: q.label, scale: a.key || '1', stroke: color, dash, width: 2, spanGaps: false, show: shown.get(q.label) ?? true,
            points: { stroke: color, fill: col.paper }, value: (u, v) => (v === null || v === undefined ? '—' : a.read(v)) };
        }),
      ],
      legend: { live: true, markers: { show: false } },
      // the hovered point: a ring of the line's colour around the page's (uPlot draws none
      // by default, so a paper-filled dot cut a gap in each line)
      // the vertical line and the points on the curves read a value; a horizontal line at the
      // pointer's height read as one, which with two y axes matched neither (a new user's trial)
      cursor: { y: false, drag: { x: false, y: false }, points: { fill: col.paper, width: 2 } },
      hooks: { drawClear: [(u) => this.drawWarned(u, axes, col)], drawAxes: [(u) => this.drawMark(u, axes, col)],
        setCursor: [(u) => { if ((u.cursor.idx === null || u.cursor.idx === undefined) && markIdx !== null) u.setLegend({ idx: markIdx }); }] },
    };
    const data = [Array.from(xs, axes.x.toAxis), ...series.map((q, k) => {
      const a = axes.ys.find((b) => b.series.includes(k));
      return Array.from(q.ys, (v) => (Number.isFinite(v) ? v / a.factor : null));
    })];
    if (this.plot) this.plot.destroy();
    // the y axes' titles above the plot (left ones left, right ones right): text that
    // wraps, never drawn over the ticks; the x axis's below it
    // with two axes or more, each title has its lines' samples on its axis's side
    const title = (a, k) => {
      const text = k >= drawn ? `no axis at this width (the legend reads it): ${axisTitle(a.series.map((i) => series[i].label), a)}`
        : `${axisPlace(k, axes.ys.length) ? `${axisPlace(k, axes.ys.length)}: ` : ''}${axisTitle(a.series.map((i) => series[i].label), a)}`;
      const samples = axes.ys.length > 1 ? a.series.map((i) => swatch(i, col.theme)) : [];
      return el('p', { class: 'plot-title', 'data-axis': String(k + 1) }, ...(k % 2 ? [text, ...samples] : [...samples, text]));
    };
    const titles = el('div', { class: 'plot-titles' },
      el('div', { class: 'left' }, ...axes.ys.map((a, k) => (k % 2 ? null : title(a, k)))),
      axes.ys.length > 1 ? el('div', { class: 'right' }, ...axes.ys.map((a, k) => (k % 2 ? title(a, k) : null))) : null);
    box.replaceChildren(titles);
    this.plot = new uPlot(opts, data, box);
    if (markIdx !== null) this.plot.setLegend({ idx: markIdx });
    // each series' name with a sample of its line (colour and dash) in the hover legend
    const labels = this.plot.root.querySelectorAll('.u-legend .u-series .u-label');
    series.forEach((q, k) => { if (labels[k + 1]) labels[k + 1].replaceChildren(label(q, k)); });
    const wrap = this.plot.root.querySelector('.u-wrap');
    wrap.after(el('p', { class: 'plot-title x', 'data-axis': '0', text: xTitle(last, axes.x) }));
    wrap.setAttribute('role', 'img');
    wrap.setAttribute('aria-label', `Plot of ${axes.ys.map((a) => axisTitle(a.series.map((i) => series[i].label), a)).join('; ')} against ${xTitle(last, axes.x)}, from ${axes.x.read(xRange[0])} to ${axes.x.read(xRange[1])}${last.mark === null ? '' : `; a dashed line marks the value of ${markText(last, axes.x)}`}${last.warned.length ? '; shaded bands mark where a warning holds (listed under the plot)' : ''}. The table below it reads the values under the pointer; Download CSV gives them all.`);
    box.dataset.ready = '1';
    box.dataset.theme = col.theme;
    this.axes = axes;
    this.exportName = `mlsysim-sweep-${last.field.name}`;
    // Made once: a redraw (when a range field loses focus to a click on one of these
    // buttons) must not replace the button under the pointer and swallow the click.
    const exports = $('sweep-exports');
    if (!exports.childElementCount) exports.replaceChildren(
      actionButton('Download SVG', () => { this.flush(); download(`${this.exportName}.svg`, new Blob([this.svg()], { type: 'image/svg+xml' })); }),
      actionButton('Copy SVG', () => { this.flush(); return copyText(this.svg()); }),
      actionButton('Download PNG', async () => { this.flush(); download(`${this.exportName}.png`, await this.png()); }),
      actionButton('Copy PNG', async () => {
        this.flush();
        try { await navigator.clipboard.write([new ClipboardItem({ 'image/png': await this.png() })]); return true; } catch { return false; }
      }),
      actionButton('Download CSV', () => { this.flush(); download(`${this.exportName}.csv`, new Blob([this.csv()], { type: 'text/csv' })); }),
      el('span', { class: 'help export-note', text: 'SVG and PNG are drawn light, on white, for print, in either theme.' }));
    this.enableExports();
  }

  /** Where a warning holds (figure.mjs warnedSpans), a band under the grid and the lines,
   *  in the page's warning colour (the exports draw the same). */
  drawWarned(u, axes, col) {
    const spans = warnedSpans(this.last, axes.x);
    if (!spans.length) return;
    const { top, height } = u.bbox;
    u.ctx.save();
    u.ctx.fillStyle = col.warn;
    for (const [a, b] of spans) {
      const x0 = u.valToPos(a, 'x', true), x1 = u.valToPos(b, 'x', true);
      u.ctx.fillRect(x0, top, Math.max(1, x1 - x0), height);
    }
    u.ctx.restore();
  }

  /** The calculator's value of the swept input (last.mark) as a dashed vertical line
   *  under the series, labelled at the top on the side with more room (figure.mjs draws
   *  the same in the exports). */
  drawMark(u, axes, col) {
    const last = this.last;
    if (last.mark === null) return;
    const ratio = (uPlotModule && uPlotModule.pxRatio) || devicePixelRatio || 1;
    // on a pixel column's centre when the line is an odd number of pixels wide: crisp, not two half-grey columns
    const x = Math.round(u.valToPos(axes.x.toAxis(last.mark), 'x', true)) + (Math.round(ratio) % 2 ? 0.5 : 0);
    const { top, height, left, width } = u.bbox;
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = col.muted;
    ctx.lineWidth = Math.round(ratio);
    ctx.setLineDash([4 * ratio, 4 * ratio]);
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.fillStyle = col.muted;
    ctx.font = `${12 * ratio}px ${getComputedStyle($('sweep-plot')).fontFamily || 'sans-serif'}`;
    ctx.textBaseline = 'top';
    // beside the line, on the side with room, and never past the plot's edges (a phone)
    const text = markText(last, axes.x), w = ctx.measureText(text).width, gap = 5 * ratio;
    const leftOf = x - gap - w, rightOf = x + gap;
    const at = leftOf >= left && (x > left + width / 2 || rightOf + w > left + width) ? leftOf
      : rightOf + w <= left + width ? rightOf : Math.max(left, left + width - w);
    ctx.textAlign = 'left';
    ctx.fillText(text, at, top + 4 * ratio);
    this.markLabel = { left: at / ratio, width: w / ratio };  // CSS px from the canvas's left (describe())
    ctx.restore();
  }

  /** What the plot shows, for tests and tools: each axis's title and tick texts, and
   *  each series' colour and dash. */
  describe() {
    const u = this.plot;
    if (!u) return null;
    const titles = [...$('sweep-plot').querySelectorAll('.plot-title')].map((p) => ({ axis: Number(p.dataset.axis), text: p.textContent }));
    const ratio = devicePixelRatio || 1;
    return {
      theme: $('sweep-plot').dataset.theme, stale: this.stale,
      width: u.width, height: u.height, plotWidth: u.bbox.width / ratio, plotLeft: u.bbox.left / ratio,
      axes: u.axes.map((a, i) => {
        const shown = (a._values || []).map((t, j) => [t, (a._splits || [])[j]]).filter(([t]) => t !== null && t !== undefined && t !== '');
        u.ctx.font = a.font[0];
        return { side: a.side, show: a.show !== false, size: a._size, ticks: shown.map(([t]) => t),
          // where each label is drawn (its centre along the axis) and how wide it is, in CSS px
          at: shown.map(([, v]) => u.valToPos(v, a.scale)), widths: shown.map(([t]) => u.ctx.measureText(t).width / ratio),
          title: (titles.find((t) => t.axis === i) || {}).text || '' };
      }),
      series: this.plot.series.slice(1).map((q, k) => ({ label: q.label, color: typeof q.stroke === 'function' ? q.stroke(this.plot, k + 1) : q.stroke, dash: q.dash || [] })),
      palette: PALETTES[$('sweep-plot').dataset.theme],
      // the calculator's value: where its line is drawn (CSS px from the plot's left) and its label
      mark: this.last.mark === null ? null : { value: this.last.mark, at: u.valToPos(this.axes.x.toAxis(this.last.mark), 'x'), text: markText(this.last, this.axes.x),
        label: this.markLabel },
    };
  }

  png() { return figurePng(this.last); }

  csv() { return figureCsv(this.last); }

  svg() { return figureSvg(this.last); }
}

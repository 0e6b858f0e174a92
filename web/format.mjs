// Display units: how a property's value is shown. Bytes choose decimal or binary
// prefixes in the core itself (evaluate's `bytes` option); times and money are
// re-expressed here from the exact value and unit the core returns.

export const TIME_UNITS = { auto: null, ns: 1e-9, 'µs': 1e-6, ms: 1e-3, s: 1, min: 60, h: 3600, day: 86400 };
export const DEFAULT_PREFS = { bytes: 'decimal', time: 'auto', money: 'short' };
export const PREF_CHOICES = { bytes: ['decimal', 'binary'], time: Object.keys(TIME_UNITS), money: ['short', 'full'] };

function sig(v, digits = 4) {
  if (v === 0 || !Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a >= 1e15 || a < 1e-4) return v.toExponential(digits - 1).replace(/\.?0+e/, 'e').replace('e+', 'e');
  return Number(v.toPrecision(digits)).toLocaleString('en-US', { maximumFractionDigits: 12 });
}

/** The text of `value` in `unit` that the time and money settings of `prefs` ask for,
 *  or null where they ask nothing (the core's text stands). */
function prefText(value, unit, prefs) {
  if (unit === 's' && prefs.time !== 'auto' && TIME_UNITS[prefs.time])
    return `${sig(value / TIME_UNITS[prefs.time])} ${prefs.time}`;
  if (unit === 'USD' && prefs.money === 'full')
    return value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  return null;
}

/** The text shown for property result `p` ({value, unit, text}) under `prefs`. */
export function shownText(p, prefs) {
  return prefText(p.value, p.unit, prefs) ?? p.text;
}

/** The exact value with its unit, for the small print under a result. */
export function exactText(p) {
  const unit = p.unit && p.unit !== 'count' ? ` ${p.unit}` : '';
  return `= ${Number.isInteger(p.value) ? String(p.value) : String(Number(p.value.toPrecision(12)))}${unit}`;
}

/** A difference of `v` against `base`, for the compare table: "+2.64 %" or "±0". */
export function diffText(v, base) {
  if (v === base) return '±0';
  if (base === 0) return v > 0 ? '+∞ %' : '−∞ %';
  const pct = ((v - base) / Math.abs(base)) * 100;
  return `${pct > 0 ? '+' : '−'}${sig(Math.abs(pct), 3)} %`;
}

/** The best of `values` (numbers, or null where unknown) for a property that declares
 *  `better` ('higher' or 'lower'); null when it declares neither, fewer than two values
 *  are known, or all known values are equal (nothing to mark). */
export function bestValue(values, better) {
  const known = values.filter((v) => v !== null);
  if (!better || known.length < 2 || known.every((v) => v === known[0])) return null;
  return better === 'higher' ? Math.max(...known) : Math.min(...known);
}

// ---- numbers in plots (web/sweep.mjs, web/figure.mjs) ----
// A card's text is written by the core (human_text, core/src/text.cpp) and re-expressed by
// shownText above. A plot shows values the core did not write (every point of a sweep,
// every tick), so humanText below is the core's rule, step for step, in JavaScript:
// valueText(value, unit, prefs) is exactly the text a card would show for that value
// (tests/browser/plots.test.mjs checks it against the core's own texts for every type).

const COUNT_LABELS = ['count', 'samples', 'iterations', 'tokens'];
const DAY = 86400;
const SCALES = {
  s: [[1e-9, 'ns'], [1e-6, 'µs'], [1e-3, 'ms'], [1, 's'], [60, 'min'], [3600, 'h'], [DAY, 'days']],
  byte: [[1, 'B'], [1e3, 'KB'], [1e6, 'MB'], [1e9, 'GB'], [1e12, 'TB'], [1e15, 'PB'], [1e18, 'EB']],
  param: [[1, 'params'], [1e3, 'K params'], [1e6, 'M params'], [1e9, 'B params'], [1e12, 'T params']],
  flop: [[1, 'flop'], [1e3, 'KFLOP'], [1e6, 'MFLOP'], [1e9, 'GFLOP'], [1e12, 'TFLOP'], [1e15, 'PFLOP'], [1e18, 'EFLOP'], [1e21, 'ZFLOP']],
  'flop/s': [[1, 'flop/s'], [1e3, 'KFLOP/s'], [1e6, 'MFLOP/s'], [1e9, 'GFLOP/s'], [1e12, 'TFLOP/s'], [1e15, 'PFLOP/s'], [1e18, 'EFLOP/s'], [1e21, 'ZFLOP/s']],
  'byte/s': [[1, 'B/s'], [1e3, 'KB/s'], [1e6, 'MB/s'], [1e9, 'GB/s'], [1e12, 'TB/s'], [1e15, 'PB/s']],
  W: [[1, 'W'], [1e3, 'kW'], [1e6, 'MW'], [1e9, 'GW']],
  J: [[1, 'J'], [1e3, 'kJ'], [3.6e6, 'kWh'], [3.6e9, 'MWh'], [3.6e12, 'GWh'], [3.6e15, 'TWh']],  // bills read in kWh
  kg: [[1e-3, 'g'], [1, 'kg'], [1e3, 'tonnes']],
};
const ZERO = { s: '0 s', byte: '0 B', param: '0 params', flop: '0 flop', 'flop/s': '0 flop/s', 'byte/s': '0 B/s', W: '0 W', J: '0 J', kg: '0 kg' };
const BINARY_BYTES = [[1, 'B'], [1024, 'KiB'], [1024 ** 2, 'MiB'], [1024 ** 3, 'GiB'], [1024 ** 4, 'TiB'], [1024 ** 5, 'PiB'], [1024 ** 6, 'EiB']];
const PER = [[1, 's'], [60, 'min'], [3600, 'h'], [DAY, 'day'], [365 * DAY, 'year']];
const MONEY_SCALES = [[1e6, 'million'], [1e9, 'billion'], [1e12, 'trillion']];

function groupThousands(fixed) {
  const m = /^(-?)(\d+)(.*)$/.exec(fixed);
  return m ? m[1] + m[2].replace(/\B(?=(\d{3})+$)/g, ',') + m[3] : fixed;
}

// Rounding as the core's printf rounds: to nearest, an exact tie to even (toFixed and
// toExponential round a tie away from zero: 0.28125 would read 0.2813, not 0.2812).
function fixedEven(v, d) {
  const out = v.toFixed(d);
  const exact = Math.abs(v).toFixed(Math.min(100, d + 80));  // every digit of a double >= 1e-4
  const cut = exact.indexOf('.') + 1 + d;
  if (!/^50*$/.test(exact.slice(cut))) return out;
  const kept = exact.slice(0, cut).replace(/\.$/, '');
  return Number(kept[kept.length - 1]) % 2 === 0 ? `${v < 0 ? '-' : ''}${kept}` : out;
}

function exponentialEven(v, d) {
  const out = v.toExponential(d);
  const a = Math.abs(v);
  if (a < 1e15 || !Number.isInteger(a)) return out;  // no exact tie below: too few binary digits
  const digits = BigInt(a).toString();
  if (!/^50*$/.test(digits.slice(d + 1)) || Number(digits[d]) % 2 !== 0) return out;
  const mant = d ? `${digits[0]}.${digits.slice(1, d + 1)}` : digits[0];
  return `${v < 0 ? '-' : ''}${mant}e+${digits.length - 1}`;
}

/** `v` to `digits` significant digits, trailing zeros removed (kept with `keepZeros`);
 *  fixed notation with thousands separators for 1e-4 <= |v| < 1e15, else "1.5e-7". The
 *  number rule of every card. */
export function numberText(v, digits = 4, keepZeros = false) {
  if (v === 0) return '0';
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a < 1e-4 || a >= 1e15) {
    const [mant, exp] = exponentialEven(v, digits - 1).split('e');
    return `${mant.includes('.') ? mant.replace(/\.?0+$/, '') : mant}e${Number(exp)}`;
  }
  let s = fixedEven(v, Math.max(0, digits - 1 - Math.floor(Math.log10(a))));
  if (s.includes('.') && !keepZeros) s = s.replace(/\.?0+$/, '');
  if (s === '-0') s = '0';
  return groupThousands(s);
}

/** The scale of `scales` ([[factor, suffix]]) a value of magnitude `a` reads in: the
 *  largest it reaches, or the next when it rounds up to it (999.96 ms reads 1 s). */
function pickScale(a, scales) {
  let k = 0;
  scales.forEach(([f], i) => { if (a >= f) k = i; });
  if (k + 1 < scales.length && a / scales[k + 1][0] >= 0.99995) k++;
  return scales[k];
}

function money(v) {
  const a = Math.abs(v);
  const sign = v < 0 ? '-' : '';
  if (a >= 1e15) return `${sign}$${numberText(a)}`;
  if (a >= 1e6) { const [f, s] = pickScale(a, MONEY_SCALES); return `${sign}$${numberText(a / f)} ${s}`; }
  if (a > 0 && a < 0.01) return `${sign}$${numberText(a, 2)}`;
  return `${sign}$${groupThousands(fixedEven(a, 2))}`;
}

/** The period a rate of magnitude `a` per second reads in: the first at which it reaches 1. */
function pickPer(a) {
  return PER.find(([sec]) => a * sec >= 0.99995) || PER[PER.length - 1];
}

/** The core's text for `value` in reported unit `unit` (human_text): "625 ms", "350 GB"
 *  (or "326 GiB" with bytes "binary"), "$38.89", "5.714", "1,024", "1.694/year". */
export function humanText(v, unit, bytes = 'decimal') {
  if (!Number.isFinite(v)) return String(v);
  if (unit === 'USD') return money(v);
  if (COUNT_LABELS.includes(unit)) {
    const a = Math.abs(v);
    const digits = a >= 1 && a < 1e15 ? Math.max(4, Math.floor(Math.log10(a)) + 3) : 4;
    const n = Math.floor(v) === v && a < 1e15 ? numberText(v, 16) : numberText(v, digits);
    return unit === 'count' ? n : `${n} ${unit}`;
  }
  if (unit === '') return Math.floor(v) === v && Math.abs(v) < 1e15 ? numberText(v, 16) : numberText(v, 4, true);
  if (unit === 'byte' && bytes === 'binary') {
    if (v === 0) return '0 B';
    const [f, s] = pickScale(Math.abs(v), BINARY_BYTES);
    return `${numberText(v / f)} ${s}`;
  }
  if (SCALES[unit]) {
    if (v === 0) return ZERO[unit];
    const [f, s] = pickScale(Math.abs(v), SCALES[unit]);
    const out = `${numberText(v / f)} ${s}`;
    return out === '1 days' ? '1 day' : out;
  }
  if (unit === '1/s' || unit === 'USD/s') {
    const [sec, name] = pickPer(Math.abs(v));
    return `${unit === 'USD/s' ? money(v * sec) : numberText(v * sec)}/${name}`;
  }
  if (unit.length > 2 && unit.startsWith('1/')) return `${numberText(v)}/${unit.slice(2)}`;
  return `${numberText(v)} ${unit}`;
}

/** What a card shows for `value` in reported unit `unit` under display prefs `prefs`. */
export function valueText(value, unit, prefs = DEFAULT_PREFS) {
  return prefText(value, unit, prefs) ?? humanText(value, unit, prefs.bytes);
}

/**
 * How an axis of values in reported unit `unit` reads: in one scale for all its ticks,
 * the one a card would choose for the largest magnitude `max` on the axis (an axis of
 * bytes in GB, or GiB with binary bytes; of seconds in ns to days, or in the time unit
 * the settings fix; of USD in $, $ million with the short money setting; of a rate per
 * s, min, h, day or year). Returns {factor: canonical units per axis unit, unit: the
 * unit as the axis title says it ("ms", "TiB", "$", "$/h", "per year", "" for none),
 * money: true when ticks read "$20"}, or null for a unit no card scales (flop/byte,
 * byte/param): its ticks are plain numbers in that unit.
 */
export function axisScale(unit, max, prefs = DEFAULT_PREFS) {
  const a = Number.isFinite(max) ? Math.abs(max) : 0;
  const pick = (scales) => (a > 0 ? pickScale(a, scales) : scales.find(([f]) => f === 1) || scales[0]);
  if (unit === 'USD') {
    if (prefs.money === 'full' || a < 1e6 || a >= 1e15) return { factor: 1, unit: '$', money: true };
    const [f, s] = pickScale(a, MONEY_SCALES);
    return { factor: f, unit: `$ ${s}`, money: true };
  }
  if (COUNT_LABELS.includes(unit) || unit === '') return { factor: 1, unit: unit === 'count' ? '' : unit, money: false };
  if (unit === 's' && prefs.time !== 'auto' && TIME_UNITS[prefs.time]) return { factor: TIME_UNITS[prefs.time], unit: prefs.time, money: false };
  if (unit === 'byte' && prefs.bytes === 'binary') { const [f, s] = pick(BINARY_BYTES); return { factor: f, unit: s, money: false }; }
  if (SCALES[unit]) { const [f, s] = pick(SCALES[unit]); return { factor: f, unit: s, money: false }; }
  if (unit === '1/s' || unit === 'USD/s') {
    const [sec, name] = a > 0 ? pickPer(a) : PER[0];
    return { factor: 1 / sec, unit: unit === 'USD/s' ? `$/${name}` : `per ${name}`, money: unit === 'USD/s' };
  }
  if (unit.length > 2 && unit.startsWith('1/')) return { factor: 1, unit: `per ${unit.slice(2)}`, money: false };
  return null;
}

/** The tick labels of an axis: `values` (in the axis's unit; null where no label is
 *  wanted) by the cards' number rule, with as many significant digits beyond its four as
 *  adjacent ticks need to differ; "$" before each where the axis is of money. */
export function tickTexts(values, money = false) {
  const shown = values.filter((v) => v !== null && v !== undefined && Number.isFinite(v));
  let digits = 4;
  const texts = (d) => shown.map((v) => numberText(v, d));
  while (digits < 15) {
    const t = texts(digits);
    if (t.every((x, i) => i === 0 || x !== t[i - 1])) break;
    digits++;
  }
  const dollar = (v) => {
    const t = numberText(v, digits);
    return money ? (t.startsWith('-') ? `-$${t.slice(1)}` : `$${t}`) : t;
  };
  return values.map((v) => (v === null || v === undefined || !Number.isFinite(v) ? null : dollar(v)));
}

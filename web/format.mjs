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

/** The text shown for property result `p` ({value, unit, text}) under `prefs`. */
export function shownText(p, prefs) {
  if (p.unit === 's' && prefs.time !== 'auto' && TIME_UNITS[prefs.time])
    return `${sig(p.value / TIME_UNITS[prefs.time])} ${prefs.time}`;
  if (p.unit === 'USD' && prefs.money === 'full')
    return p.value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  return p.text;
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

// Display units: how a property's value is shown. Bytes choose decimal or binary
// prefixes in the core itself (evaluate's `bytes` option); times and money are
// re-expressed here from the exact value and unit the core returns.

export const TIME_UNITS = { auto: null, ns: 1e-9, 'µs': 1e-6, ms: 1e-3, s: 1, min: 60, h: 3600, day: 86400 };
export const DEFAULT_PREFS = { bytes: 'decimal', time: 'auto', money: 'short' };
export const PREF_CHOICES = { bytes: ['decimal', 'binary'], time: Object.keys(TIME_UNITS), money: ['short', 'full'] };

// Every number is written by the core's one rule (text.hpp number_text), through the
// module: useModule(m) once per page, before anything is shown.
let core = null;
/** Registers the module whose formatters every number of the page goes through. */
export function useModule(m) { core = m; }
/** A plain number as the cards write it: "12,500", "5.714", "0.5", "2.5e-5". */
export function numberText(v) { return core.numberText(v); }
/** A value in a reported unit, scaled as the cards scale it ("625 ms", "350 GB"). */
export function humanText(v, unit, bytes = 'decimal') { return core.humanText(v, unit, { bytes }); }

// the old three-significant-digit form of percentages in the comparison
function sig(v, digits = 4) {
  if (v === 0 || !Number.isFinite(v)) return String(v);
  return Number(v.toPrecision(digits)).toLocaleString('en-US', { maximumFractionDigits: 12 });
}

/** The text shown for property result `p` ({value, unit, text}) under `prefs`. */
export function shownText(p, prefs) {
  if (p.unit === 's' && prefs.time !== 'auto' && TIME_UNITS[prefs.time])
    return `${numberText(p.value / TIME_UNITS[prefs.time])} ${prefs.time}`;
  if (p.unit === 'USD' && prefs.money === 'full') return fullMoney(p.value);
  return p.text;
}

/** Money in full ("$1,234,567.00"); an amount below a cent is written as the cards write
 *  it, to two significant digits ("$0.0000017"), so a cost that is not zero never reads as zero. */
export function fullMoney(v) {
  const a = Math.abs(v);
  if (a > 0 && a < 0.01) return humanText(v, 'USD');
  return v.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
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

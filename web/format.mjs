// Display units: how a property's value is shown. The core writes every value under the
// reader's settings (evaluate's, humanText's and propertyText's options bytes, time and
// money: core/include/mlsysim/text.hpp settings_text), so that a result's text, its work
// line and a plot's labels are written by one rule.

// Code points that do not show, or that reorder the text around them: controls, format
// characters (U+202E RIGHT-TO-LEFT OVERRIDE would reverse the rest of a message), line and
// paragraph separators, default-ignorable code points; and lone UTF-16 surrogates, which are
// not text. The core escapes the same classes in its messages (core/src/value_text.cpp
// escape_unseen; tests/node/unseen.test.mjs).
const UNSEEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Cs}]/gu;
const escapeUnit = (u) => `\\u${u.toString(16).padStart(4, '0')}`;

/** `text` with each code point of UNSEEN written as its escape: a control as JSON writes
 *  it ("\n", "\u0001"), others by UTF-16 unit ("\u202e", "\udb40\udc41"), as the core does. */
export function showUnseen(text) {
  return text.replace(UNSEEN, (c) => (c < ' ' ? JSON.stringify(c).slice(1, -1) : c.split('').map((u) => escapeUnit(u.charCodeAt(0))).join('')));
}

/** At most `n` characters of `v`'s text; a longer one is cut at a character (not inside
 *  one) and ends in "…", so that the reader sees it was cut. */
function cut(v, n) {
  const chars = [...String(v)];
  return chars.length <= n ? chars.join('') : `${chars.slice(0, n - 1).join('')}…`;
}

/** `v`'s text cut to `n` characters with UNSEEN escaped: for a text that is already JSON
 *  (mlsysim-widget.mjs shows a value so). */
export function clipJson(v, n) { return showUnseen(cut(v, n)); }

/** Names as a sentence lists them: "a", "a and b", "a, b and c". */
export function andList(names) {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Messages as one text, each ended as a sentence: the core's end without a full stop
 *  ("workers: must be an integer >= 1, got 0"), and ran into the next ("got 0 Some
 *  inputs are invalid…", an attacking helper). */
export function sentences(parts) {
  return parts.filter(Boolean).map((t) => (/[.!?…:;]$/.test(t) ? t : `${t}.`)).join(' ');
}

/** What a reader gave, for quoting in a message as "${clip(v, n)}": `v`'s text cut to `n`
 *  characters, written as the inside of a JSON string, as the core quotes a value: `"` and
 *  `\` escaped (a quote in the value cannot end the quotation), and each code point that
 *  does not show or that reorders text (U+202E, U+200B, a control, a lone surrogate) as its
 *  escape, "\u202e". Not for text passed on to the module: it would read the escapes as typed. */
export function clip(v, n) { return showUnseen(cut(v, n).replace(/["\\]/g, '\\$&')); }

/** `message` and, when it quotes an escaped code point (clip's or the core's "\u202e"; not a
 *  backslash typed before "u202e", which is written "\\u202e"), a sentence saying what the
 *  escape stands for: a reader who pasted an invisible character sees why a name that
 *  looks right is not found. */
export function withEscapesExplained(message) {
  const m = /(?<!\\)(?:\\\\)*(\\u[0-9a-f]{4})/.exec(message);
  return m ? `${message} (${m[1]} stands for a character that does not show or that reorders text, written as its code.)` : message;
}

/** A line of math written out as text (an equation or a work line, when too wide to
 *  typeset), with no-break spaces where a line must not break: between a number and the
 *  unit after it ("24.5 s", "$36.8 million", "14 byte/param") and before an operator, so
 *  that a line breaks after one ("128 − 1" broke as "(128 / − 1)"). For text shown, not
 *  read aloud (the boxes' labels keep plain spaces). */
/** A field's rule as text that never wraps between a comparison and its number
 *  ("integer >= 1", "a time > 0 s"): the calculator's and Compare's rules alike. */
export function ruleSpaces(rule) {
  return String(rule).replace(/ (>=|<=|>|<|≤|≥) /g, ' $1\u00a0');
}

export function keepTogether(line) {
  return line
    .replace(/([0-9]) (?=[A-Za-zµ$%°]|\/[A-Za-z])/g, '$1\u00a0')
    .replace(/ (?=(?:[=×\/+−<>≤≥·^]|>=|<=|when\b|otherwise\b)(?: |$))/g, '\u00a0');
}

export const DEFAULT_PREFS = { bytes: 'decimal', time: 'auto', money: 'short' };
/** The settings' choices: the module's options (docs/api.md, evaluate's `time` and `money`). */
export const PREF_CHOICES = { bytes: ['decimal', 'binary'], time: ['auto', 'ns', 'µs', 'ms', 's', 'min', 'h', 'day'], money: ['short', 'full'] };
/** The module's options for display prefs `prefs` (no other key: the module refuses one). */
export const settings = (prefs) => ({ bytes: prefs.bytes, time: prefs.time, money: prefs.money });

// Every number is written by the core's one rule (text.hpp number_text), through the
// module: useModule(m) once per page, before anything is shown.
let core = null;
/** Registers the module whose formatters every number of the page goes through. */
export function useModule(m) { core = m; }
/** A plain number as the cards write it: "12,500", "5.714", "0.5", "2.5e-5"; with
 *  `digits`, to that many significant digits (ticks that must differ). */
export function numberText(v, digits) { return core.numberText(v, digits); }
/** A value in a reported unit, scaled as the cards scale it ("625 ms", "350 GB"). */
export function humanText(v, unit, bytes = 'decimal') { return core.humanText(v, unit, { bytes }); }

/** True when the settings write every time of unit `unit` in one unit (time=ms...). */
export function timeFixed(unit, prefs) {
  return unit === 's' && prefs.time !== 'auto' && PREF_CHOICES.time.includes(prefs.time);
}

/** The word the module writes times in when the settings fix their unit ("ms", "days" for
 *  day), or null: the module's displayScale names it (0 s is held by every unit). */
export function fixedTimeWord(prefs) {
  return timeFixed('s', prefs) ? core.displayScale(0, 's', settings(prefs)).unit : null;
}

/** The unit a property's card reads in, for what it says and takes beside the card (its
 *  exact value, a prediction): its display unit ("tokens/s", "h") when it has one, a money
 *  rate per hour as compute is priced ("USD/h", not "USD/s"; core/src/text.cpp), else its
 *  reported unit. `p` is the property's description or a result with `unit`. */
export function cardUnit(p) {
  return p.display_unit || (p.unit === 'USD/s' ? 'USD/h' : p.unit);
}

/** The exact value with its unit, for the small print under a result; `spec` (the
 *  property's description) gives the unit its card is written in, when it has one
 *  ("= 4348.895921 tokens/s", "= 560897.4 h"; not "1/s" and seconds: a re-checker's trial),
 *  and `prefs` the time unit the Time setting fixes ("= 3716.67489509 min" under a card of
 *  "3,716.7 min", not seconds). `card`, the value as the card shows it: "" when the exact
 *  value reads the same. */
export function exactText(p, spec = null, card = null, prefs = DEFAULT_PREFS) {
  // a time in the unit the settings fix, as the card reads it (the module's scale for it)
  // (unless the unit cannot hold the value: 1e308 s in ns keeps its own scale)
  const fixed = timeFixed(p.unit, prefs) && core.displayScale(p.value, p.unit, settings(prefs));
  if (fixed && fixed.unit === fixedTimeWord(prefs)) return exactIn(p.value / fixed.factor, ` ${fixed.unit}`, card);
  // a money rate per hour, as its card reads it ("$1.37/h"), not per second ("0.000379907 USD/s")
  const shown = cardUnit(spec && spec.display_unit ? spec : p);
  const value = spec && spec.display_unit ? p.value / spec.display_factor : shown === 'USD/h' ? p.value * 3600 : p.value;
  return exactIn(value, shown && shown !== 'count' ? ` ${shown}` : '', card);
}

/** "= value unit" to 12 significant digits, or "" when `card` reads exactly that. */
function exactIn(value, unit, card) {
  const written = Number.isInteger(value) ? value : Number(value.toPrecision(12));
  // nothing when the card's value says it all: "256 samples = 256 samples", "1,024 = 1024"
  // repeated every whole count (a new user's trial); compared as the line would write it:
  // 0.054 s in ms is 54.00000000000001, which it writes "54 ms" ("54 ms = 54 ms" under
  // time=ms: a course author's trial)
  return card !== null && sameAsCard(card, written, unit) ? '' : `= ${written}${unit}`;
}

/** A number as typed, and nothing else: "-3", "2.5e3", ".5" (not "1,000", "5 s", "$5"). */
export const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** True when a card's text (`card`) reads exactly `value` in `unit` (" USD", " samples",
 *  ""): "256 samples", "1,024", "2.5e-5" for 0.000025, "$30,720,000.00" for 30720000 USD. */
function sameAsCard(card, value, unit) {
  const m = /^([−-]?)(\$?)([\d,]*\.?\d+(?:e[+-]?\d+)?)(.*)$/.exec(card);
  if (!m) return false;
  const n = Number(m[3].replace(/,/g, '')) * (m[1] ? -1 : 1);
  const rest = m[4].trim(), u = unit.trim();
  // one unit in the singular or the plural ("1 day" under a Time setting of days, "1
  // sample"), money as "$2.00" or a rate as "$2.00/h" (a re-checker's trial: "1 day = 1
  // days", "1 sample = 1 samples", "$2.00/h = 2 USD/h")
  const same = (a, b) => a === b || `${a}s` === b || a === `${b}s`;
  return n === value && (m[2] ? (u === 'USD' && rest === '') || (u === 'USD/h' && rest === '/h') : same(rest, u));
}

/** A difference of `v` against `base`, for the compare table: "+2.64 %", "−40 %", "±0",
 *  or, at twice `base` or more (same sign), the ratio: "×32" where "+3,100 %" had to be
 *  worked back to a factor (a new user's trial: 32 sequences against 1), and at half of
 *  it or less "÷32" (where "−96.9 %" had: a re-checker's trial). */
export function diffText(v, base) {
  if (v === base) return '±0';
  if (base === 0) return v > 0 ? '+∞ %' : '−∞ %';
  if (v / base >= 2) return `×${numberText(v / base, 3)}`;
  if (v / base > 0 && v / base <= 0.5) return `÷${numberText(base / v, 3)}`;
  const pct = ((v - base) / Math.abs(base)) * 100;
  return `${pct > 0 ? '+' : '−'}${numberText(Math.abs(pct), 3)} %`;
}

/** A property's error that says only that an input it reads is missing or invalid
 *  ("cost: needs price_per_hour, which was not given"), not that the scenario is outside
 *  what its equations cover ("needs utilization < 1: … the queue grows without bound"). */
export const INPUT_UNAVAILABLE = / needs [a-z_0-9]+, which (is invalid|was not given)$/;

/** The first property of `result` (an evaluation) that is unavailable because the scenario
 *  is outside what the model covers (a queue that grows without bound, a model that does
 *  not fit), or null. Such a result holds no best value in a comparison: batch 4 at 100
 *  QPS was starred for the fastest service_time while its queue grew without bound. */
export function outsideModel(result) {
  for (const [name, p] of Object.entries(result.properties)) if ('error' in p && !INPUT_UNAVAILABLE.test(p.error)) return name;
  return null;
}

/** The values of property `name` in `results` (null for a missing result or value). Of
 *  `contenders(results)`, those that compete for its best. */
export function propertyValues(results, name) {
  return results.map((r) => (r && 'value' in r.properties[name] ? r.properties[name].value : null));
}

/** `results` with those outside the model (outsideModel) or whose inputs cannot run (a
 *  warning of an infeasible configuration: a batch that does not fit in memory) as null:
 *  they hold no best value. */
export function contenders(results) {
  return results.map((r) => (r && outsideModel(r) === null && !r.infeasible ? r : null));
}

/** The best of `values` (numbers, or null where unknown) for a property that declares
 *  `better` ('higher' or 'lower'); null when it declares neither, fewer than two values
 *  are known, or all known values are equal (nothing to mark). */
export function bestValue(values, better) {
  const known = values.filter((v) => v !== null);
  if (!better || known.length < 2 || known.every((v) => v === known[0])) return null;
  return better === 'higher' ? Math.max(...known) : Math.min(...known);
}

/** What property `name` of scenario type `type` shows for `value` in its reported unit
 *  `unit` under `prefs`: its card's text for that value ("200 tokens/s" where valueText,
 *  which knows only the unit, writes "200/s"; the module's propertyText). For a value
 *  beside a result: a student's prediction. */
export function propertyValueText(type, name, value, unit, prefs = DEFAULT_PREFS) {
  return core.propertyText(type, name, value, settings(prefs));
}

// ---- numbers in plots (web/sweep.mjs, web/figure.mjs) ----
// A plot shows values the core did not send as text (every point of a sweep, every tick):
// they go through the same core functions, so a hover legend reads as a card would.

/** What a card shows for `value` in reported unit `unit` under display prefs `prefs`. */
export function valueText(value, unit, prefs = DEFAULT_PREFS) {
  return core.humanText(value, unit, settings(prefs));
}

/**
 * How an axis of values in reported unit `unit` reads: in one scale for all its ticks,
 * the one a card would choose for the largest magnitude `max` on the axis (the core's
 * displayScale: bytes in GB, or GiB with binary bytes; seconds in ns to days; USD in $ or
 * $ million; a rate per s, min, h, day or year), or the time unit and full money the
 * settings fix. Returns {factor: canonical units per axis unit, unit: the axis title's
 * unit ("ms", "TiB", "$", "$/h", "per year", "" for none), money: ticks read "$20"}, or
 * null for a unit no card scales (byte/param): its ticks are plain numbers in that unit.
 */
export function axisScale(unit, max, prefs = DEFAULT_PREFS) {
  return core.displayScale(Number.isFinite(max) ? max : 0, unit, settings(prefs));
}

/** Axis labels of numbers from this size up are written with an exponent ("2.4e12"):
 *  by the cards' rule they are 14 characters or more ("2,400,000,000,000"), of which a
 *  phone-width axis fits one (training_tokens swept linearly). Money from where the cards
 *  write it so ("$1e15"; below, its axes are scaled: "$ trillion"), so that one axis
 *  never mixes "$800,000,000,000,000" with "$1.2e15". */
const TICK_EXPONENT_FROM = 1e10, MONEY_EXPONENT_FROM = 1e15;

/** `v` with `digits` significant digits and an exponent: "2.4e12", "-5e10", "0". */
function exponentText(v, digits) {
  return v === 0 ? '0' : Number(v.toPrecision(digits)).toExponential().replace('e+', 'e');
}

/** The letter a money axis's scale adds to each tick ($ million: "$600M"). */
const MONEY_SCALE = { thousand: 'k', million: 'M', billion: 'B', trillion: 'T' };

/** The tick labels of an axis: `values` (in the axis's unit; null where no label is
 *  wanted) by the cards' number rule (with an exponent when one of them reaches
 *  TICK_EXPONENT_FROM, or MONEY_EXPONENT_FROM on an axis of money), with as many significant digits
 *  beyond its four as adjacent ticks need to differ; "$" before each where the axis is of
 *  money, and the letter of its scale after each but 0 when `unit` (the axis's) has one:
 *  "$600M" on an axis in $ million ("$600" read as dollars, the scale only in the title
 *  above: a new user's trial). */
export function tickTexts(values, money = false, unit = '') {
  const scale = money && (/^\$ (thousand|million|billion|trillion)\b/.exec(unit) || [])[1];
  const suffix = scale ? MONEY_SCALE[scale] : '';
  const shown = values.filter((v) => v !== null && v !== undefined && Number.isFinite(v));
  let digits = 4;
  const exponent = shown.some((v) => Math.abs(v) >= (money ? MONEY_EXPONENT_FROM : TICK_EXPONENT_FROM));
  const write = (v, d) => (exponent ? exponentText(v, d) : numberText(v, d));
  const texts = (d) => shown.map((v) => write(v, d));
  while (digits < 15) {
    const t = texts(digits);
    if (t.every((x, i) => i === 0 || x !== t[i - 1])) break;
    digits++;
  }
  const dollar = (v) => {
    const t = write(v, digits);
    const s = v === 0 ? t : `${t}${suffix}`;
    return money ? (s.startsWith('-') ? `-$${s.slice(1)}` : `$${s}`) : s;
  };
  return values.map((v) => (v === null || v === undefined || !Number.isFinite(v) ? null : dollar(v)));
}

// The conventions a link, an embed's URL and the custom element's attributes share:
// `preset` or `type`, `i.FIELD=text` input overrides, the display preferences `bytes`,
// `time` and `money`, `theme`, and the embed's comma lists `show`, `editable` and
// `properties`. Each reader takes `get(name) -> string | null` (URLSearchParams.get or
// Element.getAttribute) and pushes a notice for anything it could not honour: the notice
// names the option, the value received and what is valid.
import { DEFAULT_PREFS, PREF_CHOICES } from './format.mjs';
import { presetTexts } from './fields.mjs';

export const THEMES = ['auto', 'light', 'dark'];
export const MAX_TEXT = 10000;   // a value longer than this is cut
export const MAX_INPUTS = 100;   // a link with thousands of inputs is not a scenario
const LIST_ITEMS = 200;

const clip = (v, n) => String(v).slice(0, n);

/** `i.FIELD` entries ([[key, value]], e.g. from URLSearchParams) as form texts {FIELD: text}. */
export function readInputTexts(entries, notices) {
  const texts = {};
  let taken = 0;
  for (const [k, v] of entries) {
    if (!k.startsWith('i.')) continue;
    const name = clip(k.slice(2), 200);
    // an object key that cannot hold a value would vanish without a word
    if (name === '' || name === '__proto__') {
      notices.push(`The link has an input "${k}" that names no field; left out.`);
      continue;
    }
    if (taken++ < MAX_INPUTS) texts[name] = clip(v, MAX_TEXT);
  }
  if (taken > MAX_INPUTS) notices.push(`The link has ${taken} inputs; only the first ${MAX_INPUTS} were read.`);
  return texts;
}

/** Display preferences {bytes, time, money}, defaults for what is absent or invalid. */
export function readPrefs(get, notices, what = 'The link asks for') {
  const prefs = { ...DEFAULT_PREFS };
  for (const [k, choices] of Object.entries(PREF_CHOICES)) {
    const v = get(k);
    if (v === null) continue;
    if (choices.includes(v)) prefs[k] = v;
    else notices.push(`${what} ${k} "${clip(v, 20)}"; valid: ${choices.join(', ')}.`);
  }
  return prefs;
}

/** 'auto' (follow the system's light or dark setting), 'light' or 'dark'. */
export function readTheme(get, notices) {
  const v = get('theme');
  if (v === null || v === '') return 'auto';
  const t = v.trim().toLowerCase();
  if (THEMES.includes(t)) return t;
  notices.push(`theme: must be one of ${THEMES.join(', ')}, got "${clip(v, 40)}"; using auto.`);
  return 'auto';
}

/** Applies theme `t` to `node` (an element with class mlsysim-theme; see style.css). */
export function applyTheme(node, t) {
  if (t === 'light' || t === 'dark') node.dataset.theme = t;
  else delete node.dataset.theme;
}

/**
 * A comma list option: null when absent (meaning "all"), else the known names in the
 * order given ('' gives []). Unknown names are left out and reported with the valid ones.
 */
export function readList(get, option, known, what, typeName, notices) {
  const raw = get(option);
  if (raw === null) return null;
  const names = [...new Set(clip(raw, MAX_TEXT).split(',').map((s) => s.trim()).filter(Boolean))];
  // one notice for all the unknown names (a long list must not flood the embed)
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length) {
    const listed = unknown.slice(0, 5).map((n) => `"${clip(n, 60)}"`).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
    notices.push(`${option}: unknown ${unknown.length === 1 ? what : what === 'property' ? 'properties' : `${what}s`} ${listed} of ${typeName}; valid ${what === 'property' ? 'properties' : `${what}s`}: ${known.join(', ')}.`);
  }
  return names.filter((n) => known.includes(n)).slice(0, LIST_ITEMS);
}

/**
 * Everything an embed (iframe or element) is asked to show, from `get` and the `i.FIELD`
 * `entries`. ctx: {m, types, presets}. Returns {error (a message: nothing can be shown),
 * preset, type (a listScenarioTypes entry), texts, show, editable, properties, prefs,
 * theme, notices}. The scenario is the preset (its inputs, then the overrides) or the
 * type (its defaults, then the overrides); with neither, the first preset.
 */
export function readEmbedOptions(ctx, get, entries) {
  const notices = [];
  const out = { error: null, preset: null, type: null, texts: {}, show: null, editable: null, properties: null, notices };
  out.theme = readTheme(get, notices);
  out.prefs = readPrefs(get, notices, 'The embed asks for');
  const presetName = get('preset'), typeName = get('type');
  // the module's own error text names the option, the value and the valid choices
  const refusal = (f) => { try { f(); return null; } catch (e) { return e.message; } };
  if (presetName !== null) {
    const p = ctx.presets.find((x) => x.name === presetName.trim());
    if (!p) return { ...out, error: refusal(() => ctx.m.evaluatePreset(clip(presetName, 200))) || `preset: unknown preset "${clip(presetName, 60)}"` };
    out.preset = p.name;
    out.type = ctx.types.find((t) => t.name === p.type);
    out.texts = presetTexts(ctx, p.name);
    if (typeName !== null && typeName.trim() !== p.type)
      notices.push(`type: preset ${p.name} is a ${p.type}, not "${clip(typeName, 60)}"; showing the preset.`);
  } else if (typeName !== null) {
    out.type = ctx.types.find((t) => t.name === typeName.trim());
    if (!out.type) return { ...out, error: refusal(() => ctx.m.evaluate(clip(typeName, 200), {})) || `type: unknown scenario type "${clip(typeName, 60)}"` };
  } else {
    const p = ctx.presets[0];
    out.preset = p.name;
    out.type = ctx.types.find((t) => t.name === p.type);
    out.texts = presetTexts(ctx, p.name);
  }
  Object.assign(out.texts, readInputTexts(entries, notices));
  const fields = out.type.fields.map((f) => f.name);
  out.show = readList(get, 'show', fields, 'field', out.type.name, notices);
  out.editable = readList(get, 'editable', fields, 'field', out.type.name, notices);
  out.properties = readList(get, 'properties', out.type.properties.map((p) => p.name), 'property', out.type.name, notices);
  return out;
}

/** The full calculator's query for an embed's scenario (for its "open in the calculator" link). */
export function calculatorQuery(o) {
  const q = new URLSearchParams();
  if (o.preset) q.set('preset', o.preset);
  else if (o.type) q.set('type', o.type.name);
  const base = o.preset ? o.baseTexts || {} : {};
  for (const [k, v] of Object.entries(o.texts || {})) if ((base[k] ?? '') !== v && v !== '') q.set(`i.${k}`, v);
  for (const [k, v] of Object.entries(o.prefs || {})) if (v !== DEFAULT_PREFS[k]) q.set(k, v);
  return `?${q}`;
}

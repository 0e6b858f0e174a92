// The link grammar, one place for the page and the embeds (docs/embedding.md): what a
// URL query (or the custom element's attributes) may say and what it means. No DOM here,
// so node tests it directly (tests/node/link.test.mjs).
//
// Shared conventions: `preset` or `type`, `i.FIELD=text` input overrides, the display
// preferences `bytes`, `time` and `money`, `theme`, and the embed's comma lists `show`,
// `editable` and `properties` and its `about`; `predict` (properties whose values wait for
// the reader's prediction) and `preset-file` (a course's own presets, course-presets.mjs)
// are read by both. Each reader takes `get(name) -> string | null`
// (URLSearchParams.get or Element.getAttribute) and pushes a notice for anything it could
// not honour: the notice names the option, the value received and what is valid. The full
// page's state (decodeState, encodeState) adds `mode`, the comparison (`ctype`, `cK`,
// `cK.FIELD`) and the sweep (`sfield`, `sfrom`, `sto`, `sn`, `sscale`, `sprops`,
// `soverlay`) and the embed builder (`eshow`, `eedit`, `eprops`, `epredict`, `etheme`,
// `eabout`, `esite`, `eid`: the embed options it writes, embedOptions).
//
// One rule for names nobody reads, on every page and the element: a parameter (or
// attribute) the grammar does not read is left out with a notice that names it and the
// nearest name that is read ("did you mean show?", "did you mean i.workers?"). Keys that
// links carry for others (utm_*, fbclid, gclid, ref), the iframe's `id` and the element's
// own HTML attributes (class, id, data-*, aria-*, …) stay silent.
import { DEFAULT_PREFS, PREF_CHOICES, clip } from './format.mjs';
import { firstPreset, presetTexts, textsSet } from './fields.mjs';

export const MODES = ['calc', 'compare', 'sweep', 'embed'];
export const MAX_LINK_TEXT = 2000;  // a typed value longer than this stays out of the link
export const MIN_COLUMNS = 2;
export const MAX_COLUMNS = 4;

export const THEMES = ['auto', 'light', 'dark'];
export const ABOUT = ['collapsed', 'open', 'none'];  // an embed's assumptions and exclusions
export const MAX_TEXT = 10000;   // a value longer than this is cut
export const MAX_INPUTS = 100;   // a link with thousands of inputs is not a scenario


/** The options an embed reads (besides `i.FIELD`); the element observes these attributes. */
export const EMBED_OPTIONS = ['preset', 'type', 'show', 'editable', 'properties', 'predict', 'about', 'theme', 'bytes', 'time', 'money', 'preset-file'];
/** The full page's own keys (besides `i.FIELD`, `cK` and `cK.FIELD`). */
export const PAGE_OPTIONS = ['mode', 'preset', 'type', 'predict', 'theme', 'bytes', 'time', 'money', 'preset-file', 'ctype', 'sfield', 'sfrom', 'sto', 'sn', 'sscale', 'sprops', 'soverlay',
  'eshow', 'eedit', 'eprops', 'epredict', 'etheme', 'eabout', 'esite', 'eid'];
/** Query keys that links carry for others (campaign tags, referrers): never read, never reported. */
export const FOREIGN_KEYS = /^(utm_.+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|ref)$/;
/** The element's own HTML attributes, which are the host page's business, not options. */
export const HTML_ATTRIBUTES = /^(id|class|style|hidden|title|lang|dir|slot|part|exportparts|tabindex|accesskey|autofocus|autocapitalize|contenteditable|draggable|enterkeyhint|inert|inputmode|is|nonce|popover|spellcheck|translate|role|xmlns(:.*)?|item(id|prop|ref|scope|type)|(data|aria)-.*|on[a-z]+)$/;
const MAX_COLUMN_KEYS = 400;  // cK and cK.FIELD keys read from one link
const MAX_UNKNOWN = 5;  // unknown names reported one by one; the rest in one notice
/** "1 more unknown name was", "3 more unknown names were", "at least 196 more …" (a count
 *  that stopped at a bound). */
const more = (n, what, atLeast = false) => `${atLeast ? 'At least ' : ''}${n} more ${n === 1 ? what[0] : what[1]} ${n === 1 ? 'was' : 'were'}`;

/** Option `option`'s comma list `raw`: its names trimmed, empty ones and repeats left out
 *  (each cut at 100 characters after that: no name is so long), read from its first MAX_TEXT
 *  characters; past those, a notice in `notices` says that the rest was not read (a name
 *  there, known or not, would otherwise be dropped without a word). */
function commaNames(raw, option, notices) {
  const text = String(raw);
  if (text.length > MAX_TEXT) notices.push(`${option}: the list is longer than ${MAX_TEXT.toLocaleString('en-US')} characters; the names after that were not read.`);
  return [...new Set(text.slice(0, MAX_TEXT).split(',').map((x) => x.trim()).filter(Boolean))].map((x) => x.slice(0, 100));
}
/** `"a", "b", "c", "d", "e" and 3 more` (the first MAX_UNKNOWN names quoted). */
const someNames = (names) => names.slice(0, MAX_UNKNOWN).map((n) => `"${clip(n, 60)}"`).join(', ') +
  (names.length > MAX_UNKNOWN ? ` and ${names.length - MAX_UNKNOWN} more` : '');

/**
 * Says which keys of `entries` are given more than once, and how often: every reader of a
 * link or of an embed's query takes the first (URLSearchParams.get), so a later one would
 * otherwise be dropped without a word. Campaign tags (FOREIGN_KEYS) are not ours to judge.
 */
export function reportRepeats(entries, notices, lead, read) {
  const seen = new Map();  // key -> [times, the first value]
  for (const [k, v] of entries) {
    if (k === '' || FOREIGN_KEYS.test(k) || !read(k)) continue;  // a key not read has its own notice
    const s = seen.get(k);
    if (s) s[0]++;
    else seen.set(k, [1, v]);
  }
  const repeated = [...seen].filter(([, [n]]) => n > 1).map(([k, [n, v]]) => `"${clip(k, 60)}" ${n} times (using the first, "${clip(v, 40)}")`);
  if (repeated.length)
    notices.push(`${lead} ${repeated.slice(0, MAX_UNKNOWN).join(', ')}${repeated.length > MAX_UNKNOWN ? `, and ${more(repeated.length - MAX_UNKNOWN, ['other name', 'other names'])} repeated` : ''}.`);
}

/**
 * The folder a course site hosts the calculator's files in (embed.html,
 * mlsysim-element.mjs), as the builder's Site box or a link's `esite` gives it: an
 * absolute http or https address without user name, query or fragment. Returns
 * {site: the address ending in "/" ('' for empty text), error: null} or {site: '', error:
 * the reason, quoting the text}. The snippets put it in a src attribute of the author's
 * course page, so nothing else (javascript:, data:) may pass.
 */
export function siteFolder(text) {
  const t = String(text ?? '').trim();
  if (t === '') return { site: '', error: null };
  let u = null;
  try { u = new URL(t); } catch { u = null; }
  // (a bare "?" or "#" leaves search and hash empty: the text is what tells)
  if (!u || !/^https?:$/.test(u.protocol) || u.username || u.password || /[?#]/.test(t))
    return { site: '', error: `The site must be an http or https address of a folder, such as https://course.example/mlsysim/, got "${clip(t, 60)}".` };
  // the calculator's own address pasted (…/mlsysim/index.html): its folder is meant
  const page = /\/[^/]*\.(html?|mjs|js|json|php)$/i.exec(u.pathname);
  if (page) return { site: '', error: `The site is the folder that holds embed.html, not a file in it: ${clip(new URL('.', u).href, 80)} rather than "${clip(t, 60)}".` };
  return { site: u.href.endsWith('/') ? u.href : `${u.href}/`, error: null };
}

/** The edit distance of `a` and `b` (insertions, deletions, substitutions and swaps of
 *  neighbours), ignoring case. */
function distance(a, b) {
  a = a.toLowerCase(); b = b.toLowerCase();
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/**
 * The name among `candidates` that `name` most likely meant, or null when none is close:
 * the same name in another case ("Preset"), a slip of a letter or two ("shows",
 * "propertie", "i.worker"), the start of a name ("prop"), or a field named without its
 * `i.` ("workers" for i.workers).
 */
export function nearestName(name, candidates) {
  const n = String(name).slice(0, 100);
  if (n.length < 2) return null;
  const bare = (c) => (c.startsWith('i.') ? c.slice(2) : c);
  let best = null, bestScore = Infinity;
  for (const c of candidates) {
    let score = Math.min(distance(n, c), distance(n, bare(c)) + 0.5, distance(bare(n), c) + 0.5);
    if (n.length >= 4 && c.toLowerCase().startsWith(n.toLowerCase())) score = Math.min(score, 1);
    if (score < bestScore) { best = c; bestScore = score; }
  }
  const allowed = n.length <= 4 ? 1 : n.length <= 8 ? 2 : 3;
  return bestScore <= allowed ? best : null;
}

/** The scenario type a link's `name` names, or the one it most likely meant (nearestName:
 *  a slip of a letter, another case, the start of the name): {type (undefined when none is
 *  near), named (true when the name is exact)}. */
function typeOfLink(ctx, name) {
  const exact = ctx.types.find((x) => x.name === name);
  if (exact) return { type: exact, named: true };
  const nearest = nearestName(name, ctx.types.map((x) => x.name));
  return { type: ctx.types.find((x) => x.name === nearest), named: false };
}

/**
 * Reports the keys of `entries` that nothing reads. opts: {lead ("Unknown parameter"),
 * known(key): true for a key read elsewhere, silent(key): true for a key to pass over,
 * candidates: the names read (for "did you mean"), others: {names, note(name)}: the
 * options of the other pages (the full calculator's, or the embeds'), which a key may
 * be or be close to; special(key): a sentence for a key that needs its own}.
 */
export function reportUnknownNames(entries, notices, { lead, known, silent, candidates, others = { names: [], note: () => '' }, special = () => null }) {
  const unknown = [];
  for (const [k] of entries) {
    if (k === '' || known(k) || silent(k) || unknown.includes(k)) continue;
    unknown.push(k);
    if (unknown.length > 200) break;
  }
  let listed = false;  // the names read, said once
  for (const k of unknown.slice(0, MAX_UNKNOWN)) {
    let hint = special(k);
    if (!hint && others.names.includes(k)) hint = others.note(k);
    let guess = hint ? null : nearestName(k, candidates);
    let elsewhere = hint ? null : nearestName(k, others.names);
    // the closer of the two ("shows" on the page is the embeds' show, not the builder's eshow)
    if (guess && elsewhere && distance(k, elsewhere) < distance(k, guess)) guess = null;
    else if (guess) elsewhere = null;
    hint ||= guess ? `did you mean ${guess}?` : elsewhere ? `did you mean ${elsewhere}? ${others.note(elsewhere)}`
      : listed ? 'not one of the names read (above).' : `the ones read are ${candidates.filter((c) => !c.startsWith('i.')).join(', ')} and i.FIELD.`;
    if (!guess && !elsewhere && !special(k) && !others.names.includes(k)) listed = true;
    notices.push(`${lead} "${clip(k, 60)}", left out: ${hint}`);
  }
  if (unknown.length > MAX_UNKNOWN)
    notices.push(`${more(unknown.length - MAX_UNKNOWN, ['unknown name', 'unknown names'], unknown.length > 200)} left out.`);
}

/** The notice for input `k` of a link whose value `v` is past MAX_TEXT: left out and said,
 *  not cut and then read as another value ("0.7 s" and 10,000 spaces and "xyz" read as 0.7 s). */
const tooLong = (k, v, gives = 'The link gives') => `${gives} ${clip(k, 60)} ${String(v).length.toLocaleString('en-US')} characters long ("${clip(v, 40)}"); at most ${MAX_TEXT.toLocaleString('en-US')} are read, so it is left out.`;

/**
 * `i.FIELD` entries ([[key, value]], e.g. from URLSearchParams) as form texts {FIELD: text}.
 * With `type` (a listScenarioTypes entry), a field the type does not have is left out with
 * a notice that names the nearest field it has; `lead` begins that notice.
 */
export function readInputTexts(entries, notices, type = null, lead = 'The link has an unknown parameter') {
  // the element's options are attributes, not a link's (an attacker's trial: "The link has
  // an input" for an attribute)
  const element = /attribute/.test(lead);
  const texts = {};
  let taken = 0;
  const fields = type ? type.fields.map((f) => f.name) : null;
  const unknown = [];
  for (const [k, v] of entries) {
    if (!k.startsWith('i.')) continue;
    const name = k.slice(2, 202);  // a bound on what is kept, not a quote: cut without a mark
    // an object key that cannot hold a value would vanish without a word
    if (name === '' || name === '__proto__') {
      const said = `${element ? 'The element has an attribute' : 'The link has an input'} "${clip(k, 60)}" that names no field; left out.`;
      if (!notices.includes(said)) notices.push(said);
      continue;
    }
    if (fields && !fields.includes(name)) {
      if (!unknown.includes(k)) unknown.push(k);
      continue;
    }
    if (Object.hasOwn(texts, name)) continue;  // given again: the first is read (reportRepeats says so)
    // too long: left out and said, not cut and then read as something else (a JSON entry
    // cut mid-string was "not valid JSON … at position 10000": an attacker's trial)
    if (String(v).length > MAX_TEXT) {
      notices.push(tooLong(k, v, element ? 'The element gives' : undefined));
      continue;
    }
    if (taken++ < MAX_INPUTS) texts[name] = String(v);
  }
  for (const k of unknown.slice(0, MAX_UNKNOWN)) {
    const guess = nearestName(k, fields.map((f) => `i.${f}`));
    notices.push(`${lead} "${clip(k, 60)}", left out: ${type.name} has no input "${clip(k.slice(2), 60)}"; ` +
      (guess ? `did you mean ${guess}?` : `its inputs are ${fields.map((f) => `i.${f}`).join(', ')}.`));
  }
  if (unknown.length > MAX_UNKNOWN) notices.push(`${more(unknown.length - MAX_UNKNOWN, [`input that ${type.name} does not have`, `inputs that ${type.name} does not have`])} left out.`);
  if (taken > MAX_INPUTS) notices.push(`The ${element ? 'element' : 'link'} has ${taken} inputs; only the first ${MAX_INPUTS} were read.`);
  return texts;
}

/** Display preferences {bytes, time, money}, defaults for what is absent or invalid. */
export function readPrefs(get, notices, what = 'The link asks for') {
  const prefs = { ...DEFAULT_PREFS };
  for (const [k, choices] of Object.entries(PREF_CHOICES)) {
    const v = get(k);
    if (v === null) continue;
    if (choices.includes(v)) prefs[k] = v;
    else notices.push(`${what} ${k} "${clip(v, 20)}"; valid: ${choices.join(', ')}${v === '\u03bcs' ? ' (the micro sign is µ, not Greek mu)' : v === 'us' ? ' (write µs, with the micro sign)' : ''}.`);
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

/**
 * A comma list option: null when absent (meaning "all"), else the known names in the
 * order given ('' gives []). Unknown names are left out and reported with the valid ones.
 */
export function readList(get, option, known, what, typeName, notices) {
  const raw = get(option);
  if (raw === null) return null;
  const names = commaNames(raw, option, notices);
  // one notice for all the unknown names (a long list must not flood the embed)
  const unknown = names.filter((n) => !known.includes(n));
  // the name meant, for each that is near one ("Young_Interval": a typo in predict= showed
  // every answer, and said only that the name was unknown: an attacker's trial)
  const meant = unknown.map((n) => nearestName(n, known)).filter(Boolean);
  if (unknown.length)
    notices.push(`${option}: unknown ${unknown.length === 1 ? what : what === 'property' ? 'properties' : `${what}s`} ${someNames(unknown)} of ${typeName}${meant.length ? ` (did you mean ${meant.join(', ')}?)` : ''}; valid ${what === 'property' ? 'properties' : `${what}s`}: ${known.join(', ')}.`);
  return names.filter((n) => known.includes(n));
}

/**
 * Everything an embed (iframe or element) is asked to show, from `get` and the whole list
 * of `entries` ([[name, value]]: the query, or the element's attributes). ctx: {m, types,
 * presets}. host: {lead: how a notice names an unknown name ("Unknown parameter",
 * "Unknown attribute"), silent(name): true for a name the host itself uses (the iframe's
 * `id`, the element's HTML attributes), idLimit: the iframe's: its `id` is cut to that many
 * characters, with a notice}. Returns {error (a message: nothing can be shown),
 * preset, type (a listScenarioTypes entry), texts, show, editable, properties, about,
 * prefs, theme, notices, fileNotices (a course preset file's problems), predict, presetFile}. The scenario is the preset (its inputs, then the overrides) or
 * the type (its defaults, then the overrides); with neither, the first preset.
 */
export function readEmbedOptions(ctx, get, entries, host = {}) {
  const { lead = 'Unknown parameter', silent = (k) => FOREIGN_KEYS.test(k) } = host;
  entries = [...entries];
  const notices = [];
  // a course preset file's problems are its author's: the embed lists them apart, collapsed
  const out = { error: null, preset: null, type: null, texts: {}, show: null, editable: null, properties: null, predict: [],
    about: 'collapsed', presetFile: ctx.presetFileUrl || null, notices, fileNotices: ctx.fileNotices || [] };
  out.theme = readTheme(get, notices);
  out.prefs = readPrefs(get, notices, 'The embed asks for');
  // the iframe's id, echoed in its messages, is cut to idLimit: said, since two frames whose
  // ids begin alike would send the same one
  const id = host.idLimit ? get('id') : null;
  if (id !== null && [...id].length > host.idLimit)
    notices.push(`id: longer than ${host.idLimit} characters; the messages to the page carry its first ${host.idLimit} ("${clip(id, 40)}").`);
  // an empty preset= or type= (a template left blank, preset="") is as if not given, and
  // said so, as the full calculator reads it (an attacker's trial: 'unknown preset ""')
  const given = (k) => {
    const v = get(k);
    if (v === null || v.trim() !== '') return v;
    notices.push(`${k}= is empty, so it is read as not given.`);
    return null;
  };
  const presetName = given('preset'), typeName = given('type');
  // the module's own error text names the option, the value and the valid choices
  const refusal = (f) => { try { f(); return null; } catch (e) { return e.message; } };
  if (presetName !== null) {
    const p = ctx.presets.find((x) => x.name === presetName.trim());
    const left = !p && ctx.leftOut && ctx.leftOut(presetName.trim());
    if (left) return { ...out, error: `preset: "${clip(presetName, 60)}" of the preset file was left out: ${left}` };
    if (!p && ctx.fileFailed) return { ...out, error: `preset: "${clip(presetName, 60)}" is not a built-in preset, and the preset file that may hold it cannot be used: ${ctx.fileFailed}` };
    if (!p) return { ...out, guess: nearestName(presetName.trim(), ctx.presets.map((x) => x.name)),
      error: refusal(() => ctx.m.evaluatePreset([...presetName].slice(0, 200).join(''))) || `preset: unknown preset "${clip(presetName, 60)}"` };
    out.preset = p.name;
    out.type = ctx.types.find((t) => t.name === p.type);
    out.texts = presetTexts(ctx, p.name);
    if (typeName !== null && typeName.trim() !== p.type)
      notices.push(`type: preset ${p.name} is of type ${p.type}, not "${clip(typeName, 60)}"; showing the preset.`);
  } else if (typeName !== null) {
    out.type = ctx.types.find((t) => t.name === typeName.trim());
    if (!out.type) return { ...out, guess: nearestName(typeName.trim(), ctx.types.map((t) => t.name)),
      error: refusal(() => ctx.m.evaluate([...typeName].slice(0, 200).join(''), {})) || `type: unknown scenario type "${clip(typeName, 60)}"` };
  } else {
    const p = ctx.presets[0];
    out.preset = p.name;
    out.type = ctx.types.find((t) => t.name === p.type);
    out.texts = presetTexts(ctx, p.name);
  }
  Object.assign(out.texts, readInputTexts(entries, notices, out.type, lead));
  reportRepeats(entries, notices, 'Given more than once:', (k) => EMBED_OPTIONS.includes(k) || out.type.fields.some((f) => `i.${f.name}` === k));
  reportUnknownNames(entries, notices, {
    lead, silent,
    known: (k) => EMBED_OPTIONS.includes(k) || k.startsWith('i.'),
    candidates: [...EMBED_OPTIONS, ...out.type.fields.map((f) => `i.${f.name}`)],
    others: { names: PAGE_OPTIONS.filter((k) => !EMBED_OPTIONS.includes(k)), note: (k) => `${k} is an option of the full calculator's links; an embed shows one scenario.` },
    special: (k) => (/^c\d+(\..*)?$/.test(k) ? `${k} is a column of the full calculator's comparison; an embed shows one scenario.` : null),
  });
  const fields = out.type.fields.map((f) => f.name);
  out.show = readList(get, 'show', fields, 'field', out.type.name, notices);
  out.editable = readList(get, 'editable', fields, 'field', out.type.name, notices);
  out.properties = readList(get, 'properties', out.type.properties.map((p) => p.name), 'property', out.type.name, notices);
  out.predict = readPredict(get, out.type, out.properties, notices);
  out.about = readChoice(get, 'about', ABOUT, notices);
  return out;
}

/**
 * `predict`: the properties whose values wait for the reader's prediction ([] when
 * absent), in the order given. A property the type lacks is left out with a notice; one
 * that `properties` hides is left out too (a prediction needs its card).
 */
export function readPredict(get, type, properties, notices) {
  // a name near a property's is asked as that property: a typo must not show the answer
  // it meant to hold back (predict=SPEEDUP showed speedup, with only a notice: an
  // attacker's trial); a name near none is left out with the valid ones listed
  const known = type.properties.map((p) => p.name);
  const meant = (n) => (known.includes(n) ? null : nearestName(n, known));
  const names = readList((k) => {
    const raw = get(k);
    if (raw === null) return null;
    const given = commaNames(raw, 'predict', notices);
    for (const n of given) if (meant(n)) notices.push(`predict: "${clip(n, 60)}" is not a property of ${type.name}; ${meant(n)}, the nearest, waits for a prediction in its place.`);
    return [...new Set(given.map((n) => meant(n) || n))].join(',');
  }, 'predict', known, 'property', type.name, notices) || [];
  const hidden = properties ? names.filter((n) => !properties.includes(n)) : [];
  if (hidden.length)
    notices.push(`predict: ${hidden.map((n) => `"${n}"`).join(', ')} ${hidden.length === 1 ? 'is' : 'are'} not among the properties shown (properties=${properties.join(',')}); left out.`);
  return names.filter((n) => !hidden.includes(n));
}

/** An option with a few named values (`about`): the first of `choices` when absent. */
export function readChoice(get, option, choices, notices) {
  const v = get(option);
  if (v === null || v.trim() === '') return choices[0];
  const t = v.trim().toLowerCase();
  if (choices.includes(t)) return t;
  notices.push(`${option}: must be one of ${choices.join(', ')}, got "${clip(v, 40)}"; using ${choices[0]}.`);
  return choices[0];
}

/** The full calculator's query for an embed's scenario (for its "open in the calculator" link). */
export function calculatorQuery(o) {
  const q = new URLSearchParams();
  if (o.preset) q.set('preset', o.preset);
  else if (o.type) q.set('type', o.type.name);
  const base = o.preset ? o.baseTexts || {} : {};
  for (const [k, v] of textsSet(o.texts, base)) q.set(`i.${k}`, v);
  for (const [k, v] of Object.entries(o.prefs || {})) if (v !== DEFAULT_PREFS[k]) q.set(k, v);
  if (o.predict && o.predict.length) q.set('predict', o.predict.join(','));
  if (o.presetFile) q.set('preset-file', o.presetFile);
  return `?${q}`;
}

/**
 * The options of an embed of the calculator's scenario `calc` ({preset, type, texts}) as
 * the builder chose them (`e`: state.embed), as [[name, value]] in the order an author
 * reads them: the iframe's query and the element's attributes are both written from this.
 * Only what differs from the embed's defaults is written: lists that keep everything
 * (in declaration order) are left out, and inputs equal to the preset's. ctx: {types,
 * presets, presetFileUrl}; prefs: the display units ({bytes, time, money}); presetFileUrl:
 * where the snippets find a course preset's file (by default where this page read it).
 */
export function embedOptions(ctx, calc, e, prefs, presetFileUrl = ctx.presetFileUrl) {
  const type = ctx.types.find((t) => t.name === calc.type);
  const out = [];
  const preset = calc.preset && ctx.presetFileUrl && ctx.presets.find((p) => p.name === calc.preset);
  if (preset && preset.file && presetFileUrl) out.push(['preset-file', presetFileUrl]);
  out.push(calc.preset ? ['preset', calc.preset] : ['type', calc.type]);
  const fields = type.fields.map((f) => f.name), props = type.properties.map((p) => p.name);
  // in the order chosen: show and properties are shown in the order listed (a course
  // author's trial: eshow=batch_size,context_tokens was written in declaration order)
  const within = (names, all) => [...new Set(names)].filter((n) => all.includes(n));
  const same = (a, b) => a.length === b.length && a.every((n, k) => n === b[k]);
  const show = e.show ? within(e.show, fields) : fields;
  const editable = e.editable ? within(e.editable, show) : show;
  const properties = e.properties ? within(e.properties, props) : props;
  const predict = within(e.predict, properties);
  if (!same(show, fields)) out.push(['show', show.join(',')]);
  if (editable.length !== show.length) out.push(['editable', editable.join(',')]);
  if (!same(properties, props)) out.push(['properties', properties.join(',')]);
  if (predict.length) out.push(['predict', predict.join(',')]);
  const base = calc.preset ? presetTexts(ctx, calc.preset) : {};
  for (const f of fields) {
    const v = calc.texts[f] ?? '';
    if ((base[f] ?? '') !== v && v !== '') out.push([`i.${f}`, v]);
  }
  if (e.about !== 'collapsed') out.push(['about', e.about]);
  if (e.theme !== 'auto') out.push(['theme', e.theme]);
  for (const [k, v] of Object.entries(prefs || {})) if (v !== DEFAULT_PREFS[k]) out.push([k, v]);
  return out;
}

/** The default comparison of a type: its presets (up to four), or two blank columns. */
export function defaultColumns(ctx, typeName) {
  const presets = ctx.presets.filter((p) => p.type === typeName).slice(0, MAX_COLUMNS);
  const cols = presets.map((p) => ({ preset: p.name, texts: presetTexts(ctx, p.name) }));
  while (cols.length < MIN_COLUMNS) cols.push(cols.length ? { ...cols[0], texts: { ...cols[0].texts } } : { preset: null, texts: {} });
  return cols;
}

/** The comparison a view starts with: the presets of the calculator's scenario type. */
export function defaultCompare(ctx, typeName) {
  return { type: typeName, columns: defaultColumns(ctx, typeName) };
}

/** The page's state with nothing asked for: the first preset, in the calculator. ctx: {types, presets}. */
export function defaultState(ctx) {
  const preset = ctx.presets[0];
  return {
    mode: 'calc',
    calc: { preset: preset.name, type: preset.type, texts: presetTexts(ctx, preset.name) },
    compare: defaultCompare(ctx, preset.type),
    // field '': the first numeric field; from, to, scale '': a range around the swept
    // input's value (the sweep view's fillRange)
    sweep: { field: '', from: '', to: '', n: '200', scale: '', props: [], overlay: false },
    prefs: { ...DEFAULT_PREFS },
    theme: 'auto',
    predict: [],  // property names (readPredict)
    // the embed builder: what the embed shows (null: everything), which results wait for a
    // prediction, its theme and `about`, and the site URL its snippets name ('' = this one)
    embed: { show: null, editable: null, properties: null, predict: [], theme: 'auto', about: 'collapsed', site: '', id: '' },
    presetFile: ctx.presetFile || null,  // the preset-file option as the link wrote it
  };
}

/** The state a URL query describes, and notices about what it asked for but could not
 *  get: {state, notices}. ctx: {types, presets}. */
/** What the calculator of state `s` shows, as a notice names it: its preset, or "a blank TYPE". */
const shownCalc = (s) => s.calc.preset || `a blank ${s.calc.type}`;

export function decodeState(ctx, search) {
  const q = new URLSearchParams(search);
  const s = defaultState(ctx);
  const notices = [...(ctx.fileNotices || [])];
  const text = (v) => String(v).slice(0, MAX_TEXT);
  // an empty mode=, preset= or type= (a template left blank) is as if not given, and said
  // so: it had been 'an unknown scenario type ""'
  const empty = ['mode', 'preset', 'type'].filter((k) => q.has(k) && q.get(k).trim() === '');
  for (const k of empty) q.delete(k);
  const mode = q.get('mode');
  if (mode !== null) {
    if (MODES.includes(mode)) s.mode = mode;
    else notices.push(`The link asks for an unknown view "${clip(text(mode), 40)}"; showing the calculator.`);
  }
  const presetName = q.get('preset'), typeName = q.get('type');
  if (presetName !== null) {
    const named = ctx.presets.find((x) => x.name === presetName.trim());  // as the embeds read it
    const left = !named && ctx.leftOut && ctx.leftOut(presetName.trim());
    // a slip of the name ("TransformerBsp8Worker", another case): the preset it most likely
    // meant, said so, rather than the default scenario of another type (a review met an
    // unrelated scenario); only of the type the link names, if it names one
    const nearest = !named && !left && !ctx.fileFailed ? nearestName(presetName, ctx.presets.map((x) => x.name)) : null;
    const guess = nearest && ctx.presets.find((x) => x.name === nearest && (typeName === null || x.type === typeName));
    const p = named || guess;
    if (p) s.calc = { preset: p.name, type: p.type, texts: presetTexts(ctx, p.name) };
    // a preset that is not there, with a type that is: that type's first preset (its blank
    // form if it has none), not the default scenario of another type
    const t = !p && typeName !== null ? ctx.types.find((x) => x.name === typeName) : null;
    if (t) {
      const first = firstPreset(ctx, t.name);
      s.calc = first ? { preset: first.name, type: t.name, texts: presetTexts(ctx, first.name) } : { preset: null, type: t.name, texts: {} };
    }
    const shown = shownCalc(s);
    if (!p) {
      if (left) notices.push(`The link names preset "${clip(text(presetName), 60)}" of the preset file, which was left out (${left}); showing ${shown}.`);
      else if (ctx.fileFailed) notices.push(`The link names preset "${clip(text(presetName), 60)}", which is not a built-in preset, and the preset file that may hold it cannot be used; showing ${shown}.`);
      else notices.push(`The link names an unknown preset "${clip(text(presetName), 60)}"; showing ${shown}${t ? ', of the type it names' : ''}.`);
    }
    if (guess) notices.push(`The link names an unknown preset "${clip(text(presetName), 60)}"; showing ${guess.name}, the nearest name.`);
    if (named && typeName !== null && typeName !== named.type)
      notices.push(`The link names preset ${p.name}, of type ${p.type}, and type "${clip(text(typeName), 60)}"; showing the preset.`);
  } else if (typeName !== null) {
    const { type: t, named } = typeOfLink(ctx, typeName);
    if (t) s.calc = { preset: null, type: t.name, texts: {} };
    if (!named) notices.push(`The link names an unknown scenario type "${clip(text(typeName), 60)}"; showing ${t ? `a blank ${t.name}, the nearest name` : s.calc.preset}.`);
  }
  if (empty.length) notices.push(`The link's ${empty.map((k) => `${k}=`).join(' and ')} ${empty.length > 1 ? 'are' : 'is'} empty; showing ${shownCalc(s)}${empty.includes('mode') ? ' in the calculator' : ''}.`);
  const calcType = ctx.types.find((t) => t.name === s.calc.type);
  Object.assign(s.calc.texts, readInputTexts(q, notices, calcType));
  s.compare = defaultCompare(ctx, s.calc.type);  // unless the link names its own (ctype)
  const column = /^c(0|[1-9]\d*)(?:\.(.*))?$/;  // c0, c1.workers; not c01, which would be c1 too
  const compared = ctx.types.find((x) => x.name === q.get('ctype'));
  reportRepeats(q, notices, 'The link gives more than once:', (k) => {
    const m = column.exec(k);
    if (m) return !!compared && (m[2] === undefined || compared.fields.some((f) => f.name === m[2]));
    return PAGE_OPTIONS.includes(k) || calcType.fields.some((f) => `i.${f.name}` === k);
  });
  reportUnknownNames(q, notices, {
    lead: 'The link has an unknown parameter',
    silent: (k) => FOREIGN_KEYS.test(k),
    known: (k) => PAGE_OPTIONS.includes(k) || k.startsWith('i.') || (column.test(k) && q.has('ctype')),
    candidates: [...PAGE_OPTIONS, ...calcType.fields.map((f) => `i.${f.name}`)],
    others: { names: [...EMBED_OPTIONS.filter((k) => !PAGE_OPTIONS.includes(k)), 'id'],
      note: (k) => `${k} is an option of the embeds (embed.html and <mlsysim-scenario>); the calculator shows every input and result.` },
    special: (k) => (column.test(k) ? `${k} is a column of a comparison, which the link names with ctype (the scenario type compared); it has none.` : null),
  });

  const ctype = q.get('ctype');
  if (ctype !== null) {
    const { type: t, named } = typeOfLink(ctx, ctype);
    if (t && !named) notices.push(`The link names an unknown scenario type "${clip(text(ctype), 60)}" to compare; comparing ${t.name}, the nearest name.`);
    if (t) {
      s.compare = defaultCompare(ctx, t.name);
      const cols = [];
      const defaults = defaultColumns(ctx, t.name);
      for (let k = 0; k < MAX_COLUMNS && q.has(`c${k}`); k++) {
        const name = q.get(`c${k}`).trim();
        let p = ctx.presets.find((x) => x.name === name && x.type === t.name);
        if (!p && name) {  // the column shows the comparison's own column k instead, and says why
          const instead = defaults[Math.min(k, defaults.length - 1)];
          const shows = instead.preset ? `shows ${instead.preset} instead` : 'starts blank';
          const other = ctx.presets.find((x) => x.name === name);
          const left = !other && ctx.leftOut && ctx.leftOut(name);
          const guess = !other && !left ? nearestName(name, ctx.presets.filter((x) => x.type === t.name).map((x) => x.name)) : null;
          const lead = `Column ${k + 1} of the link (c${k}) names`;
          notices.push(other ? `${lead} preset ${other.name}, of type ${other.type}; the comparison is of ${t.name} (ctype), so the column ${shows}.`
            : left ? `${lead} preset "${clip(text(name), 60)}" of the preset file, which was left out (${left}); the column ${shows}.`
            : `${lead} an unknown preset "${clip(text(name), 60)}"; ${guess ? `did you mean ${guess}? ` : ''}the column ${shows}.`);
          p = instead.preset && ctx.presets.find((x) => x.name === instead.preset);
        }
        cols.push({ preset: p ? p.name : null, texts: p ? presetTexts(ctx, p.name) : {} });
      }
      const named = cols.length;
      if (cols.length >= 2) s.compare.columns = cols;
      else if (cols.length === 1) s.compare.columns = [cols[0], { ...cols[0], texts: { ...cols[0].texts } }];
      let cells = 0;
      const fields = t.fields.map((f) => f.name);
      const stray = [], seen = new Set();
      let stopped = false;
      for (const [k, v] of q) {
        const m = column.exec(k);
        // a key given again: the first is read, a stray one named once (reportRepeats says so)
        if (!m || seen.has(k)) continue;
        seen.add(k);
        if (cells++ >= MAX_COLUMN_KEYS) {
          stopped = true;
          notices.push(`The link has more than ${MAX_COLUMN_KEYS} keys for the comparison's columns; the columns' inputs (cK.FIELD) after the ${MAX_COLUMN_KEYS}th were not read.`);
          break;
        }
        const col = s.compare.columns[Number(m[1])];
        const columns = `the comparison has ${s.compare.columns.length} columns, c0 to c${s.compare.columns.length - 1}`;
        if (m[2] === undefined) {  // a column's preset: read above, unless after a gap or past the last
          const at = Number(m[1]);
          if (at >= MAX_COLUMNS) stray.push(`"${clip(text(k), 60)}" (a comparison has at most ${MAX_COLUMNS} columns, c0 to c${MAX_COLUMNS - 1})`);
          else if (at >= named) {
            const gap = `The link names column ${at + 1} (c${at}) but not column ${named + 1} (c${named}); columns are named from c0 up, without a gap: c${at} is left out` +
              (named ? '.' : `, and the comparison shows ${t.name}'s presets.`);
            notices.push(gap);
          }
          continue;
        }
        if (!col) stray.push(`"${clip(text(k), 60)}" (${columns})`);
        else if (!fields.includes(m[2])) {
          const guess = nearestName(m[2], fields);
          stray.push(`"${clip(text(k), 60)}" (${t.name} has no input "${clip(text(m[2]), 60)}"${guess ? `; did you mean c${m[1]}.${guess}?` : ''})`);
        } else if (String(v).length > MAX_TEXT) {  // as an i.FIELD: left out and said, not cut and read
          notices.push(tooLong(k, v));
        } else col.texts[m[2]] = String(v);
      }
      for (const x of stray.slice(0, MAX_UNKNOWN)) notices.push(`The link has an unknown parameter ${x}, left out.`);
      if (stray.length > MAX_UNKNOWN) notices.push(`${more(stray.length - MAX_UNKNOWN, ['unknown comparison input', 'unknown comparison inputs'], stopped)} left out.`);
    } else notices.push(`The link names an unknown scenario type "${clip(text(ctype), 60)}" to compare.`);
  }

  // an empty value is the default, as for any option
  // a longer value is no name, number or quantity: cut, it would read as another one
  // (sto=1 and 120 zeros read as 1e99), so it is left out, and said
  for (const [key, name] of [['sfield', 'field'], ['sfrom', 'from'], ['sto', 'to'], ['sn', 'n']]) {
    if (!q.has(key) || q.get(key).trim() === '') continue;
    const v = text(q.get(key));
    if (v.length <= 100) s.sweep[name] = v;
    else notices.push(`The link gives ${key} ${v.length.toLocaleString('en-US')} characters long ("${clip(v, 40)}"); at most 100 are read, so it is left out and the sweep uses its default.`);
  }
  if (q.has('sscale')) {
    const scale = q.get('sscale');
    if (scale === 'lin' || scale === 'log') s.sweep.scale = scale;
    // (the page calls them "linear" and "logarithmic", which a reader may write: an instructor's trial)
    else if (scale !== '') notices.push(`The link gives sscale "${clip(text(scale), 40)}"; it takes lin (linear) or log (logarithmic), so the scale follows the range.`);
  }
  if (q.has('sprops')) s.sweep.props = commaNames(q.get('sprops'), 'sprops', notices);
  s.sweep.overlay = q.get('soverlay') === '1';
  if (s.sweep.overlay && s.compare.type !== s.calc.type) {
    notices.push(`The link gives soverlay=1, but its comparison is of ${s.compare.type} and its sweep of ${s.calc.type}; the overlay needs both of one type, so there is none.`);
    s.sweep.overlay = false;
  }
  if (q.has('soverlay') && !['1', '0', ''].includes(q.get('soverlay')))
    notices.push(`The link gives soverlay "${clip(text(q.get('soverlay')), 40)}", which is neither 1 (overlay the comparison) nor 0; no overlay.`);
  const stype = calcType;
  const numeric = stype.fields.filter((f) => f.numeric);
  if (q.has('sfield') && s.sweep.field !== '' && !numeric.some((f) => f.name === s.sweep.field))
    notices.push(`The link asks to sweep "${clip(s.sweep.field, 60)}", which is not a numeric input of ${stype.name}; sweeping ${stype.sweep.field}. Numeric inputs: ${numeric.map((f) => f.name).join(', ')}.`);
  if (q.has('sprops')) {
    const known = s.sweep.props.filter((p) => stype.properties.some((x) => x.name === p));
    const unknown = s.sweep.props.filter((p) => !known.includes(p));
    if (unknown.length)
      notices.push(`The link names ${unknown.length === 1 ? 'a property' : 'properties'} that ${stype.name} does not have: ${someNames(unknown)}; left out.`);
    s.sweep.props = known;  // none left: the view's default pair
  }
  s.prefs = readPrefs((k) => q.get(k), notices);
  s.theme = readTheme((k) => q.get(k), notices);
  s.predict = readPredict((k) => q.get(k), calcType, null, notices);
  const eget = (k) => q.get(`e${k}`);
  // the embed builder's choices: names of the calculator's type, each list's unknown
  // names said and left out (as the embed itself says them)
  const fieldNames = calcType.fields.map((f) => f.name), propNames = calcType.properties.map((p) => p.name);
  const names = (key, all) => {
    if (!q.has(key)) return null;
    const given = commaNames(q.get(key), key, notices);
    const unknown = given.filter((n) => !all.includes(n));
    if (unknown.length)
      notices.push(`${key}: ${calcType.name} has no ${all === fieldNames ? 'input' : 'property'} ${someNames(unknown)}; left out.`);
    const known = given.filter((n) => all.includes(n));
    return given.length && !known.length ? null : known;  // none known: the default (all)
  };
  const choice = (key, all, fallback) => {
    const v = eget(key);
    if (v === null || v === '' || all.includes(v)) return v || fallback;
    notices.push(`e${key}: must be one of ${all.join(', ')}, got "${clip(v, 40)}"; using ${fallback}.`);
    return fallback;
  };
  s.embed = { show: names('eshow', fieldNames), editable: names('eedit', fieldNames), properties: names('eprops', propNames), predict: names('epredict', propNames) || [],
    theme: choice('theme', THEMES, 'auto'), about: choice('about', ABOUT, 'collapsed'),
    site: '', id: q.has('eid') ? [...text(q.get('eid'))].slice(0, 100).join('') : '' };
  // the embeds' own rules, so that the builder's boxes and its snippets say the same (an
  // attacker's trial: eedit=workers beside eshow=per_worker_batch wrote editable= and
  // dropped workers; epredict=speedup beside eprops=cost ticked a prediction no snippet
  // asked): an editable input is shown too, in silence as an embed shows it; a prediction
  // of a result not shown is left out, with the notice an embed gives
  const e = s.embed;
  if (e.show && e.editable) e.show = [...e.show, ...e.editable.filter((n) => !e.show.includes(n))];
  const unshown = e.properties ? e.predict.filter((n) => !e.properties.includes(n)) : [];
  if (unshown.length) {
    notices.push(`epredict: ${unshown.map((n) => `"${n}"`).join(', ')} ${unshown.length === 1 ? 'is' : 'are'} not among the results shown (eprops=${e.properties.join(',')}); left out.`);
    e.predict = e.predict.filter((n) => !unshown.includes(n));
  }
  // an id is matched by the host page's script: one cut is said (an attacker's trial: in silence)
  if (q.has('eid') && [...text(q.get('eid'))].length > 100)
    notices.push(`eid: at most 100 characters are kept, so it is cut to "${clip(s.embed.id, 40)}"; a host page matching the whole id would not find it.`);
  if (q.has('esite')) {
    // the snippets load the calculator's code from this folder: a link that names one
    // other than this page's says so, where the reader sees it before copying a snippet
    const { site, error } = siteFolder(text(q.get('esite')).slice(0, 500));
    if (error) notices.push(`esite: ${error} The snippets use this site's folder.`);
    else if (site && globalThis.location && /^https?:$/.test(location.protocol) && new URL(site).origin !== location.origin)
      notices.push(`The link sets the site of the embed snippets to ${site}: they load the calculator's code from there. Use them only if that is your course site.`);
    s.embed.site = site;
  }
  return { state: s, notices };
}

/** The sweep settings `sweep` as they apply to scenario type `type` (one of
 *  listScenarioTypes()): a field that is not one of its numeric inputs was another type's
 *  (the calculator's type changed), so it and its range (from, to, scale) fall back to the
 *  view's defaults (''); properties it does not have leave the default pair ([]). A new
 *  object; `sweep` is left as it is. The sweep view and the links both read it so. */
export function sweepOfType(type, sweep) {
  const w = { ...sweep, props: [...new Set(sweep.props)] };
  if (w.field !== '' && !type.fields.some((f) => f.numeric && f.name === w.field)) Object.assign(w, { field: '', from: '', to: '', scale: '' });
  if (!w.props.every((p) => type.properties.some((x) => x.name === p))) w.props = [];
  return w;
}

/** The embed builder's choices `embed` as they apply to scenario type `type`: each list
 *  keeps the names the type has, and one that named only another type's (chosen before the
 *  calculator's type changed) starts again from everything (null); [] stays []. A new
 *  object. The builder and the links both read it so. */
export function embedOfType(type, embed) {
  const fields = type.fields.map((f) => f.name), props = type.properties.map((p) => p.name);
  const keep = (names, all) => {
    if (!names || !names.length) return names;
    const known = names.filter((n) => all.includes(n));
    return known.length ? known : null;
  };
  return { ...embed, show: keep(embed.show, fields), editable: keep(embed.editable, fields), properties: keep(embed.properties, props),
    predict: embed.predict.filter((n) => props.includes(n)) };
}

/** The URL query for `s`: only what differs from presets and defaults. */
export function encodeState(ctx, s) {
  const q = new URLSearchParams();
  if (s.mode !== 'calc') q.set('mode', s.mode);
  if (s.calc.preset) q.set('preset', s.calc.preset);
  else q.set('type', s.calc.type);
  const base = s.calc.preset ? presetTexts(ctx, s.calc.preset) : {};
  for (const [k, v] of Object.entries(s.calc.texts))
    if ((base[k] ?? '') !== v && !(v === '' && !(k in base)) && v.length <= MAX_LINK_TEXT) q.set(`i.${k}`, v);
  // compare and sweep settings go into the link whenever they differ from the defaults,
  // so Back and Forward keep them while another view is shown
  const d = defaultState(ctx);
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  if (s.mode === 'compare' || s.sweep.overlay || !same(s.compare, defaultCompare(ctx, s.calc.type))) {
    q.set('ctype', s.compare.type);
    s.compare.columns.forEach((c, k) => {
      q.set(`c${k}`, c.preset || '');
      const b = c.preset ? presetTexts(ctx, c.preset) : {};
      for (const [f, v] of Object.entries(c.texts)) if ((b[f] ?? '') !== v && v.length <= MAX_LINK_TEXT) q.set(`c${k}.${f}`, v);
    });
  }
  // the calculator's type, whose sweep the link gives (a sweep left over from another
  // type would open as notices about names this type does not have)
  const calcType = ctx.types.find((t) => t.name === s.calc.type);
  const w = sweepOfType(calcType, s.sweep);
  if (s.mode === 'sweep' || !same({ ...w, props: [] }, { ...d.sweep, props: [] }) || (w.props.length && s.mode !== 'calc')) {
    if (w.field) q.set('sfield', w.field);  // '' and [] mean the view's defaults: left out
    q.set('sfrom', w.from); q.set('sto', w.to); q.set('sn', w.n); q.set('sscale', w.scale);
    if (w.props.length) q.set('sprops', w.props.join(','));
    if (w.overlay && s.compare.type === s.calc.type) q.set('soverlay', '1');  // (the sweep overlays only its own type's columns)
  }
  for (const k of Object.keys(PREF_CHOICES)) if (s.prefs[k] !== DEFAULT_PREFS[k]) q.set(k, s.prefs[k]);
  if (s.theme !== 'auto') q.set('theme', s.theme);
  // predictions of the calculator's type (a type chosen later may not have them)
  const predict = (s.predict || []).filter((n) => calcType.properties.some((p) => p.name === n));
  if (predict.length) q.set('predict', predict.join(','));
  if (s.presetFile) q.set('preset-file', s.presetFile);
  const e = s.embed && embedOfType(calcType, s.embed);
  if (e) {
    for (const [key, v] of [['eshow', e.show], ['eedit', e.editable], ['eprops', e.properties]]) if (v) q.set(key, v.join(','));
    if (e.predict.length) q.set('epredict', e.predict.join(','));
    if (e.theme !== 'auto') q.set('etheme', e.theme);
    if (e.about !== 'collapsed') q.set('eabout', e.about);
    if (e.site) q.set('esite', e.site);
    if (e.id) q.set('eid', e.id);
  }
  return `?${q}`;
}

// A course's own presets (docs/embedding.md, "A course's own presets"): the `preset-file`
// option of the full page, the iframe embed and the element names a JSON file
// {"presets": [{name, type, summary, inputs}, ...]}; it is fetched (same origin, or an
// origin that sends CORS headers), checked by the module (readPresetFile: every entry
// with the rules of an evaluation) and its valid presets follow the built-in ones
// everywhere a preset can be chosen. Nothing here throws: a file that cannot be fetched
// or read gives one notice, and the built-in presets stay.
import { clip } from './format.mjs';

const MAX_BYTES = 1048576;  // the module's limit (core/include/mlsysim/api.hpp), checked before reading

/** The text of a response, refused past `MAX_BYTES` bytes without reading the rest. */
async function cappedText(response) {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_BYTES) throw new RangeError(`it is ${declared} bytes; a preset file may have at most 1 MiB (${MAX_BYTES} bytes)`);
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      reader.cancel();
      throw new RangeError(`it is more than 1 MiB (${MAX_BYTES} bytes), the most a preset file may have`);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { all.set(c, at); at += c.byteLength; }
  return new TextDecoder().decode(all);
}

const loads = new Map();  // one fetch per module and file: several elements of a page share it

/** The origin of preset file `written` (relative to `base`) when it is an http(s) address on
 *  another site than this page's, else null: a file a link alone can name, fetched only when
 *  the reader chose it (the full calculator asks; an embed opened by itself does not fetch). */
export function otherOrigin(written, base) {
  try {
    const url = new URL(written, base);
    return /^https?:$/.test(url.protocol) && url.origin !== location.origin ? url.origin : null;
  } catch {
    return null;  // not a URL: loadPresetFile says so
  }
}

/**
 * Reads the preset file at `url` (relative to `base`) with module `m`. Resolves (never
 * rejects) to {url (absolute, or null when `url` is not one), presets: [{name, type,
 * summary, inputs, file}], left: [{preset, message}] (the module's notices), notices:
 * [text]}: one notice for a file that cannot be used, one per refused entry.
 */
export function loadPresetFile(m, url, base) {
  let href;
  try {
    href = new URL(url, base).href;
  } catch {
    return Promise.resolve({ url: null, presets: [], left: [], notices: [`preset-file: "${clip(url, 80)}" is not a URL; using the built-in presets only.`] });
  }
  const key = href;
  let cached = loads.get(m);
  if (!cached) loads.set(m, (cached = new Map()));
  if (!cached.has(key)) cached.set(key, read(m, href));
  return cached.get(key);
}

async function read(m, href) {
  const out = { url: href, presets: [], left: [], notices: [] };
  const name = clip(href, 200);
  if (!/^https?:$/.test(new URL(href).protocol)) {
    out.notices.push(`preset-file: ${name} is not an http(s) address; using the built-in presets only.`);
    return out;
  }
  let text;
  // a fetch the page's own Content-Security-Policy blocks (the one-file page fetches nothing;
  // a course site's policy may leave the file's site out) is said as that, not as CORS (an
  // attacker's trial): the browser reports it as an event, a task after the fetch fails
  let blocked = false;
  const violation = (e) => { if (/^connect-src/.test(e.effectiveDirective || e.violatedDirective || '')) blocked = true; };
  document.addEventListener('securitypolicyviolation', violation);
  try {
    const response = await fetch(href, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`the server answered ${response.status} ${response.statusText}`.trim());
    text = await cappedText(response);
  } catch (e) {
    if (e instanceof TypeError) await new Promise((r) => setTimeout(r, 50));
    // else a network error, or a file on another site that sends no CORS headers (the
    // browser does not say which)
    const why = !(e instanceof TypeError) ? e.message
      : blocked ? 'this page\'s Content-Security-Policy lets it fetch no such file: see its connect-src'
        : 'it could not be fetched: it must be on this site, or on one that sends CORS headers';
    out.notices.push(`preset-file: ${name} cannot be read (${why}); using the built-in presets only.`);
    return out;
  } finally {
    document.removeEventListener('securitypolicyviolation', violation);
  }
  let file;
  try {
    file = m.readPresetFile(text);
  } catch (e) {
    out.notices.push(`preset-file: ${name} ${e.message.replace(/^preset_file: /, '')}; using the built-in presets only.`);
    return out;
  }
  out.presets = file.presets.map((p) => ({ ...p, file: href }));
  out.left = file.notices;
  for (const n of file.notices) out.notices.push(`preset-file: ${n.message}; this preset was left out.`);
  return out;
}

/**
 * `ctx` ({m, types, presets, ...}) with the presets of `file` (loadPresetFile's) after the
 * built-in ones, and what links need: presetFile (the option as written, for the page's
 * own links), presetFileUrl (absolute, for links to the full calculator from an embed),
 * fileNotices, fileFailed (the notice of a file that could not be used at all, or null),
 * and leftOut(name): the message of a preset of the file that was refused.
 */
export function withPresetFile(ctx, file, written) {
  if (!file) return ctx;
  // a file that could not be used at all: the reason an unknown preset is unknown
  const failed = file.presets.length === 0 && file.left.length === 0 && file.notices.length ? file.notices[0] : null;
  return {
    fileFailed: failed,
    ...ctx,
    presets: [...ctx.presets, ...file.presets],
    presetFile: written,
    presetFileUrl: file.url,
    fileNotices: file.notices,
    leftOut: (name) => (file.left.find((n) => n.preset === name) || {}).message || null,
  };
}

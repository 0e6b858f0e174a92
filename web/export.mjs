// Exports of results: CSV, JSON (the CLI's Result shape) and a Markdown table for
// course notes; each with a copy button and a download.
import { el, copyText, download, actionButton } from './dom.mjs';
import { diffText, bestValue, propertyValues, contenders, outsideModel, PLAIN_NUMBER } from './format.mjs';

// A text that starts as a formula does (=, +, -, @, a tab or a return) is one a
// spreadsheet runs: an inline entry's name from a link, "=HYPERLINK(...)", was written as
// it was (an attacker's trial). Such a text cell starts with an apostrophe, as OWASP's
// advice on CSV injection has it; numbers, and a text that is one ("-1"), as they are.
const csvCell = (v) => {
  const s = typeof v === 'string' && /^[=+\-@\t\r]/.test(v) && !PLAIN_NUMBER.test(v) ? `'${v}` : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
// A Markdown cell of text: its pipes escaped, and its markup written as text ("<script>" in
// a name had reached the Markdown as HTML: an attacker's trial); mdCode for a code span,
// whose text Markdown does not read as markup.
const mdCode = (v) => String(v).replace(/\|/g, '\\|').replace(/\n/g, ' ');
// ... and its link and image syntax ("![x](http://...)" in a name would fetch from another site)
const mdCell = (v) => mdCode(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/([[\]])/g, '\\$1');

/** Input `v` of field `f` as the form shows it when not typed: a default as the field's
 *  placeholder writes it ("default 50000 h"), not in canonical units ("180000000 s": an
 *  instructor's trial), else its value. */
function inputText(v, f) {
  if (v === null || v === undefined) return '';
  if (f && f.default !== null && f.default !== undefined) return String(f.default);
  if (typeof v === 'object' && 'unit' in v && 'value' in v) return `${v.value} ${v.unit}`;
  if (typeof v === 'object') return v.name ?? JSON.stringify(v);
  return String(v);
}

/** The Result without the page's additions (show-your-work, the partial evaluation's
 *  empty input_errors): what `mlsysim eval --json` prints. */
export function plainResult(result) {
  const properties = Object.fromEntries(Object.entries(result.properties).map(([k, p]) => {
    const { work, ...rest } = p;
    return [k, rest];
  }));
  const { input_errors: inputErrors, ...rest } = result;
  return { ...rest, properties };
}

/** The input's number in canonical units (a quantity's value, a count), or the entry's
 *  name; with its unit. */
function inputCells(v) {
  if (v === null || v === undefined) return ['', ''];
  if (typeof v === 'object' && 'unit' in v && 'value' in v) return [v.value, v.unit];
  if (typeof v === 'object') return [v.name ?? JSON.stringify(v), ''];
  return [v, ''];
}

/** The property's equation with the inputs substituted, as the page's show-your-work line
 *  writes it (`work.text`, docs/api.md), or '' where the result has none (an error). */
const workText = (r) => (r && r.work && typeof r.work.text === 'string' ? r.work.text : '');

/** CSV of one result: a row per input (its canonical value and unit, and the text as
 *  typed, `texts`) and a row per property (value, unit, text as shown, equation, and the
 *  equation with these inputs substituted, `work`). */
export function resultCsv(result, type, texts = {}) {
  const rows = [['section', 'name', 'value', 'unit', 'text', 'equation', 'work']];
  for (const f of type.fields) {
    const v = result.inputs[f.name];
    rows.push(['input', f.name, ...inputCells(v), (texts[f.name] || '').trim() || inputText(v, f), '', '']);
  }
  for (const p of type.properties) {
    const r = result.properties[p.name];
    rows.push('error' in r ? ['property', p.name, '', p.unit, r.error, p.equation, ''] : ['property', p.name, r.value, r.unit, r.text, p.equation, workText(r)]);
  }
  return rows.map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}

/** `texts` are the inputs as typed ("2 USD/hour"), shown in preference to canonical units.
 *  Each property's row has its equation and, beside it, the same with these inputs
 *  (course notes that show the working, as the page does). */
export function resultMarkdown(result, type, prefs, label, texts = {}) {
  const title = `${label || result.preset || result.type} (${result.type})`;
  const lines = [`**${mdCell(title)}**`, '', '| input | value |', '|---|---|'];
  for (const f of type.fields) lines.push(`| \`${f.name}\` | ${mdCell((texts[f.name] || '').trim() || inputText(result.inputs[f.name], f) || '(not given)')} |`);
  lines.push('', '| property | value | equation | with these inputs |', '|---|---|---|---|');
  for (const p of type.properties) {
    const r = result.properties[p.name];
    const work = 'error' in r ? '' : workText(r);
    lines.push(`| \`${p.name}\` | ${mdCell('error' in r ? `unavailable: ${r.error}` : r.text)} | \`${mdCode(p.equation)}\` | ${work ? `\`${mdCode(work)}\`` : ''} |`);
  }
  for (const w of result.warnings) lines.push('', `> Warning: ${mdCell(w)}`);
  return lines.join('\n') + '\n';
}

/** CSV and Markdown of a comparison: one column per scenario; inputs in canonical units
 *  (the unit in the row's name), then properties. A column whose inputs are invalid has
 *  its inputs as typed (`texts`), no results, and its errors (`errors`) in a last row. */
export function compareCsv(results, labels, type, texts = [], errors = []) {
  const rows = [['section', 'name', ...labels]];
  for (const f of type.fields) {
    const cells = results.map((r, k) => (r ? inputCells(r.inputs[f.name]) : [((texts[k] || {})[f.name] || '').trim(), '']));
    const unit = results.map((r, k) => r && cells[k][1]).find(Boolean);
    rows.push(['input', `${f.name}${unit ? ` (${unit})` : ''}`, ...cells.map(([v]) => v)]);
  }
  for (const p of type.properties)
    rows.push(['property', `${p.name}${p.unit ? ` (${p.unit})` : ''}`, ...results.map((r) => (!r ? '' : 'error' in r.properties[p.name] ? '' : r.properties[p.name].value))]);
  if (results.some((r) => !r)) rows.push(['error', 'invalid inputs', ...results.map((r, k) => (r ? '' : (errors[k] || []).join('; ')))]);
  return rows.map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}

/** `errors`: per column whose inputs are invalid, its errors, said under the table as the
 *  CSV's last row says them (an attacker's trial: such a column was all "—", unexplained). */
export function compareMarkdown(results, labels, type, prefs, texts = [], errors = []) {
  const lines = [`| | ${labels.map(mdCell).join(' | ')} |`, `|---|${labels.map(() => '---').join('|')}|`];
  for (const f of type.fields)
    lines.push(`| \`${f.name}\` | ${results.map((r, k) => mdCell(((texts[k] || {})[f.name] || '').trim() || (r ? inputText(r.inputs[f.name], f) : '—'))).join(' | ')} |`);
  const ranking = contenders(results);
  for (const p of type.properties) {
    const values = propertyValues(results, p.name);
    const ranked = propertyValues(ranking, p.name);
    const best = bestValue(ranked, p.better);
    lines.push(`| **${p.name}** | ${results.map((r, k) => {
      if (!r) return '—';
      const prop = r.properties[p.name];
      if ('error' in prop) return 'unavailable';
      const diff = k > 0 && values[0] !== null ? ` (${diffText(values[k], values[0])})` : '';
      return mdCell(`${prop.text}${best !== null && ranked[k] === best ? ' ★' : ''}${diff}`);
    }).join(' | ')} |`);
  }
  const outside = results.map((r, k) => (r && !ranking[k] ? `${labels[k]} (${outsideModel(r)} is unavailable)` : null)).filter(Boolean);
  lines.push('', `★ best value where the property says which way is better${outside.length ? `, among the columns the model covers (not ${outside.join(', ')})` : ''}; changes against the first column (a percentage, or a factor from twice its value).`);
  // (the messages as code spans, which Markdown writes as they are: "&gt;=" read badly)
  results.forEach((r, k) => { if (!r) lines.push('', `> ${mdCell(labels[k])}: no results, its inputs are invalid: ${(errors[k] || []).map((e) => `\`${mdCode(e)}\``).join('; ') || 'see the calculator'}`); });
  return lines.join('\n') + '\n';
}

/** Buttons for three texts ({csv, json, md}) made on demand by `make()`, which returns
 *  {why} instead when there is nothing to export: said beside the buttons (they had done
 *  nothing, or said "Copy failed", while an input was invalid: an attacker's trial). */
export function exportButtons(make, name) {
  const status = el('span', { class: 'exports-status', role: 'status', hidden: true });
  const get = (k) => {
    const t = make();
    status.textContent = t && t.why ? t.why : '';
    status.hidden = !status.textContent;
    return t && !t.why ? t[k] : null;
  };
  const copy = (k) => async () => { const t = get(k); return t === null ? undefined : copyText(t); };
  const save = (k, ext, mime) => () => { const t = get(k); if (t !== null) download(`${name()}.${ext}`, new Blob([t], { type: mime })); };
  return el('div', { class: 'exports' }, status,
    el('span', { class: 'exports-label', text: 'Export' }),
    actionButton('Copy CSV', copy('csv')), actionButton('Copy JSON', copy('json')), actionButton('Copy Markdown', copy('md')),
    actionButton('CSV ↓', save('csv', 'csv', 'text/csv'), 'download CSV'),
    actionButton('JSON ↓', save('json', 'json', 'application/json'), 'download JSON'),
    actionButton('Markdown ↓', save('md', 'md', 'text/markdown'), 'download Markdown'));
}

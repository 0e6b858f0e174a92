// The input matrix through the page: every row whose value can be typed into a field of
// the form shows its error beside that field (or none), and the page keeps working.
import test from 'node:test';
import assert from 'node:assert/strict';
import { serve, browser } from './harness.mjs';
import { load, vectors, realNumbers } from '../node/load.mjs';

const m = await load();
const server = await serve();
const { context, page, problems } = await browser(server.origin);
test.after(async () => { await context.close(); server.close(); });

const typed = (v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

test('every typeable row of the input matrix shows its error beside its field, or none', async () => {
  const types = m.listScenarioTypes();
  const presets = new Map(m.listPresets().map((p) => [p.name, p]));
  // the text fields of each preset's form (a field of the other type has no place to type)
  const textFields = (preset) => new Map(types.find((t) => t.name === presets.get(preset).type).fields
    .filter((f) => ['int', 'float', 'quantity'].includes(f.type)).map((f) => [f.name, f]));
  await page.goto(`${server.origin}/index.html`);
  await page.waitForSelector('body[data-ready="1"]');
  // the typeable rows, in matrix order, grouped by preset: each group is typed in one call
  // into the page (as page.fill does: the value set, an input event), one row after
  // another, so that the test spends its time in the page, not in round trips to it
  const groups = [];
  for (const c of vectors('input_matrix.json').cases) {
    const [field, raw] = Object.entries(c.set)[0];
    if (JSON.stringify(raw).includes('$repeat')) continue;  // 1 MB values: one check below
    const text = typed(realNumbers(raw));
    const fields = textFields(c.preset);
    if (!fields.has(field) || text === null) continue;
    // in the form an empty optional field means "not given", as an absent input does
    if (text.trim() === '' && !fields.get(field).required) continue;
    const original = presets.get(c.preset).inputs[field];
    const row = { field, text, original: original === undefined ? '' : String(original), c };
    if (groups.length && groups.at(-1).preset === c.preset) groups.at(-1).rows.push(row);
    else groups.push({ preset: c.preset, rows: [row] });
  }
  let rows = 0;
  for (const g of groups) {
    if (await page.inputValue('#preset') !== g.preset) await page.selectOption('#preset', g.preset);
    const seen = await page.evaluate((list) => {
      const type = (input, text) => {
        input.value = text;
        input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
      };
      let dirty = null;  // a field is put back to the preset's value before another is typed into
      const out = [];
      for (const r of list) {
        const input = document.getElementById(`in-${r.field}`);
        if (!input) { out.push({ missing: true }); continue; }
        if (dirty && dirty.field !== r.field) type(document.getElementById(`in-${dirty.field}`), dirty.original);
        type(input, r.text);
        const error = document.getElementById(`err-${r.field}`);
        out.push({ visible: !error.hidden && error.offsetParent !== null, text: error.textContent });
        dirty = r;
      }
      if (dirty) type(document.getElementById(`in-${dirty.field}`), dirty.original);
      return out;
    }, g.rows.map(({ field, text, original }) => ({ field, text, original })));
    g.rows.forEach(({ field, text, c }, k) => {
      const label = `${c.preset} ${field} = ${JSON.stringify(text.slice(0, 40))}: ${c.why}`;
      assert.ok(!seen[k].missing, `${label}: no input #in-${field}`);
      if (c.expect === 'refuse') {
        assert.ok(seen[k].visible, label);
        assert.ok(seen[k].text.startsWith(`${field}: `), `${label}: ${seen[k].text}`);
      } else {
        assert.ok(!seen[k].visible, `${label}: ${seen[k].text}`);
      }
      rows++;
    });
  }
  assert.ok(rows >= 100, `${rows} rows typed`);
  // a 1 MB value: refused beside its field, cut in the message, and the page goes on
  await page.selectOption('#preset', 'TransformerBsp8Workers');
  await page.fill('#in-base_iteration_time', '5'.repeat(1 << 20) + ' s');
  assert.match(await page.textContent('#err-base_iteration_time'), /^base_iteration_time: /);
  assert.ok((await page.textContent('#err-base_iteration_time')).length < 300);
  await page.fill('#in-base_iteration_time', '0.5 s');
  // still usable
  await page.selectOption('#preset', 'ReferenceJobAttackSurface');
  await page.fill('#in-dp_degree', '32');
  assert.equal(await page.textContent('#properties [data-property="gather_traffic_ratio"] .value'), '16');
});

test('no console errors and no request outside the origin', () => {
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.offOrigin, []);
});

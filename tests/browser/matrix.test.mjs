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
  let rows = 0;
  // the field a row left with its value: put back to the preset's before another field is
  // typed into (rows of one field follow each other: each overwrites the last, so a
  // field is put back once, not after every row; choosing a preset resets the form)
  let dirty = null;
  const restore = async () => {
    if (!dirty) return;
    const original = presets.get(dirty.preset).inputs[dirty.field];
    await page.fill(`#in-${dirty.field}`, original === undefined ? '' : String(original));
    dirty = null;
  };
  for (const c of vectors('input_matrix.json').cases) {
    const [field, raw] = Object.entries(c.set)[0];
    if (JSON.stringify(raw).includes('$repeat')) continue;  // 1 MB values: one check below
    const text = typed(realNumbers(raw));
    const fields = textFields(c.preset);
    if (!fields.has(field) || text === null) continue;
    // in the form an empty optional field means "not given", as an absent input does
    if (text.trim() === '' && !fields.get(field).required) continue;
    if (dirty && (dirty.preset !== c.preset || dirty.field !== field)) {
      if (dirty.preset === c.preset) await restore();
      else dirty = null;
    }
    if (await page.inputValue('#preset') !== c.preset) await page.selectOption('#preset', c.preset);
    try {
      await page.fill(`#in-${field}`, text, { timeout: 5000 });
    } catch (e) {
      throw new Error(`${c.preset} ${field} ${c.why}: ${e.message.split('\n')[0]}; page at ${page.url().slice(0, 300)}; preset shown ${await page.inputValue('#preset')}; title ${await page.textContent('#scenario-title')}; fields ${await page.locator('#fields .field').count()}`);
    }
    const error = page.locator(`#err-${field}`);
    const label = `${c.preset} ${field} = ${JSON.stringify(text.slice(0, 40))}: ${c.why}`;
    if (c.expect === 'refuse') {
      assert.ok(await error.isVisible(), label);
      assert.ok((await error.textContent()).startsWith(`${field}: `), label);
    } else {
      assert.ok(await error.isHidden(), `${label}: ${await error.textContent()}`);
    }
    dirty = { preset: c.preset, field };
    rows++;
  }
  await restore();
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

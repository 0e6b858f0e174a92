// Every scenario type of the catalog through the page, as a student and an instructor
// use it: its first preset shows the module's values, an edit recomputes, a sweep of one
// input plots, the comparison, the iframe embed and print work, and a result carries
// into the type that takes it as an input.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve, browser, shots } from './harness.mjs';
import { load } from '../node/load.mjs';

const m = await load();
const server = await serve();
const { context, page, problems } = await browser(server.origin);
test.after(async () => { await context.close(); server.close(); });

const types = m.listScenarioTypes();
const presets = m.listPresets();
const firstPreset = (t) => presets.find((p) => p.type === t.name);
const shown = (name) => page.textContent(`#properties [data-property="${name}"] .value`);
const open = async (query) => {
  await page.goto(`${server.origin}/index.html${query}`);
  await page.waitForSelector('body[data-ready="1"]');
};

/** A numeric field of `t` with its preset value, and a valid new text for it (a quantity
 *  doubled in its display unit, an integer doubled, a number halved). */
function edit(t, preset) {
  const r = m.evaluatePreset(preset.name);
  const f = t.fields.find((x) => x.type === 'quantity' && r.inputs[x.name]) || t.fields.find((x) => x.numeric && r.inputs[x.name] !== null);
  const v = r.inputs[f.name];
  const text = f.type === 'quantity' ? `${(v.value / f.display_factor) * 2} ${f.display_unit}`
    : f.type === 'int' ? String(v * 2) : String(v / 2);
  return { f, text, shownValue: f.type === 'quantity' ? v.value / f.display_factor : v };
}

test('the catalog has 15 types in 8 categories, and every type has a preset', () => {
  assert.equal(types.length, 15);
  assert.deepEqual([...new Set(types.map((t) => t.category))].sort(),
    ['communication', 'compute', 'economics', 'memory', 'parallelism', 'reliability', 'serving', 'sustainability']);
  for (const t of types) assert.ok(firstPreset(t), t.name);
});

test('each type: its first preset shows the module\'s values, with the question it answers', async () => {
  for (const t of types) {
    const p = firstPreset(t);
    await open(`?preset=${p.name}`);
    assert.match(await page.textContent('#scenario-question'), new RegExp(t.question.slice(0, 20).replace(/[?()]/g, '.')), t.name);
    const r = m.evaluatePreset(p.name);
    for (const [name, v] of Object.entries(r.properties))
      assert.equal(await shown(name), 'error' in v ? 'unavailable' : v.text, `${p.name}.${name}`);
    // every property names where its formula comes from
    assert.equal(await page.locator('#properties .property .source').count(), t.properties.length, t.name);
    // each symbol says what it stands for, once: "n = fleet.count", and "fleet.count" (named
    // by its own path) not "fleet.count = fleet.count" (an instructor's trial)
    const items = await page.locator('#scenario-symbols li').allTextContents();
    assert.equal(items.length, t.symbols.length, t.name);
    t.symbols.forEach((s, k) => assert.ok(items[k].startsWith(s.name === s.meaning ? `${s.name}${s.unit ? ' (' : ':'}` : `${s.name} = ${s.meaning}`), `${t.name}: ${items[k]}`));
  }
});

test('each type: an edit of a numeric input recomputes every property as the module does', async () => {
  for (const t of types) {
    const p = firstPreset(t);
    await open(`?preset=${p.name}`);
    const { f, text } = edit(t, p);
    await page.fill(`#in-${f.name}`, text);
    const want = m.evaluatePreset(p.name, { [f.name]: text }).properties;
    await page.waitForFunction(([name, v]) => document.querySelector(`#properties [data-property="${name}"] .value`).textContent === v,
      Object.entries(want).map(([n, v]) => [n, 'error' in v ? 'unavailable' : v.text])[0]);
    for (const [name, v] of Object.entries(want))
      assert.equal(await shown(name), 'error' in v ? 'unavailable' : v.text, `${p.name} with ${f.name} = ${text}: ${name}`);
    assert.equal(new URL(page.url()).searchParams.get(`i.${f.name}`), text, 'the link keeps the edit');
  }
});

test('each type: a sweep of one input plots its properties, and the comparison shows its presets', async () => {
  for (const t of types) {
    const p = firstPreset(t);
    const { f, shownValue } = edit(t, p);
    const from = f.type === 'int' ? Math.max(1, Math.floor(shownValue / 2)) : shownValue / 2;
    await open(`?mode=sweep&preset=${p.name}&sfield=${f.name}&sfrom=${from || 1}&sto=${(shownValue || 1) * 4}&sn=50&sscale=log`);
    await page.waitForSelector('#sweep-plot[data-ready="1"]', { timeout: 15000 });
    assert.match(await page.textContent('#sweep-status'), /points/, `${t.name}: ${await page.textContent('#sweep-status')}`);
    assert.equal(await page.locator('#sweep-plot canvas').count() > 0, true, t.name);
    await open(`?mode=compare&ctype=${t.name}`);
    const columns = await page.locator('#compare-table thead select').count();
    assert.ok(columns >= 2, t.name);
    const values = await page.locator('#compare-table tbody.props td .value').allTextContents();
    assert.ok(values.some((v) => v && v !== '—'), `${t.name}: compare shows values`);
  }
  await page.screenshot({ path: path.join(shots, 'catalog-compare-last.png'), fullPage: true });
});

test('each type: the Sweep view opens on the input its question turns on, around the preset\'s value', async () => {
  for (const t of types) {
    const p = firstPreset(t);
    await open(`?mode=sweep&preset=${p.name}`);
    await page.waitForSelector('#sweep-plot[data-ready="1"]', { timeout: 15000 });
    assert.equal(await page.inputValue('#sweep-field'), t.sweep.field, t.name);
    assert.match(await page.textContent('#sweep-status'), /points/, `${t.name}: ${await page.textContent('#sweep-status')}`);
    const ticked = await page.$$eval('#sweep-props input:checked', (boxes) => boxes.map((b) => b.value));
    if (t.sweep.properties.length) assert.deepEqual(ticked.sort(), [...t.sweep.properties].sort(), t.name);
    else assert.ok(ticked.length >= 1, t.name);
    // the scenario's own value is marked on the curves: for an empty optional field, the
    // value in use (the Young interval), which the cards show
    const r = m.evaluatePreset(p.name);
    const f = t.fields.find((x) => x.name === t.sweep.field);
    const own = r.inputs[f.name] ?? (f.in_use && r.properties[f.in_use].value);
    if (own !== null && own !== undefined) assert.match(await page.textContent('#sweep-status'), /points/);
    if (f.in_use && r.inputs[f.name] === null) {
      const [from, to] = [Number(await page.inputValue('#sweep-from')), Number(await page.inputValue('#sweep-to'))];
      const x = r.properties[f.in_use].value / f.display_factor;
      assert.ok(from < x && x < to, `${p.name}: the range ${from}..${to} ${f.display_unit} holds the value in use, ${x}`);
      assert.match(await page.textContent('#sweep-status'), /the scenario's own value among them/, p.name);
    }
  }
  // "Which batch size ...": the book's B = 8 row sweeps B, not the arrival rate
  assert.equal(types.find((t) => t.name === 'BatchedServingQueueScenario').sweep.field, 'batch_size');
});

test('each type: the iframe embed of its first preset shows the module\'s values', async () => {
  for (const t of types) {
    const p = firstPreset(t);
    await page.goto(`${server.origin}/embed.html?preset=${p.name}`);
    await page.waitForSelector('body[data-ready="1"]');
    const r = m.evaluatePreset(p.name);
    for (const [name, v] of Object.entries(r.properties))
      assert.equal(await page.textContent(`[data-property="${name}"] .value`), 'error' in v ? 'unavailable' : v.text, `embed ${p.name}.${name}`);
  }
});

test('each type prints as one plain table of its inputs and results', async () => {
  await page.emulateMedia({ media: 'print' });
  for (const t of types) {
    await open(`?preset=${firstPreset(t).name}`);
    assert.ok(await page.locator('#print-table').isVisible(), t.name);
    assert.equal(await page.locator('#print-table tbody tr:not(.section)').count(), t.fields.length + t.properties.length, t.name);
  }
  await page.emulateMedia({ media: 'screen' });
});

test('a result carries into the type that takes it: cluster_mtbf becomes system_mtbf', async () => {
  await open('?preset=Book10KThreeWeekJob');
  const button = page.locator('#properties [data-property="cluster_mtbf"] button.use-in');
  assert.equal(await button.textContent(), 'Use in CheckpointIntervalScenario (system_mtbf)');
  await button.click();
  await page.waitForFunction(() => document.querySelector('#type').value === 'CheckpointIntervalScenario');
  // by hand: node MTBF = 1 / (8/50000 + 2/150000 + 2/100000) h = 5172.41 h; / 1250 nodes = 4.1379 h
  assert.match(await page.inputValue('#in-system_mtbf'), /^4\.1379310344827\d* h$/);
  assert.equal(await shown('young_interval'), '14.24 min');  // sqrt(2 x 24.5 s x 4.138 h)
  assert.match(new URL(page.url()).searchParams.get('i.system_mtbf'), /^4\.1379/);
  await page.screenshot({ path: path.join(shots, 'catalog-use-in.png'), fullPage: true });
});

test('the finder: typing a topic lists the types and presets that match; choosing one opens it', async () => {
  await open('');
  for (const [query, first] of [['checkpoint', 'CheckpointIntervalScenario'], ['ring tree', 'CollectiveCostScenario'],
    ['KV cache', 'LlmServingScenario'], ['carbon', 'TrainingEnergyScenario'], ['own or rent', 'ClusterTcoScenario'],
    ['bubble', 'PipelineBubbleScenario'], ['zero', 'ZeroShardingScenario'],
    // compatibility form (CO2 is CO₂) and a question's small words left out
    ['CO2', 'TrainingEnergyScenario'], ['Is a decode step memory-bound?', 'Llama8BDecodeStepH100']]) {
    await page.fill('#find', query);
    const names = await page.locator('#find-results button strong').allTextContents();
    assert.equal(names[0], first, `${query}: ${names.join(', ')}`);
  }
  // every result of "KV cache" has both words: "kv" is not found in "MLSysBook vol2" (a new
  // user's trial), and typed without its space it still finds the KV cache
  await page.fill('#find', 'kv cache');
  assert.equal(await page.locator('#find-results li.none').count(), 0);
  for (const name of await page.locator('#find-results button strong').allTextContents())
    assert.ok(!/Pipeline|Gpt3Serve100Qps/.test(name), name);
  await page.fill('#find', 'kvcache');
  assert.equal((await page.locator('#find-results button strong').allTextContents())[0], 'LlmServingScenario');
  for (const q of ['KV-cache', 'kv_cache', 'kv\u2011cache']) {
    await page.fill('#find', q);
    assert.equal((await page.locator('#find-results button strong').allTextContents())[0], 'LlmServingScenario', q);
  }
  // no result has every word: the closest are listed, and the list says so
  await page.fill('#find', 'buy or rent');
  assert.match(await page.textContent('#find-results li.none'), /No scenario matches every word of "buy or rent"; the closest:/);
  assert.ok((await page.locator('#find-results button strong').allTextContents()).includes('ClusterTcoScenario'));
  // a word matches from the start of a word: "own" is not in "shown" nor "rent" in
  // "different" (a third trial); those with some of the words follow, said so
  await page.fill('#find', 'own or rent');
  const items = await page.locator('#find-results li').evaluateAll((lis) => lis.map((li) => li.querySelector('strong')?.textContent ?? `-- ${li.textContent}`));
  const mark = items.indexOf('-- With some of the words:');
  const full = mark < 0 ? items : items.slice(0, mark);
  assert.deepEqual(full.filter((n) => !/ClusterTco|OwnVs/.test(n)), [], items.join(' | '));
  assert.ok(full.includes('H100Cluster1KOwnVsCloud'), items.join(' | '));
  await page.fill('#find', 'ring tree');
  const ring = await page.locator('#find-results li').evaluateAll((lis) => lis.map((li) => li.querySelector('strong')?.textContent ?? `-- ${li.textContent}`));
  assert.equal(ring[0], 'CollectiveCostScenario');
  if (ring.some((n) => !n.startsWith('--') && !/Collective|Ring|Tree|Hierarchical|Allreduce/i.test(n)))
    assert.ok(ring.includes('-- With some of the words:'), ring.join(' | '));
  await page.fill('#find', 'allreduce');
  assert.ok((await page.locator('#find-results button strong').allTextContents()).includes('CollectiveCostScenario'));
  await page.fill('#find', 'BSP ASP');
  const sync = await page.locator('#find-results button strong').allTextContents();
  for (const name of ['SyncStrategyScenario', 'TransformerBsp8Workers', 'TransformerAsp8Workers']) assert.ok(sync.includes(name), sync.join());
  await page.fill('#find', 'roofline');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#type').value === 'RooflineScenario');
  assert.equal(await page.inputValue('#preset'), 'Llama8BDecodeStepH100');
  // opening a result closes the finder (on a phone its list hid the scenario it opened)
  assert.ok(await page.locator('#find-results').isHidden());
  assert.equal(await page.inputValue('#find'), '');
  await page.fill('#find', 'checkpoint');
  await page.click('#find-results button >> nth=0');
  await page.waitForFunction(() => document.querySelector('#type').value === 'CheckpointIntervalScenario');
  assert.ok(await page.locator('#find-results').isHidden());
  await page.fill('#find', 'qwertyuiop');
  assert.match(await page.textContent('#find-results'), /No scenario matches "qwertyuiop"/);
});

test('registry pickers show the chosen entry\'s numbers and source, and refuse entries the type cannot use', async () => {
  await open('?preset=Gpt3Activations2K');
  const facts = await page.textContent('[data-field="workload"] .entry-facts');
  assert.match(facts, /layers 96/);
  assert.match(facts, /parameters 175 B params/, 'as a card writes it, not "175,000,000,000 param"');
  assert.match(facts, /Brown et al\. 2020/);
  assert.equal(await page.locator('#in-workload option[value="ResNet50"]').getAttribute('disabled'), '');
  assert.match(await page.textContent('#in-workload option[value="ResNet50"]'), /has no layers/);
  await open('?preset=Llama8BDecodeStepH100');
  assert.match(await page.textContent('[data-field="hardware"] .entry-facts'), /peak_flops 989 TFLOP\/s.*Source: mlsysim hardware\/data\/cloud\/H100\.yaml/s);
});

test('no console errors and no request outside the origin', () => {
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.offOrigin, []);
});

// node --test: the module's recorded answers (createMlsysim's options recordAnswers and
// answers; docs/performance.md, "Prerendered answers"). A module given answers returns
// them for the same calls, takes only its own build's, checks them in idle moments and
// drops any it does not give again; and every answer file the build wrote
// (dist/index.answers.json, dist/embeds/NAME.answers.json) is what this module answers.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { dist } from './load.mjs';

const { default: createMlsysim } = await import(pathToFileURL(path.join(dist, 'mlsysim.mjs')).href);
const plain = await createMlsysim();
const PRESET = 'TransformerBsp8Workers';

/** A record of what a module made with recordAnswers answered for `calls(m)`. */
async function record(calls) {
  const r = await createMlsysim({ recordAnswers: true });
  calls(r);
  return r.recordedAnswers();
}

/** `rec` with the reply to the call whose name starts with `prefix` changed by `edit`. */
function tampered(rec, prefix, edit) {
  let n = 0;
  const calls = rec.calls.map(([k, v]) => (k.startsWith(prefix) ? (n++, [k, edit(v)]) : [k, v]));
  assert.equal(n, 1, `one recorded ${prefix} call`);
  return { ...rec, calls };
}

const waitFor = async (ok, ms = 3000) => {
  for (const t0 = Date.now(); !ok(); ) {
    if (Date.now() - t0 > ms) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};

test('a module made with recordAnswers records its pure calls, and one without has no recordedAnswers', async () => {
  assert.equal(plain.recordedAnswers, undefined);
  const rec = await record((r) => r.evaluatePreset(PRESET));
  assert.match(rec.build, /^[0-9a-f]{64}$/, 'the SHA-256 of mlsysim.wasm');
  const names = rec.calls.map(([k]) => k.slice(0, k.indexOf('[')));
  assert.deepEqual(names.sort(), ['_list', '_request', '_version']);  // limits and version at creation
  for (const [k, v] of rec.calls) {
    assert.equal(typeof k, 'string');
    assert.equal(typeof v, 'string');
  }
});

test('a recorded answer is returned for the same call, without the module: a changed one shows through', async () => {
  const rec = await record((r) => r.evaluatePreset(PRESET));
  const want = plain.evaluatePreset(PRESET).properties.cost.value;
  const m = await createMlsysim({ answers: tampered(rec, '_version', () => '9.9.9-recorded') });
  assert.equal(m.version, '9.9.9-recorded');
  assert.equal(m.evaluatePreset(PRESET).properties.cost.value, want);
  // a call the record does not hold goes to the module
  assert.deepEqual(m.evaluatePreset(PRESET, { workers: 16 }), plain.evaluatePreset(PRESET, { workers: 16 }));
});

test('answers of another build, of another shape, or a promise still pending are ignored', async () => {
  const rec = await record(() => {});
  const marked = tampered(rec, '_version', () => 'recorded');
  for (const answers of [() => ({ ...marked, build: 'f'.repeat(64) }), () => ({ ...marked, build: undefined }),
    () => ({ build: marked.build, calls: 'x' }), () => ({ build: marked.build, calls: [[1, 2], ['_version[]']] }),
    () => 'text', () => 42, () => null, () => ({ get build() { throw new Error('getter'); } }),
    () => new Promise(() => {}), () => Promise.reject(new Error('no file'))]) {
    const m = await createMlsysim({ answers: answers() });
    assert.equal(m.version, plain.version, String(answers));
  }
  // a promise that has settled by the time the module is ready is taken
  const m = await createMlsysim({ answers: Promise.resolve(marked) });
  assert.equal(m.version, 'recorded');
  // a reply cut short (a damaged file of this very build) is not taken: the module answers
  // that call itself, and the record's other replies still stand (it stopped the page and
  // listPresets threw a bare SyntaxError: an attacker's trial)
  const lists = await record((r) => { r.listPresets(); r.listScenarioTypes(); });
  const damaged = tampered(lists, '_list["presets"]', (v) => v.slice(0, v.length >> 1));
  const cut = { ...damaged, calls: [...damaged.calls, ['_version[]', 'recorded']] };
  const d = await createMlsysim({ answers: cut });
  assert.deepEqual(d.listPresets(), plain.listPresets());
  assert.deepEqual(d.listScenarioTypes(), plain.listScenarioTypes());
  assert.equal(d.version, 'recorded');
});

test('once every answer has been read, the module makes the recorded evaluations again and drops a reply it does not give', async () => {
  const rec = await record((r) => r.evaluatePreset(PRESET));
  const real = plain.evaluatePreset(PRESET).properties.cost.value;
  const wrong = tampered(rec, '_request', (v) => v.replace(`"value":${JSON.stringify(real)}`, '"value":12345'));
  assert.notEqual(JSON.stringify(wrong), JSON.stringify(rec), 'the reply holds the value');
  const warnings = [];
  const warn = console.warn;
  console.warn = (...a) => warnings.push(a.join(' '));
  try {
    const m = await createMlsysim({ answers: wrong });
    assert.equal(m.evaluatePreset(PRESET).properties.cost.value, 12345, 'the recorded reply, as given');
    assert.ok(await waitFor(() => warnings.length > 0), 'the check ran');
    assert.match(warnings[0], /prerendered answer differs from the module's own \(_request\)/);
    assert.equal(m.evaluatePreset(PRESET).properties.cost.value, real, 'the module\'s own from then on');
  } finally {
    console.warn = warn;
  }
});

test('a correct record passes its check silently', async () => {
  const rec = await record((r) => { r.evaluatePreset(PRESET); r.describeScenarioType('SyncStrategyScenario'); });
  const warnings = [];
  const warn = console.warn;
  console.warn = (...a) => warnings.push(a.join(' '));
  try {
    const m = await createMlsysim({ answers: rec });
    m.evaluatePreset(PRESET);
    m.describeScenarioType('SyncStrategyScenario');
    await new Promise((r) => setTimeout(r, 400));
    assert.deepEqual(warnings, []);
  } finally {
    console.warn = warn;
  }
});

/** What the module's public API gives for a recorded call, as the raw reply's JSON. */
function publicAnswer(key) {
  const name = key.slice(0, key.indexOf('['));
  const args = JSON.parse(key.slice(name.length));
  switch (name) {
    case '_version': return plain.version;
    case '_typeHeads': return plain.listScenarioTypes({ details: false });
    case '_list': return { limits: () => plain.limits, presets: plain.listPresets, categories: plain.listCategories,
      registries: plain.listRegistries, units: plain.listUnits }[args[0]]();
    case '_describeType': return plain.describeScenarioType(args[0]);
    case '_request': {
      const req = JSON.parse(args[0]);
      const options = { bytes: args[1] ? 'binary' : 'decimal', work: args[2], partial: args[3] };
      try {
        return { result: 'preset' in req ? plain.evaluatePreset(req.preset, req.overrides ?? undefined, options)
          : plain.evaluate(req.type, req.inputs, options) };
      } catch (e) { return { error: e.message, field: e.field }; }
    }
    default: throw new Error(`a recorded call this test does not know: ${key}`);
  }
}

test('every answer file the build wrote is this module\'s own answers: the calls all views share, and each view\'s own', async () => {
  const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
  const shared = read(path.join(dist, 'shared.answers.json'));
  const views = [path.join(dist, 'index.answers.json'),
    ...readdirSync(path.join(dist, 'embeds')).filter((f) => f.endsWith('.answers.json')).map((f) => path.join(dist, 'embeds', f))];
  const embeds = readdirSync(path.join(dist, 'embeds')).filter((f) => f.endsWith('.html'));
  assert.equal(views.length, embeds.length + 1, 'one per prerendered embed, and the page\'s');
  const m = await createMlsysim({ answers: tampered(shared, '_version', () => 'this build') });
  assert.equal(m.version, 'this build', 'recorded by this very module (its build)');
  assert.deepEqual(shared.calls.map(([k]) => k).sort(), ['_list["limits"]', '_list["presets"]', '_typeHeads[]', '_version[]']);
  for (const file of [path.join(dist, 'shared.answers.json'), ...views]) {
    const { build, calls } = read(file);
    assert.equal(build, shared.build, `${file}: one build`);
    if (file !== path.join(dist, 'shared.answers.json')) {
      assert.ok(calls.some(([k]) => k.startsWith('_request[')), `${file}: holds the view's evaluation`);
      assert.ok(!calls.some(([k]) => shared.calls.some(([s]) => s === k)), `${file}: no call of the shared file again`);
    }
    for (const [key, reply] of calls) {
      const want = publicAnswer(key);
      assert.deepEqual(typeof want === 'string' ? reply : JSON.parse(reply), want, `${path.basename(file)}: ${key.slice(0, 80)}`);
    }
  }
});

test('answers given as an array (and promises of arrays) are merged', async () => {
  const one = await record((r) => r.evaluatePreset(PRESET));
  const other = await record((r) => r.evaluatePreset('Llama8BChatH100'));
  const mark = (rec, text) => ({ ...rec, calls: rec.calls.filter(([k]) => k.startsWith('_request[')).map(([k, v]) => [k, v.replace(/"text":"[^"]*"/, `"text":"${text}"`)]) });
  const m = await createMlsysim({ answers: [mark(one, 'from one'), Promise.resolve([mark(other, 'from other')]), null, 'x'] });
  const first = (r) => Object.values(r.properties)[0].text;
  assert.equal(first(m.evaluatePreset(PRESET)), 'from one');
  assert.equal(first(m.evaluatePreset('Llama8BChatH100')), 'from other');
});

test('a page that reads only some answers (a link to another view) still has them all checked, 3 s on', async () => {
  const rec = await record((r) => { r.evaluatePreset(PRESET); r.evaluatePreset('Llama8BChatH100'); });
  const other = plain.evaluatePreset('Llama8BChatH100');
  const text = Object.values(other.properties)[0].text;
  let n = 0;
  const wrong = { ...rec, calls: rec.calls.map(([k, v]) => [k, k.includes('Llama8BChatH100') ? (n++, v.replace(`"text":"${text}"`, '"text":"recorded"')) : v]) };
  assert.equal(n, 1);
  await new Promise((r) => setTimeout(r, 1000));  // the earlier tests' modules have checked theirs
  const warnings = [];
  const warn = console.warn;
  console.warn = (...a) => warnings.push(a.join(' '));
  try {
    const m = await createMlsysim({ answers: wrong });
    m.evaluatePreset(PRESET);  // the other recorded call is never read
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(warnings, [], 'not yet');
    assert.ok(await waitFor(() => warnings.length > 0, 6000), 'checked without being read');
    assert.equal(Object.values(m.evaluatePreset('Llama8BChatH100').properties)[0].text, text, 'the module\'s own');
  } finally {
    console.warn = warn;
  }
});

test('fetchAnswers (web/answers.mjs): the JSON, or null for a missing, redirected, over-long, damaged or late file', async () => {
  const { fetchAnswers } = await import(pathToFileURL(path.join(dist, '..', 'web', 'answers.mjs')).href);
  const real = globalThis.fetch;
  const body = (chunks) => new ReadableStream({ pull(c) { const x = chunks.shift(); if (x === undefined) c.close(); else c.enqueue(new TextEncoder().encode(x)); } });
  const serve = (make) => { globalThis.fetch = async (url, init) => make(url, init); };
  try {
    serve(() => new Response('{"build":"b","calls":[]}'));
    assert.deepEqual(await fetchAnswers('x'), { build: 'b', calls: [] });
    serve(() => new Response('no', { status: 404 }));
    assert.equal(await fetchAnswers('x'), null);
    serve(() => Object.defineProperty(new Response('{}'), 'redirected', { value: true }));
    assert.equal(await fetchAnswers('x'), null);
    serve(() => new Response('<!doctype html><p>the site\'s own page'));
    assert.equal(await fetchAnswers('x'), null);
    // over 1 MiB with no Content-Length (chunked, or compressed on the way): cut off as it comes
    let pulled = 0;
    serve(() => new Response(new ReadableStream({ pull(c) { pulled++; c.enqueue(new Uint8Array(65536).fill(32)); } })));
    assert.equal(await fetchAnswers('x'), null);
    assert.ok(pulled <= 20, `stopped reading after about 1 MiB (${pulled} chunks of 64 KiB)`);
    serve(() => new Response(body(['{"build":', '"b","calls":[]}'])));
    assert.deepEqual(await fetchAnswers('x'), { build: 'b', calls: [] }, 'in pieces');
    serve(() => new Response('{}', { headers: { 'content-length': String(2 * 1048576) } }));
    assert.equal(await fetchAnswers('x'), null);
    // a server that never answers: given up after 3 s, its connection freed
    let aborted = false;
    serve((url, init) => new Promise((_, reject) => init.signal.addEventListener('abort', () => { aborted = true; reject(new Error('aborted')); })));
    const t0 = Date.now();
    assert.equal(await fetchAnswers('x'), null);
    assert.ok(aborted && Date.now() - t0 >= 2900, `aborted after ${Date.now() - t0} ms`);
  } finally {
    globalThis.fetch = real;
  }
});

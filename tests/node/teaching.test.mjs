// node --test: show-your-work and sweeps through the JS API.
import test from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { load, assertClose } from './load.mjs';

const m = await load();
/** The functions a work expression may call, each Math's own (docs/api.md, `work`). */
const FUNCTIONS = ['sqrt', 'log2', 'exp', 'ceil', 'floor', 'min', 'max'];

test('every substituted expression of every preset evaluates, independently, to the shown value', () => {
  let checked = 0;
  for (const p of m.listPresets()) {
    const r = m.evaluatePreset(p.name, undefined, { work: true });
    for (const [name, v] of Object.entries(r.properties)) {
      if ('error' in v) continue;
      // plain arithmetic and the documented functions (docs/api.md), nothing else
      const words = v.work.expression.match(/[a-z_][a-z0-9_]*/gi) || [];
      assert.ok(words.every((w) => FUNCTIONS.includes(w) || /^e$/i.test(w)), `${p.name}.${name}: ${v.work.expression}`);
      assert.match(v.work.expression, /^[0-9.e+\-*/%(), <>=!&|?:a-z_]+$/i, `${p.name}.${name}: plain arithmetic only`);
      // the JS engine evaluates the printed arithmetic; the core evaluated its own tree
      const independent = vm.runInNewContext(v.work.expression, Object.fromEntries(FUNCTIONS.map((f) => [f, Math[f]])));
      assertClose(assert, independent, v.value, 1e-12, `${p.name}.${name}: ${v.work.expression}`);
      assert.ok(v.work.mathml.startsWith('<math xmlns="http://www.w3.org/1998/Math/MathML"'));
      assert.ok(v.work.mathml.includes(`<mtext>${v.text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</mtext>`), `${p.name}.${name} mathml ends in its text`);
      checked++;
    }
  }
  assert.ok(checked >= 40, `checked ${checked} properties`);
});

test('substituted expressions stay exact at large integer inputs: ceil(log2(2^49 + 1)) is 50 in the work as in the value', () => {
  // Math.log2(2^49 + 1) rounds to 49; the core's ceil(log2(N)) is exact, and the work
  // writes that integer rather than an expression JavaScript would round
  let checked = 0;
  for (const p of m.listPresets()) {
    const t = m.listScenarioTypes().find((x) => x.name === p.type);
    for (const f of t.fields.filter((x) => x.type === 'int')) {
      for (const big of [2 ** 49 + 1, 2 ** 52 + 1]) {
        let r;
        try { r = m.evaluate(p.type, { ...p.inputs, [f.name]: big }, { work: true }); } catch { continue; }
        for (const [name, v] of Object.entries(r.properties)) {
          if ('error' in v) continue;
          const independent = vm.runInNewContext(v.work.expression, Object.fromEntries(FUNCTIONS.map((g) => [g, Math[g]])));
          assertClose(assert, independent, v.value, 1e-12, `${p.name} ${f.name}=${big} ${name}: ${v.work.expression}`);
          checked++;
        }
      }
    }
  }
  assert.ok(checked >= 100, `checked ${checked}`);
  const tree = m.evaluate('CollectiveCostScenario', { message_bytes: '1 GB', ranks: 2 ** 49 + 1, link_bandwidth: '50 GB/s',
    link_latency: '500 ns' }, { work: true }).properties.tree_allreduce_time;
  assertClose(assert, tree.value, 2 * 50 * (1e9 / 50e9 + 500e-9), 1e-12);  // 2 x ceil(log2 N) x (M/B + latency)
});

test('show-your-work reads like the results: speedup = 100,000 / (14,000 × (1 + 0.25)) = 5.714', () => {
  const s = m.evaluatePreset('TransformerBsp8Workers', undefined, { work: true }).properties.speedup;
  assert.equal(`speedup = ${s.work.text} = ${s.text}`, 'speedup = 100,000 / (14,000 × (1 + 0.25)) = 5.714');
  const c = m.evaluatePreset('TransformerBsp8Workers', undefined, { work: true }).properties.cost;
  // 14000 × 0.625 s × 8 × 2 USD/h = 14000 × 0.625 × 8 × 2 / 3600 USD = 38.888… USD
  assert.equal(`cost = ${c.work.text} = ${c.text}`, 'cost = 14,000 × 625 ms × 8 × 2 USD/h = $38.89');
});

test('sweep of workers 1..1024 (log) gives evaluate\'s values at every point, in one call', () => {
  const p = m.listPresets().find((q) => q.name === 'TransformerBsp8Workers');
  const n = 10000;
  const values = new Float64Array(n).map((_, i) => Math.round(2 ** (10 * i / (n - 1))));
  const s = m.sweep(p.type, p.inputs, 'workers', values, ['speedup', 'cost']);
  assert.equal(s.properties.speedup.length, n);
  assert.deepEqual(s.units, { speedup: '', cost: 'USD' });
  assert.equal(s.invalid_points, 0);
  for (const i of [0, 1, 4999, 9998, 9999]) {
    const r = m.evaluate(p.type, { ...p.inputs, workers: values[i] });
    assert.equal(s.properties.speedup[i], r.properties.speedup.value);
    assert.equal(s.properties.cost[i], r.properties.cost.value);
  }
  // by hand: 1024 x 14000 x 0.625 s x 2/3600 USD/s = 4977.78 USD
  assertClose(assert, s.properties.cost[n - 1], 1024 * 14000 * 0.625 * 2 / 3600, 1e-12, 'cost at 1024');
});

test('one sweep request over new values again and again (a slider) gives evaluate\'s values each time', () => {
  // the module keeps the last request's preparation (SweepSession); a changed request,
  // or one that fails, in between must not leak into the next
  const p = m.listPresets().find((q) => q.name === 'TransformerBsp8Workers');
  const check = (inputs, field, values, props) => {
    const s = m.sweep(p.type, inputs, field, values, props);
    values.forEach((x, i) => {
      let r;
      try { r = m.evaluate(p.type, { ...inputs, [field]: x }); } catch { r = null; }
      for (const q of props) {
        if (r) assert.equal(s.properties[q][i], r.properties[q].value, `${field}=${x} ${q}`);
        else assert.ok(Number.isNaN(s.properties[q][i]), `${field}=${x} ${q} is a gap`);
      }
    });
    return s;
  };
  check(p.inputs, 'workers', [1, 8, 64], ['speedup', 'global_batch']);
  const s = check(p.inputs, 'workers', [2, 0, 16, 4.5], ['speedup', 'global_batch']);
  assert.equal(s.invalid_points, 2);
  assert.equal(s.properties.global_batch[2], 16 * 32);  // by hand: workers x per_worker_batch
  check({ ...p.inputs, per_worker_batch: 64 }, 'workers', [2, 16], ['speedup', 'global_batch']);  // other inputs changed
  assert.throws(() => m.sweep(p.type, { ...p.inputs, iterations: -1 }, 'workers', [1], ['speedup']), { field: 'iterations' });
  check(p.inputs, 'workers', [3, 5], ['speedup', 'global_batch']);
  check(p.inputs, 'workers', [3, 5], ['cost']);
});

test('a sweep asked for its warnings says where they hold: LlmServingScenario\'s batches that do not fit', () => {
  // a new user's trial: a sweep of batch_size to 512 drew tokens/s rising past the 260 that fit, unmarked
  const inputs = m.evaluatePreset('Llama8BChatH100').inputs;
  const xs = [1, 100, 260, 261, 300, 512, 20, 400];
  const r = m.sweep('LlmServingScenario', inputs, 'batch_size', xs, ['decode_throughput'], { warnings: true });
  // by hand: (85.899 GB - 16.06 GB) / (131072 B x 2048) = 260.2, so 261 and more do not fit
  assert.equal(r.warnings.length, 1);
  assert.equal(r.warnings[0].points, 4);
  assert.deepEqual(r.warnings[0].ranges, [[3, 5], [7, 7]]);
  assert.equal(r.warnings[0].text, m.evaluate('LlmServingScenario', { ...inputs, batch_size: 261 }).warnings[0]);
  assert.match(r.warnings[0].text, /^the batch does not fit: batch_size 261 at context_tokens 2,048 needs 1\.00[0-9]* times memory_capacity 80 GiB/);
  assert.equal(r.warnings[0].infeasible, true);
  // byte amounts as the reader's Bytes setting writes them (a sweep wrote decimal GB beside the
  // GiB the cards showed): GPT-3's 1.75e11 × 2 bytes = 350 GB = 326 GiB (350e9 / 2^30 = 325.96)
  const big = { ...inputs, workload: 'GPT3' };
  const binary = m.sweep('LlmServingScenario', big, 'batch_size', [1, 2], ['decode_throughput'], { warnings: true, bytes: 'binary' }).warnings[0].text;
  assert.match(binary, /weight_bytes 326 GiB exceed memory_capacity 80 GiB/);
  assert.equal(binary, m.evaluate('LlmServingScenario', { ...big, batch_size: 1 }, { bytes: 'binary' }).warnings[0]);
  assert.match(m.sweep('LlmServingScenario', big, 'batch_size', [1], null, { warnings: true }).warnings[0].text, /weight_bytes 350 GB \(326 GiB\)/);
  assert.throws(() => m.sweep('LlmServingScenario', big, 'batch_size', [1], null, { warnings: true, bytes: 'GiB' }), { field: 'options', message: 'options.bytes: must be "decimal" or "binary", got "GiB"' });
  // and times as the Time setting writes them (by hand: sqrt(2 × 24.5 s × 3600 s) = 420 s = 0.1167 h)
  const ckpt = m.evaluatePreset('Gpt3On10KYoungDaly', { system_mtbf: '1 h' }).inputs;
  const timed = m.sweep('CheckpointIntervalScenario', ckpt, 'restart_time', [90, 100], ['interval'], { warnings: true, time: 'h' }).warnings[0].text;
  assert.match(timed, /checkpoint_write_time 0\.006806 h or interval 0\.1167 h is more than a tenth of system_mtbf 1 h/);
  assert.equal(timed, m.evaluate('CheckpointIntervalScenario', { ...ckpt, restart_time: '90 s' }, { time: 'h' }).warnings[0]);
  // the same request again (the kept preparation) and new values: the same answer for them
  assert.deepEqual(m.sweep('LlmServingScenario', inputs, 'batch_size', [600, 1], ['decode_throughput'], { warnings: true }).warnings.map((w) => w.ranges), [[[0, 0]]]);
  // not asked for: no such member, and no cost
  assert.equal('warnings' in m.sweep('LlmServingScenario', inputs, 'batch_size', xs, ['decode_throughput']), false);
  assert.throws(() => m.sweep('LlmServingScenario', inputs, 'batch_size', xs, null, { warnings: 'yes' }), { field: 'options', message: 'options.warnings: must be true or false, got "yes"' });
});

test('sweep gaps: a property error or a value that breaks the rule is NaN, not a throw', () => {
  const p = m.listPresets().find((q) => q.name === 'ReferenceJobAttackSurface');
  const s = m.sweep(p.type, p.inputs, 'dp_degree', [1, 2, 0, 2.5, 16], ['gather_traffic_ratio']);
  const r = Array.from(s.properties.gather_traffic_ratio);
  assert.ok(Number.isNaN(r[0]));
  assert.equal(r[1], 1);
  assert.ok(Number.isNaN(r[2]) && Number.isNaN(r[3]));
  assert.equal(r[4], 8);
  assert.equal(s.invalid_points, 2);
  assert.equal(s.first_invalid, 'dp_degree: must be an integer >= 1, got 0');  // evaluate's words
  const rate = m.sweep('SyncStrategyScenario', m.listPresets()[0].inputs, 'device_hour_rate', [2], ['cost'], { unit: 'USD/h' });
  assertClose(assert, rate.properties.cost[0], 350 / 9, 1e-12, 'cost at 2 USD/h');
});

test('bad sweep requests throw with the field named, and the module stays usable', () => {
  const p = m.listPresets()[0];
  assert.throws(() => m.sweep(p.type, p.inputs, 'nope', [1]), { field: 'field' });
  assert.throws(() => m.sweep(p.type, p.inputs, 'workers', [1], ['nope']), { field: 'properties' });
  assert.throws(() => m.sweep(p.type, p.inputs, 'workers', null), { field: 'values' });
  assert.throws(() => m.sweep(p.type, p.inputs, 'workers', { length: 1e9 }), { field: 'values', message: /at most 1000000/ });
  assert.throws(() => m.sweep(p.type, { ...p.inputs, iterations: -1 }, 'workers', [1]), { field: 'iterations' });
  assert.throws(() => m.sweep(p.type, p.inputs, 'base_iteration_time', [1], null, { unit: 'GB' }), { field: 'unit' });
  assert.equal(m.sweep(p.type, p.inputs, 'workers', [8]).properties.global_batch[0], 256);
});

test('sweep reads every value before it touches the module, so re-entrant getters are harmless', () => {
  const p = m.listPresets()[0];
  const inner = () => m.sweep(p.type, p.inputs, 'workers', new Float64Array(200000).fill(3), ['global_batch']);
  const values = { length: 3, get 0() { inner(); return 1; }, 1: 2, 2: 4 };
  const s = m.sweep(p.type, p.inputs, 'workers', values, ['global_batch']);
  assert.deepEqual(Array.from(s.properties.global_batch), [32, 64, 128]);
  assert.equal(m.evaluatePreset(p.name).properties.global_batch.value, 256, 'the module is still whole');
  for (const bad of [{ length: 2.5, 0: 1, 1: 2 }, { length: NaN }, { length: -1 }, 'abc', [1, Symbol('x')], [1, '2'], { length: 1, get 0() { throw new Error('boom'); } }])
    assert.throws(() => m.sweep(p.type, p.inputs, 'workers', bad), { field: 'values' });
});

// The module's sweep kernel is compiled apart (-O3, SIMD, no LTO) from the rest (-Oz,
// LTO): the native Catch2 test of the same name cannot see a difference that only the
// wasm build has. Every numeric field of every preset, at values that break rules or
// overflow a step; every property; to the bit, gaps where evaluate refuses or reports
// the property unavailable.
test('in the module too, a sweep agrees with evaluate at every point, field and preset, to the bit', () => {
  const big = 2 ** 53;
  const values = [0, 1, 1.5, 2, 3, 7, 64, 1000, 1e6, 1e12, 1e15, 1e154, 1e300, 1e308, big, big + 2, -1, -0, 0.25,
    1e-300, NaN, Infinity, -Infinity, 2 ** 52, 257, 513];
  const types = Object.fromEntries(m.listScenarioTypes().map((t) => [t.name, t]));
  let compared = 0, gaps = 0;
  for (const p of m.listPresets()) {
    const t = types[p.type];
    for (const f of t.fields.filter((x) => ['int', 'float', 'quantity'].includes(x.type))) {
      const s = m.sweep(p.type, p.inputs, f.name, values);
      values.forEach((v, i) => {
        let r = null;
        try {
          r = m.evaluate(p.type, { ...p.inputs, [f.name]: f.type === 'quantity' ? { value: v, unit: f.unit } : v });
        } catch (e) {
          assert.ok(e.field, `${p.name} ${f.name}=${v}: ${e.message}`);
        }
        for (const q of t.properties) {
          const got = s.properties[q.name][i];
          const want = r && r.properties[q.name];
          if (!want || 'error' in want) {
            assert.ok(Number.isNaN(got), `${p.name} ${f.name}=${v} ${q.name}: want a gap, got ${got}`);
            gaps++;
          } else {
            assert.ok(Object.is(got, want.value), `${p.name} ${f.name}=${v} ${q.name}: sweep ${got}, evaluate ${want.value}`);
            compared++;
          }
        }
      });
    }
  }
  assert.ok(compared > 500 && gaps > 500, `both kinds occur often (${compared} values, ${gaps} gaps)`);
});

test('sweep into a caller\'s buffer: the same numbers, views of that buffer, and clear refusals', () => {
  const p = m.listPresets().find((q) => q.name === 'TransformerBsp8Workers');
  const values = new Float64Array([1, 8, 1000, 0]);  // 0 breaks workers >= 1
  const fresh = m.sweep(p.type, p.inputs, 'workers', values, ['global_batch', 'cost']);
  const buffer = new Float64Array(10).fill(-1);
  const s = m.sweep(p.type, p.inputs, 'workers', values, ['global_batch', 'cost'], { into: buffer });
  for (const name of ['global_batch', 'cost']) {
    assert.equal(s.properties[name].buffer, buffer.buffer, `${name} is a view of into`);
    assert.deepEqual(Array.from(s.properties[name]), Array.from(fresh.properties[name]));
  }
  // by hand: global_batch = workers x per_worker_batch (32); cost = 14000 x 0.625 s x workers x 2/3600 USD/s
  assert.deepEqual(Array.from(buffer.subarray(0, 3)), [32, 256, 32000]);
  assertClose(assert, buffer[5], 14000 * 0.625 * 8 * 2 / 3600, 1e-12, 'cost at 8 workers');
  assert.ok(Number.isNaN(buffer[3]) && Number.isNaN(buffer[7]), 'the invalid point is a gap in both');
  assert.deepEqual(Array.from(buffer.subarray(8)), [-1, -1], 'nothing past properties x points is written');
  const again = m.sweep(p.type, p.inputs, 'workers', [2, 4, 8, 16], ['global_batch', 'cost'], { into: buffer });
  assert.deepEqual(Array.from(again.properties.global_batch), [64, 128, 256, 512]);
  assert.deepEqual(Array.from(s.properties.global_batch), [64, 128, 256, 512], 'a second sweep into it overwrites the first');
  assert.throws(() => m.sweep(p.type, p.inputs, 'workers', values, ['global_batch', 'cost'], { into: new Float64Array(7) }),
    { field: 'into', message: 'into: needs at least 2 properties × 4 points = 8 elements, got 7' });
  for (const bad of [[0, 0, 0, 0, 0, 0, 0, 0], new Float32Array(8), new Proxy(new Float64Array(8), {}), 'abc', 8])
    assert.throws(() => m.sweep(p.type, p.inputs, 'workers', values, ['global_batch', 'cost'], { into: bad }), { field: 'into', message: /must be a Float64Array/ });
  assert.throws(() => m.sweep(p.type, p.inputs, 'workers', values, null, { into: values }), { field: 'into', message: /share its buffer/ });
  assert.equal(m.sweep(p.type, p.inputs, 'workers', values, ['global_batch'], { into: null }).properties.global_batch[1], 256, 'into: null is no into');
});

// From an attack session: every check of `into` and `values` goes through the typed-array
// intrinsics, so no method, getter or tag a caller overrides can run once a view of the
// module's memory exists, or receive one.
test('sweep cannot be fooled by overridden methods, faked tags or lying getters on into and values', () => {
  const p = m.listPresets().find((q) => q.name === 'TransformerBsp8Workers');
  const cost8 = 14000 * 0.625 * 8 * 2 / 3600;  // by hand: iterations x iteration_time x workers x rate
  let leaked;
  const into = new Float64Array(2);
  into.set = (v) => { leaked = v; };
  into.subarray = () => { throw new Error('not called'); };
  const s = m.sweep(p.type, p.inputs, 'workers', [8], ['cost'], { into });
  assert.equal(leaked, undefined, 'the overriding set never ran');
  assertClose(assert, into[0], cost8, 1e-12, 'written by the intrinsic set');
  assertClose(assert, s.properties.cost[0], cost8, 1e-12, 'a view of into');
  for (const [make, what] of [[() => new Uint8Array(8), 'Uint8Array'], [() => new Float32Array(8), 'Float32Array'], [() => new DataView(new ArrayBuffer(64)), 'a DataView']]) {
    const fake = make();
    Object.defineProperty(fake, Symbol.toStringTag, { value: 'Float64Array' });
    assert.throws(() => m.sweep(p.type, p.inputs, 'workers', [8], ['cost'], { into: fake }), { field: 'into', message: /must be a Float64Array/ }, what);
  }
  const longer = new Float64Array(4);
  Object.defineProperty(longer, 'length', { get: () => 1e9 });
  assert.equal(m.sweep(p.type, p.inputs, 'workers', [8], ['cost'], { into: longer }).properties.cost.length, 1, 'its real length counts');
  const shared = new Float64Array(8);
  const lying = shared.subarray(0, 4);
  Object.defineProperty(lying, 'buffer', { get: () => new ArrayBuffer(8) });
  assert.throws(() => m.sweep(p.type, p.inputs, 'workers', shared.subarray(4), ['cost'], { into: lying }), { field: 'into', message: /share its buffer/ });
  const values = Float64Array.of(8, 16);
  Object.defineProperty(values, 'length', { get: () => 1e6 });
  assert.equal(m.sweep(p.type, p.inputs, 'workers', values, ['cost']).properties.cost.length, 2, 'values: its real length');
  const gone = new Float64Array(0);
  structuredClone(gone, { transfer: [gone.buffer] });
  assert.throws(() => m.sweep(p.type, p.inputs, 'workers', [], ['cost'], { into: gone }), { field: 'into' });
  assert.throws(() => m.sweep(p.type, p.inputs, 'workers', [8], ['cost'], { get into() { throw new Error('boom'); } }), { field: 'options', message: 'options: cannot be read (boom)' });
  let reads = 0;
  m.sweep(p.type, p.inputs, 'base_iteration_time', [500], ['cost'], { get unit() { reads++; return 'ms'; } });
  assert.equal(reads, 1, 'each option is read once');
  assert.throws(() => m.sweep(p.type, p.inputs, 'workers', [8], null, { unit: 'h/s' }), { field: 'unit', message: /plain number/ });
  // result arrays are made by the Float64Array constructor, not by subarray or slice,
  // which would ask into's constructor (Symbol.species) for them
  const species = new Float64Array(8);
  species.constructor = { [Symbol.species]: function () { return new Float32Array([7, 7, 7, 7]); } };
  const sp = m.sweep(p.type, p.inputs, 'workers', [1, 2, 4, 8], ['global_batch', 'cost'], { into: species });
  assert.ok(sp.properties.cost instanceof Float64Array && sp.properties.cost.buffer === species.buffer);
  assert.deepEqual(Array.from(sp.properties.global_batch), [32, 64, 128, 256]);
  class Sub extends Float64Array { static get [Symbol.species]() { throw new Error('species asked'); } }
  assert.deepEqual(Array.from(m.sweep(p.type, p.inputs, 'workers', Sub.of(8), ['global_batch'], { into: new Sub(1) }).properties.global_batch), [256]);
  // whatever a caller's code throws (not an Error, not even printable) becomes an Error naming the input
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  for (const thrown of [Object.create(null), { get message() { throw 99; } }, revoked.proxy, 'nope', 42]) {
    assert.throws(() => m.sweep(p.type, p.inputs, 'workers', [8], null, { get unit() { throw thrown; } }), { field: 'options' });
    assert.throws(() => m.sweep(p.type, p.inputs, 'workers', { length: 1, get 0() { throw thrown; } }), { field: 'values' });
    assert.throws(() => m.sweep(p.type, p.inputs, 'workers', { get length() { throw thrown; } }), { field: 'values' });
    assert.throws(() => m.evaluate(p.type, { ...p.inputs, get workers() { throw thrown; } }), { field: 'workers' });
  }
  assert.throws(() => m.sweep(p.type, p.inputs, 'workers', [8], null, { into: revoked.proxy }), { field: 'into' });
});

test('a failed large sweep gives its buffers back', () => {
  const p = m.listPresets().find((q) => q.name === 'ReferenceJobAttackSurface');
  const big = new Float64Array(1000000).fill(4);
  m.sweep(p.type, p.inputs, 'dp_degree', [4]);  // the small buffers exist
  const before = m.heapUsed();
  assert.throws(() => m.sweep(p.type, p.inputs, 'dp_degree', big, ['nope']), { field: 'properties' });
  assert.throws(() => m.sweep(p.type, p.inputs, 'dp_degree', big, undefined, { into: new Float64Array(10) }), { field: 'into' });
  assert.ok(m.heapUsed() <= before + 4096, `heap after: ${m.heapUsed()} bytes, before: ${before}`);
});

test('a request with tens of thousands of keys is refused before it is read', () => {
  // (refused by its count of entries, before nlohmann's ordered object reads them in
  // quadratic time; the bench times things, tests do not)
  // (30,000 keys in one object: the object's limit, 256 keys, comes first; 10,000 entries
  // spread over small objects meet the request's own)
  const inputs = Object.fromEntries(Array.from({ length: 30000 }, (_, i) => [`k${i}`, i]));
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', inputs), { message: /has an object of more than 256 keys, opened at line 1, column \d+; no object read here needs more than a few dozen/ });
  const spread = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, Object.fromEntries(Array.from({ length: 200 }, (_, j) => [`j${j}`, j]))]));
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', spread), { message: /more than 10000 entries \(names, values and items\); a request needs a few dozen/ });
});

test('a field refused before its evaluation is invalid, not missing, in the banner\'s account', async () => {
  // 1.1 M characters typed into base_iteration_time: "too long", then left out of the
  // evaluation, which called it not given; the banner said "Some inputs are missing."
  const { evaluateTexts } = await import('../../web/fields.mjs');
  const type = m.describeScenarioType('SyncStrategyScenario');
  const texts = Object.fromEntries(Object.entries(m.evaluatePreset('TransformerBsp8Workers').inputs)
    .map(([k, v]) => [k, v && typeof v === 'object' ? `${v.value} ${v.unit}` : String(v)]));
  for (const bad of ['1'.repeat(1100000) + ' s', '0.5 s\ud800']) {
    const r = evaluateTexts(m, type, { ...texts, base_iteration_time: bad }, null, {});
    assert.deepEqual([...r.errors.keys()], ['base_iteration_time']);
    assert.deepEqual([...r.missing], []);
  }
  // a required field left empty is missing
  const empty = evaluateTexts(m, type, { ...texts, workers: '' }, null, {});
  assert.deepEqual([...empty.missing], ['workers']);
});

test('a custom entry starts as an exact copy of the chosen one, counts with their power of ten', async () => {
  // a new user's trial: "175000000000 param" in a 3-row box on a phone; the copy must still
  // be the entry, number for number, when the module reads it back
  const { inlineEntry } = await import('../../web/fields.mjs');
  const workload = m.listRegistries().find((r) => r.name === 'workload');
  const gpt3 = workload.entries.find((e) => e.name === 'GPT3');
  const copy = inlineEntry(workload, gpt3);
  assert.equal(copy.parameters, '1.75e11 param');
  assert.equal(copy.inference_flops, '350 GFLOP');  // in its display unit, as before
  for (const kind of m.listRegistries())
    for (const e of kind.entries) {
      const c = inlineEntry(kind, e);
      for (const f of kind.fields)
        if (f.type === 'quantity' && typeof c[f.name] === 'string')
          assert.equal(m.readValue(c[f.name], f.unit, f.name), e[f.name], `${e.name}.${f.name}: ${c[f.name]}`);
    }
});

test('a custom entry holds what the scenario reads and the kind requires, and no number the module would warn is unread', async () => {
  // an accelerator's tdp edited in a scenario that reads device_tdp changed nothing, in silence
  const { inlineEntry } = await import('../../web/fields.mjs');
  const kinds = Object.fromEntries(m.listRegistries().map((k) => [k.name, k]));
  const fleet = m.describeScenarioType('TrainingEnergyScenario').fields.find((f) => f.name === 'fleet');
  assert.deepEqual(fleet.reads, ['count', 'node.accelerators_per_node']);
  const dgx = kinds.fleet.entries.find((e) => e.node && e.node.name === 'DGX_H100') ?? kinds.fleet.entries[0];
  assert.deepEqual(Object.keys(inlineEntry(kinds.fleet, dgx, fleet.reads)), ['name', 'count', 'node']);
  let checked = 0;
  for (const head of m.listScenarioTypes({ details: false })) {
    const type = m.describeScenarioType(head.name);
    const preset = m.listPresets().find((p) => p.type === type.name);
    for (const f of type.fields.filter((x) => !x.numeric)) {
      const kind = kinds[f.type];
      for (const e of kind.entries) {
        if (f.needs.some((p) => p.split('.').reduce((v, k) => (v && typeof v === 'object' ? v[k] : undefined), e) === undefined)) continue;
        const copy = { ...inlineEntry(kind, e, f.reads), name: `${e.name} (custom)` };
        const r = m.evaluate(type.name, { ...preset.inputs, [f.name]: copy });
        assert.deepEqual(r.warnings.filter((w) => w.includes('no result of')), [], `${type.name}.${f.name} = ${e.name}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 50, `${checked} custom copies checked`);
  // the whole entry, as before, renamed: still an entry the module reads, and warned about
  // (the same copy under the built-in's own name is that entry, and is not)
  const node = { ...inlineEntry(kinds.node, kinds.node.entries.find((n) => n.name === dgx.node.name)), accelerator: 'H100' };
  const energy = m.listPresets().find((p) => p.type === 'TrainingEnergyScenario').inputs;
  const whole = m.evaluate('TrainingEnergyScenario', { ...energy, fleet: { ...inlineEntry(kinds.fleet, dgx), name: 'F', node: { ...node, name: 'N' } } });
  assert.equal(whole.warnings.filter((w) => w.startsWith('fleet: no result of TrainingEnergyScenario reads node.accelerator, ')).length, 1, whole.warnings.join('; '));
  assert.deepEqual(m.evaluate('TrainingEnergyScenario', { ...energy, fleet: { ...inlineEntry(kinds.fleet, dgx), node } }).warnings, []);
});

test('a preset or field name offers line breaks between its words, never inside 10K, 8B or A100', async () => {
  // a new user's trial saw the compare column "Gpt3On10 / KYoungDaly" at 390 px
  const { breakable } = await import('../../web/dom.mjs');
  globalThis.document ??= { createElement: () => '|' };  // a <wbr> (the module needs no DOM until called)
  const parts = (s) => breakable(s).join('');
  assert.equal(parts('Gpt3On10KYoungDaly'), 'Gpt3|On10K|Young|Daly');
  assert.equal(parts('Gpt3OnTraining1KA100'), 'Gpt3|On|Training|1KA100');
  assert.equal(parts('H100Cluster1KOwnVsCloud'), 'H100|Cluster|1K|Own|Vs|Cloud');
  assert.equal(parts('Llama8BDecodeStepH100'), 'Llama|8B|Decode|Step|H100');
  assert.equal(parts('TransformerBsp8Workers'), 'Transformer|Bsp8|Workers');
  assert.equal(parts('gradient_bytes_per_param'), 'gradient_|bytes_|per_|param');
  // every preset's name splits back into itself, with no letter left alone (K|Young) and
  // no number cut from its scale (10|K, 1|GB)
  for (const p of (await load()).listPresets()) {
    const pieces = breakable(p.name).filter((x) => x !== '|');
    assert.equal(pieces.join(''), p.name);
    assert.ok(pieces.every((x) => !/^[A-Za-z]$/.test(x)), `${p.name}: ${pieces.join('|')}`);
    assert.ok(pieces.every((x, k) => !(/[0-9]$/.test(x) && /^[KMBGT]([A-Z0-9]|$)/.test(pieces[k + 1] || ''))), `${p.name}: ${pieces.join('|')}`);
  }
});

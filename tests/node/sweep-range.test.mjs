// The range a sweep starts with (web/sweep.mjs rangeAround): around the swept input's
// value, x/8 to 8x, inside the field's rule. Expected ranges are worked by hand from that
// rule and each field's bounds (docs/api.md, fields[i].bounds); the field descriptions
// are the module's own.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';
import { rangeAround, fallbackValue, defaultProps, parseBound, sweepValues, logTicks } from '../../web/sweep.mjs';
import { presetTexts } from '../../web/fields.mjs';

const m = await load();
const types = m.listScenarioTypes();
const field = (type, name) => types.find((t) => t.name === type).fields.find((f) => f.name === name);

test('a sweep starts around the input\'s value, inside its rule', () => {
  // workers = 8, "integer >= 1": 8/8 = 1 to 8 × 8 = 64, a ratio of 64: logarithmic
  assert.deepEqual(rangeAround(field('SyncStrategyScenario', 'workers'), 8), { from: '1', to: '64', scale: 'log' });
  // unit_cost = 30000 USD, ">= 0 USD": 3750 to 240000
  assert.deepEqual(rangeAround(field('ClusterTcoScenario', 'unit_cost'), 30000), { from: '3750', to: '240000', scale: 'log' });
  // pue = 1.12, ">= 1": 0.14 is below the rule, so from 1; to 8.96, under a decade: linear
  assert.deepEqual(rangeAround(field('ClusterTcoScenario', 'pue'), 1.12), { from: '1', to: '8.96', scale: 'lin' });
  // staleness = 0, "integer >= 0": from 0, to 8, linear (a log axis has no 0)
  assert.deepEqual(rangeAround(field('SyncStrategyScenario', 'staleness'), 0), { from: '0', to: '8', scale: 'lin' });
  // mfu = 0.4, "> 0 and <= 1": 0.05 to min(3.2, 1) = 1
  assert.deepEqual(rangeAround(field('TrainingComputeScenario', 'mfu'), 0.4), { from: '0.05', to: '1', scale: 'log' });
  // target_bubble = 0.5, "> 0 and < 1": 0.0625; 4 is past the open end 1, so 1 - (1 - 0.5)/10 = 0.95
  assert.deepEqual(rangeAround(field('PipelineBubbleScenario', 'target_bubble'), 0.5), { from: '0.0625', to: '0.95', scale: 'log' });
  // device_hour_rate = 2 USD/h (its display unit): 0.25 to 16
  assert.deepEqual(rangeAround(field('SyncStrategyScenario', 'device_hour_rate'), 2), { from: '0.25', to: '16', scale: 'log' });
  // an open lower end below x/8: 1 + (2 - 1)/10 = 1.1; the bounds are canonical, over display_factor
  const open = { name: 'x', type: 'float', display_factor: 1, bounds: { min: 1, min_exclusive: true, max: null, max_exclusive: false } };
  assert.deepEqual(rangeAround(open, 2), { from: '1.1', to: '16', scale: 'log' });
  const gb = { name: 'y', type: 'quantity', display_factor: 1e9, bounds: { min: 2e10, min_exclusive: false, max: null, max_exclusive: false } };
  assert.deepEqual(rangeAround(gb, 80), { from: '20', to: '640', scale: 'log' });  // 10 GB is below the 20 GB rule
  // an integer range of one value still has two points
  const one = { name: 'z', type: 'int', display_factor: 1, bounds: { min: 1, min_exclusive: false, max: 1, max_exclusive: false } };
  assert.deepEqual(rangeAround(one, 1), { from: '1', to: '2', scale: 'lin' });
  assert.equal(rangeAround(field('SyncStrategyScenario', 'workers'), NaN), null);
  // an integer's ends are whole numbers as they are: context_tokens 2048 sweeps 256 to 16384
  assert.deepEqual(rangeAround(field('LlmServingScenario', 'context_tokens'), 2048), { from: '256', to: '16384', scale: 'log' });
  // a value the rule refuses starts no range (the page starts around fallbackValue instead)
  assert.equal(rangeAround(field('SyncStrategyScenario', 'base_iteration_time'), -5), null);
  assert.equal(rangeAround(field('PipelineBubbleScenario', 'target_bubble'), 2), null);
  assert.equal(rangeAround(field('TrainingComputeScenario', 'mfu'), 0), null);
  // 5e-324 s: x/8 underflows to 0, on the open end, so the range starts at x itself
  assert.deepEqual(rangeAround(field('SyncStrategyScenario', 'base_iteration_time'), 5e-324), { from: '5e-324', to: '4e-323', scale: 'lin' });
  // an end that three digits would round onto the rule's open end keeps more: 1 + 0.001/10
  const near = { ...open };
  assert.deepEqual(rangeAround(near, 1.001), { from: '1.0001', to: '8.01', scale: 'lin' });
  // 8x past the largest double: the range ends at the value itself
  assert.deepEqual(rangeAround({ ...open, bounds: null }, 1e308), { from: '1.25e+307', to: '1e+308', scale: 'lin' });
});

test('an integer input past 2^53 (a link\'s i.workers=1e300) gets no range around it, never one whose From is above its To', () => {
  const workers = field('SyncStrategyScenario', 'workers');
  for (const x of [1e17, 1e300, 2 ** 53 + 2]) assert.equal(rangeAround(workers, x), null, String(x));
  const edge = rangeAround(workers, 2 ** 53);
  assert.ok(Number(edge.from) < Number(edge.to), JSON.stringify(edge));
  for (const x of [1, 8, 1e6, 2 ** 52, 2 ** 53]) {
    const r = rangeAround(workers, x);
    assert.ok(Number(r.from) >= 1 && Number(r.from) < Number(r.to) && Number(r.to) <= 2 ** 53, `${x}: ${JSON.stringify(r)}`);
  }
});

test('with no valid value, a sweep starts around one inside the rule', () => {
  // 1 where the rule allows it; the middle of (0, 1); twice a positive lower end
  assert.equal(fallbackValue(field('SyncStrategyScenario', 'workers')), 1);
  assert.equal(fallbackValue(field('PipelineBubbleScenario', 'target_bubble')), 0.5);
  assert.equal(fallbackValue(field('TrainingComputeScenario', 'mfu')), 1);
  assert.equal(fallbackValue({ type: 'float', display_factor: 1, bounds: { min: 2, min_exclusive: false, max: null, max_exclusive: false } }), 4);
  assert.deepEqual(rangeAround(field('PipelineBubbleScenario', 'target_bubble'), 0.5), { from: '0.0625', to: '0.95', scale: 'log' });
});

test('a sweep first shows properties that move with the swept input', () => {
  const t = (name) => types.find((x) => x.name === name);
  // staleness moves only stale_lr_factor (1 / sqrt(1 + staleness))
  assert.deepEqual(defaultProps(t('SyncStrategyScenario'), 'staleness'), ['stale_lr_factor']);
  for (const type of types)
    for (const f of type.fields.filter((x) => x.numeric)) {
      const picked = defaultProps(type, f.name);
      const moving = type.properties.filter((p) => p.depends_on.includes(f.name) ||
        type.symbols.some((y) => p.depends_on.includes(y.name) && y.meaning.split('.')[0] === f.name));
      assert.ok(picked.length > 0, `${type.name}.${f.name}`);
      if (moving.length) assert.ok(picked.every((n) => moving.some((p) => p.name === n)), `${type.name}.${f.name}: ${picked} do not all move`);
    }
});

test('a sweep does not first show two properties on one axis where one is a flat line at its foot', () => {
  // Gpt3ClassRunUsAverage: device_power_draw 400 W x 0.65 = 260 W beside it_power = 1024
  // devices x 260 W = 266,240 W (by hand): 1024x, the device's line flat on a kW axis
  const t = (name) => types.find((x) => x.name === name);
  const valuesOf = (preset) => Object.fromEntries(Object.entries(m.evaluatePreset(preset, {}, { partial: true }).properties).map(([n, q]) => [n, q.value]));
  const energy = valuesOf('Gpt3ClassRunUsAverage');
  assert.equal(Math.round(energy.it_power / energy.device_power_draw), 1024);
  assert.deepEqual(defaultProps(t('TrainingEnergyScenario'), 'device_tdp'), ['device_power_draw', 'it_power']);  // without values
  assert.deepEqual(defaultProps(t('TrainingEnergyScenario'), 'device_tdp', energy), ['device_power_draw', 'it_energy']);
  // expected_failures (121.8) and job_failure_probability (1) are both plain numbers, and
  // no other property moves with job_duration: the first alone (the probability is 1 all
  // along a sweep of this 10,000-GPU job, so the type declares no properties of its own)
  assert.deepEqual(defaultProps(t('MtbfCascadeScenario'), 'job_duration', valuesOf('Book10KThreeWeekJob')), ['expected_failures']);
  assert.deepEqual(t('MtbfCascadeScenario').sweep, { field: 'job_duration', properties: [] });
  // accelerator_hours (in h) has an axis of its own beside training_time (s), unless the
  // settings write every time in one unit: then they share one, 1024 GPUs apart (by hand:
  // accelerator_hours = devices x training_time), and the second is the cost
  const a100 = valuesOf('Gpt3OnTraining1KA100');
  assert.equal(Math.round(a100.accelerator_hours / a100.training_time), 1024);
  assert.deepEqual(defaultProps(t('TrainingComputeScenario'), 'training_tokens', a100), ['training_time', 'accelerator_hours']);
  assert.deepEqual(defaultProps(t('TrainingComputeScenario'), 'training_tokens', a100, { bytes: 'decimal', time: 'ms', money: 'short' }),
    ['training_time', 'training_cost']);
  let checked = 0;
  for (const p of m.listPresets()) {
    const type = t(p.type), values = valuesOf(p.name);
    for (const f of type.fields.filter((x) => x.numeric)) {
      const [a, b] = defaultProps(type, f.name, values).map((n) => type.properties.find((q) => q.name === n));
      assert.ok(a, `${p.name}.${f.name}`);
      if (!b || a.unit !== b.unit || a.display_unit !== b.display_unit || !values[a.name] || !values[b.name]) continue;
      const ratio = Math.abs(values[a.name] / values[b.name]);
      assert.ok(ratio <= 20 && ratio >= 1 / 20, `${p.name}.${f.name}: ${a.name} ${values[a.name]} beside ${b.name} ${values[b.name]}`);
      checked++;
    }
  }
  assert.ok(checked > 20, `${checked} pairs on one axis`);
});

test('every preset\'s every numeric input starts a sweep the module accepts at every point', () => {
  let checked = 0;
  for (const p of m.listPresets()) {
    const type = types.find((t) => t.name === p.type);
    const texts = presetTexts({ presets: m.listPresets(), types }, p.name);
    for (const f of type.fields.filter((x) => x.numeric)) {
      // the input, else its default (what the form shows as its placeholder)
      const d = f.default;
      const text = texts[f.name] || (d === null ? '' : typeof d === 'object' ? `${d.value} ${d.unit}` : String(d));
      if (text === '') continue;
      const x = parseBound(text, 'From', f, m, type.name);
      const r = rangeAround(f, x);
      const from = Number(r.from), to = Number(r.to);
      assert.ok(from < to && from <= x * 1.000001 && x <= to * 1.000001, `${p.name}.${f.name} = ${x}: ${r.from} to ${r.to}`);
      const xs = sweepValues(f, { from, to, n: '50', scale: r.scale });
      const res = m.sweep(type.name, p.inputs, f.name, xs, [type.properties[0].name], f.type === 'quantity' ? { unit: f.display_unit } : undefined);
      assert.equal(res.invalid_points, 0, `${p.name}.${f.name}: ${r.from} to ${r.to} (${r.scale}) breaks the rule at ${res.first_invalid}`);
      checked++;
    }
  }
  assert.ok(checked > 100, `${checked} inputs`);
});

test('a sweep control the page cannot use says which control, what it got and the rule', () => {
  const workers = field('SyncStrategyScenario', 'workers');
  const time = field('SyncStrategyScenario', 'base_iteration_time');
  const fails = (fn, control, pattern) => assert.throws(fn, (e) => {
    assert.equal(e.control, control);
    assert.match(e.message, pattern);
    return true;
  });
  // a number past the largest double (a link's `sfrom=1e400`) is Infinity, not a bound
  fails(() => parseBound('1e400', 'From', workers, m, 'SyncStrategyScenario'), 'from', /^From is "1e400", beyond the largest number/);
  fails(() => parseBound('-2e308', 'To', time, m, 'SyncStrategyScenario'), 'to', /^To is "-2e308", beyond/);
  fails(() => parseBound('abc', 'From', workers, m, 'SyncStrategyScenario'), 'from', /got "abc"/);
  // ... and one below the smallest (it would read as 0, and a log range would say "From 0")
  fails(() => parseBound('1e-400', 'From', workers, m, 'SyncStrategyScenario'), 'from', /^From is "1e-400", below the smallest number this page computes with \(about 5e-324\): it would read as 0\.$/);
  fails(() => parseBound('-0.5e-330', 'To', time, m, 'SyncStrategyScenario'), 'to', /^To is "-0\.5e-330", below the smallest/);
  for (const zero of ['0', '0.0', '-0', '0e-400', '.0e5']) assert.ok(parseBound(zero, 'From', time, m, 'SyncStrategyScenario') === 0, zero);
  assert.equal(parseBound('1e-320', 'From', time, m, 'SyncStrategyScenario'), 1e-320);  // small, but a number
  // a long text is quoted cut, and says so
  fails(() => parseBound('x'.repeat(100), 'From', workers, m, 'SyncStrategyScenario'), 'from', new RegExp(`got "${'x'.repeat(39)}…"\\.$`));
  // ... and the range's own rules, each with the values it got
  fails(() => sweepValues(workers, { from: 1, to: 8, n: '1', scale: 'lin' }), 'n', /^Points must be a whole number from 2 to 100000, got "1"\.$/);
  // an integer field's points are the whole numbers within From and To, never past them
  assert.deepEqual([...sweepValues(workers, { from: 1.5, to: 9.5, n: '50', scale: 'lin' })], [2, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual([...sweepValues(workers, { from: 9.5, to: 1.5, n: '3', scale: 'lin' })], [2, 6, 9]);
  fails(() => sweepValues(workers, { from: 0, to: 0.5, n: '200', scale: 'lin' }), 'to', /fewer than 2 distinct integer points/);
  assert.deepEqual([...sweepValues(workers, { from: 1.2, to: 20.7, n: '4', scale: 'log' })].map((x) => x >= 2 && x <= 20), [true, true, true, true]);
  fails(() => sweepValues(workers, { from: 1, to: 8, n: '2.5', scale: 'lin' }), 'n', /got "2\.5"/);
  fails(() => sweepValues(workers, { from: -1, to: 8, n: '5', scale: 'log' }), 'from', /got From -1 and To 8/);
  fails(() => sweepValues(workers, { from: 4, to: 0, n: '5', scale: 'log' }), 'to', /got From 4 and To 0/);
  // numbers as typed, "1e300", not JavaScript's "1e+300"; or the texts typed, with their units
  // (a re-checker's trial: "From 1e+300 and To -1e+300")
  fails(() => sweepValues(workers, { from: 1, to: -1e300, n: '5', scale: 'log' }), 'to', /got From 1 and To -1e300:/);
  fails(() => sweepValues(time, { from: 1e300, to: 1e300, n: '5', scale: 'lin' }), 'to', /^From 1e300 and To 1e300 /);
  fails(() => sweepValues(time, { from: 0.001, to: -1, n: '5', scale: 'log', said: { from: '1 ms', to: '-1 s' } }), 'to', /got From 1 ms and To -1 s:/);
  // 1 to 1.2 at whole numbers is the one point 1
  fails(() => sweepValues(workers, { from: 1, to: 1.2, n: '5', scale: 'lin' }), 'to', /^From 1 and To 1\.2 give fewer than 2 distinct integer points/);
  fails(() => sweepValues(workers, { from: NaN, to: 8, n: '5', scale: 'lin' }), 'from', /got "NaN"/);
  // two distinct numbers closer than a plot can show are not "fewer than 2 points"
  const overhead = field('SyncStrategyScenario', 'communication_overhead');
  fails(() => sweepValues(overhead, { from: 0.1, to: 0.1000000001, n: '200', scale: 'lin' }), 'to', /^From 0\.1 and To 0\.1000000001 differ by a billionth of their size or less, too little for a plot to show; widen the range\.$/);
  assert.equal(sweepValues(overhead, { from: 0.1, to: 0.1001, n: '3', scale: 'lin' }).length, 3);
});

test('a log axis\'s ticks spread along it: 1-2-5, then 1-3, then powers of ten, as many as fit', () => {
  // context_tokens 2048 swept from 256 to 16384 (÷8, ×8): its labels were 5,000, 10,000 and
  // 15,000 (a linear fallback), all in the axis's right quarter, colliding at 390 px
  assert.deepEqual(logTicks(256, 16384, 12), [500, 1000, 2000, 5000, 10000]);
  assert.deepEqual(logTicks(256, 16384, 4), [300, 1000, 3000, 10000]);
  assert.deepEqual(logTicks(256, 16384, 3), [1000, 10000]);
  assert.deepEqual(logTicks(256, 16384, 2), [1000, 10000]);
  // forty decades: every sixth power of ten fits 8; inside one decade, round linear steps
  assert.deepEqual(logTicks(1, 1e40, 8), [1, 1e6, 1e12, 1e18, 1e24, 1e30, 1e36]);
  assert.deepEqual(logTicks(2, 9, 8), [2, 4, 6, 8]);
  assert.deepEqual(logTicks(64, 100, 8), [70, 80, 90, 100]);
});

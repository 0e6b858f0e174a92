// The verdict on a prediction (web/calculator.mjs predictionError, predictionVerdict),
// against values worked by hand: the signed relative error in per cent within a factor
// of ten, orders of magnitude beyond it (never "Infinity %"), the other sign said as such.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';
import { useModule } from '../../web/format.mjs';
import { predictionError, predictionVerdict } from '../../web/calculator.mjs';

useModule(await load());
const PREFS = { bytes: 'decimal', time: 'auto', money: 'short' };

test('a prediction within a factor of ten: the signed error in per cent, two significant digits', () => {
  const speedup = 100000 / (14000 * 1.25);  // 5.714…
  assert.equal(predictionError(6, speedup), '5 % high');            // 6 / 5.714 = 1.05
  assert.equal(predictionError(200, 256), '22 % low');              // 56 / 256 = 21.875 %
  assert.equal(predictionError(40, 38.888888888888886), '2.9 % high');  // 1.111 / 38.89 = 2.857 %
  assert.equal(predictionError(0, 5), '100 % low');
  assert.equal(predictionError(5, 5), 'exactly right');
  assert.equal(predictionError(5.0001, 5), 'right to within 0.01 % (high)');
  assert.equal(predictionVerdict(6, speedup, '', PREFS), 'Your prediction: 6 (1.05 times the value); your prediction is 5 % high.');
  assert.equal(predictionVerdict(7200, 3600, 's', PREFS), 'Your prediction: 2 h (2 times the value); your prediction is 100 % high.');
  // a ratio that would read "1" takes 5 digits (a re-checker's trial: "(1 times the value); … 0.013 % low"):
  // 36.8 / 36.805 = 0.999864, 0.0136 % low; within 0.01 % the ratio is left out
  assert.equal(predictionVerdict(36.8, 36.805, '', PREFS), 'Your prediction: 36.8 (0.99986 times the value); your prediction is 0.014 % low.');
  assert.equal(predictionVerdict(5.0001, 5, '', PREFS), 'Your prediction: 5; your prediction is right to within 0.01 % (high).');
});

test('ten times off or more: orders of magnitude, which cannot overflow; the other sign is said', () => {
  assert.equal(predictionError(50, 5), '1 order of magnitude high');
  assert.equal(predictionError(0.5, 5), '1 order of magnitude low');
  assert.equal(predictionError(5000, 5), '3 orders of magnitude high');
  assert.equal(predictionError(1e308, 5.7), '307 orders of magnitude high');   // log10(1e308 / 5.7) = 307.24
  assert.equal(predictionError(5e-324, 5.7), '324 orders of magnitude low');
  assert.equal(predictionVerdict(1e308, 5.7, '', PREFS), 'Your prediction: 1e308; your prediction is 307 orders of magnitude high.');
  assert.equal(predictionError(-3, 5), 'of the other sign (the value is positive)');
  assert.equal(predictionError(3, 0), 'above the value, which is 0');
  assert.equal(predictionError(-3, 0), 'below the value, which is 0');
  // as the verdict reads it ("your prediction is the value is 0; your prediction is above it")
  assert.equal(predictionVerdict(1, 0, 's', PREFS), 'Your prediction: 1 s; your prediction is above the value, which is 0.');
});

test('a prediction is written as its card writes the value: a count-label rate in its label, by the module', async () => {
  // the verdict wrote "200/s" beside the card's "205.2 tokens/s" (a session's note)
  const { propertyValueText } = await import('../../web/format.mjs');
  const m = await load();
  assert.equal(m.propertyText('LlmServingScenario', 'decode_throughput', 200), '200 tokens/s');
  assert.equal(m.humanText(200, '1/s'), '200/s');  // what the unit alone gives
  assert.equal(m.propertyText('SyncStrategyScenario', 'iteration_time', 0.625), '625 ms');
  assert.equal(m.propertyText('SyncStrategyScenario', 'cost', 38.888888888888886), '$38.89');
  const write = (v) => propertyValueText('LlmServingScenario', 'decode_throughput', v, '1/s', PREFS);
  // 200 / 205.2 = 0.9747 times; (205.2 - 200) / 205.2 = 2.53 % low
  assert.equal(predictionVerdict(200, 205.2, '1/s', PREFS, write), 'Your prediction: 200 tokens/s (0.975 times the value); your prediction is 2.5 % low.');
  // the time setting still rules a time: 2 h under time=min is "120 min"
  assert.equal(propertyValueText('SyncStrategyScenario', 'iteration_time', 7200, 's', { ...PREFS, time: 'min' }), '120 min');
  // names and values refused by field, with the nearest name
  assert.throws(() => m.propertyText('LlmServingScenario', 'decode_througput', 1), { field: 'property', message: /unknown property "decode_througput" of LlmServingScenario \(did you mean "decode_throughput"\?\); valid properties: / });
  assert.throws(() => m.propertyText('LlmServing', 'decode_throughput', 1), { field: 'type', message: /unknown scenario type "LlmServing"/ });
  assert.throws(() => m.propertyText(null, 'decode_throughput', 1), { field: 'type' });
  assert.throws(() => m.propertyText('LlmServingScenario', 7, 1), { field: 'property' });
  assert.throws(() => m.propertyText('LlmServingScenario', 'decode_throughput', null), { field: 'value' });
  assert.throws(() => m.propertyText('LlmServingScenario', 'decode_throughput', 1, { byte: 'binary' }), { field: 'options' });
  // and for every property of every preset, the text its result writes
  for (const p of m.listPresets()) {
    const r = m.evaluatePreset(p.name);
    for (const [name, v] of Object.entries(r.properties))
      if ('value' in v) assert.equal(m.propertyText(r.type, name, v.value), v.text, `${p.name}.${name}`);
  }
});

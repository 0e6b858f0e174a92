// Numbers as the module reads them. The module's strtod is the host's number parser
// (wasm/host_strtod.cpp), not musl's; the native build keeps its C library's. These check
// the module against correctly rounded values worked out independently: the bit patterns
// below are Python's float() of each text (struct.pack('<d', float(text))), which rounds
// correctly and shares no code with this project or with JavaScript's Number.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';

const m = await load();
const bits = (x) => new BigUint64Array(new Float64Array([x]).buffer)[0];
const hex = (b) => `0x${b.toString(16).padStart(16, '0')}`;

// Halfway and near-halfway cases, subnormals, the largest double, long mantissas, and a
// mantissa of 401 digits with a matching exponent.
const cases = [
  ['0.1', 0x3fb999999999999an],
  ['0.3', 0x3fd3333333333333n],
  ['1e23', 0x44b52d02c7e14af6n],
  ['8.98846567431158e307', 0x7fe0000000000000n],
  ['2.2250738585072011e-308', 0x000fffffffffffffn],
  ['2.2250738585072012e-308', 0x0010000000000000n],
  ['4.9406564584124654e-324', 0x0000000000000001n],
  ['2.4703282292062328e-324', 0x0000000000000001n],
  ['2.4703282292062327e-324', 0x0000000000000000n],
  ['1.7976931348623157e308', 0x7fefffffffffffffn],
  ['9007199254740993', 0x4340000000000000n],
  ['9007199254740995', 0x4340000000000002n],
  ['9007199254740993.0000000001', 0x4340000000000001n],
  ['0.500000000000000166533453693773481063544750213623046875', 0x3fe0000000000002n],
  ['0.50000000000000016653345369377348106354475021362304687499', 0x3fe0000000000001n],
  ['3.0540412499999999e-6', 0x3ec99e80eedbcb01n],
  ['1.00000000000000011102230246251565404236316680908203125', 0x3ff0000000000000n],
  ['1.00000000000000011102230246251565404236316680908203124', 0x3ff0000000000000n],
  ['1.00000000000000011102230246251565404236316680908203126', 0x3ff0000000000001n],
  ['123456789012345678901234567890', 0x45f8ee90ff6c373en],
  [`1${'0'.repeat(400)}e-400`, 0x3ff0000000000000n],
  [`0.${'0'.repeat(300)}1e300`, 0x3fb999999999999an],
  ['7.038531e-26', 0x3ab5c87fb0000000n],
  ['5e-324', 0x0000000000000001n],
  ['1e-400', 0x0000000000000000n],
];

test('a number written as text is the double nearest its exact value', () => {
  for (const [text, want] of cases) {
    // a number that rounds to 0 is refused as too small, as one too large is (a prediction of
    // 1e-400 was checked as 0: an attacker's trial); 2.4703282292062327e-324 is below half the
    // least subnormal, 2.4703282292062328e-324 above it (it reads as 5e-324, above)
    if (want === 0n) {
      assert.throws(() => m.readValue(text, ''), { message: `value: got "${text}": too small for a double, which holds nothing nearer 0 than 4.9e-324; write 0 or a larger value` });
      continue;
    }
    assert.equal(hex(bits(m.readValue(text, ''))), hex(want), text.length > 60 ? `${text.slice(0, 40)}… (${text.length} characters)` : text);
    // the same with a sign, spaces around it, and through a unit's power of ten: "0.1 kB"
    // is 0.1e3 read once (units.cpp, scale_decimal), not 0.1 × 1000
    assert.equal(hex(bits(m.readValue(` -${text} `, ''))), hex(want | (want ? 1n << 63n : 0n)), `-${text.slice(0, 40)}`);
  }
  assert.equal(m.readValue('0.1 kB', 'byte'), 100);
  assert.equal(m.readValue('16.06 GB', 'byte'), 16060000000);
  assert.equal(m.readValue('5 us', 's'), 5e-6);
  assert.throws(() => m.readValue('1.8e308', ''), /out of range/);
});

test('a number in a JSON request reads back as the same double', () => {
  // JSON.stringify writes each double's shortest text; the module's JSON reader turns it
  // back into a double and its writer writes it into the result's inputs. Random bit
  // patterns cover every exponent the field accepts (communication_overhead: at least 0).
  let seed = 0x9e3779b97f4a7c15n;
  const next = () => (seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn);
  const values = [0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 0.1, 1 / 3];
  while (values.length < 400) {
    const x = new Float64Array(new BigUint64Array([next() & 0x7fffffffffffffffn]).buffer)[0];
    if (Number.isFinite(x)) values.push(x);
  }
  for (const x of values) {
    const r = m.evaluatePreset('TransformerBsp8Workers', { communication_overhead: x }, { partial: true });
    // a subnormal input (closer to 0 than 2.2e-308) is refused by name: a double holds it with
    // too few digits (a re-checker's trial: results of 1e-315 flop read 0, or "divides by zero")
    if (x !== 0 && Math.abs(x) < 2.2250738585072014e-308) {
      assert.match(r.input_errors[0].message, /^communication_overhead: got [^:]+: too small for a double \(closer to 0 than 2\.2e-308\), where it keeps too few digits$/, String(x));
      continue;
    }
    assert.equal(hex(bits(r.inputs.communication_overhead)), hex(bits(x)), String(x));
  }
});

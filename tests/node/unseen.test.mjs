// A value quoted in a message is shown with each code point that does not show, or that
// reorders the text around it, escaped: by the core (describe, InputError) and by the
// page (web/format.mjs clip), the same way. A right-to-left override in a link's preset
// name used to reverse the rest of the embed's error.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';
import { clip } from '../../web/format.mjs';
import { readEmbedOptions, decodeState } from '../../web/link.mjs';

const m = await load();
const ctx = { m, types: m.listScenarioTypes(), presets: m.listPresets() };

// escapes worked out here from the code point (UTF-16 units above U+FFFF, as in JSON)
const esc = (cp) => (cp > 0xffff ? [0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff)] : [cp])
  .map((u) => '\\u' + u.toString(16).padStart(4, '0')).join('');

// each long in Unicode (so any engine's tables agree), with what it is
const UNSEEN = {
  0x0001: 'C0 control', 0x007f: 'DEL', 0x0085: 'C1 next line', 0x009f: 'C1 application program command',
  0x00ad: 'soft hyphen', 0x034f: 'combining grapheme joiner', 0x061c: 'Arabic letter mark',
  0x200b: 'zero width space', 0x200d: 'zero width joiner', 0x200e: 'left-to-right mark', 0x200f: 'right-to-left mark',
  0x2028: 'line separator', 0x2029: 'paragraph separator', 0x202a: 'left-to-right embedding', 0x202e: 'right-to-left override',
  0x2060: 'word joiner', 0x2066: 'left-to-right isolate', 0x2069: 'pop directional isolate', 0x3164: 'Hangul filler',
  0xfe0f: 'variation selector 16', 0xfeff: 'zero width no-break space', 0xe0001: 'language tag', 0xe0041: 'tag Latin capital A',
};
// and their neighbours that show
const SHOWN = [0x00a0, 0x00e9, 0x2010, 0x2027, 0x202f, 0x2265, 0x3165, 0x8a08, 0x1f600];

test('clip escapes every code point that does not show or reorders text, and nothing that shows', () => {
  for (const [cp, what] of Object.entries(UNSEEN))
    assert.equal(clip(`a${String.fromCodePoint(+cp)}b`, 10), `a${esc(+cp)}b`, what);
  for (const cp of SHOWN) assert.equal(clip(`a${String.fromCodePoint(cp)}b`, 10), `a${String.fromCodePoint(cp)}b`, cp.toString(16));
  // controls as JSON (and the core) write them
  assert.equal(clip('a\nb\tc', 10), 'a\\nb\\tc');
  // the cut counts characters as given, then escapes
  assert.equal(clip('\u202e'.repeat(5), 3), '\\u202e\\u202e…');
});

test('the core quotes the same code points the same way as the page', () => {
  const quoted = (name) => {
    try { m.evaluatePreset(name); } catch (e) { return /unknown preset "(.*?)"; /.exec(e.message)[1]; }
    assert.fail(`${JSON.stringify(name)} was taken`);
  };
  for (const cp of [...Object.keys(UNSEEN).map(Number).filter((c) => c >= 0x20), ...SHOWN]) {
    const name = `Preset${String.fromCodePoint(cp)}X`;
    assert.equal(quoted(name), clip(name, 60), cp.toString(16));
  }
});

test("a link's preset or type with a right-to-left override reads left to right in the embed's error and the page's notice", () => {
  const rlo = '\u202eTransformerBsp8Workers';
  const embed = readEmbedOptions(ctx, (k) => ({ preset: rlo })[k] ?? null, [['preset', rlo]]);
  assert.match(embed.error, /^preset: unknown preset "\\u202eTransformerBsp8Workers"/);
  assert.ok(!embed.error.includes('\u202e'));
  const type = readEmbedOptions(ctx, (k) => ({ type: `Sync\u2066Strategy` })[k] ?? null, [['type', 'Sync\u2066Strategy']]);
  assert.match(type.error, /"Sync\\u2066Strategy"/);
  const { notices } = decodeState(ctx, `?preset=${encodeURIComponent(rlo)}&mode=${encodeURIComponent('sweep\u200b')}`);
  assert.ok(notices.length >= 2, notices.join(' | '));
  for (const n of notices) assert.ok(!/[\u200b\u202e]/.test(n), n);
  assert.ok(notices.some((n) => n.includes('"\\u202eTransformerBsp8Workers"')), notices.join(' | '));
  assert.ok(notices.some((n) => n.includes('"sweep\\u200b"')), notices.join(' | '));
});

test('a quote or backslash in a quoted value is escaped, as JSON writes it, so it cannot end the quotation', () => {
  assert.equal(clip('X"; showing Y instead. See "', 60), 'X\\"; showing Y instead. See \\"');
  assert.equal(clip('\\u202eX', 60), '\\\\u202eX');  // the six characters typed, not the override
  const { notices } = decodeState(ctx, `?preset=${encodeURIComponent('X"; showing Gpt3OnTraining1KA100 instead. See "')}`);
  assert.deepEqual(notices, ['The link names an unknown preset "X\\"; showing Gpt3OnTraining1KA100 instead. See \\""; showing TransformerBsp8Workers.']);
  // the module quotes them the same way
  for (const name of ['a"b', 'a\\b', '\\u202e'])
    assert.throws(() => m.evaluatePreset(name), (e) => e.message.startsWith(`preset: unknown preset "${clip(name, 60)}"`), name);
});

test("the module's own checks quote what they got the same way, and refuse lone surrogates before they reach the core", () => {
  const P = 'TransformerBsp8Workers';
  const refused = (f) => { try { f(); } catch (e) { return e; } assert.fail('taken'); };
  assert.equal(refused(() => m.evaluatePreset(P, {}, { bytes: '\u202eBINARY' })).message, 'options.bytes: must be "decimal" or "binary", got "\\u202eBINARY"');
  assert.equal(refused(() => m.evaluatePreset(P, {}, { work: '\u202etrue' })).message, 'options.work: must be true or false, got "\\u202etrue"');
  assert.equal(refused(() => m.numberText(1, '\u202e5')).message, 'digits: must be an integer from 1 to 17, got "\\u202e5"');
  assert.equal(refused(() => m.readValue(null, 's', '\u202ename')).message, '\\u202ename: must be a text or a number, got null');
  // a lone surrogate would reach the core as another character (U+D800 as U+10000)
  for (const [call, field] of [[() => m.describeScenarioType('X\ud800'), 'type'], [() => m.readValue('5', 's\ud800'), 'unit'],
    [() => m.readValue('5', 's', 'n\udc00'), 'name'], [() => m.humanText(5, 'X\ud800'), 'unit'], [() => m.displayScale(5, '\udbff'), 'unit'],
    [() => m.readPresetFile('{"presets": [{"name": "A\ud800"}]}'), 'preset_file']]) {
    const e = refused(call);
    assert.equal(e.message, `${field}: holds a lone UTF-16 surrogate, which is not text`);
    assert.equal(e.field, field);
  }
  assert.equal(refused(() => m.evaluatePreset(P, { ['\u202ewo\ud800']: 3 })).message, '\\u202ewo\\ud800: holds a lone UTF-16 surrogate, which is not text');
  // a long field name is cut between characters, not inside an emoji's surrogate pair
  const long = refused(() => m.evaluatePreset(P, { ['k'.repeat(59) + '😀x']: 'a'.repeat(1000001) })).message;
  assert.ok(long.startsWith(`${'k'.repeat(59)}😀...: too long`), long);
  // ... and cut as the core cuts: after 60 characters, with "..." (the core counted bytes)
  const e70 = 'é'.repeat(70);
  assert.equal(refused(() => m.evaluatePreset(P, {}, { bytes: e70 })).message, `options.bytes: must be "decimal" or "binary", got "${'é'.repeat(60)}..."`);
  assert.ok(refused(() => m.evaluatePreset(e70)).message.startsWith(`preset: unknown preset "${'é'.repeat(60)}..."; valid choices: `));
  // an error's field keeps 200 characters, whole (it kept 200 bytes: 100 é)
  const far = refused(() => m.evaluatePreset(P, { ['é'.repeat(250)]: 1 }));
  assert.equal(far.field, 'é'.repeat(200));
  assert.ok(far.message.startsWith(`${'é'.repeat(60)}...: unknown field`), far.message);
  assert.equal(m.evaluatePreset(P).properties.cost.text, '$38.89');  // and the module still computes
});

test('a message quoting an escaped code point says what the escape stands for; a typed backslash is not one', async () => {
  const { withEscapesExplained } = await import('../../web/format.mjs');
  assert.equal(withEscapesExplained('preset: unknown preset "\\u202eX"'),
    'preset: unknown preset "\\u202eX" (\\u202e stands for a character that does not show or that reorders text, written as its code.)');
  assert.equal(withEscapesExplained(`preset: unknown preset "${clip('\\u202eX', 60)}"`), 'preset: unknown preset "\\\\u202eX"');
  assert.equal(withEscapesExplained('workers: must be an integer >= 1, got -3'), 'workers: must be an integer >= 1, got -3');
});

// The link grammar (web/link.mjs) in node, with no DOM: the page's links and the embeds'
// options, read against the module's own lists.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';
import { decodeState, encodeState, defaultState, readEmbedOptions, calculatorQuery } from '../../web/link.mjs';
import { presetTexts } from '../../web/fields.mjs';

const m = await load();
const ctx = { m, types: m.listScenarioTypes(), presets: m.listPresets() };

test('an empty link is the default view, and the default view encodes to a bare link', () => {
  const { state, notices } = decodeState(ctx, '');
  assert.deepEqual(notices, []);
  assert.deepEqual(state, defaultState(ctx));
  assert.equal(encodeState(ctx, state), `?preset=${ctx.presets[0].name}`);
});

test('every preset of every type round-trips through a link, edits and views included', () => {
  for (const p of ctx.presets) {
    const s = defaultState(ctx);
    s.calc = { preset: p.name, type: p.type, texts: { ...presetTexts(ctx, p.name) } };
    const field = ctx.types.find((t) => t.name === p.type).fields.find((f) => f.numeric);
    s.calc.texts[field.name] = '7';  // an edit
    s.mode = 'sweep';
    s.sweep.field = field.name;
    s.prefs.bytes = 'binary';
    const { state, notices } = decodeState(ctx, encodeState(ctx, s));
    assert.deepEqual(notices, [], p.name);
    assert.equal(state.calc.preset, p.name);
    assert.equal(state.calc.texts[field.name], '7');
    assert.equal(state.mode, 'sweep');
    assert.equal(state.sweep.field, field.name);
    assert.equal(state.prefs.bytes, 'binary');
  }
});

test('what a link asks for but cannot get is named in a notice, and the rest is kept', () => {
  const { state, notices } = decodeState(ctx, '?preset=Nope&mode=nowhere&bytes=huge&sfield=zzz&sprops=cost,nope&i.workers=16');
  assert.equal(state.calc.preset, ctx.presets[0].name);
  assert.equal(state.calc.texts.workers, '16');
  for (const what of [/unknown preset "Nope"/, /unknown view "nowhere"/, /bytes "huge"/, /sweep "zzz"/, /"nope"/])
    assert.ok(notices.some((n) => what.test(n)), `${what} in ${JSON.stringify(notices)}`);
});

test('embed options: a preset with overrides, lists of shown fields and properties, and notices for the rest', () => {
  const q = new URLSearchParams('preset=NdrRingVsTree1GB&show=ranks,nope&properties=ring_allreduce_time&theme=dark&i.ranks=64');
  const o = readEmbedOptions(ctx, (k) => q.get(k), q);
  assert.equal(o.error, null);
  assert.equal(o.type.name, 'CollectiveCostScenario');
  assert.deepEqual(o.show, ['ranks']);
  assert.deepEqual(o.properties, ['ring_allreduce_time']);
  assert.equal(o.texts.ranks, '64');
  assert.equal(o.theme, 'dark');
  assert.ok(o.notices.some((n) => /show: unknown field "nope"/.test(n)), JSON.stringify(o.notices));
  assert.equal(calculatorQuery({ ...o, baseTexts: presetTexts(ctx, o.preset) }), '?preset=NdrRingVsTree1GB&i.ranks=64');
  const bad = readEmbedOptions(ctx, (k) => ({ type: 'NoSuchType' })[k] ?? null, []);
  assert.match(bad.error, /unknown scenario type "NoSuchType"/);
});

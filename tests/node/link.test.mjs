// The link grammar (web/link.mjs) in node, with no DOM: the page's links and the embeds'
// options, read against the module's own lists.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from './load.mjs';
import { decodeState, encodeState, defaultState, readEmbedOptions, calculatorQuery, nearestName, embedOptions, siteFolder, FOREIGN_KEYS, HTML_ATTRIBUTES } from '../../web/link.mjs';
import { presetTexts, registryMap, scenarioTypes, evaluateTexts } from '../../web/fields.mjs';

const m = await load();
const ctx = { m, types: m.listScenarioTypes(), presets: m.listPresets() };

test('an empty link is the default view, and the default view encodes to a bare link', () => {
  const { state, notices } = decodeState(ctx, '');
  assert.deepEqual(notices, []);
  assert.deepEqual(state, defaultState(ctx));
  assert.equal(encodeState(ctx, state), `?preset=${ctx.presets[0].name}`);
});

test('an empty type=, preset= or mode= is as if not given, and the notice says so', () => {
  // it had read 'The link names an unknown scenario type ""'
  const first = ctx.presets[0].name;
  for (const [q, notice] of [['?type=', `The link's type= is empty; showing ${first}.`], ['?preset=%20', `The link's preset= is empty; showing ${first}.`],
    ['?type=&preset=', `The link's preset= and type= are empty; showing ${first}.`], ['?mode=', `The link's mode= is empty; showing ${first} in the calculator.`]]) {
    const { state, notices } = decodeState(ctx, q);
    assert.deepEqual(notices, [notice], q);
    assert.deepEqual(state, defaultState(ctx), q);
  }
  // an empty preset= beside a type: that type's first preset, as without preset=
  const { state, notices } = decodeState(ctx, '?type=ClusterTcoScenario&preset=');
  assert.equal(state.calc.type, 'ClusterTcoScenario');
  assert.deepEqual(notices, [`The link's preset= is empty; showing a blank ClusterTcoScenario.`]);
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
  // the Greek mu looks like the micro sign: said (an attacker's trial)
  const mu = decodeState(ctx, '?time=%CE%BCs');
  assert.equal(mu.state.prefs.time, 'auto');
  assert.ok(mu.notices.includes('The link asks for time "\u03bcs"; valid: auto, ns, µs, ms, s, min, h, day (the micro sign is µ, not Greek mu).'), JSON.stringify(mu.notices));
  assert.ok(decodeState(ctx, '?time=us').notices.includes('The link asks for time "us"; valid: auto, ns, µs, ms, s, min, h, day (write µs, with the micro sign).'));
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
  // an empty preset= (a template left blank, the element's preset="") is as if not given,
  // as the full calculator reads it (an attacker's trial: only 'unknown preset ""' showed)
  for (const raw of ['', ' ']) {
    const blank = readEmbedOptions(ctx, (k) => ({ preset: raw, type: 'LlmServingScenario' })[k] ?? null, []);
    assert.equal(blank.error, null);
    assert.equal(blank.type.name, 'LlmServingScenario');
    assert.equal(blank.preset, null);
    assert.deepEqual(blank.notices, ['preset= is empty, so it is read as not given.']);
  }
  const none = readEmbedOptions(ctx, (k) => ({ preset: '', type: '' })[k] ?? null, []);
  assert.equal(none.error, null);
  assert.equal(none.preset, ctx.presets[0].name);
  assert.deepEqual(none.notices, ['preset= is empty, so it is read as not given.', 'type= is empty, so it is read as not given.']);
});

test('a parameter nobody reads is named in a notice with the nearest name that is read, on the page and in embeds', () => {
  const page = (q) => decodeState(ctx, q).notices;
  const embed = (q, host) => {
    const p = new URLSearchParams(q);
    return readEmbedOptions(ctx, (k) => p.get(k), p, host);
  };
  // the page: a misspelt option, a case slip, an input its type lacks, an embed option
  let n = page('?preset=TransformerBsp8Workers&Preset=TransformerAsp8Workers&i.worker=16&i.nonsense=3&mdoe=sweep&shows=workers');
  assert.ok(n.some((x) => /unknown parameter "Preset", left out: did you mean preset\?/.test(x)), JSON.stringify(n));
  assert.ok(n.some((x) => /"i\.worker", left out: SyncStrategyScenario has no input "worker"; did you mean i\.workers\?/.test(x)), JSON.stringify(n));
  assert.ok(n.some((x) => /"i\.nonsense", left out: SyncStrategyScenario has no input "nonsense"; its inputs are i\.workers, /.test(x)), JSON.stringify(n));
  assert.ok(n.some((x) => /"mdoe", left out: did you mean mode\?/.test(x)), JSON.stringify(n));
  assert.ok(n.some((x) => /"shows", left out: did you mean show\? show is an option of the embeds/.test(x)), JSON.stringify(n));
  // what was valid stays, what was not is not applied
  const { state } = decodeState(ctx, '?preset=TransformerBsp8Workers&i.worker=16&i.workers=4');
  assert.equal(state.calc.texts.workers, '4');
  assert.ok(!('worker' in state.calc.texts));
  // an embed's option on the page, and the page's option in an embed, say where they belong
  assert.ok(page('?show=workers').some((x) => /"show", left out: show is an option of the embeds/.test(x)));
  assert.ok(embed('preset=TransformerBsp8Workers&mode=sweep').notices.some((x) => /^Unknown parameter "mode", left out: mode is an option of the full calculator's links/.test(x)));
  // embeds: misspelt options, an input the type lacks, a field named without i.
  let o = embed('preset=TransformerBsp8Workers&shows=workers&propertie=speedup&i.worker=16&workers=8');
  assert.equal(o.error, null);
  for (const want of [/^Unknown parameter "shows", left out: did you mean show\?$/, /^Unknown parameter "propertie", left out: did you mean properties\?$/,
    /^Unknown parameter "i\.worker", left out: SyncStrategyScenario has no input "worker"; did you mean i\.workers\?$/,
    /^Unknown parameter "workers", left out: did you mean i\.workers\?$/])
    assert.ok(o.notices.some((x) => want.test(x)), `${want} in ${JSON.stringify(o.notices)}`);
  assert.equal(o.show, null, 'a misspelt show= does not narrow the embed');
  assert.equal(o.texts.workers, presetTexts(ctx, 'TransformerBsp8Workers').workers);
  // the element words it as an attribute, and its own HTML attributes stay silent
  o = embed('preset=TransformerBsp8Workers&propertie=speedup&class=x&id=a&data-x=1&aria-label=y&style=z&slot=s',
    { lead: 'Unknown attribute', silent: (k) => HTML_ATTRIBUTES.test(k) });
  assert.deepEqual(o.notices, ['Unknown attribute "propertie", left out: did you mean properties?']);
});

test('keys that links carry for others, and the iframe\'s id, stay silent', () => {
  const q = '?preset=TransformerBsp8Workers&utm_source=x&utm_campaign=y&fbclid=1&gclid=2&ref=hn';
  assert.deepEqual(decodeState(ctx, q).notices, []);
  const p = new URLSearchParams(`${q.slice(1)}&id=frame-1`);
  assert.deepEqual(readEmbedOptions(ctx, (k) => p.get(k), p, { silent: (k) => k === 'id' || FOREIGN_KEYS.test(k) }).notices, []);
  // every link the page writes reads back without a notice (encodeState writes only what it reads)
  const s = defaultState(ctx);
  s.mode = 'compare';
  s.compare.columns[0].texts.workers = '3';
  assert.deepEqual(decodeState(ctx, encodeState(ctx, s)).notices, []);
});

test('a comparison\'s stray columns and unknown inputs are named; its valid ones are kept', () => {
  const { state, notices } = decodeState(ctx, '?ctype=SyncStrategyScenario&c0=TransformerBsp8Workers&c1=TransformerAsp8Workers&c0.wrkers=3&c1.workers=5&c7.workers=2&c3=TransformerBsp8Workers');
  assert.equal(state.compare.columns[1].texts.workers, '5');
  assert.ok(notices.some((x) => /"c0\.wrkers" \(SyncStrategyScenario has no input "wrkers"; did you mean c0\.workers\?\)/.test(x)), JSON.stringify(notices));
  assert.ok(notices.some((x) => /"c7\.workers" \(the comparison has 2 columns, c0 to c1\)/.test(x)), JSON.stringify(notices));
  assert.ok(notices.includes('The link names column 4 (c3) but not column 3 (c2); columns are named from c0 up, without a gap: c3 is left out.'), JSON.stringify(notices));
  assert.ok(decodeState(ctx, '?c0=TransformerBsp8Workers').notices.some((x) => /"c0", left out: c0 is a column of a comparison, which the link names with ctype/.test(x)));
});

test("a comparison's column that names another type's preset, a near miss, or comes after a gap says which", () => {
  const said = (q) => decodeState(ctx, `?ctype=SyncStrategyScenario&${q}`).notices;
  // another type's preset: named as such, not "unknown"
  // another type's preset: named as such, not "unknown"; the column shows the comparison's own
  const other = decodeState(ctx, '?ctype=SyncStrategyScenario&c0=TransformerBsp8Workers&c1=Llama8BChatH100');
  assert.deepEqual(other.notices,
    ['Column 2 of the link (c1) names preset Llama8BChatH100, of type LlmServingScenario; the comparison is of SyncStrategyScenario (ctype), so the column shows TransformerSsp8Workers instead.']);
  assert.deepEqual(other.state.compare.columns.map((c) => c.preset), ['TransformerBsp8Workers', 'TransformerSsp8Workers']);
  assert.deepEqual(said('c0=TransformerBsp8Workers&c1=TransformerAsp8Worker'),
    ['Column 2 of the link (c1) names an unknown preset "TransformerAsp8Worker"; did you mean TransformerAsp8Workers? the column shows TransformerSsp8Workers instead.']);
  // c1 without c0: what is missing is c0, and what is shown instead
  assert.deepEqual(said('c1=TransformerAsp8Workers'),
    ["The link names column 2 (c1) but not column 1 (c0); columns are named from c0 up, without a gap: c1 is left out, and the comparison shows SyncStrategyScenario's presets."]);
  assert.ok(said('c0=TransformerBsp8Workers&c9=TransformerBsp8Workers').some((n) => n.includes('"c9" (a comparison has at most 4 columns, c0 to c3)')));
  // a column's number is written as it is counted: c01 is not another name of c1
  const zeros = decodeState(ctx, '?ctype=SyncStrategyScenario&c0=TransformerBsp8Workers&c1=TransformerAsp8Workers&c1.workers=3&c01.workers=5&c00=TransformerSsp8Workers');
  assert.equal(zeros.state.compare.columns[1].texts.workers, '3');
  assert.deepEqual(zeros.state.compare.columns.map((c) => c.preset), ['TransformerBsp8Workers', 'TransformerAsp8Workers']);
  for (const k of ['c01.workers', 'c00']) assert.ok(zeros.notices.some((n) => n.includes(`unknown parameter "${k}"`)), JSON.stringify(zeros.notices));
  // past the keys read, the link says it stopped
  const many = said('c0=TransformerBsp8Workers&' + Array.from({ length: 450 }, (_, k) => `c0.f${k}=1`).join('&') + '&c1.workers=42');
  assert.ok(many.includes("The link has more than 400 keys for the comparison's columns; the columns' inputs (cK.FIELD) after the 400th were not read."), JSON.stringify(many));
  assert.ok(many.includes('At least 394 more unknown comparison inputs were left out.'), JSON.stringify(many));  // 400 keys read: c0 and 399 stray, 5 named
  // a course preset the preset file left out is named as such, as the calculator names it
  const course = decodeState({ ...ctx, leftOut: (n) => (n === 'Roof1' ? 'workers: must be an integer >= 1, got 0' : null) }, '?ctype=SyncStrategyScenario&c0=TransformerBsp8Workers&c1=Roof1');
  assert.deepEqual(course.notices, ['Column 2 of the link (c1) names preset "Roof1" of the preset file, which was left out (workers: must be an integer >= 1, got 0); the column shows TransformerSsp8Workers instead.']);
});

test('a key given twice: the first is read, for inputs and columns as for options, and the notice says which keys', () => {
  const { state, notices } = decodeState(ctx, '?preset=TransformerBsp8Workers&i.workers=3&i.workers=5&mode=sweep&mode=compare&ctype=SyncStrategyScenario&c0=TransformerBsp8Workers&c0.workers=7&c0.workers=9&utm_source=a&utm_source=b');
  assert.equal(state.calc.texts.workers, '3');
  assert.equal(state.mode, 'sweep');
  assert.equal(state.compare.columns[0].texts.workers, '7');
  assert.deepEqual(notices, ['The link gives more than once: "i.workers" 2 times (using the first, "3"), "mode" 2 times (using the first, "sweep"), "c0.workers" 2 times (using the first, "7").']);
  // a repeated key nobody reads is said once, as unknown, not as "using the first"; one built to read
  // like the notice itself stays in its quotes
  assert.deepEqual(decodeState(ctx, '?foo=1&foo=2').notices.filter((n) => n.includes('more than once')), []);
  const forged = 'theme 2 times (using the first, \u201cdark\u201d), and bytes';
  assert.ok(!decodeState(ctx, `?${encodeURIComponent(forged)}=x&${encodeURIComponent(forged)}=y`).notices.some((n) => n.includes('more than once')));
  // an input that names no field, given 300 times: said once
  assert.deepEqual(decodeState(ctx, '?preset=TransformerBsp8Workers&' + 'i.=1&'.repeat(300)).notices,
    ['The link has an input "i." that names no field; left out.']);
  // a stray comparison key given three times: named once
  assert.deepEqual(decodeState(ctx, '?ctype=SyncStrategyScenario&c1.x=1&c1.x=2&c1.x=3').notices.filter((n) => n.includes('"c1.x"')).length, 1);
  // a preset's name with spaces around it is the preset, on the page as in the embeds
  assert.equal(decodeState(ctx, '?preset=%20TransformerAsp8Workers%20').state.calc.preset, 'TransformerAsp8Workers');
  const p = new URLSearchParams('preset=TransformerBsp8Workers&i.workers=4&i.workers=6&theme=dark&theme=light');
  const o = readEmbedOptions(ctx, (k) => p.get(k), p);
  assert.equal(o.texts.workers, '4');
  assert.equal(o.theme, 'dark');
  assert.deepEqual(o.notices, ['Given more than once: "i.workers" 2 times (using the first, "4"), "theme" 2 times (using the first, "dark").']);
});

test('soverlay is 1 or 0; anything else is said, and there is no overlay', () => {
  const { state, notices } = decodeState(ctx, '?mode=sweep&soverlay=yes');
  assert.equal(state.sweep.overlay, false);
  assert.deepEqual(notices, ['The link gives soverlay "yes", which is neither 1 (overlay the comparison) nor 0; no overlay.']);
  assert.deepEqual(decodeState(ctx, '?mode=sweep&soverlay=0').notices, []);
  assert.equal(decodeState(ctx, '?mode=sweep&soverlay=1').state.sweep.overlay, true);
  // an overlay of another type's comparison cannot be drawn: said
  assert.equal(decodeState(ctx, '?mode=sweep&preset=TransformerBsp8Workers&soverlay=1&ctype=RooflineScenario').state.sweep.overlay, false);
  assert.deepEqual(decodeState(ctx, '?mode=sweep&preset=TransformerBsp8Workers&soverlay=1&ctype=RooflineScenario').notices,
    ['The link gives soverlay=1, but its comparison is of RooflineScenario and its sweep of SyncStrategyScenario; the overlay needs both of one type, so there is none.']);
});

test('nearestName: case slips, a letter or two, a prefix, a field without i.; nothing for a name far from all', () => {
  const c = ['preset', 'type', 'show', 'editable', 'properties', 'about', 'theme', 'i.workers', 'i.per_worker_batch'];
  assert.equal(nearestName('Preset', c), 'preset');
  assert.equal(nearestName('shows', c), 'show');
  assert.equal(nearestName('propertie', c), 'properties');
  assert.equal(nearestName('prop', c), 'properties');
  assert.equal(nearestName('editible', c), 'editable');
  assert.equal(nearestName('i.worker', c), 'i.workers');
  assert.equal(nearestName('workers', c), 'i.workers');
  assert.equal(nearestName('nonsense', c), null);
  assert.equal(nearestName('x', c), null);
});

test('about: collapsed by default, open or none when asked, a notice for anything else', () => {
  const read = (q) => { const p = new URLSearchParams(q); return readEmbedOptions(ctx, (k) => p.get(k), p); };
  assert.equal(read('preset=ReferenceJobAttackSurface').about, 'collapsed');
  assert.equal(read('preset=ReferenceJobAttackSurface&about=none').about, 'none');
  assert.equal(read('preset=ReferenceJobAttackSurface&about=open').about, 'open');
  const o = read('preset=ReferenceJobAttackSurface&about=hidden');
  assert.equal(o.about, 'collapsed');
  assert.deepEqual(o.notices, ['about: must be one of collapsed, open, none, got "hidden"; using collapsed.']);
});

test('predict: the properties named, in order; unknown and hidden ones left out with a notice; links keep them', () => {
  const q = new URLSearchParams('preset=TransformerBsp8Workers&properties=speedup,cost&predict=cost,nope,global_batch');
  const o = readEmbedOptions(ctx, (k) => q.get(k), q);
  assert.deepEqual(o.predict, ['cost']);
  assert.ok(o.notices.some((n) => n.startsWith('predict: unknown property "nope" of SyncStrategyScenario')), JSON.stringify(o.notices));
  // a name near a valid one is asked as it, and said so: a typo must not show the answer
  // it meant to hold back (predict=SPEEDUP showed speedup: an attacker's trial)
  const typo = readEmbedOptions(ctx, (k) => ({ preset: 'TransformerBsp8Workers', predict: 'Speedup,nope,SPEEDUP' })[k] ?? null, [['preset', 'TransformerBsp8Workers'], ['predict', 'Speedup,nope,SPEEDUP']]);
  assert.deepEqual(typo.predict, ['speedup']);
  assert.ok(typo.notices.includes('predict: "Speedup" is not a property of SyncStrategyScenario; speedup, the nearest, waits for a prediction in its place.'), JSON.stringify(typo.notices));
  assert.ok(typo.notices.some((n) => n.startsWith('predict: unknown property "nope" of SyncStrategyScenario; valid properties: ')), JSON.stringify(typo.notices));
  assert.deepEqual(readEmbedOptions(ctx, (k) => ({ preset: 'TransformerBsp8Workers', predict: 'speedup\u0000' })[k] ?? null, []).predict, ['speedup']);
  assert.ok(o.notices.includes('predict: "global_batch" is not among the properties shown (properties=speedup,cost); left out.'), JSON.stringify(o.notices));
  assert.equal(new URLSearchParams(calculatorQuery({ ...o, baseTexts: presetTexts(ctx, o.preset) })).get('predict'), 'cost');
  // the page: kept through a link, and dropped when the calculator's type has no such property
  const { state, notices } = decodeState(ctx, '?preset=TransformerBsp8Workers&predict=speedup,cost');
  assert.deepEqual(notices, []);
  assert.deepEqual(state.predict, ['speedup', 'cost']);
  assert.equal(new URLSearchParams(encodeState(ctx, state)).get('predict'), 'speedup,cost');
  state.calc = { preset: 'NdrRingVsTree1GB', type: 'CollectiveCostScenario', texts: presetTexts(ctx, 'NdrRingVsTree1GB') };
  assert.equal(new URLSearchParams(encodeState(ctx, state)).get('predict'), null);
});

test('preset-file: its presets are chosen like built-in ones, its notices shown, a left-out preset named, and links carry it', async () => {
  const { withPresetFile } = await import('../../web/course-presets.mjs');
  const text = JSON.stringify({ presets: [
    { name: 'Mine', type: 'SyncStrategyScenario', inputs: { ...ctx.presets[0].inputs, workers: 4 } },
    { name: 'Bad', type: 'SyncStrategyScenario', inputs: { ...ctx.presets[0].inputs, workers: -1 } }] });
  const read = m.readPresetFile(text);
  const file = { url: 'https://course.example/presets.json', presets: read.presets.map((p) => ({ ...p, file: 'https://course.example/presets.json' })),
    left: read.notices, notices: read.notices.map((n) => `preset-file: ${n.message}; this preset was left out.`) };
  const c = withPresetFile(ctx, file, 'presets.json');
  const { state, notices } = decodeState(c, '?preset=Mine&preset-file=presets.json');
  assert.equal(state.calc.preset, 'Mine');
  assert.equal(state.calc.texts.workers, '4');
  assert.deepEqual(notices, ['preset-file: preset "Bad" (entry 2): workers: must be an integer >= 1, got -1; this preset was left out.']);
  state.calc.texts.workers = '6';
  const q = new URLSearchParams(encodeState(c, state));
  assert.deepEqual([q.get('preset'), q.get('i.workers'), q.get('preset-file')], ['Mine', '6', 'presets.json']);
  const left = decodeState(c, '?preset=Bad');
  assert.ok(left.notices.some((n) => n.startsWith('The link names preset "Bad" of the preset file, which was left out (preset "Bad" (entry 2): workers')), JSON.stringify(left.notices));
  const o = readEmbedOptions(c, (k) => ({ preset: 'Bad' })[k] ?? null, []);
  assert.match(o.error, /^preset: "Bad" of the preset file was left out: preset "Bad" \(entry 2\)/);
  const ok = readEmbedOptions(c, (k) => ({ preset: 'Mine' })[k] ?? null, []);
  assert.equal(ok.error, null);
  assert.equal(new URLSearchParams(calculatorQuery({ ...ok, baseTexts: presetTexts(c, 'Mine') })).get('preset-file'), 'https://course.example/presets.json');
});

test('the embed builder writes only what differs from an embed\'s defaults, and its choices round-trip through the page\'s link', () => {
  const calc = { preset: 'TransformerBsp8Workers', type: 'SyncStrategyScenario', texts: { ...presetTexts(ctx, 'TransformerBsp8Workers'), workers: '16' } };
  const all = { show: null, editable: null, properties: null, predict: [], theme: 'auto', about: 'collapsed', site: '', id: '' };
  assert.deepEqual(embedOptions(ctx, calc, all, { bytes: 'decimal', time: 'auto', money: 'short' }), [['preset', 'TransformerBsp8Workers'], ['i.workers', '16']]);
  const e = { show: ['iterations', 'workers'], editable: ['workers'], properties: ['speedup', 'global_batch'], predict: ['speedup', 'cost'], theme: 'dark', about: 'none', site: 'https://x.example/m/', id: 'week4-bsp' };
  // in the order chosen (an embed shows them so: a course author's trial had
  // eshow=batch_size,context_tokens written in declaration order)
  assert.deepEqual(embedOptions(ctx, calc, e, { bytes: 'binary', time: 'auto', money: 'short' }), [
    ['preset', 'TransformerBsp8Workers'], ['show', 'iterations,workers'], ['editable', 'workers'], ['properties', 'speedup,global_batch'],
    ['predict', 'speedup'], ['i.workers', '16'], ['about', 'none'], ['theme', 'dark'], ['bytes', 'binary']]);
  // every field, in another order, is written too
  const fields = ctx.types.find((t) => t.name === 'SyncStrategyScenario').fields.map((f) => f.name);
  assert.deepEqual(embedOptions(ctx, calc, { ...all, show: [...fields].reverse() }, {}).find(([k]) => k === 'show'), ['show', [...fields].reverse().join(',')]);
  // the options read back as the builder chose them (cost is not shown, so not predicted)
  const q = new URLSearchParams(embedOptions(ctx, calc, e, {}));
  const o = readEmbedOptions(ctx, (k) => q.get(k), q);
  assert.deepEqual([o.show, o.editable, o.properties, o.predict, o.theme, o.about, o.texts.workers, o.notices],
    [['iterations', 'workers'], ['workers'], ['speedup', 'global_batch'], ['speedup'], 'dark', 'none', '16', []]);
  const s = defaultState(ctx);
  s.mode = 'embed';
  s.embed = { ...e, predict: ['speedup'] };
  const back = decodeState(ctx, encodeState(ctx, s));
  assert.deepEqual(back.notices, []);
  assert.deepEqual(back.state.embed, s.embed);
  assert.equal(back.state.mode, 'embed');
});

test('a builder link follows the embeds\' rules: an editable input is shown, a prediction of a result not shown is left out and said', () => {
  // an attacker's trial: eedit=workers beside eshow=per_worker_batch wrote "editable=" (every
  // field read-only) and dropped workers; epredict=speedup beside eprops=cost ticked a
  // prediction that neither snippet asked
  const calc = { preset: 'TransformerBsp8Workers', type: 'SyncStrategyScenario', texts: presetTexts(ctx, 'TransformerBsp8Workers') };
  const edit = decodeState(ctx, '?mode=embed&eshow=per_worker_batch&eedit=workers');
  assert.deepEqual(edit.notices, []);
  assert.deepEqual([edit.state.embed.show, edit.state.embed.editable], [['per_worker_batch', 'workers'], ['workers']]);
  const opts = embedOptions(ctx, calc, edit.state.embed, {});
  assert.deepEqual(opts.filter(([k]) => k === 'show' || k === 'editable'), [['show', 'per_worker_batch,workers'], ['editable', 'workers']]);
  const pred = decodeState(ctx, '?mode=embed&eprops=cost&epredict=speedup,cost');
  assert.deepEqual(pred.notices, ['epredict: "speedup" is not among the results shown (eprops=cost); left out.']);
  assert.deepEqual(pred.state.embed.predict, ['cost']);
  assert.deepEqual(embedOptions(ctx, calc, pred.state.embed, {}).filter(([k]) => k === 'predict'), [['predict', 'cost']]);
});

test('registryMap reads the registries from the module when a kind is first asked for, and gives what listRegistries gives', async () => {
  const m = await load();
  let calls = 0;
  const counted = { listRegistries: () => (calls++, m.listRegistries()) };
  const registry = registryMap(counted);
  assert.equal(calls, 0);  // a page whose type has no registry field never reads them
  const kinds = m.listRegistries();
  assert.deepEqual(registry.workload, kinds.find((k) => k.name === 'workload'));
  assert.deepEqual(Object.keys(registry), kinds.map((k) => k.name));
  assert.ok('fleet' in registry && !('nothing' in registry));
  assert.equal(registry.nothing, undefined);
  assert.deepEqual({ ...registry }, Object.fromEntries(kinds.map((k) => [k.name, k])));
  assert.equal(calls, 1);  // once, however often it is asked
});

test('the page\'s scenarioTypes describes a type when its fields, properties, symbols or warnings are first read, and equals listScenarioTypes', async () => {
  const m = await load();
  const described = [];
  const counted = { listScenarioTypes: (o) => m.listScenarioTypes(o), describeScenarioType: (name) => (described.push(name), m.describeScenarioType(name)) };
  const types = scenarioTypes(counted);
  const eager = m.listScenarioTypes();
  assert.deepEqual(types.map((t) => t.name), eager.map((t) => t.name));
  assert.deepEqual(described, []);  // names, questions and categories need no description
  const sync = types.find((t) => t.name === 'SyncStrategyScenario');
  assert.deepEqual(sync.properties, eager.find((t) => t.name === 'SyncStrategyScenario').properties);
  assert.deepEqual(sync.fields, eager.find((t) => t.name === 'SyncStrategyScenario').fields);
  assert.deepEqual(sync.warnings.map((w) => w.when), ['speedup > workers', 'sample_efficiency > 1']);
  assert.deepEqual(described, ['SyncStrategyScenario']);  // once per type, for all four lists
  assert.ok('value' in Object.getOwnPropertyDescriptor(sync, 'fields'));  // plain data once read
  types[1].symbols = [];  // assigned before read (the page's modules are strict)
  assert.deepEqual(types[1].symbols, []);
  assert.equal(JSON.stringify(types), JSON.stringify(eager.map((t, k) => (k === 1 ? { ...t, symbols: [] } : t))));
});

test('a sweep scale a link gives that is neither log nor lin is named, and the scale follows the range', async () => {
  const m = await load();
  const ctx = { types: scenarioTypes(m), presets: m.listPresets() };
  const { state, notices } = decodeState(ctx, '?mode=sweep&preset=TransformerBsp8Workers&sscale=foo');
  assert.equal(state.sweep.scale, '');
  assert.ok(notices.some((n) => n === 'The link gives sscale "foo"; it takes lin (linear) or log (logarithmic), so the scale follows the range.'), notices.join(' | '));
  assert.equal(decodeState(ctx, '?mode=sweep&preset=TransformerBsp8Workers&sscale=lin').state.sweep.scale, 'lin');
  assert.equal(decodeState(ctx, '?mode=sweep&preset=TransformerBsp8Workers&sscale=').notices.length, 0);
});

test('a notice quotes at most so many characters of what it got, and says when it cut', async () => {
  const { clip } = await import('../../web/format.mjs');
  assert.equal(clip('abc', 3), 'abc');
  assert.equal(clip('abcd', 3), 'ab…');
  assert.equal(clip('😀😀😀😀', 3), '😀😀…');  // cut between characters, not inside one
  assert.equal(clip(12345, 10), '12345');
  const long = 'purple-'.repeat(10);
  const page = decodeState(ctx, `?theme=${long}&mode=${long}&preset=${long}`).notices;
  for (const [key, n] of [['theme', 40], ['view', 40], ['preset', 60]]) {
    const said = page.find((x) => x.includes(key === 'theme' ? 'theme:' : key));
    assert.ok(said && said.includes(`"${long.slice(0, n - 1)}…"`), `${key}: ${said}`);
  }
  // a short value is quoted whole, without the mark
  assert.ok(decodeState(ctx, '?theme=purple').notices.some((x) => x.includes('got "purple";')));
  const q = new URLSearchParams(`preset=NdrRingVsTree1GB&about=${long}`);
  const o = readEmbedOptions(ctx, (k) => q.get(k), q);
  assert.ok(o.notices.some((x) => x.includes(`"${long.slice(0, 39)}…"`)), JSON.stringify(o.notices));
});

test('the embed snippets\' site is an http(s) folder: a link cannot make them load script from javascript: or data:', () => {
  assert.deepEqual(siteFolder(''), { site: '', error: null });
  assert.deepEqual(siteFolder(' https://course.example/ml/mlsysim '), { site: 'https://course.example/ml/mlsysim/', error: null });
  assert.deepEqual(siteFolder('http://127.0.0.1:8000/'), { site: 'http://127.0.0.1:8000/', error: null });
  for (const bad of ['javascript:alert(document.domain)//', 'JavaScript:alert(1)', 'data:text/html,<script>x</script>', 'ftp://x.example/m/',
    'mlsysim/', '/mlsysim/', 'https://user:pw@x.example/m/', 'https://x.example/m/?a=1', 'https://x.example/m/#top', 'https://',
    'https://course.example/m?', 'https://x/?', 'https://x/#']) {
    const r = siteFolder(bad);
    assert.equal(r.site, '', bad);
    assert.match(r.error, /^The site must be an http or https address of a folder, such as https:\/\/course\.example\/mlsysim\/, got "/, bad);
  }
  // a page of the site, not its folder (the calculator's own address pasted)
  for (const file of ['https://course.example/mlsysim/index.html', 'https://course.example/mlsysim/embed.HTML', 'https://course.example/m/mlsysim-element.mjs'])
    assert.deepEqual(siteFolder(file), { site: '', error: `The site is the folder that holds embed.html, not a file in it: ${new URL('.', file).href} rather than "${file}".` });
  // every site it takes is one embedSnippets takes back: a folder address, unchanged by a second reading
  for (const ok of ['https://course.example/m', 'HTTPS://Course.Example/m/', 'https://bücher.example/m/', 'http://[::1]:8000/m', 'https://x.example/v1.2/'])
    assert.deepEqual(siteFolder(siteFolder(ok).site), { site: siteFolder(ok).site, error: null }, ok);
  // a link's esite: refused with a notice, the snippets on this site's folder
  const bad = decodeState(ctx, '?mode=embed&esite=javascript:alert(document.domain)//');
  assert.equal(bad.state.embed.site, '');
  assert.ok(bad.notices.some((n) => /^esite: The site must be an http or https address.*got "javascript:alert\(document\.domain\)\/\/"\. The snippets use this site's folder\.$/.test(n)), JSON.stringify(bad.notices));
  const good = decodeState(ctx, '?mode=embed&esite=https://course.example/ml');
  assert.equal(good.state.embed.site, 'https://course.example/ml/');
  assert.deepEqual(good.notices, []);  // no page origin here (Node.js) to compare it with
});

test('a link\'s embed-builder choices that name nothing of the type, or no valid choice, are said, not dropped silently', () => {
  const { state, notices } = decodeState(ctx, '?mode=embed&preset=TransformerBsp8Workers&eshow=bogus,workers&eedit=iterationz&eprops=nope&epredict=speedup,bogus&etheme=neon&eabout=sideways&sn=');
  assert.deepEqual(state.embed.show, ['workers']);
  assert.equal(state.embed.editable, null);  // none known: the default
  assert.equal(state.embed.properties, null);
  assert.deepEqual(state.embed.predict, ['speedup']);
  assert.equal(state.embed.theme, 'auto');
  assert.equal(state.embed.about, 'collapsed');
  for (const said of ['eshow: SyncStrategyScenario has no input "bogus"; left out.', 'eedit: SyncStrategyScenario has no input "iterationz"; left out.',
    'eprops: SyncStrategyScenario has no property "nope"; left out.', 'epredict: SyncStrategyScenario has no property "bogus"; left out.',
    'etheme: must be one of auto, light, dark, got "neon"; using auto.'])
    assert.ok(notices.includes(said), `${said} in ${JSON.stringify(notices)}`);
  assert.ok(notices.some((n) => /^eabout: must be one of .*, got "sideways"; using collapsed\.$/.test(n)), JSON.stringify(notices));
  // an empty sn is the default number of points, as an empty sfrom or sto is the default range
  assert.equal(state.sweep.n, defaultState(ctx).sweep.n);
  assert.ok(!notices.some((n) => /\bsn\b/.test(n)));
});

test('an input a link gives past its bound is left out and said, not cut and then read as another value', () => {
  // an attacker's trial: a JSON entry of 15,000 characters, cut at 10,000, was "not valid
  // JSON (Unterminated string … at position 10000)"
  const long = '7'.repeat(12000);  // past MAX_TEXT (10 000)
  const { state, notices } = decodeState(ctx, `?preset=TransformerBsp8Workers&i.workers=${long}`);
  assert.equal(state.calc.texts.workers, presetTexts(ctx, 'TransformerBsp8Workers').workers);
  assert.ok(notices.includes(`The link gives i.workers 12,000 characters long ("${'7'.repeat(39)}…"); at most 10,000 are read, so it is left out.`), JSON.stringify(notices));
  // at the bound, kept whole
  assert.equal(decodeState(ctx, `?preset=TransformerBsp8Workers&i.workers=${'7'.repeat(10000)}`).state.calc.texts.workers, '7'.repeat(10000));
  // a comparison's column input alike ("0.7 s" and 10,000 spaces and "xyz" was cut and read as 0.7 s: a re-checker's trial)
  const col = decodeState(ctx, `?mode=compare&ctype=SyncStrategyScenario&c0=TransformerBsp8Workers&c1=TransformerBsp8Workers&c1.base_iteration_time=0.7%20s${'%20'.repeat(10000)}xyz`);
  assert.equal(col.state.compare.columns[1].texts.base_iteration_time, presetTexts(ctx, 'TransformerBsp8Workers').base_iteration_time);
  assert.ok(col.notices.some((n) => n.startsWith('The link gives c1.base_iteration_time 10,008 characters long ("0.7 s')), JSON.stringify(col.notices));
});

test('many unknown parameters: five named, the rest counted, and the names read listed once', () => {
  const q = '?mode=sweep&' + Array.from({ length: 300 }, (_, k) => `k${k}=1`).join('&');
  const { notices } = decodeState(ctx, q);
  assert.equal(notices.length, 6);
  assert.equal(notices.filter((n) => n.includes('the ones read are mode, preset')).length, 1);
  assert.equal(notices[1], 'The link has an unknown parameter "k1", left out: not one of the names read (above).');
  assert.equal(notices[5], 'At least 196 more unknown names were left out.');  // counting stops past 200
  const six = decodeState(ctx, '?' + Array.from({ length: 6 }, (_, k) => `k${k}=1`).join('&')).notices;
  assert.equal(six[5], '1 more unknown name was left out.');
});

test('a link copied after the calculator changed type carries no sweep or embed choices of the old type (they would open as notices)', () => {
  // the sweep state as the sweep view left it for one type, then the calculator switched to
  // a preset of another type whose inputs and properties share none of those names
  for (const [a, b] of [['TransformerBsp8Workers', 'NdrRingVsTree1GB'], ['NdrRingVsTree1GB', 'TransformerBsp8Workers']]) {
    const pa = ctx.presets.find((p) => p.name === a), pb = ctx.presets.find((p) => p.name === b);
    const ta = ctx.types.find((t) => t.name === pa.type), tb = ctx.types.find((t) => t.name === pb.type);
    const field = ta.fields.find((f) => f.numeric && !tb.fields.some((g) => g.name === f.name));
    const props = ta.properties.filter((p) => !tb.properties.some((q) => q.name === p.name)).slice(0, 2).map((p) => p.name);
    assert.ok(field && props.length === 2, 'the two types must not share these names');
    for (const mode of ['calc', 'sweep', 'compare']) {
      const s = defaultState(ctx);
      s.mode = mode;
      s.sweep = { ...s.sweep, field: field.name, from: '1', to: '9', scale: 'log', props };
      // the embed builder's lists too; one names an input of each type, whose own is kept
      const shared = tb.fields[0].name;
      s.embed = { ...s.embed, show: [field.name], editable: [field.name, shared], properties: props, predict: props };
      s.calc = { preset: b, type: pb.type, texts: { ...presetTexts(ctx, b) } };
      const link = encodeState(ctx, s);
      for (const key of ['eshow', 'eprops', 'epredict']) assert.ok(!new URLSearchParams(link).has(key), `${mode}: ${key} in ${link}`);
      assert.equal(new URLSearchParams(link).get('eedit'), shared);
      // (a sweep view's link writes its range keys empty: the defaults)
      for (const key of ['sfield', 'sfrom', 'sto', 'sscale', 'sprops']) assert.ok(!new URLSearchParams(link).get(key), `${mode}: ${key} in ${link}`);
      assert.deepEqual(decodeState(ctx, link).notices, [], `${mode}: ${link}`);
    }
    // a sweep of the calculator's own type is kept, every property of it included
    const s = defaultState(ctx);
    const own = tb.fields.find((f) => f.numeric);
    s.mode = 'sweep';
    s.calc = { preset: b, type: pb.type, texts: { ...presetTexts(ctx, b) } };
    s.sweep = { ...s.sweep, field: own.name, from: '2', to: '8', scale: 'lin', props: tb.properties.map((p) => p.name) };
    const { state, notices } = decodeState(ctx, encodeState(ctx, s));
    assert.deepEqual(notices, []);
    assert.deepEqual([state.sweep.field, state.sweep.from, state.sweep.to, state.sweep.scale, state.sweep.props], [own.name, '2', '8', 'lin', tb.properties.map((p) => p.name)]);
  }
});

test('comma lists in links count their unknown names exactly, and say where a long one stopped being read', () => {
  const names = (n) => Array.from({ length: n }, (_, i) => `n${i}`).join(',');
  const page = (q) => decodeState(ctx, `?preset=TransformerBsp8Workers&${q}`).notices;
  // 300 unknown names fit in the 10 000 characters read: all counted
  assert.deepEqual(page(`eshow=${names(300)}`), ['eshow: SyncStrategyScenario has no input "n0", "n1", "n2", "n3", "n4" and 295 more; left out.']);
  assert.ok(page(`mode=sweep&sprops=${names(6)}`).includes('The link names properties that SyncStrategyScenario does not have: "n0", "n1", "n2", "n3", "n4" and 1 more; left out.'));
  // 5000 names are 28 889 characters: the first 10 000 hold n0 … n9 (30 characters with their
  // commas), n10 … n99 (360), n100 … n999 (4500) and 851 of the six-character n1000, …
  // (5106), then "n185", the start of n1851 and a repeat of n185: 1851 names read, 1846 past
  // the five quoted; the rest is said not to be read
  const cut = page(`eprops=${names(5000)}`);
  assert.deepEqual(cut, ['eprops: the list is longer than 10,000 characters; the names after that were not read.',
    'eprops: SyncStrategyScenario has no property "n0", "n1", "n2", "n3", "n4" and 1846 more; left out.']);
  const o = readEmbedOptions(ctx, (k) => ({ preset: 'TransformerBsp8Workers', show: names(5000) })[k] ?? null, []);
  assert.ok(o.notices.includes('show: the list is longer than 10,000 characters; the names after that were not read.'), JSON.stringify(o.notices));
  assert.ok(o.notices.some((n) => n.startsWith('show: unknown fields "n0", "n1", "n2", "n3", "n4" and 1846 more of SyncStrategyScenario')), JSON.stringify(o.notices));
  // a name past the cut, known or not, is not dropped without a word; a short list before it
  // is counted as it is (it read "and at least -2 more")
  const late = readEmbedOptions(ctx, (k) => ({ preset: 'TransformerBsp8Workers', show: `workers,x,y,z${','.repeat(10000)}per_worker_batch` })[k] ?? null, []);
  assert.deepEqual(late.show, ['workers']);
  assert.ok(late.notices.includes('show: the list is longer than 10,000 characters; the names after that were not read.'), JSON.stringify(late.notices));
  assert.ok(late.notices.some((n) => n.startsWith('show: unknown fields "x", "y", "z" of SyncStrategyScenario;')), JSON.stringify(late.notices));
  // two long names that differ past their 100th character are two names
  const a59 = `"${'a'.repeat(59)}…"`;
  assert.deepEqual(page(`eshow=${'a'.repeat(149)}1,${'a'.repeat(149)}2`), [`eshow: SyncStrategyScenario has no input ${a59}, ${a59}; left out.`]);
  // a sweep's properties are not cut at 20: the list is what the type has
  assert.deepEqual(decodeState(ctx, `?preset=TransformerBsp8Workers&mode=sweep&sprops=${'speedup,'.repeat(30)}`).state.sweep.props, ['speedup']);
});

test("a sweep value in a link too long to be one is left out and said, not cut into another value", () => {
  // sto = 1 followed by 120 zeros was cut at 100 characters: 1e99
  const { state, notices } = decodeState(ctx, `?mode=sweep&preset=TransformerBsp8Workers&sfield=communication_overhead&sfrom=0.01&sto=1${'0'.repeat(120)}`);
  assert.equal(state.sweep.to, defaultState(ctx).sweep.to);
  assert.equal(state.sweep.from, '0.01');
  assert.deepEqual(notices, [`The link gives sto 121 characters long ("1${'0'.repeat(38)}…"); at most 100 are read, so it is left out and the sweep uses its default.`]);
  // 100 characters are read as they are
  assert.equal(decodeState(ctx, `?mode=sweep&preset=TransformerBsp8Workers&sfrom=${'0'.repeat(98)}1`).state.sweep.from, `${'0'.repeat(98)}1`);
});

test('a link with an unknown preset and a known type opens that type, on its first preset', () => {
  // it showed the default scenario of another type (found by an attacking helper)
  const first = ctx.presets.find((p) => p.type === 'HierarchicalAllReduceScenario');
  const { state, notices } = decodeState(ctx, '?preset=NoSuchPreset&type=HierarchicalAllReduceScenario');
  assert.equal(state.calc.type, 'HierarchicalAllReduceScenario');
  assert.equal(state.calc.preset, first.name);
  assert.deepEqual(notices, [`The link names an unknown preset "NoSuchPreset"; showing ${first.name}, of the type it names.`]);
  // with no type, or an unknown one, the default scenario as before
  assert.equal(decodeState(ctx, '?preset=NoSuchPreset&type=Nope').state.calc.preset, ctx.presets[0].name);
});


test('a link that misspells a scenario type or a preset shows the one it most likely meant, and says so', () => {
  // a reader wrote ?type=ClusterTco for ClusterTcoScenario and was shown a training scenario
  const decoded = (q) => decodeState(ctx, q);
  const shown = decodeState(ctx, '').state.calc.preset;
  let r = decoded('?type=ClusterTco');
  assert.deepEqual([r.state.calc.type, r.state.calc.preset], ['ClusterTcoScenario', null]);
  assert.deepEqual(r.notices, ['The link names an unknown scenario type "ClusterTco"; showing a blank ClusterTcoScenario, the nearest name.']);
  r = decoded('?preset=transformerbsp8worker');
  assert.equal(r.state.calc.preset, 'TransformerBsp8Workers');
  assert.deepEqual(r.notices, ['The link names an unknown preset "transformerbsp8worker"; showing TransformerBsp8Workers, the nearest name.']);
  r = decoded('?mode=compare&ctype=syncstrategyscenario');
  assert.equal(r.state.compare.type, 'SyncStrategyScenario');
  assert.ok(r.notices.includes('The link names an unknown scenario type "syncstrategyscenario" to compare; comparing SyncStrategyScenario, the nearest name.'), r.notices.join(' | '));
  // nothing near: the default scenario, as before
  assert.deepEqual(decoded('?type=Zzzzzz').notices, [`The link names an unknown scenario type "Zzzzzz"; showing ${shown}.`]);
  assert.equal(decoded('?preset=Zzzzzzzz').state.calc.preset, shown);
  // a guess of another type than the link names is no guess: that type's first preset
  const first = ctx.presets.find((p) => p.type === 'HierarchicalAllReduceScenario');
  assert.equal(decoded('?preset=TransformerBsp8Worker&type=HierarchicalAllReduceScenario').state.calc.preset, first.name);
});

test('an inline entry typed or linked is read as the module reads one: a key given twice and an integer beyond 2^53 are refused, not kept last or rounded', () => {
  // an attacker's trial: JSON.parse kept the last "parameters" and rounded a count of
  // 2^53 + 1 to 2^53, where the CLI (the module's own parser) refuses both
  const zero = scenarioTypes(m).find((t) => t.name === 'ZeroShardingScenario');
  const texts = { ...presetTexts(ctx, 'ZeroPaper7_5B64Gpus'),
    workload: '{"name": "x", "parameters": "7e9 param", "parameters": "1 param"}' };
  const { errors } = evaluateTexts(m, zero, texts, null, {});
  assert.equal(errors.get('workload'), 'workload: gives the key "parameters" twice in one object, the second time at line 1, column 42; give each key once (which one was meant is not guessed)');
  // on a later line, after characters beyond ASCII, as the module counts them (the CLI's --set)
  const multi = '{"name": "é→x",\n "parameters": "7e9 param",\n  "parameters": "1 param"}';
  assert.equal(evaluateTexts(m, zero, { ...texts, workload: multi }, null, {}).errors.get('workload'),
    'workload: gives the key "parameters" twice in one object, the second time at line 3, column 3; give each key once (which one was meant is not guessed)');
  // in the box as typed, blank lines before it too (it was trimmed: a re-checker's trial)
  assert.equal(evaluateTexts(m, zero, { ...texts, workload: `\n\n  ${multi}` }, null, {}).errors.get('workload'),
    'workload: gives the key "parameters" twice in one object, the second time at line 5, column 3; give each key once (which one was meant is not guessed)');
  // a key written with an escape is the same key, refused, but placed by neither the page
  // nor the module (which compares keys as written)
  assert.equal(evaluateTexts(m, zero, { ...texts, workload: '{"name": "x", "parameters": "7e9 param", "p\\u0061rameters": "1 param"}' }, null, {}).errors.get('workload'),
    'workload: gives the key "parameters" twice in one object; give each key once (which one was meant is not guessed)');
  const mtbf = scenarioTypes(m).find((t) => t.name === 'MtbfCascadeScenario');
  const fleet = (count) => `{"name": "f", "count": ${count}, "node": {"name": "n", "accelerators_per_node": 1, "accelerator": "H100"}}`;
  const base = presetTexts(ctx, 'Book10KThreeWeekJob');
  assert.equal(evaluateTexts(m, mtbf, { ...base, fleet: fleet('9007199254740993') }, null, {}).errors.get('fleet'),
    'fleet: count: must be an integer >= 1 and at most 2^53 = 9007199254740992 (exact in JavaScript), got "9007199254740993"');
  // 2^53 itself is exact: no error of the page's (the rest is the module's to judge)
  assert.ok(!/gives the key|2\^53/.test(evaluateTexts(m, mtbf, { ...base, fleet: fleet('9007199254740992') }, null, {}).errors.get('fleet') ?? ''));
  // a key given twice in a nested entry, and keys that differ only by an escape
  assert.match(evaluateTexts(m, mtbf, { ...base, fleet: '{"name": "f", "count": 2, "node": {"name": "n", "name": "m"}}' }, null, {}).errors.get('fleet'), /^fleet: gives the key "name" twice/);
  assert.match(evaluateTexts(m, zero, { ...texts, workload: '{"name": "x", "par\\u0061meters": "7e9 param", "parameters": "1 param"}' }, null, {}).errors.get('workload'), /^workload: gives the key "parameters" twice/);
  // a decimal or exponent form a double cannot hold as written goes as written, for the
  // module to read exactly (a re-checker's trial: 9007199254740993.0 was read as 2^53)
  assert.equal(evaluateTexts(m, mtbf, { ...base, fleet: fleet('9.007199254740993e15') }, null, {}).errors.get('fleet'),
    'fleet: count: must be an integer >= 1 and at most 2^53 = 9007199254740992 (exact in JavaScript), got "9.007199254740993e15"');
  const llm = scenarioTypes(m).find((t) => t.name === 'LlmServingScenario');
  const chat = presetTexts(ctx, 'Llama8BChatH100');
  for (const [b, said] of [['9007199254740993.0', 'at most 2^53 = 9007199254740992 (exact in JavaScript), got "9007199254740993.0"'],
    ['9007199254740992.5', 'got "9007199254740992.5": it has a fraction, though it rounds to 9007199254740992'], ['1e16', 'got "1e16"']])
    assert.match(evaluateTexts(m, llm, { ...chat, batch_size: b }, null, {}).errors.get('batch_size'), new RegExp(`^batch_size: must be an integer >= 1.*${said.replace(/[.^()*+?[\]\\]/g, '\\$&')}$`), b);
  // a number not zero that a double reads as 0 goes as written, and is quoted so (an
  // attacker's trial: "got 0"); a unitless one is a number with no unit, not the zero that
  // needs none (it had passed as 0)
  assert.equal(evaluateTexts(m, llm, { ...chat, batch_size: '1e-999' }, null, {}).errors.get('batch_size'),
    'batch_size: must be an integer >= 1, got "1e-999": it has a fraction, though it rounds to 0');
  assert.match(evaluateTexts(m, llm, { ...chat, kv_bytes_per_element: '1e-999' }, null, {}).errors.get('kv_bytes_per_element'),
    /^kv_bytes_per_element: expected an amount of data, got "1e-999" \(no unit\)/);
  // a float field takes such a number as written, exactly
  const train = scenarioTypes(m).find((t) => t.name === 'TrainingComputeScenario');
  const r = evaluateTexts(m, train, { ...presetTexts(ctx, 'Gpt3OnTraining1KA100'), training_tokens: '3e16' }, null, {});
  assert.equal(r.errors.size, 0);
  assert.equal(r.result.inputs.training_tokens, 3e16);
  // a text that is not JSON is said as before; commas and quotes inside strings are text
  assert.match(evaluateTexts(m, zero, { ...texts, workload: '{bad}' }, null, {}).errors.get('workload'), /^workload: not valid JSON \(/);
  assert.ok(!evaluateTexts(m, zero, { ...texts, workload: '{"name": "x, \\"parameters\\": 1", "parameters": "7.5e9 param"}' }, null, {}).errors.has('workload'));
});

test('an entry\'s name written as JSON in its JSON box ("GPT3", with its quotes) is that name', async () => {
  // an attacker's trial: 'unknown workload "\"GPT3\"" (did you mean "GPT3"?)' for a valid JSON text
  const { apiInputs } = await import('../../web/fields.mjs');
  const m = await load();
  const type = m.describeScenarioType('DataParallelAttackSurfaceScenario');
  const { inputs, errors } = apiInputs(type, { workload: '"GPT3"', fleet: 'Training_1K_A100', dp_degree: '16', gradient_bytes_per_param: '2 byte/param', checkpoint_bytes_per_param: '14 byte/param' });
  assert.equal(errors.size, 0);
  assert.equal(inputs.workload, 'GPT3');
  // 1.75e11 param x 2 byte/param = 350 GB, as for the name typed bare
  assert.equal(m.evaluate(type.name, inputs).properties.gradient_bytes.value, 3.5e11);
  // a name with an escape is JSON's to read, not ours: left as typed
  assert.equal(apiInputs(type, { workload: '"GP\\u0054"' }).inputs.workload, '"GP\\u0054"');
});

test('an embed id longer than 100 characters is cut with a notice, which says so', async () => {
  // an attacker's trial: cut in silence, where a host page matches the whole id
  const m = await load();
  const ctx = { m, types: scenarioTypes(m), presets: m.listPresets(), registry: registryMap(m) };
  const { state, notices } = decodeState(ctx, `?mode=embed&eid=${'x'.repeat(300)}`);
  assert.equal(state.embed.id, 'x'.repeat(100));
  assert.ok(notices.some((n) => n.startsWith('eid: at most 100 characters are kept, so it is cut to "xxxx')), notices.join(' | '));
  assert.deepEqual(decodeState(ctx, `?mode=embed&eid=${'x'.repeat(100)}`).notices, []);
});

// docs/embedding.md documents every option the embeds read, and the resize message.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './load.mjs';
import { EMBED_OPTIONS, THEMES, ABOUT } from '../../web/link.mjs';

const doc = readFileSync(path.join(root, 'docs/embedding.md'), 'utf8');
const read = (f) => readFileSync(path.join(root, 'web', f), 'utf8');

test('every attribute the element observes, and every option the embeds read, has a row in docs/embedding.md', () => {
  // the element observes the embeds' options as link.mjs lists them
  assert.match(read('mlsysim-element.mjs'), /static get observedAttributes\(\) \{ return EMBED_OPTIONS; \}/);
  const observed = EMBED_OPTIONS;
  assert.ok(observed.length >= 10);
  // the names the link grammar (link.mjs) reads for an embed through get('...'); the full
  // page's own keys go through q.get(...)
  const got = [...read('link.mjs').matchAll(/(?<![.\w])get\('([a-z_]+)'\)/g)].map((x) => x[1]);
  const lists = [...read('link.mjs').matchAll(/readList\(get, '([a-z_]+)'/g)].map((x) => x[1]);
  for (const name of new Set([...observed, ...got, ...lists, 'i.FIELD', 'id']))
    assert.match(doc, new RegExp(`^\\| \`${name.replace('.', '\\.')}\` \\|`, 'm'), `${name} is not documented`);
});

test('the resize messages are documented in the shapes embed.mjs posts', () => {
  const code = read('embed.mjs');
  assert.match(code, /\{ type: 'mlsysim:resize', height, id: frameId \}/);
  assert.match(code, /\{ subject: 'lti\.frameResize', height \}/);
  assert.ok(doc.includes("{type: 'mlsysim:resize', height, id}"));
  assert.ok(doc.includes("{subject: 'lti.frameResize', height}"));
});

test('the values of about and theme are the ones documented', () => {
  const row = (name) => new RegExp(`^\\| \`${name}\` \\|(.*)$`, 'm').exec(doc)[1];
  for (const v of ABOUT) assert.ok(row('about').includes(`\`${v}\``), `about ${v}`);
  for (const v of THEMES) assert.ok(row('theme').includes(`\`${v}\``), `theme ${v}`);
});

test('the theme messages are documented in the shapes embed.mjs and the example host use', () => {
  const code = read('embed.mjs');
  assert.match(code, /\{ type: 'mlsysim:theme-request', id: frameId \}/);
  assert.match(code, /d\.type !== 'mlsysim:theme'/);
  assert.ok(doc.includes("{type: 'mlsysim:theme-request', id}"));
  assert.ok(doc.includes("{type: 'mlsysim:theme', theme: 'light' | 'dark'}"));
  assert.match(readFileSync(path.join(root, 'examples/host.mjs'), 'utf8'), /type: 'mlsysim:theme', theme: pageTheme\(\)/);
});

test('every Sweep link the docs give plots properties that move over its range', async () => {
  // an instructor's trial: the docs' own example swept workers against speedup, whose
  // equation has no workers in it: a flat line that taught nothing
  const { load } = await import('./load.mjs');
  const m = await load();
  const docs = ['docs/embedding.md', 'docs/api.md', 'README.md'].map((f) => readFileSync(path.join(root, f), 'utf8')).join('\n');
  const links = [...docs.matchAll(/\?(mode=sweep&[^`\s)]+)/g)].map((x) => new URLSearchParams(x[1]));
  assert.ok(links.length >= 1);
  for (const q of links) {
    const preset = m.listPresets().find((p) => p.name === q.get('preset'));
    const from = Number(q.get('sfrom')), to = Number(q.get('sto'));
    const field = m.describeScenarioType(preset.type).fields.find((f) => f.name === q.get('sfield'));
    const at = (k) => (q.get('sscale') === 'log' ? from * (to / from) ** (k / 8) : from + ((to - from) * k) / 8);
    const xs = Float64Array.from({ length: 9 }, (_, k) => (field.type === 'int' ? Math.round(at(k)) : at(k)));
    const r = m.sweep(preset.type, preset.inputs, field.name, xs, q.get('sprops').split(','));
    for (const [name, ys] of Object.entries(r.properties)) {
      const known = [...ys].filter(Number.isFinite);
      assert.ok(known.length === xs.length && new Set(known).size > 1, `${q}: ${name} does not change with ${field.name} (${ys.join(', ')})`);
    }
  }
});

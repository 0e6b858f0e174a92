// docs/embedding.md documents every option the embeds read, and the resize message.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './load.mjs';

const doc = readFileSync(path.join(root, 'docs/embedding.md'), 'utf8');
const read = (f) => readFileSync(path.join(root, 'web', f), 'utf8');

test('every attribute the element observes, and every option the embeds read, has a row in docs/embedding.md', () => {
  const observed = JSON.parse(/const OPTIONS = (\[[^\]]*\])/.exec(read('mlsysim-element.mjs'))[1].replace(/'/g, '"'));
  assert.ok(observed.length >= 9);
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

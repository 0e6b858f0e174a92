import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load, root } from './load.mjs';
import { scenariosMarkdown, unitsMarkdown, readmeWithTypes } from '../../scripts/gen-docs.mjs';

test('docs/scenarios.md, docs/units.md and README.md\'s table of types are what the declarations generate (run `npm run docs` after a change)', async () => {
  const m = await load();
  assert.equal(readFileSync(path.join(root, 'docs/scenarios.md'), 'utf8'), scenariosMarkdown(m));
  assert.equal(readFileSync(path.join(root, 'docs/units.md'), 'utf8'), unitsMarkdown(m));
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  assert.equal(readme, readmeWithTypes(m, readme));
});

test('the JavaScript snippet in README.md runs as written', async () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((b) => b[1]);
  assert.ok(blocks.length >= 1, 'README has a js block');
  for (const code of blocks) {
    assert.match(code, /from '\.\/dist\/mlsysim\.mjs'/, 'it imports the module from the repository root');
    // run from the repository root, as the comment in the snippet says
    const { execFileSync } = await import('node:child_process');
    execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  }
});

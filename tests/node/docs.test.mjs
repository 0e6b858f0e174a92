import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load, root } from './load.mjs';
import { scenariosMarkdown } from '../../scripts/gen-docs.mjs';

test('docs/scenarios.md is what the declarations generate (run `npm run docs` after a change)', async () => {
  const committed = readFileSync(path.join(root, 'docs/scenarios.md'), 'utf8');
  assert.equal(committed, scenariosMarkdown(await load()));
});

// The page never parses data as HTML: no innerHTML, outerHTML, insertAdjacentHTML or
// document.write anywhere in web/ (text goes through textContent; MathML from the core
// through an XML parser that admits MathML elements only).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './load.mjs';

test('no HTML-parsing sinks in the page\'s scripts', () => {
  const dir = path.join(root, 'web');
  const files = readdirSync(dir).filter((f) => /\.(m?js|html)$/.test(f));
  assert.ok(files.length >= 8);
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    assert.doesNotMatch(text, /\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/, f);
  }
});

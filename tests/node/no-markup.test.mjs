// The page never parses data as HTML: no innerHTML, outerHTML, insertAdjacentHTML or
// document.write anywhere in web/ (text goes through textContent; MathML from the core
// through an XML parser that admits MathML elements only). One exception, pinned below:
// boot.js shows an embed's prerendered view, which is the build's own HTML
// (scripts/prerender.mjs), fetched from this site's embeds/ folder under a name the build
// listed in embed.html; no text of a reader, a URL or a preset file reaches it.
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
    let text = readFileSync(path.join(dir, f), 'utf8');
    if (f === 'boot.js') {
      const pinned = /\n *main\.innerHTML = html;\n/;
      assert.match(text, /fetch\('embeds\/' \+ name \+ '\.html'\)/, f);
      assert.match(text, /built\.indexOf\(name\) < 0/, f);  // only a name the build listed
      assert.match(text, pinned, f);
      text = text.replace(pinned, '\n');
    }
    assert.doesNotMatch(text, /\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/, f);
  }
});

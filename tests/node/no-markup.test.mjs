// The page never parses data as HTML: no innerHTML, outerHTML, insertAdjacentHTML or
// document.write anywhere in web/ (text goes through textContent; MathML from the core
// through an XML parser that admits MathML elements only). One exception, pinned below:
// boot.js shows an embed's prerendered view, which is the build's own HTML
// (scripts/prerender.mjs), fetched from this site's embeds/ folder under a name the build
// listed in embed.html; no text of a reader, a URL or a preset file reaches it. The custom
// element shows the same fragments (mlsysim-element.mjs), from the embeds/ folder beside
// it, for a preset attribute that is a name, and only text that begins as they do.
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
      assert.match(text, /prerendered = plain && name && built\.indexOf\(name\) >= 0 /, f);  // only a name the build listed
      assert.match(text, pinned, f);
      text = text.replace(pinned, '\n');
    }
    if (f === 'mlsysim-element.mjs') {  // the same fragments, for the custom element
      const pinned = /\n *t\.innerHTML = html;\n/;
      assert.match(text, /fetch\(new URL\(`embeds\/\$\{preset\}\.html`, HERE\)\)/, f);
      assert.match(text, /\/\^\[A-Za-z_\]\[A-Za-z0-9_\]\{0,99\}\$\/\.test\(preset\)/, f);  // a name, not a path
      assert.match(text, /!FRAGMENT\.test\(html\)/, f);  // only what the build wrote
      assert.match(text, pinned, f);
      text = text.replace(pinned, '\n');
    }
    assert.doesNotMatch(text, /\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/, f);
  }
});

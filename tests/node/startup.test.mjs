// The start-up failure text (web/startup.mjs), for every way the module can fail to start:
// what failed and what to do in a reader's words, the browsers that run the calculator,
// and never Emscripten's advice for whoever builds the module.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './load.mjs';
import { startupFailure, missingFeatures, technicalReason, BROWSERS } from '../../web/startup.mjs';

const README = readFileSync(path.join(root, 'README.md'), 'utf8');
const wasmLacking = (...features) => ({
  validate: (bytes) => !features.some((f) => f === 'SIMD' && bytes.includes(253)),
});
const abort = (what) => new Error(`Aborted(${what}). Build with -s ASSERTIONS=1 for more info.`);

test('this runtime has every WebAssembly feature the module needs', () => {
  assert.deepEqual(missingFeatures(), []);
  assert.equal(missingFeatures(null), null);
  assert.deepEqual(missingFeatures(wasmLacking('SIMD')), ['SIMD']);
});

test('each way of failing is told in a reader\'s words, with what to do and the browsers that work', () => {
  const cases = [
    [abort('no native wasm support detected'), { wasm: null }, /this browser does not run WebAssembly.*Turn it on for this site, or open the page in another browser\./],
    [abort('CompileError: WebAssembly.instantiate(): invalid value type 0x7b'), { wasm: wasmLacking('SIMD') }, /this browser is too old for it \(its WebAssembly has no SIMD\)\. Update the browser/],
    [abort('both async and sync fetching of the wasm failed'), {}, /its compiled code \(mlsysim\.wasm\) could not be downloaded\. Check the connection and reload/],
    [abort('CompileError: WebAssembly.instantiate(): expected magic word 00 61 73 6d, found 3c 21 64 6f @+0'), {}, /arrived damaged, or the site sent another file in its place\. Reload the page/],
    [new RangeError('WebAssembly.Memory(): could not allocate memory'), {}, /would not give it enough memory\. Close other tabs/],
    [new TypeError('x is not a function'), {}, /something went wrong while it was starting\. Reload the page\. If it happens again, try another browser\./],
  ];
  for (const [error, env, want] of cases) {
    const { text, detail } = startupFailure(error, env);
    assert.match(text, /^The calculator could not start: /);
    assert.match(text, want);
    assert.ok(text.endsWith(`It runs in ${BROWSERS}; in Chrome and Edge its typeset equations need version 109 or later.`), text);
    assert.doesNotMatch(text + detail, /ASSERTIONS|Aborted\(/);
  }
  assert.equal(technicalReason(abort('both async and sync fetching of the wasm failed')), 'both async and sync fetching of the wasm failed');
});

test('the browsers named are README\'s, and web/boot.js names the same ones', () => {
  for (const v of ['Chrome', 'Edge 95+', 'Firefox 100+', 'Safari 16.4+']) assert.ok(BROWSERS.includes(v), v);
  assert.match(README, /Chrome and Edge 95\+,\s+Firefox 100\+,\s+Safari 16\.4\+/);
  assert.match(README, /typeset the page.s equations \(MathML\), Chrome and Edge\s+from 109/);
  const boot = readFileSync(path.join(root, 'web/boot.js'), 'utf8');
  assert.match(boot, /Chrome or Edge 95\+, Firefox 100\+ or Safari 16\.4\+/);
});

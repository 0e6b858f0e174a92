// The one-file page (dist/mlsysim-standalone.html, written by scripts/bundle.mjs),
// opened from disk as an instructor's attachment would be: file://, no server.
import test from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { browser, shots } from './harness.mjs';
import { dist } from '../node/load.mjs';

// a copy alone in an empty folder: nothing beside it to load by accident
const dir = mkdtempSync(path.join(os.tmpdir(), 'mlsysim-standalone-'));
const file = path.join(dir, 'mlsysim-standalone.html');
copyFileSync(path.join(dist, 'mlsysim-standalone.html'), file);
const url = pathToFileURL(file).href;

const { context, page, problems } = await browser('file://');
const requests = [];
context.on('request', (r) => requests.push(r.url()));
const violations = [];
await page.exposeFunction('reportViolation', (v) => violations.push(v));
await page.addInitScript(() => {
  document.addEventListener('securitypolicyviolation', (e) =>
    window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
});
test.after(() => context.close());

const shown = (name) => page.textContent(`#properties [data-property="${name}"] .value`);

test('opened from file:// it computes TransformerBsp8Workers: global_batch 256, speedup 5.714', async () => {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 20000 });
  assert.equal(await shown('global_batch'), '256 samples');
  assert.equal(await shown('speedup'), '5.714');  // 100000 / (14000 x (1 + 0.25))
  await page.screenshot({ path: path.join(shots, 'standalone-file.png'), fullPage: true });
});

test('its inputs, compare and sweep views work from the one file', async () => {
  await page.fill('#in-workers', '16');
  await page.waitForFunction(() => document.querySelector('#properties [data-property="global_batch"] .value').textContent === '512 samples');
  await page.click('#tab-compare');
  await page.waitForSelector('#compare-table td');
  await page.click('#tab-sweep');
  await page.waitForSelector('#sweep-plot[data-ready="1"] canvas', { timeout: 20000 });
});

test('it loads nothing but itself, and its own policy reports no violation', () => {
  const others = requests.filter((u) => u !== url && !u.startsWith('data:') && !u.startsWith('blob:'));
  assert.deepEqual(others, []);
  assert.deepEqual(violations, []);
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
});

test('it carries a Content-Security-Policy that allows no network access', () => {
  const html = readFileSync(file, 'utf8');
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html);
  assert.ok(policy, 'a CSP meta element');
  assert.match(policy[1], /default-src 'none'/);
  assert.doesNotMatch(policy[1], /'unsafe-inline'|'unsafe-eval'|https?:|\*/);
  assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+rel="stylesheet"/);
});

test('index.html opened from disk says why it cannot start, with a link to the one-file page beside it', async () => {
  const index = pathToFileURL(path.join(dist, 'index.html')).href;
  await page.goto(index);
  await page.waitForSelector('#status.failed', { timeout: 20000 });
  assert.match(await page.textContent('#status'), /Browsers do not run it from a file opened from disk: serve this folder \(any static web server\), or open mlsysim-standalone\.html, which works from disk/);
  // the file's name is a link to it, not text to retype (an instructor's trial)
  assert.equal(await page.locator('#status a').getAttribute('href'), 'mlsysim-standalone.html');
  await page.locator('#status a').click();
  await page.waitForSelector('body[data-ready="1"]', { timeout: 20000 });
  assert.equal(await shown('global_batch'), '256 samples');
});

test('served, it says that its own policy keeps it from reading a course preset file, not that CORS did', async () => {
  // an attacker's trial: "it must be on this site, or on one that sends CORS headers" for a
  // file on its own site, which the page's connect-src (data: only) had blocked
  const { serveStatic } = await import('./server.mjs');
  writeFileSync(path.join(dir, 'course.json'), JSON.stringify({ presets: [] }));
  const server = await serveStatic(dir);
  const served = await browser(server.origin);
  try {
    await served.page.goto(`${server.origin}/mlsysim-standalone.html?preset-file=course.json`);
    await served.page.waitForSelector('body[data-ready="1"]', { timeout: 20000 });
    await served.page.waitForFunction(() => /preset-file/.test(document.getElementById('notices')?.textContent ?? ''));
    assert.equal(await served.page.locator('#notices li').first().textContent(),
      `preset-file: ${server.origin}/course.json cannot be read (this page's Content-Security-Policy lets it fetch no such file: see its connect-src); using the built-in presets only.`);
  } finally {
    await served.context.close();
    await server.close();
  }
});

test('from file://, its Embed view says which site an empty Site box stands for', async () => {
  // a course author's trial: "empty: this one", where the snippets used https://your.site/mlsysim/
  await page.goto(`${url}?mode=embed`);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 20000 });
  await page.waitForSelector('#builder-site-help');
  const help = await page.textContent('#builder-site-help');
  assert.match(help, /empty: https:\/\/your\.site\/mlsysim\/, a stand-in, since this page is a file; write your course site's folder\./);
  assert.equal(await page.getAttribute('#builder-site', 'placeholder'), 'https://your.site/mlsysim/');
});

test('served, its Embed view says the preview needs embed.html rather than showing a frame its own policy blocks', async () => {
  // an attacker's trial: over http the preview was an empty frame, with a frame-src violation in the console
  const { serveStatic } = await import('./server.mjs');
  const server = await serveStatic(dir);
  const served = await browser(server.origin);
  try {
    await served.page.goto(`${server.origin}/mlsysim-standalone.html?mode=embed`);
    await served.page.waitForSelector('body[data-ready="1"]', { timeout: 20000 });
    await served.page.waitForSelector('#builder-offline:not([hidden])');
    assert.equal(await served.page.isHidden('#builder-preview'), true);
    assert.match(await served.page.textContent('#builder-offline'), /the one-file page shows no frame/);
    assert.deepEqual(served.problems.consoleErrors, []);
  } finally {
    await served.context.close();
    await server.close();
  }
});

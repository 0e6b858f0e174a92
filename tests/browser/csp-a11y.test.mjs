// Every served page under a strict Content-Security-Policy (no inline script or style, no
// eval; only 'wasm-unsafe-eval' for the module), and axe-core accessibility checks of the
// same pages in light and dark. axe is injected as a script, which the CSP would refuse,
// so it runs on a second server without the header.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { browser } from './harness.mjs';
import { serveStatic, STRICT_CSP } from './server.mjs';
import { root } from '../node/load.mjs';

const strict = await serveStatic(undefined, { csp: STRICT_CSP });
const plain = await serveStatic();
const { context, page, problems } = await browser(strict.origin);
test.after(async () => { await context.close(); await strict.close(); await plain.close(); });

// every frame records the policy violations it sees (an init script is not subject to the CSP)
await context.addInitScript(() => {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
});
const violations = async () => (await Promise.all(page.frames().map((f) => f.evaluate(() => window.__csp || []).catch(() => [])))).flat();

test('index.html under the strict CSP: results, the sweep plot (uPlot), no violation', async () => {
  const res = await page.goto(`${strict.origin}/index.html?preset=TransformerBsp8Workers`);
  assert.equal(res.headers()['content-security-policy'], STRICT_CSP);
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.textContent('#properties [data-property="speedup"] .value'), '5.714');
  await page.click('#tab-sweep');
  await page.waitForSelector('#sweep-plot[data-ready="1"] canvas');
  assert.match(await page.textContent('#sweep-plot'), /sample_efficiency.*cost/);  // the default pair against workers
  // uPlot's stylesheet applied (a <link>, allowed), and its inline sizes set through the CSSOM
  assert.equal(await page.locator('#sweep-plot .u-legend').evaluate((n) => getComputedStyle(n).textAlign), 'center');
  await page.click('#tab-compare');
  await page.waitForSelector('#compare-table [data-property="speedup"]');
  assert.deepEqual(await violations(), []);
});

test('embed.html and the host example under the strict CSP: results, no violation', async () => {
  await page.goto(`${strict.origin}/embed.html?preset=ReferenceJobAttackSurface&show=dp_degree&properties=accelerators,gather_traffic_ratio&theme=dark`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.textContent('[data-property="gather_traffic_ratio"] .value'), '8');
  await page.fill('#in-dp_degree', '32');
  assert.equal(await page.textContent('[data-property="gather_traffic_ratio"] .value'), '16');
  assert.deepEqual(await violations(), []);
  await page.goto(`${strict.origin}/examples/host.html`);
  await page.waitForFunction(() => document.getElementById('attack')?.state === 'ready');
  const frame = page.frameLocator('#bsp-frame');
  assert.equal(await frame.locator('[data-property="speedup"] .value').textContent(), '5.714');
  assert.equal(await page.locator('#attack [data-property="accelerators"] .value').textContent(), '1,024');
  // the element's stylesheet applied inside its shadow root
  assert.equal(await page.locator('#attack .mlsysim-host').evaluate((n) => getComputedStyle(n).borderTopStyle), 'solid');
  await page.waitForFunction(() => document.getElementById('bsp-frame').style.height !== '');
  assert.deepEqual(await violations(), []);
});

test('the policy is really enforced (a control: an inline style is refused)', async () => {
  await page.goto(`${strict.origin}/embed.html`);
  await page.waitForSelector('body[data-ready="1"]');
  const errorsBefore = problems.consoleErrors.length;
  const before = await page.locator('body').evaluate((n) => getComputedStyle(n).color);
  const after = await page.evaluate(async () => {
    const s = document.createElement('style');
    s.textContent = 'body { color: rgb(255, 0, 0) !important; }';
    document.head.append(s);
    await new Promise((r) => setTimeout(r, 100));
    return getComputedStyle(document.body).color;
  });
  assert.equal(after, before, 'an inline <style> took effect: the header is not enforced');
  assert.ok((await violations()).some((v) => v.startsWith('style-src')), 'the refused style is reported');
  assert.ok(problems.consoleErrors.length > errorsBefore, 'Chromium logs the refusal');
  problems.consoleErrors = problems.consoleErrors.filter((e, k) => k < errorsBefore || !/inline style/.test(e));  // the control's own report
});

test('under the CSP: no page or console errors, nothing outside the origin', () => {
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.offOrigin, []);
});

// ---- axe-core: no serious or critical violation, light and dark ----
const AXE = path.join(root, 'node_modules/axe-core/axe.min.js');

async function axe(p, url, waitFor) {
  await p.goto(url);
  await waitFor(p);
  await p.addScriptTag({ path: AXE });
  const r = await p.evaluate(() => window.axe.run(document, { resultTypes: ['violations'], iframes: false }));
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}; ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary.replace(/\s+/g, ' ')}`).join(' | ')}`);
}

const ready = (p) => p.waitForSelector('body[data-ready="1"]');
const hostReady = async (p) => {
  await p.waitForFunction(() => document.getElementById('attack')?.state === 'ready');
  await p.frameLocator('#bsp-frame').locator('body[data-ready="1"]').waitFor({ state: 'attached' });
};

for (const scheme of ['light', 'dark']) {
  test(`axe: no serious or critical violations on every page (${scheme})`, async () => {
    const p = await context.newPage();
    try {
      await p.emulateMedia({ colorScheme: scheme });
      const found = [];
      const pages = [
        [`${plain.origin}/index.html?preset=TransformerBsp8Workers`, ready],
        [`${plain.origin}/index.html?preset=LabJobAttackSurface&i.dp_degree=0`, ready],  // an error shown
        [`${plain.origin}/index.html?mode=compare`, ready],
        [`${plain.origin}/index.html?preset=Nope&bytes=huge`, ready],  // notices
        [`${plain.origin}/index.html?mode=sweep`, (p) => p.waitForSelector('#sweep-plot[data-ready="1"] canvas')],
        [`${plain.origin}/embed.html?preset=TransformerBsp8Workers&show=workers,per_worker_batch&editable=workers`, ready],
        [`${plain.origin}/embed.html?preset=ReferenceJobAttackSurface&show=nope&i.dp_degree=3&theme=${scheme}`, ready],  // a notice and a warning
        [`${plain.origin}/examples/host.html`, hostReady],
      ];
      for (const [url, wait] of pages) for (const v of await axe(p, url, wait)) found.push(`${url.replace(plain.origin, '')}: ${v}`);
      assert.deepEqual(found, []);
    } finally {
      await p.close();
    }
  });
}

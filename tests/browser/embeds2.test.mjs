// The embeds and the link grammar as new users met them, in headless Chromium: names
// nobody reads (one rule for the page, the iframe and the element), what a page says
// when it cannot start (every page, WebAssembly made to fail), what a model leaves out,
// and the embeds' theme beside their host page (the element reads it, the iframe is told).
import test from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { browser, shots } from './harness.mjs';
import { serveStatic } from './server.mjs';
import { load, dist, root } from '../node/load.mjs';

const m = await load();
const types = m.listScenarioTypes();
const server = await serveStatic();
const { context, page, problems } = await browser(server.origin);
test.after(async () => { await context.close(); await server.close(); });

const O = server.origin;
const DARK = 'rgb(13, 17, 23)', LIGHT = 'rgb(255, 255, 255)';
const notices = (p, sel = '.notices li') => p.locator(sel).allTextContents();

// the failure tests' pages throw on purpose: a browser of their own keeps that out of `problems`
const failing = await browser(O);
test.after(() => failing.context.close());

/** A page of the failing browser, set up to fail. */
async function freshPage(setup) {
  const p = await failing.context.newPage();
  if (setup) await setup(p);
  return p;
}

// ---- 14. names nobody reads ----

test('the page names an unknown or misspelt parameter and the nearest valid one; valid results stay', async () => {
  await page.goto(`${O}/index.html?preset=TransformerBsp8Workers&i.nonsense=3&i.worker=16&Preset=TransformerAsp8Workers&shows=workers&utm_source=mail`);
  await page.waitForSelector('body[data-ready="1"]');
  const got = await notices(page, '#notices li');
  assert.equal(got.length, 4, got.join('\n'));
  assert.match(got.find((n) => n.includes('"i.nonsense"')), /^The link has an unknown parameter "i\.nonsense", left out: SyncStrategyScenario has no input "nonsense"; its inputs are i\.workers, /);
  assert.match(got.find((n) => n.includes('"i.worker"')), /did you mean i\.workers\?$/);
  assert.match(got.find((n) => n.includes('"Preset"')), /did you mean preset\?$/);
  assert.match(got.find((n) => n.includes('"shows"')), /did you mean show\? show is an option of the embeds/);
  // nothing asked for wrongly reaches the scenario: its results are the preset's, and fresh
  assert.equal(await page.textContent('#properties [data-property="global_batch"] .value'), '256 samples');
  assert.equal(await page.isVisible('#stale'), false);
  assert.equal(await page.inputValue('#in-workers'), '8');
  // keys that links carry for others stay silent
  await page.goto(`${O}/index.html?preset=TransformerBsp8Workers&utm_source=x&fbclid=1&gclid=2&ref=news`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.isVisible('#notices'), false);
});

test('the iframe names an unknown or misspelt parameter and the nearest valid one; valid results stay', async () => {
  await page.goto(`${O}/embed.html?preset=TransformerBsp8Workers&i.worker=16&shows=workers&Preset=TransformerAsp8Workers&propertie=speedup&mode=sweep&id=f1&utm_medium=x`);
  await page.waitForSelector('body[data-ready="1"]');
  const got = await notices(page);
  assert.deepEqual(got, [
    'Unknown parameter "i.worker", left out: SyncStrategyScenario has no input "worker"; did you mean i.workers?',
    'Unknown parameter "shows", left out: did you mean show?',
    'Unknown parameter "Preset", left out: did you mean preset?',
    'Unknown parameter "propertie", left out: did you mean properties?',
    'Unknown parameter "mode", left out: mode is an option of the full calculator\'s links; an embed shows one scenario.',
  ]);
  // the results are the preset's, computed (not a bare error, not stale), every property shown
  assert.equal(await page.textContent('[data-property="global_batch"] .value'), '256 samples');
  assert.equal(await page.isVisible('.stale'), false);
  assert.equal(await page.locator('.results.is-stale').count(), 0);
  assert.equal(await page.locator('.property').count(), types.find((t) => t.name === 'SyncStrategyScenario').properties.length);
  // the iframe's own id and campaign tags are silent
  await page.goto(`${O}/embed.html?preset=TransformerBsp8Workers&id=week3&utm_source=x&fbclid=1`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.locator('.notices li').count(), 0);
  assert.equal(await page.isVisible('.notices'), false);
  // ... unless it is longer than the messages carry (an attacking helper: it was cut silently)
  await page.goto(`${O}/embed.html?preset=TransformerBsp8Workers&id=${'w'.repeat(101)}`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.deepEqual(await page.locator('.notices li').allTextContents(),
    [`id: longer than 100 characters; the messages to the page carry its first 100 ("${'w'.repeat(39)}…").`]);
  assert.equal(await page.isVisible('.notices'), true);
  // characters, not UTF-16 units: 51 emoji are 51 characters (a second attacking helper)
  await page.goto(`${O}/embed.html?preset=TransformerBsp8Workers&id=${encodeURIComponent('🙂'.repeat(51))}`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.locator('.notices li').count(), 0);
});

test('the element names an unknown attribute and the nearest option, at start and when one is added; its HTML attributes are silent', async () => {
  await page.goto(`${O}/examples/host.html`);
  await page.waitForFunction(() => document.getElementById('attack')?.state === 'ready');
  const made = await page.evaluate(async () => {
    const e = document.createElement('mlsysim-scenario');
    e.id = 'typo';
    for (const [k, v] of [['preset', 'ReferenceJobAttackSurface'], ['propertie', 'accelerators'], ['i.dp_degre', '32'], ['class', 'x'],
      ['data-chapter', '3'], ['aria-label', 'attack surface'], ['title', 't'], ['lang', 'en']]) e.setAttribute(k, v);
    document.querySelector('main').append(e);
    return e.ready;
  });
  assert.equal(made, 'ready');
  assert.deepEqual(await notices(page, '#typo .notices li'), [
    'Unknown attribute "i.dp_degre", left out: DataParallelAttackSurfaceScenario has no input "dp_degre"; did you mean i.dp_degree?',
    'Unknown attribute "propertie", left out: did you mean properties?',
  ]);
  assert.equal(await page.locator('#typo [data-property="accelerators"] .value').textContent(),
    m.evaluatePreset('ReferenceJobAttackSurface').properties.accelerators.text);
  // an attribute added later is read too (it re-renders); a class change is the host's
  const rendered = () => page.evaluate(() => new Promise((r) => document.getElementById('typo').addEventListener('mlsysim-render', () => r(), { once: true })));
  const done = rendered();
  await page.evaluate(() => document.getElementById('typo').setAttribute('them', 'dark'));
  await done;
  assert.ok((await notices(page, '#typo .notices li')).includes('Unknown attribute "them", left out: did you mean theme?'));
  const calls = await page.evaluate(async () => {
    const e = document.getElementById('typo');
    let n = 0;
    e.addEventListener('mlsysim-render', () => n++);
    e.classList.add('wide');
    e.dataset.chapter = '4';
    await new Promise((r) => setTimeout(r, 200));
    e.remove();
    return n;
  });
  assert.equal(calls, 0, 'a change of the host\'s own attributes does not re-render');
});

// ---- 15. start-up failure ----

const BROKEN_WASM = (p) => p.route(/\/mlsysim\.wasm$/, (r) => r.fulfill({ status: 200, contentType: 'application/wasm', body: '<!doctype html><p>Not found</p>' }));
const NO_WASM = (p) => p.addInitScript(() => { delete globalThis.WebAssembly; });
const TOO_OLD = (p) => p.addInitScript(() => {
  // a browser whose WebAssembly predates SIMD: it validates no probe, and the module does not compile
  const fail = () => Promise.reject(new WebAssembly.CompileError('WebAssembly.instantiate(): invalid value type 0x7b @+1234'));
  WebAssembly.validate = () => false;
  WebAssembly.instantiate = fail;
  WebAssembly.instantiateStreaming = fail;
  WebAssembly.compile = fail;
  WebAssembly.compileStreaming = fail;
});
const BROWSERS = 'It runs in Chrome and Edge 95+, Firefox 100+ and Safari 16.4+; in Chrome and Edge its typeset equations need version 109 or later.';

/** The failure text shown by a page, checked for the reader's words, the browsers and no developer advice. */
async function checkFailure(p, textSel, what, label) {
  const text = await p.locator(textSel).first().textContent();
  assert.match(text, /^The calculator could not start: /, label);
  assert.match(text, what, `${label}: ${text}`);
  assert.ok(text.endsWith(BROWSERS), `${label}: ${text}`);
  assert.doesNotMatch(text, /ASSERTIONS|Aborted\(/, label);
  return text;
}

const failures = [
  ['a broken mlsysim.wasm', BROKEN_WASM, /arrived damaged, or the site sent another file in its place\. Reload the page/],
  ['no WebAssembly', NO_WASM, /this browser does not run WebAssembly.*Turn it on for this site, or open the page in another browser\./],
  ['a browser too old', TOO_OLD, /this browser is too old for it \(its WebAssembly has no SIMD\)\. Update the browser/],
];

for (const [name, setup, what] of failures) {
  test(`with ${name}, the full page, the iframe and the element say what failed, what to do and which browsers run it`, async () => {
    // the full page: above its inert prerendered view, with the browser's reason collapsed
    let p = await freshPage(setup);
    await p.setViewportSize({ width: 390, height: 800 });
    await p.goto(`${O}/index.html`);
    await p.waitForSelector('body[data-ready="error"]');
    await checkFailure(p, '#status', what, 'page');
    assert.equal(await p.locator('#status + details.startup-detail').count(), 1);
    assert.equal(await p.locator('details.startup-detail').evaluate((d) => d.open), false);
    assert.doesNotMatch(await p.locator('details.startup-detail code').textContent(), /ASSERTIONS/);
    await p.screenshot({ path: path.join(shots, `startup-failed-page-${name.replace(/\W+/g, '-')}.png`) });
    await p.close();
    // the iframe page on its own, and inside the host page with the element
    p = await freshPage(setup);
    await p.setViewportSize({ width: 700, height: 900 });
    await p.goto(`${O}/embed.html?preset=TransformerBsp8Workers`);
    await p.waitForSelector('body[data-ready="error"]');
    await checkFailure(p, '.startup-failed .status', what, 'iframe');
    assert.equal(await p.locator('.startup-failed[role="alert"] details.startup-detail').count(), 1);
    await p.goto(`${O}/examples/host.html`);
    await p.waitForFunction(() => document.getElementById('attack')?.state === 'error');
    await checkFailure(p, '#attack .startup-failed .status', what, 'element');
    await p.frameLocator('#bsp-frame').locator('body[data-ready="error"]').waitFor({ state: 'attached' });
    await checkFailure(p.frameLocator('#bsp-frame'), '.startup-failed .status', what, 'iframe in the host');
    await p.screenshot({ path: path.join(shots, `startup-failed-host-${name.replace(/\W+/g, '-')}.png`), fullPage: true });
    await p.close();
  });
}

test('the one-file page, opened from disk without WebAssembly, says the same', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mlsysim-standalone-'));
  copyFileSync(path.join(dist, 'mlsysim-standalone.html'), path.join(dir, 'mlsysim-standalone.html'));
  for (const [name, setup, what] of failures.slice(1)) {
    const p = await freshPage(setup);
    await p.goto(pathToFileURL(path.join(dir, 'mlsysim-standalone.html')).href);
    await p.waitForSelector('body[data-ready="error"]', { timeout: 20000 });
    await checkFailure(p, '#status', what, `standalone, ${name}`);
    await p.close();
  }
});

// ---- 16. what a model leaves out ----

test('an embed shows what its model assumes and leaves out, collapsed; about=open opens it and about=none hides it', async () => {
  const type = types.find((t) => t.name === 'DataParallelAttackSurfaceScenario');
  await page.goto(`${O}/embed.html?preset=ReferenceJobAttackSurface`);
  await page.waitForSelector('body[data-ready="1"]');
  const about = page.locator('details.embed-about');
  assert.equal(await about.count(), 1);
  assert.equal(await about.evaluate((d) => d.open), false);
  assert.equal(await about.locator('summary').textContent(), 'What this model assumes and leaves out');
  assert.equal(await about.locator('p').nth(0).textContent(), `Assumes: ${type.assumptions}`);
  assert.equal(await about.locator('p').nth(1).textContent(), `Leaves out: ${type.excludes}`);
  // a reader opens it from the keyboard
  await about.locator('summary').focus();
  await page.keyboard.press('Enter');
  assert.equal(await about.evaluate((d) => d.open), true);
  assert.ok(await about.locator('p').first().isVisible());
  await page.goto(`${O}/embed.html?preset=ReferenceJobAttackSurface&about=open`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await about.evaluate((d) => d.open), true);
  assert.ok(await page.locator('.embed-about p').first().isVisible());
  await page.goto(`${O}/embed.html?preset=ReferenceJobAttackSurface&about=none`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await about.count(), 0);
  // the element too
  await page.goto(`${O}/examples/host.html`);
  await page.waitForFunction(() => document.getElementById('attack')?.state === 'ready');
  assert.equal(await page.locator('#attack details.embed-about').count(), 1);
  assert.match(await page.locator('#attack details.embed-about').textContent(), /Leaves out: /);
  await page.evaluate(() => document.getElementById('attack').setAttribute('about', 'none'));
  await page.locator('#attack details.embed-about').waitFor({ state: 'detached' });
  // every type has both texts to show
  for (const t of types) assert.ok(t.assumptions && t.excludes, t.name);
});

// ---- 19. theme beside the host page ----

/** A host page of our own: `css` is its stylesheet (served beside it, as CSP wants). */
async function hostPage(p, name, css, body = '') {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>
<link rel="stylesheet" href="${name}.css"><script type="module" src="../mlsysim-element.mjs"></script></head>
<body><main><h1>${name}</h1>${body}<mlsysim-scenario id="e" preset="NdrRingVsTree1GB" properties="ring_allreduce_time"></mlsysim-scenario></main></body></html>`;
  await p.route(`${O}/examples/${name}.html`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  await p.route(`${O}/examples/${name}.css`, (r) => r.fulfill({ contentType: 'text/css', body: css }));
  await p.goto(`${O}/examples/${name}.html`);
  await p.waitForFunction(() => document.getElementById('e')?.state === 'ready');
}
const elementBg = (p, sel = '#e') => p.locator(`${sel} .mlsysim-host`).evaluate((n) => getComputedStyle(n).backgroundColor);

test('the element follows its host page\'s colour scheme, not the reader\'s system; theme= overrides it', async () => {
  const p = await context.newPage();
  // a light textbook that says nothing about colour schemes, read on a dark system
  await p.emulateMedia({ colorScheme: 'dark' });
  await hostPage(p, 'light-book', 'body { font: 18px Georgia, serif; }');
  assert.equal(await elementBg(p), LIGHT);
  await p.screenshot({ path: path.join(shots, 'theme-light-book-dark-system.png'), fullPage: true });
  // a dark textbook, read on a light system
  await p.emulateMedia({ colorScheme: 'light' });
  await hostPage(p, 'dark-book', 'body { background: #1e1e1e; color: #ddd; }');
  assert.equal(await elementBg(p), DARK);
  // inside a light callout of that dark book: the background it sits on decides
  await hostPage(p, 'callout', 'body { background: #1e1e1e; } .note { background: oklch(0.97 0.01 90); padding: 8px; }',
    '<div class="note" id="note"></div>');
  await p.evaluate(() => document.getElementById('note').append(document.getElementById('e')));
  await p.waitForFunction(() => getComputedStyle(document.getElementById('e').shadowRoot.querySelector('.mlsysim-host')).backgroundColor === 'rgb(255, 255, 255)');
  // only a color-scheme, no background: the canvas it paints
  await hostPage(p, 'dark-scheme', ':root { color-scheme: dark; }');
  assert.equal(await elementBg(p), DARK);
  // a page that offers both and paints nothing follows the system, as the element then does
  await p.emulateMedia({ colorScheme: 'dark' });
  await hostPage(p, 'both', ':root { color-scheme: light dark; }');
  assert.equal(await elementBg(p), DARK);
  await p.emulateMedia({ colorScheme: 'light' });
  await p.waitForFunction(() => getComputedStyle(document.getElementById('e').shadowRoot.querySelector('.mlsysim-host')).backgroundColor === 'rgb(255, 255, 255)');
  // theme="dark" and theme="light" override the page
  await p.emulateMedia({ colorScheme: 'dark' });
  await hostPage(p, 'light-book-2', 'body { background: #fff; }');
  await p.evaluate(() => document.getElementById('e').setAttribute('theme', 'dark'));
  await p.waitForFunction(() => getComputedStyle(document.getElementById('e').shadowRoot.querySelector('.mlsysim-host')).backgroundColor === 'rgb(13, 17, 23)');
  await p.close();
});

test('the element follows a theme switch on the host page, even one that fades its background', async () => {
  const p = await context.newPage();
  await p.emulateMedia({ colorScheme: 'light' });
  await hostPage(p, 'switching', 'body { background: #fafafa; transition: background-color 0.3s; } html.dark body { background: #121212; } ' +
    '[data-mode="dark"] { background: #222; }');
  assert.equal(await elementBg(p), LIGHT);
  await p.evaluate(() => document.documentElement.classList.add('dark'));
  await p.waitForFunction(() => getComputedStyle(document.getElementById('e').shadowRoot.querySelector('.mlsysim-host')).backgroundColor === 'rgb(13, 17, 23)', null, { timeout: 3000 });
  await p.evaluate(() => document.documentElement.classList.remove('dark'));
  await p.waitForFunction(() => getComputedStyle(document.getElementById('e').shadowRoot.querySelector('.mlsysim-host')).backgroundColor === 'rgb(255, 255, 255)', null, { timeout: 3000 });
  // a stylesheet added to the head (read once it has loaded)
  await p.route(`${O}/examples/switching-dark.css`, async (r) => {
    await new Promise((done) => setTimeout(done, 300));
    await r.fulfill({ contentType: 'text/css', body: 'main { background: #000; }' });
  });
  await p.evaluate(() => document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: 'switching-dark.css' })));
  await p.waitForFunction(() => getComputedStyle(document.getElementById('e').shadowRoot.querySelector('.mlsysim-host')).backgroundColor === 'rgb(13, 17, 23)', null, { timeout: 3000 });
  await p.close();
});

test('the iframe follows its host when the host tells it, and only its parent may', async () => {
  const p = await context.newPage();
  await p.emulateMedia({ colorScheme: 'dark' });
  await p.goto(`${O}/examples/host.html`);
  await p.waitForFunction(() => document.getElementById('attack')?.state === 'ready');
  const frame = p.frameLocator('#bsp-frame');
  await frame.locator('body[data-ready="1"]').waitFor({ state: 'attached' });
  const frameBg = () => frame.locator('body').evaluate((n) => getComputedStyle(n).backgroundColor);
  const waitBoth = (bg) => p.waitForFunction((want) => {
    const f = document.getElementById('bsp-frame').contentDocument;
    const e = document.getElementById('attack').shadowRoot.querySelector('.mlsysim-host');
    return f && getComputedStyle(f.body).backgroundColor === want && getComputedStyle(e).backgroundColor === want;
  }, bg, { timeout: 3000 });
  await waitBoth(DARK);
  assert.equal(await frame.locator('html').getAttribute('data-theme-from'), 'host');
  // the page's own switch: light while the system is dark, then dark, then back to the system
  await p.selectOption('#host-theme', 'light');
  await waitBoth(LIGHT);
  await p.screenshot({ path: path.join(shots, 'theme-host-switch-light-on-dark-system.png'), fullPage: true });
  await p.selectOption('#host-theme', 'dark');
  await waitBoth(DARK);
  await p.screenshot({ path: path.join(shots, 'theme-host-switch-dark.png'), fullPage: true });
  await p.selectOption('#host-theme', 'light');
  await waitBoth(LIGHT);
  // a message from any other window than its parent is ignored
  await frame.locator('body').evaluate(() => window.postMessage({ type: 'mlsysim:theme', theme: 'dark' }, '*'));
  await p.waitForTimeout(200);
  assert.equal(await frameBg(), LIGHT);
  // and so is a theme that is not light or dark
  await p.evaluate(() => document.getElementById('bsp-frame').contentWindow.postMessage({ type: 'mlsysim:theme', theme: 'purple' }, '*'));
  await p.waitForTimeout(200);
  assert.equal(await frameBg(), LIGHT);
  // theme=dark in the frame's link overrides the host
  await p.evaluate(() => { document.getElementById('bsp-frame').src += '&theme=dark'; });
  await p.waitForFunction(() => document.getElementById('bsp-frame').contentDocument?.body?.dataset.ready === '1' &&
    getComputedStyle(document.getElementById('bsp-frame').contentDocument.body).backgroundColor === 'rgb(13, 17, 23)', null, { timeout: 10000 });
  await p.close();
});

// ---- how the 15 types read in the embeds ----

const SHOWN = ['Gpt3On10KYoungDaly', 'Llama8BChatH100', 'NdrRingVsTree1GB', 'ReferenceJobAttackSurface'];
test('embeds of several types fit a phone and a 700 px course-page iframe, light and dark, with no sideways scrolling', async () => {
  const p = await context.newPage();
  for (const scheme of ['light', 'dark']) {
    await p.emulateMedia({ colorScheme: scheme });
    for (const preset of SHOWN) {
      for (const width of [320, 390, 1280]) {
        await p.setViewportSize({ width, height: 900 });
        await p.goto(`${O}/embed.html?preset=${preset}&about=open`);
        await p.waitForSelector('body[data-ready="1"]');
        await p.waitForTimeout(100);
        const over = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(over <= 0, `${preset} at ${width} px scrolls sideways by ${over} px`);
        // the title's "·" never ends a line: it goes with the type it introduces, whose name
        // wraps whole to a line of its own rather than break between its words ("· Llm /
        // ServingScenario" at 390 px: a new user's review)
        const lines = await p.locator('.embed-type-name').evaluate((span) => {
          const texts = [...span.childNodes].filter((n) => n.nodeType === 3);
          const top = (text, i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1); return r.getBoundingClientRect().top; };
          const tops = texts.map((t) => top(t, 0));
          // whether the whole name fits one line of the title
          span.style.whiteSpace = 'nowrap';
          const t = span.closest('.embed-title'), cs = getComputedStyle(t);
          const fits = span.getBoundingClientRect().width <= t.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
          span.style.whiteSpace = '';
          return { dot: texts[0].data.indexOf('·'), dotTop: top(texts[0], texts[0].data.indexOf('·')), tops, fits };
        });
        assert.ok(lines.dot >= 0 && Math.abs(lines.dotTop - lines.tops[0]) < 4, `${preset} at ${width} px: the title's separator and type are on different lines`);
        if (lines.fits) assert.ok(lines.tops.every((t) => Math.abs(t - lines.tops[0]) < 4), `${preset} at ${width} px: the type's name breaks between its words: ${JSON.stringify(lines)}`);
        // names break between their words, and the held "(edited)" room takes no line of its own
        const title = await p.locator('.embed-title').evaluate((t) => {
          const rows = (node) => { const r = document.createRange(); r.selectNodeContents(node); return [...r.getClientRects()].filter((x) => x.width > 0); };
          const texts = [...t.querySelectorAll('strong, span')].flatMap((e) => [...e.childNodes].filter((n) => n.nodeType === 3));
          const lastText = Math.max(...rows(t).map((x) => x.bottom));
          return { split: texts.filter((n) => new Set(rows(n).map((x) => Math.round(x.top))).size > 1).map((n) => n.data),
            blank: Math.round(t.getBoundingClientRect().bottom - lastText) };
        });
        assert.deepEqual(title.split, [], `${preset} at ${width} px: a word of the title is broken across lines`);
        assert.ok(title.blank < 8, `${preset} at ${width} px: ${title.blank} px of blank room under the title`);
        await p.screenshot({ path: path.join(shots, `embed-${preset}-${width}-${scheme}.png`), fullPage: true });
      }
      // a 700 px iframe in the host page (one column there: 748 px less its 24 px margins)
      await p.setViewportSize({ width: 748, height: 900 });
      await p.goto(`${O}/examples/host.html`);
      await p.evaluate((q) => { document.getElementById('bsp-frame').src = `../embed.html?preset=${q}&id=t`; }, preset);
      await p.waitForFunction(() => document.getElementById('bsp-frame').contentDocument?.body?.dataset.ready === '1');
      await p.waitForTimeout(300);
      const { frameWidth, over } = await p.evaluate(() => {
        const f = document.getElementById('bsp-frame');
        const d = f.contentDocument.documentElement;
        return { frameWidth: f.getBoundingClientRect().width, over: d.scrollWidth - d.clientWidth };
      });
      assert.ok(frameWidth >= 690 && frameWidth <= 710, `frame width ${frameWidth}`);
      assert.ok(over <= 0, `${preset} in a 700 px iframe scrolls sideways by ${over} px`);
      await p.locator('#bsp-frame').screenshot({ path: path.join(shots, `embed-iframe700-${preset}-${scheme}.png`) });
    }
  }
  await p.emulateMedia({ colorScheme: 'light' });
  await p.close();
});

// ---- accessibility of what this adds ----

const AXE = path.join(root, 'node_modules/axe-core/axe.min.js');
async function axe(p) {
  await p.addScriptTag({ path: AXE });
  const r = await p.evaluate(() => window.axe.run(document, { resultTypes: ['violations'], iframes: false }));
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}; ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test("a 700 px course-page embed gives every card the embed's width, so its equations stay typeset at a readable size", async () => {
  // beside the inputs, the cards were ~390 px wide: 171 of the presets' 513 typeset lines
  // shrank to the last size step (then 9 px) or fell back to text that wraps (docs/embedding.md)
  const p = await context.newPage();
  await p.setViewportSize({ width: 700, height: 900 });
  let lines = 0;
  const small = [];
  for (const preset of m.listPresets()) {
    await p.goto(`${O}/embed.html?preset=${preset.name}`);
    await p.waitForSelector('body[data-ready="1"]');
    const r = await p.evaluate(() => {
      const boxes = [...document.querySelectorAll('.properties :is(.equation, .work)')].filter((b) => !b.hidden && b.offsetParent);
      const embed = document.querySelector('.embed').getBoundingClientRect().width;
      return { embed, cards: [...document.querySelectorAll('.properties .property')].map((c) => c.getBoundingClientRect().width),
        small: boxes.filter((b) => b.matches('.linear')).map((b) => `${b.closest('.property').dataset.property} ${b.className}`), lines: boxes.length };
    });
    for (const w of r.cards) assert.ok(w >= r.embed - 2, `${preset.name}: a card ${w} px wide in a ${r.embed} px embed`);
    lines += r.lines;
    small.push(...r.small.map((x) => `${preset.name}.${x}`));
  }
  assert.ok(lines > 400, `${lines} typeset lines`);
  // one card to a row up to 900 px, where the inputs are still above the results
  await p.setViewportSize({ width: 900, height: 900 });
  await p.goto(`${O}/embed.html?preset=TransformerBsp8Workers`);
  await p.waitForSelector('body[data-ready="1"]');
  const wide = await p.evaluate(() => [document.querySelector('.embed').getBoundingClientRect().width,
    ...[...document.querySelectorAll('.properties .property')].map((c) => c.getBoundingClientRect().width)]);
  for (const w of wide.slice(1)) assert.ok(w >= wide[0] - 2, `at 900 px a card ${w} px wide in a ${wide[0]} px embed`);
  assert.ok(small.length <= lines / 25, `${small.length} of ${lines} lines as text: ${small.join(', ')}`);
  await p.close();
});

test('axe: no serious or critical violation in the open assumptions, the notices, a host-themed element and a start-up failure, light and dark', async () => {
  for (const scheme of ['light', 'dark']) {
    const found = [];
    let p = await context.newPage();
    await p.emulateMedia({ colorScheme: scheme });
    await p.goto(`${O}/embed.html?preset=Gpt3On10KYoungDaly&about=open&shows=x&i.worker=3`);
    await p.waitForSelector('body[data-ready="1"]');
    found.push(...(await axe(p)).map((v) => `embed: ${v}`));
    // the host page set against the system's scheme: the element follows the page
    await p.goto(`${O}/examples/host.html`);
    await p.waitForFunction(() => document.getElementById('attack')?.state === 'ready');
    await p.selectOption('#host-theme', scheme === 'light' ? 'dark' : 'light');
    await p.waitForTimeout(200);
    found.push(...(await axe(p)).map((v) => `host: ${v}`));
    await p.close();
    p = await freshPage(BROKEN_WASM);
    await p.emulateMedia({ colorScheme: scheme });
    for (const url of [`${O}/embed.html`, `${O}/index.html`]) {
      await p.goto(url);
      await p.waitForSelector('body[data-ready="error"]');
      await p.locator('details.startup-detail summary').click();
      found.push(...(await axe(p)).map((v) => `failure ${url}: ${v}`));
    }
    await p.close();
    assert.deepEqual(found, [], scheme);
  }
});

test('no page errors, no console errors, no request outside the origin (on the pages that start)', () => {
  assert.deepEqual(problems, { consoleErrors: [], pageErrors: [], offOrigin: [] });
});

test('at a phone\'s width a line too wide first drops its "name =" (the card\'s title), and stays typeset at full size', async () => {
  // at 390 px 142 of the presets' 513 typeset lines kept their size and 152 became text
  // that wraps; dropping the name first keeps 375 at full size and 39 as text (2026-12-03)
  const p = await context.newPage();
  await p.setViewportSize({ width: 390, height: 900 });
  await p.goto(`${O}/index.html?preset=Llama8BChatH100`);
  await p.waitForSelector('body[data-ready="1"]');
  const r = await p.evaluate(() => {
    const box = document.querySelector('[data-property="time_to_first_token"] .equation');
    const [name, eq] = box.querySelectorAll('math > *');
    const all = [...document.querySelectorAll('#properties :is(.equation, .work)')].filter((b) => !b.hidden && b.offsetParent);
    return { cls: box.className, name: getComputedStyle(name).display, eq: getComputedStyle(eq).display, label: box.getAttribute('aria-label'),
      fits: box.scrollWidth <= box.clientWidth + 1, full: all.filter((b) => !/fit-|linear/.test(b.className)).length, lines: all.length,
      // a line written out as text drops its "name = " too
      text: all.filter((b) => b.classList.contains('linear')).map((b) => [b.closest('.property').dataset.property, b.querySelector('.linear-text').innerText]) };
  });
  assert.ok(r.text.length > 0, 'a line written out as text at 390 px');
  for (const [name, shown] of r.text) assert.ok(!shown.startsWith(`${name} =`), `${name}: ${shown}`);
  assert.equal(r.cls, 'equation short');
  assert.deepEqual([r.name, r.eq], ['none', 'none']);
  assert.ok(r.fits);
  assert.match(r.label, /^time_to_first_token = prefill_flops \//, 'a screen reader still hears the whole line');
  assert.ok(r.full >= r.lines * 0.6, `${r.full} of ${r.lines} lines at full size`);
  // an equation's remark is text under it: inside the typeset line it shrank the line to
  // its smallest step (min_stable_batch at 11 px)
  await p.goto(`${O}/index.html?preset=Gpt3Serve100QpsBatch8`);
  await p.waitForSelector('body[data-ready="1"]');
  const note = await p.evaluate(() => {
    const box = document.querySelector('[data-property="min_stable_batch"] .equation');
    const n = box.querySelector(':scope > .equation-note');
    return { cls: box.className, note: n && n.textContent, below: n && n.getBoundingClientRect().top >= box.querySelector('math').getBoundingClientRect().bottom - 1,
      inMath: box.querySelector('math').textContent.includes('real number') };
  });
  assert.deepEqual(note, { cls: 'equation', note: '(any batch above it is stable)', below: true, inMath: false });
  await p.close();
});

test('Enter in an embed\'s input takes a reader whose results are below the host page\'s view to them, in the iframe and the element', async () => {
  // the third helper's trial: Enter did nothing in the iframe at 390 and 700 px, where the
  // results sit under the inputs and out of view; the frame is as tall as its content, so
  // only the host page's viewport says whether they are seen
  const p = await context.newPage();
  await p.setViewportSize({ width: 390, height: 300 });
  await p.goto(`${O}/examples/host.html`);
  const frame = p.frameLocator('#bsp-frame');
  const input = frame.locator('input[data-field="workers"]');
  await input.waitFor();
  await frame.locator('section.embed[data-state="ready"]').waitFor();
  // results' top and bottom in the host's viewport
  const resultsBox = async () => {
    const f = await p.locator('#bsp-frame').boundingBox();
    const r = await frame.locator('.results').evaluate((n) => { const b = n.getBoundingClientRect(); return { top: b.top, bottom: b.bottom }; });
    return { top: f.y + r.top, bottom: f.y + r.bottom };
  };
  await input.evaluate((n) => n.scrollIntoView({ block: 'start' }));
  await input.focus();
  const before = await resultsBox();
  assert.ok(before.top >= 300, `the results start below the view (${before.top})`);
  await input.press('Enter');
  await p.waitForTimeout(300);
  const after = await resultsBox();
  assert.ok(after.top < 300 && after.bottom > 0, `the results in view after Enter (${after.top}..${after.bottom})`);
  assert.equal(await frame.locator('.results').evaluate((n) => document.activeElement === n), true, 'the focus on the results');
  // an error still held while the reader types ("0", a keystroke) is shown at Enter, and
  // Enter stays with it (an attacker's trial: it went to the results before the error came)
  await input.evaluate((n) => n.scrollIntoView({ block: 'end' }));
  await input.fill('');
  await input.press('0');
  await input.press('Enter');
  assert.equal(await input.evaluate((n) => document.activeElement === n), true, 'Enter in an input in error stays');
  assert.equal(await input.getAttribute('aria-invalid'), 'true');
  await input.fill('8');
  // in view, Enter leaves the reader in the input
  await p.setViewportSize({ width: 390, height: 2400 });
  await input.focus();
  await p.waitForTimeout(300);
  await input.press('Enter');
  assert.equal(await input.evaluate((n) => document.activeElement === n), true, 'Enter with the results in view does nothing');
  await p.setViewportSize({ width: 390, height: 300 });

  // the element, in the host page's own document
  const el = p.locator('#attack');
  const dp = el.locator('input[data-field="dp_degree"]');
  await el.locator('section.embed[data-state="ready"]').waitFor();
  await dp.evaluate((n) => n.scrollIntoView({ block: 'end' }));  // typing at the foot of the screen
  await dp.focus();
  const results = el.locator('.results');
  assert.ok((await results.boundingBox()).y >= 300, 'the element\'s results start below the view');
  await dp.press('Enter');
  await p.waitForTimeout(300);
  const box = await results.boundingBox();
  assert.ok(box.y < 300 && box.y + box.height > 0, `the element's results in view after Enter (${box.y})`);
  assert.equal(await results.evaluate((n) => n.getRootNode().activeElement === n), true, 'the focus on the element\'s results');
  await p.close();
});

test('a read-only registry input shows its entry\'s numbers and source, as the menu does, and no rule; in the iframe and the element', async () => {
  // a student asked to predict tokens/s saw only "H100", and a rule for a value they could not change
  const query = 'preset=Llama8BChatH100&show=hardware,context_tokens,batch_size&editable=context_tokens,batch_size';
  const check = async (root, where) => {
    const row = root.locator('.field.readonly[data-field="hardware"]');
    assert.equal(await row.locator('.fixed-value').textContent(), 'H100', where);
    // H100 SXM: 989 TFLOP/s dense BF16, 80 GiB, 3.35 TB/s (the spec's registry, docs/sources.md)
    const facts = await row.locator('.entry-facts').textContent();
    for (const want of ['peak_flops 989 TFLOP/s', 'memory_capacity 80 GiB (85.9 GB)', 'memory_bandwidth 3,350 GB/s', 'Source: mlsysim hardware/data/cloud/H100.yaml'])
      assert.ok(facts.includes(want), `${where}: ${facts}`);
    const help = await row.locator('.help').textContent();
    assert.doesNotMatch(help, /Rule:/, where);
    assert.equal(help, types.find((t) => t.name === 'LlmServingScenario').fields.find((f) => f.name === 'hardware').doc, where);
    // the value, its numbers and its meaning are what a screen reader hears with it
    const ids = (await row.locator('.fixed-value').getAttribute('aria-describedby')).split(' ');
    assert.ok(ids.includes(await row.locator('.entry-facts').getAttribute('id')), `${where}: ${ids}`);
    // an editable input keeps its rule
    assert.match(await root.locator('.field[data-field="context_tokens"] .help').textContent(), /Rule:\s+integer\s+>=\s+1\.$/, where);
  };
  await page.goto(`${O}/embed.html?${query}`);
  await page.waitForSelector('section.embed[data-state="ready"]');
  await check(page, 'iframe');
  await page.goto(`${O}/examples/host.html`);
  await page.waitForFunction(() => document.getElementById('attack')?.state === 'ready');
  await page.evaluate(async (q) => {
    const e = document.createElement('mlsysim-scenario');
    e.id = 'ro';
    for (const [k, v] of new URLSearchParams(q)) e.setAttribute(k, v);
    document.querySelector('main').append(e);
    return e.ready;
  }, query);
  await check(page.locator('#ro'), 'element');
});

test('a read-only registry input given inline shows its name and numbers, not its JSON; a name with spaces, its entry', async () => {
  // a new user's trial: an embed pinned to {"name": "MyGPU", ...} showed the JSON, and " H100 " no numbers
  const mine = JSON.stringify({ name: 'MyGPU', peak_flops: '500 TFLOP/s', memory_capacity: '40 GB', memory_bandwidth: '2 TB/s' });
  await page.goto(`${O}/embed.html?preset=Llama8BChatH100&editable=batch_size&i.hardware=${encodeURIComponent(mine)}`);
  await page.waitForSelector('section.embed[data-state="ready"]');
  const row = page.locator('.field.readonly[data-field="hardware"]');
  assert.equal(await row.locator('.fixed-value').textContent(), 'MyGPU');
  // by hand: 500 TFLOP/s; 40e9 B = 40e9 / 2^30 = 37.2529 GiB, and 40 GB decimal; 2 TB/s = 2,000 GB/s
  assert.equal(await row.locator('.entry-facts').textContent(),
    'peak_flops 500 TFLOP/s · memory_capacity 37.2529 GiB (40 GB) · memory_bandwidth 2,000 GB/sSource: given inline by this page, not a registry entry');
  // a refused entry keeps its text, with the module's error under it
  await page.goto(`${O}/embed.html?preset=Llama8BChatH100&editable=batch_size&i.hardware=${encodeURIComponent('{"name": "X"}')}`);
  await page.waitForSelector('body[data-ready]');
  assert.equal(await row.locator('.fixed-value').textContent(), '{"name": "X"}');
  assert.equal(await row.locator('.entry-facts').isVisible(), false);
  await page.goto(`${O}/embed.html?preset=Llama8BChatH100&editable=batch_size&i.hardware=%20H100%20`);
  await page.waitForSelector('section.embed[data-state="ready"]');
  assert.match(await row.locator('.entry-facts').textContent(), /^peak_flops 989 TFLOP\/s/);
});

test('the element speaks of its attributes, not of a link, for an input that names no field', async () => {
  // an attacker's trial: <mlsysim-scenario i.="5"> said "The link has an input …"
  await page.goto(`${O}/examples/host.html`);
  await page.waitForFunction(() => document.getElementById('attack')?.state === 'ready');
  await page.evaluate(async () => {
    const e = document.createElement('mlsysim-scenario');
    e.id = 'noname';
    e.setAttribute('preset', 'TransformerBsp8Workers');
    e.setAttribute('i.', '5');
    document.querySelector('main').append(e);
    return e.ready;
  });
  assert.deepEqual(await notices(page, '#noname .notices li'), ['The element has an attribute "i." that names no field; left out.']);
});

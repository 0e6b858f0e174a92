// Embedding in course material, in headless Chromium: the example host page
// (dist/examples/host.html, one folder below the calculator) with the iframe embed and
// the <mlsysim-scenario> element; resize messages; run-time attribute changes; one
// module instance per page; bad options; style isolation; keyboard, speech and print.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { browser, shots } from './harness.mjs';
import { serveStatic } from './server.mjs';
import { load } from '../node/load.mjs';

const m = await load();
const server = await serveStatic();
const { context, page, problems } = await browser(server.origin);
test.after(async () => { await context.close(); await server.close(); });

const HOST = `${server.origin}/examples/host.html`;
const frame = () => page.frameLocator('#bsp-frame');
const frameValue = (name) => frame().locator(`[data-property="${name}"] .value`).textContent();
const elementValue = (name, sel = '#attack') => page.locator(`${sel} [data-property="${name}"] .value`).textContent();

async function openHost() {
  await page.goto(HOST);
  await page.waitForFunction(() => document.getElementById('attack')?.state === 'ready');
  await frame().locator('body[data-ready="1"]').waitFor({ state: 'attached' });
}

/** Waits until the host has sized the iframe to its content; returns the numbers. */
async function settledFrame() {
  await page.waitForFunction(() => {
    const f = document.getElementById('bsp-frame');
    const d = f.contentDocument && f.contentDocument.documentElement;
    return d && f.style.height && Math.abs(f.getBoundingClientRect().height - d.scrollHeight) <= 2;
  }, null, { timeout: 10000 });
  return page.evaluate(() => {
    const f = document.getElementById('bsp-frame');
    const d = f.contentDocument.documentElement;
    return { frame: f.getBoundingClientRect().height, scrollHeight: d.scrollHeight, clientHeight: d.clientHeight,
      scrollWidth: d.scrollWidth, clientWidth: d.clientWidth, messages: window.mlsysimResizes.slice() };
  });
}

test('the host example shows both scenarios with the module\'s values', async () => {
  await openHost();
  assert.equal(await frameValue('global_batch'), '256 samples');
  assert.equal(await frameValue('speedup'), '5.714');
  assert.equal(await elementValue('accelerators'), '1,024');
  assert.equal(await elementValue('gather_traffic_ratio'), '8');
  // the same texts the module gives (the page computes nothing itself)
  const bsp = m.evaluatePreset('TransformerBsp8Workers').properties;
  assert.equal(await frameValue('cost'), bsp.cost.text);
  assert.equal(await elementValue('gradient_bytes'), m.evaluatePreset('ReferenceJobAttackSurface').properties.gradient_bytes.text);
  // only the properties asked for, in the order asked for
  assert.deepEqual(await frame().locator('.property').evaluateAll((n) => n.map((c) => c.dataset.property)), ['global_batch', 'speedup', 'cost']);
  assert.deepEqual(await page.locator('#attack .property').evaluateAll((n) => n.map((c) => c.dataset.property)),
    ['accelerators', 'gather_traffic_ratio', 'gradient_bytes']);
  // shown but not editable: a value, not a control
  assert.equal(await frame().locator('input#in-per_worker_batch').count(), 0);
  assert.equal(await frame().locator('#in-per_worker_batch').textContent(), '32');
  assert.equal(await page.locator('#attack select#in-fleet').count(), 0);
  assert.equal(await frame().locator('[data-field="base_iterations"]').count(), 0, 'a field not in show= is not shown');
  assert.equal(await page.title(), 'Embedding mlsysim: an iframe and a custom element');
  assert.match(await frame().locator('title').textContent(), /TransformerBsp8Workers/);
  // both framed alike: a line, its colour and its corners (the iframe had none: a new user's review)
  const frameOf = (n) => { const c = getComputedStyle(n); return [c.borderTopStyle, c.borderTopWidth, c.borderTopColor, c.borderLeftStyle, c.borderBottomStyle, c.borderTopLeftRadius]; };
  const inIframe = await frame().locator('main').evaluate(frameOf);
  assert.deepEqual(inIframe.slice(0, 2), ['solid', '1px']);
  assert.deepEqual(inIframe, await page.locator('#attack').evaluate((e) => {
    const c = getComputedStyle(e.shadowRoot.querySelector('.mlsysim-host'));
    return [c.borderTopStyle, c.borderTopWidth, c.borderTopColor, c.borderLeftStyle, c.borderBottomStyle, c.borderTopLeftRadius];
  }));
});

test('the iframe takes its content\'s height from the resize message, with no inner scrollbar', async () => {
  await openHost();
  let s = await settledFrame();
  assert.ok(Math.abs(s.frame - s.scrollHeight) <= 2, JSON.stringify(s));
  assert.ok(s.scrollHeight <= s.clientHeight, `inner vertical scrollbar: ${JSON.stringify(s)}`);
  assert.ok(s.scrollWidth <= s.clientWidth, `inner horizontal scrollbar: ${JSON.stringify(s)}`);
  assert.ok(s.messages.length >= 1 && s.messages.every((x) => x.id === 'bsp'), JSON.stringify(s.messages));
  // an error message makes the content taller: a new message, a new height
  const before = s.frame;
  await frame().locator('#in-workers').fill('NaN');
  await frame().locator('#err-workers').waitFor({ state: 'visible' });
  assert.match(await frame().locator('#err-workers').textContent(), /^workers: .*NaN/);
  // the notice above the results is highlighted, not the whole results panel
  assert.equal(await frame().locator('.results').evaluate((n) => getComputedStyle(n).backgroundColor), 'rgba(0, 0, 0, 0)');
  await page.waitForFunction((h) => document.getElementById('bsp-frame').getBoundingClientRect().height > h + 10, before);
  s = await settledFrame();
  assert.ok(Math.abs(s.frame - s.scrollHeight) <= 2 && s.scrollHeight <= s.clientHeight, JSON.stringify(s));
  await frame().locator('#in-workers').fill('16');
  assert.equal(await frameValue('global_batch'), '512 samples');
  // narrower host: the content reflows, the frame follows
  await page.setViewportSize({ width: 520, height: 900 });
  s = await settledFrame();
  assert.ok(Math.abs(s.frame - s.scrollHeight) <= 2 && s.scrollWidth <= s.clientWidth, JSON.stringify(s));
  await page.setViewportSize({ width: 1280, height: 720 });
});

test('the iframe also posts Canvas\'s lti.frameResize, and its id', async () => {
  const messages = await page.evaluate(async (src) => {
    const got = [];
    const f = document.createElement('iframe');
    window.addEventListener('message', (e) => { if (e.source === f.contentWindow) got.push(e.data); });
    f.title = 'probe';
    f.src = src;
    document.body.append(f);
    for (let i = 0; i < 100 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    f.remove();
    return got;
  }, `${server.origin}/embed.html?type=SyncStrategyScenario&id=probe-1&properties=speedup`);
  const ours = messages.find((x) => x.type === 'mlsysim:resize');
  const lti = messages.find((x) => x.subject === 'lti.frameResize');
  assert.ok(ours && lti, JSON.stringify(messages));
  assert.equal(ours.id, 'probe-1');
  assert.ok(Number.isInteger(ours.height) && ours.height > 50);
  assert.equal(lti.height, ours.height);
});

test('changing an attribute at run time re-renders the element', async () => {
  await openHost();
  const rendered = () => page.evaluate(() => new Promise((r) => document.getElementById('attack').addEventListener('mlsysim-render', () => r(), { once: true })));
  let done = rendered();
  await page.evaluate(() => document.getElementById('attack').setAttribute('preset', 'LabJobAttackSurface'));
  await done;
  const lab = m.evaluatePreset('LabJobAttackSurface').properties;
  assert.equal(await elementValue('accelerators'), lab.accelerators.text);
  assert.notEqual(lab.accelerators.text, '1,024', 'the test must see a change');
  done = rendered();
  await page.evaluate(() => document.getElementById('attack').setAttribute('i.dp_degree', '1'));
  await done;
  assert.equal(await elementValue('gather_traffic_ratio'), 'unavailable');
  // an input the page sets in place of the preset's is said under the preset's summary,
  // which describes the preset's own values (an instructor's trial)
  const labDp = m.evaluatePreset('LabJobAttackSurface').inputs.dp_degree;
  assert.equal(await page.locator('#attack .embed-set').textContent(), `This page sets dp_degree = 1 (the preset's is ${labDp}).`);
  done = rendered();
  await page.evaluate(() => document.getElementById('attack').setAttribute('properties', 'gradient_bytes'));
  await done;
  assert.deepEqual(await page.locator('#attack .property').evaluateAll((n) => n.map((c) => c.dataset.property)), ['gradient_bytes']);
  // the theme follows its attribute
  const bg = () => page.locator('#attack .mlsysim-host').evaluate((n) => getComputedStyle(n).backgroundColor);
  done = rendered();
  await page.evaluate(() => document.getElementById('attack').setAttribute('theme', 'dark'));
  await done;
  assert.equal(await bg(), 'rgb(13, 17, 23)');
  done = rendered();
  await page.evaluate(() => document.getElementById('attack').setAttribute('theme', 'light'));
  await done;
  assert.equal(await bg(), 'rgb(255, 255, 255)');
});

test('every element of a page shares one module instance (one fetch of mlsysim.wasm)', async () => {
  const fetches = [];
  const onRequest = (r) => { if (r.url().endsWith('/mlsysim.wasm')) fetches.push(r.frame() === page.mainFrame() ? 'main' : 'iframe'); };
  page.on('request', onRequest);
  await openHost();
  const before = await page.locator('mlsysim-scenario').count();  // the host page's own
  await page.evaluate(async () => {
    const made = ['TransformerSsp8Workers', 'TransformerAsp8Workers'].map((preset) => {
      const e = document.createElement('mlsysim-scenario');
      e.setAttribute('preset', preset);
      e.setAttribute('properties', 'speedup');
      document.querySelector('main').append(e);
      return e.ready;
    });
    await Promise.all(made);
  });
  page.off('request', onRequest);
  assert.equal(await page.locator('mlsysim-scenario').count(), before + 2);
  assert.equal(await page.locator('mlsysim-scenario').last().locator('[data-property="speedup"] .value').textContent(),
    m.evaluatePreset('TransformerAsp8Workers').properties.speedup.text);
  assert.deepEqual(fetches.filter((f) => f === 'main'), ['main'], `wasm fetches: ${fetches}`);
  assert.deepEqual(fetches.filter((f) => f === 'iframe'), ['iframe'], 'the iframe is its own page, with its own instance');
});

test('bad options give clear notices naming the option, the value and what is valid; never a crash', async () => {
  await page.goto(`${server.origin}/embed.html?preset=Nope`);
  await page.waitForSelector('body[data-ready="error"]');
  // the module's message, its list of valid choices collapsed under it (31 names would fill a phone's screen)
  assert.equal(await page.textContent('.embed-error'), 'This calculator cannot be shown: preset: unknown preset "Nope".');
  assert.equal(await page.textContent('.embed-choices summary'), `Valid presets (${m.listPresets().length})`);
  assert.equal(await page.textContent('.embed-choices p'), m.listPresets().map((p) => p.name).join(', '));
  assert.ok(!(await page.isVisible('.embed-choices p')));
  assert.match(await page.getAttribute('.embed-choices a', 'href'), /\/index\.html$/);
  assert.ok(await page.isVisible('.embed-choices a'), 'the full calculator is a click away, not inside the collapsed list');
  // a pasted invisible character: escaped where it is quoted, and explained
  await page.goto(`${server.origin}/embed.html?preset=%E2%80%AETransformerBsp8Workers`);
  await page.waitForSelector('body[data-ready="error"]');
  assert.equal(await page.textContent('.embed-error'), 'This calculator cannot be shown: preset: unknown preset "\\u202eTransformerBsp8Workers". ' +
    'Did you mean TransformerBsp8Workers? (\\u202e stands for a character that does not show or that reorders text, written as its code.)');
  await page.goto(`${server.origin}/embed.html?preset=Nope`);
  await page.waitForSelector('body[data-ready="error"]');
  // a slip of a letter or two, or another case: the name it most likely meant
  for (const [typed, meant] of [['TransformerBsp8Worker', 'TransformerBsp8Workers'], ['transformerbsp8workers', 'TransformerBsp8Workers'], ['Llama8BChat', 'Llama8BChatH100']]) {
    await page.goto(`${server.origin}/embed.html?preset=${typed}`);
    await page.waitForSelector('body[data-ready="error"]');
    assert.equal(await page.textContent('.embed-error'), `This calculator cannot be shown: preset: unknown preset "${typed}". Did you mean ${meant}?`, typed);
  }
  // the name meant is a link to it in the full calculator
  assert.equal(new URL(await page.getAttribute('.embed-error a', 'href')).search, '?preset=Llama8BChatH100');
  await page.goto(`${server.origin}/embed.html?type=SyncStrategyScenari`);
  await page.waitForSelector('body[data-ready="error"]');
  assert.match(await page.textContent('.embed-error'), /type: unknown scenario type "SyncStrategyScenari"\. Did you mean SyncStrategyScenario\?$/);
  assert.equal(await page.textContent('.embed-error a'), 'SyncStrategyScenario');
  assert.equal(new URL(await page.getAttribute('.embed-error a', 'href')).search, '?type=SyncStrategyScenario');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${server.origin}/embed.html?preset=NoSuchPresetAtAll`);
  await page.waitForSelector('body[data-ready="error"]');
  await page.screenshot({ path: path.join(shots, 'embed-unknown-preset-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${server.origin}/embed.html?type=NoSuchType`);
  await page.waitForSelector('body[data-ready="error"]');
  assert.match(await page.textContent('.embed-error'), /type: unknown scenario type "NoSuchType"/);
  await page.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers&show=workers,wrkers&editable=nope&properties=speedup,sped&theme=purple&bytes=huge&i.workers=-3`);
  await page.waitForSelector('body[data-ready="1"]');
  const notices = await page.textContent('.notices');
  assert.match(notices, /show: unknown field "wrkers" of SyncStrategyScenario \(did you mean workers\?\); valid fields: workers, /);
  assert.match(notices, /editable: unknown field "nope"/);
  assert.match(notices, /properties: unknown property "sped" of SyncStrategyScenario; valid properties: .*speedup/);
  assert.match(notices, /theme: must be one of auto, light, dark, got "purple"/);
  assert.match(notices, /bytes "huge"; valid: decimal, binary/);
  assert.equal(await page.textContent('#err-workers'), 'workers: must be an integer >= 1, got -3');
  await page.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers&i.=5&i.__proto__=5`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.match(await page.textContent('.notices'), /input "i\." that names no field.*input "i\.__proto__" that names no field/s);
  // a long list of unknown names is one notice, and a valid name after them still counts
  const many = Array.from({ length: 300 }, (_, k) => `f${k}`).join(',');
  await page.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers&show=${many},per_worker_batch`);
  await page.waitForSelector('body[data-ready="1"]');
  const items = await page.locator('.notices li').allTextContents();
  assert.equal(items.length, 1, items.join(' | '));
  assert.match(items[0], /^show: unknown fields "f0", "f1", "f2", "f3", "f4" and 295 more of SyncStrategyScenario/);
  assert.equal(await page.locator('[id$="help-per_worker_batch"]').count(), 1);
  assert.equal(await page.locator('[id$="help-workers"]').count(), 0);
  // editable= alone: every field shown, only those listed editable
  await page.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers&editable=workers`);
  await page.waitForSelector('body[data-ready="1"]');
  const fields = m.listScenarioTypes().find((t) => t.name === 'SyncStrategyScenario').fields.length;
  assert.equal(await page.locator('div.field').count(), fields);
  assert.deepEqual(await page.locator('input, select, textarea').evaluateAll((n) => n.map((x) => x.id)), ['in-workers']);
  // a field in editable= but not in show= is shown (and editable)
  await page.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers&show=iterations&editable=workers`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.deepEqual(await page.locator('div.field').evaluateAll((n) => n.map((x) => x.dataset.field)), ['iterations', 'workers']);
  // an invalid override of a hidden field is shown above the results
  await page.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers&show=workers&i.iterations=2.5`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.match(await page.textContent('.stale'), /^iterations: must be an integer/);
  // the same through the element's attributes
  await openHost();
  await page.evaluate(async () => {
    const e = document.createElement('mlsysim-scenario');
    e.id = 'bad';
    e.setAttribute('preset', 'ReferenceJobAttackSurface');
    e.setAttribute('show', 'dp_degre');
    e.setAttribute('theme', '<b>dark</b>');
    document.querySelector('main').append(e);
    await e.ready;
  });
  assert.match(await page.locator('#bad .notices').textContent(), /show: unknown field "dp_degre" of DataParallelAttackSurfaceScenario/);
  assert.match(await page.locator('#bad .notices').textContent(), /got "<b>dark<\/b>"/);
  assert.equal(await page.locator('#bad b').count(), 0, 'attribute text stays text');
  await page.evaluate(() => document.getElementById('bad').setAttribute('preset', 'Nope'));
  await page.locator('#bad .embed-error').waitFor();
  assert.match(await page.locator('#bad .embed-error').textContent(), /preset: unknown preset "Nope"/);
  await page.evaluate(() => document.getElementById('bad').remove());
});

test('host page styles do not reach into the element, and its styles do not reach out', async () => {
  await openHost();
  // host.css has button { color: red }, .field { border: 5px solid red }, .card, .property { display: none }
  await page.evaluate(() => {
    const e = document.getElementById('attack');
    e.insertAdjacentElement('afterend', Object.assign(document.createElement('div'), { className: 'property', id: 'host-property', textContent: 'host' }));
    document.querySelector('main').append(Object.assign(document.createElement('button'), { id: 'host-button', textContent: 'host button', type: 'button' }));
    document.querySelector('main').append(Object.assign(document.createElement('p'), { className: 'help', id: 'host-help', textContent: 'host help' }));
  });
  const inside = await page.locator('#attack div.field[data-field="dp_degree"]').evaluate((n) => ({
    border: getComputedStyle(n).borderTopWidth, cards: getComputedStyle(n.getRootNode().querySelector('.property')).display }));
  assert.equal(inside.border, '1px', 'host .field rule reached inside');
  assert.equal(inside.cards, 'block', 'host .property rule reached inside');
  const outside = await page.evaluate(() => ({
    button: getComputedStyle(document.getElementById('host-button')).color,
    property: getComputedStyle(document.getElementById('host-property')).display,
    helpSize: getComputedStyle(document.getElementById('host-help')).fontSize,
    bodySize: getComputedStyle(document.body).fontSize,
    styleSheets: document.styleSheets.length,
  }));
  assert.equal(outside.button, 'rgb(255, 0, 0)', 'the host\'s own rule still applies to its own button');
  assert.equal(outside.property, 'none');
  assert.equal(outside.helpSize, outside.bodySize, 'the element\'s .help rule reached the host page');
  assert.equal(outside.styleSheets, 1, 'the element added a stylesheet to the host document');
});

test('keyboard: Tab reaches the element\'s input, with a visible focus ring; typing updates the results', async () => {
  await openHost();
  await page.locator('#element-title').click();
  let tag = '';
  for (let i = 0; i < 40 && tag !== 'in-dp_degree'; i++) {
    await page.keyboard.press('Tab');
    tag = await page.evaluate(() => {
      let a = document.activeElement;
      while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
      return a ? a.id : '';
    });
  }
  assert.equal(tag, 'in-dp_degree');
  const ring = await page.locator('#attack #in-dp_degree').evaluate((n) => [n.matches(':focus-visible'), getComputedStyle(n).outlineStyle, getComputedStyle(n).outlineWidth]);
  assert.deepEqual(ring, [true, 'solid', '3px']);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('32');
  assert.equal(await elementValue('gather_traffic_ratio'), m.evaluatePreset('ReferenceJobAttackSurface', { dp_degree: 32 }).properties.gather_traffic_ratio.text);
});

test('results are announced once per pause in typing, politely, with what changed', async () => {
  await openHost();
  const live = page.locator('#attack [aria-live="polite"]');
  assert.equal(await live.getAttribute('role'), 'status');
  await live.evaluate((n) => {
    window.announcements = [];
    new MutationObserver(() => window.announcements.push(n.textContent)).observe(n, { childList: true, characterData: true, subtree: true });
  });
  await page.locator('#attack #in-dp_degree').fill('');
  await page.locator('#attack #in-dp_degree').pressSequentially('64', { delay: 60 });
  await page.waitForFunction(() => window.announcements.length > 0);
  await page.waitForTimeout(1200);
  const said = await page.evaluate(() => window.announcements);
  assert.equal(said.length, 1, JSON.stringify(said));
  assert.match(said[0], /^Updated: gather_traffic_ratio /);
  assert.doesNotMatch(said[0], /accelerators/, 'an unchanged property is not re-announced');
  // the property cards themselves are not a live region
  assert.equal(await page.locator('#attack .properties[aria-live]').count(), 0);
});

test('print: inputs and results as one plain table; no controls', async () => {
  await openHost();
  await page.emulateMedia({ media: 'print' });
  try {
    const table = page.locator('#attack .print-table');
    assert.ok(await table.isVisible());
    const text = await table.textContent();
    assert.match(text, /dp_degree\s*16/);
    assert.match(text, /accelerators\s*1,024/);
    assert.equal(await page.locator('#attack input').first().isVisible(), false);
    assert.equal(await page.locator('#attack .property').first().isVisible(), false);
    assert.equal(await page.locator('#attack .embed-foot').isVisible(), false);
    // the page prints the same way
    await page.goto(`${server.origin}/index.html?preset=TransformerBsp8Workers`);
    await page.waitForSelector('body[data-ready="1"]');
    assert.ok(await page.locator('#print-table').isVisible());
    assert.match(await page.locator('#print-table').textContent(), /speedup\s*5\.714/);
    for (const sel of ['#tab-calc', '#copy-link', '#in-workers', '#preset', '.exports button'])
      assert.equal(await page.locator(sel).first().isVisible(), false, sel);
    await page.pdf({ path: path.join(shots, 'page-print.pdf') }).catch(() => {});
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
  await page.goto(`${server.origin}/index.html`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.locator('#print-table').isVisible(), false, 'the print table is for print only');
});

test('screenshots of the host example in light and dark', async () => {
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await openHost();
    await settledFrame();
    const bg = await page.locator('#attack .mlsysim-host').evaluate((n) => getComputedStyle(n).backgroundColor);
    const frameBg = await frame().locator('body').evaluate((n) => getComputedStyle(n).backgroundColor);
    assert.equal(bg, scheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)');
    assert.equal(frameBg, bg, 'the iframe follows the same preference');
    await page.screenshot({ path: path.join(shots, `embed-host-${scheme}.png`), fullPage: true });
  }
  // theme= overrides the preference
  await page.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers&theme=light`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.locator('body').evaluate((n) => getComputedStyle(n).backgroundColor), 'rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'light' });
  // and on the full calculator, where an edit keeps it in the link
  await page.goto(`${server.origin}/index.html?theme=dark`);
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.locator('body').evaluate((n) => getComputedStyle(n).backgroundColor), 'rgb(13, 17, 23)');
  await page.fill('#in-workers', '4');
  await page.waitForFunction(() => location.search.includes('i.workers=4'));
  assert.match(page.url(), /theme=dark/);
});

test('no page errors, no console errors, no request outside the origin', () => {
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.offOrigin, []);
});

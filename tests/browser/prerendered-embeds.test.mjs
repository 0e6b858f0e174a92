// The iframe embed of a built-in preset, `embed.html?preset=NAME` and nothing else its
// view depends on, shows that preset's view as the build prerendered it
// (scripts/prerender.mjs, dist/embeds/NAME.html) while the module loads: its inputs take
// typing (which the live view keeps) and nothing else works yet; exactly
// what the live view then shows, and never in place of a view the URL asks for otherwise.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serve, browser, shots, holdRequests } from './harness.mjs';
import { load, dist } from '../node/load.mjs';

const m = await load();
const server = await serve();
const { context, page, problems } = await browser(server.origin);
test.after(async () => { await context.close(); server.close(); });

/** What an embed shows: title, question, summary, every field's text, every card's
 *  readings and work, the warnings. `scope` is the embed's <section>. */
const SNAPSHOT = (scope) => ({
  title: scope.querySelector('.embed-title').textContent,
  question: scope.querySelector('.question').textContent,
  summary: scope.querySelector('.summary').textContent,
  fields: [...scope.querySelectorAll('.fields input, .fields select')].map((n) => `${n.id}=${n.value}`),
  cards: [...scope.querySelectorAll('.property')].map((c) => [
    c.dataset.property, c.querySelector('.value').textContent, c.querySelector('.exact').textContent,
    // (a line's pieces, which the fit adds where it breaks a line, are not the view's text)
    c.querySelector('.work')?.getAttribute('aria-label') ?? null,
    c.querySelector('.work') ? [...c.querySelector('.work').childNodes].filter((n) => !n.classList?.contains('wrapped')).map((n) => n.textContent).join('') : null]),
  warnings: [...scope.querySelectorAll('.warnings li')].map((n) => n.textContent),
  print: scope.querySelector('.print-table').textContent,
});

/** Opens `url` with embed.mjs held back (never answered): what a reader sees while the
 *  page's code and the module load. */
async function beforeCode(url) {
  const p = await context.newPage();
  await p.route(/\/embed\.mjs$/, () => {});
  await p.goto(url, { waitUntil: 'commit' });
  await p.waitForFunction(() => document.readyState !== 'loading');
  return p;
}

test('the build prerenders every built-in preset\'s embed with its answers, and nothing else', () => {
  const files = readdirSync(path.join(dist, 'embeds')).sort();
  assert.deepEqual(files, m.listPresets().flatMap((p) => [`${p.name}.html`, `${p.name}.answers.json`]).sort());
});

test('before the code runs, the preset\'s prerendered view is shown, takes typing in its inputs only, and says it is loading', async () => {
  const p = await beforeCode(`${server.origin}/embed.html?preset=TransformerBsp8Workers&id=frame-1`);
  await p.waitForSelector('section.embed[aria-busy="true"]');
  const s = await p.evaluate(() => ({
    cards: [...document.querySelectorAll('.property')].map((c) => [c.dataset.property, c.querySelector('.value').textContent]),
    busy: document.querySelector('section.embed').getAttribute('aria-busy'),
    marks: performance.getEntriesByType('mark').map((e) => e.name),
    ready: document.body.dataset.ready ?? null,
  }));
  // the spec's worked values (SPEC.md, SyncStrategyScenario): 100000 × 0.5 s / (14000 × 0.625 s)
  assert.deepEqual(s.cards.find((c) => c[0] === 'speedup'), ['speedup', '5.714']);
  assert.deepEqual(s.cards.find((c) => c[0] === 'cost'), ['cost', '$38.89']);
  assert.equal(s.busy, 'true');
  assert.equal(s.ready, null);  // only the live view says it is ready
  assert.deepEqual(s.marks, ['mlsysim:first-result']);
  // its inputs take typing; every other control waits for the live view
  assert.equal(await p.getAttribute('section.embed', 'inert'), null);
  assert.ok(await p.isEnabled('#in-workers'));
  assert.ok(await p.locator('section.embed [data-until-live]').count() === await p.locator('section.embed :is(button, input:not([data-field]), select:not([data-field]), textarea)').count());
  // screen readers hear the status, which the eye does not see
  assert.equal(await p.textContent('#status'), 'Loading the calculator…');
  assert.ok((await p.locator('#status').boundingBox()).width <= 1);
  assert.match(await p.locator('body').ariaSnapshot(), /status: Loading the calculator…/);
  await p.screenshot({ path: path.join(shots, 'embed-prerendered-loading.png'), fullPage: true });
  await p.close();
});

/** How each card of the embed on `p` is laid out: its height and, for its equation and
 *  work line, the fitting step it took (web/fit.mjs) and whether it fits its card. */
const layout = (p) => p.evaluate(() => [...document.querySelectorAll('section.embed .property')].map((c) => ({
  name: c.dataset.property,
  height: Math.round(c.getBoundingClientRect().height),
  lines: [...c.querySelectorAll('.equation, .work')].map((b) => ({
    step: [...b.classList].filter((k) => /^(fit-\d|linear)$/.test(k)).join(' ') || 'none',
    fits: b.scrollWidth <= b.clientWidth + 1,
  })),
})));

test('the prerendered view is laid out as the live view then is: same fitting of each line, same card heights', async () => {
  // at two cards abreast (1280 px), a course column's width and a phone's, for a preset with
  // long equations (serving) and the communication one; the prerendered view is fitted
  // once shown and again when the frame is resized (a phone turned), as the live view is
  for (const preset of ['TransformerBsp8Workers', 'Llama8BChatH100']) {
    const held = await beforeCode(`${server.origin}/embed.html?preset=${preset}`);
    await held.waitForSelector('section.embed[aria-busy="true"][data-fitted]');
    const live = await context.newPage();
    for (const width of [1280, 700, 390]) {
      await held.setViewportSize({ width, height: 800 });
      await live.setViewportSize({ width, height: 800 });
      if (width === 1280) {
        await live.goto(`${server.origin}/embed.html?preset=${preset}`);
        await live.waitForSelector('body[data-ready="1"]');
      }
      // two frames: the resize observed and the lines fitted
      for (const p of [held, live]) await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const [before, after] = [await layout(held), await layout(live)];
      for (const c of before) for (const l of c.lines) assert.ok(l.fits, `${preset} at ${width} px: a line of ${c.name} is cut before the live view`);
      assert.deepEqual(before.map((c) => [c.name, c.lines.map((l) => l.step)]), after.map((c) => [c.name, c.lines.map((l) => l.step)]), `${preset} at ${width} px`);
      for (const [k, c] of before.entries())
        assert.ok(Math.abs(c.height - after[k].height) <= 1, `${preset} at ${width} px: ${c.name} is ${c.height} px tall before the live view, ${after[k].height} px after`);
    }
    if (preset === 'Llama8BChatH100') await held.screenshot({ path: path.join(shots, 'embed-prerendered-390.png'), fullPage: true });
    await held.close();
    await live.close();
  }
});

test('where fitting fails, each line of the prerendered view is text that wraps and ends in its value', async () => {
  // the fitting rule is bundled into boot.js (no request that could fail); a browser where
  // it throws (here: adding a fitting class does) leaves the text
  const p = await context.newPage();
  await p.addInitScript(() => {
    const add = DOMTokenList.prototype.add;
    DOMTokenList.prototype.add = function (...names) {
      if (names.some((n) => /^(fit-\d|linear)$/.test(n)) && !document.body.dataset.ready) throw new Error('no fitting in this browser');
      return add.apply(this, names);
    };
  });
  await p.route(/\/embed\.mjs$/, () => {});
  await p.setViewportSize({ width: 390, height: 800 });
  await p.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers`, { waitUntil: 'commit' });
  await p.waitForSelector('section.embed[aria-busy="true"]');
  assert.equal(await p.getAttribute('section.embed', 'data-fitted'), null);
  for (const width of [390, 700, 1280]) {
    await p.setViewportSize({ width, height: 800 });
    const boxes = await p.evaluate(() => [...document.querySelectorAll('.property')].map((c) => {
      const w = c.querySelector('.work'), e = c.querySelector('.equation');
      return { name: c.dataset.property, value: c.querySelector('.value').textContent, shown: w.innerText.trim(),
        fits: w.scrollWidth <= w.clientWidth + 1 && e.scrollWidth <= e.clientWidth + 1 };
    }));
    for (const b of boxes) {
      assert.ok(b.fits, `${width} px: ${b.name}'s equation or work line is cut: ${b.shown}`);
      assert.ok(b.shown.replace(/\s+/g, ' ').endsWith(`= ${b.value}`), `${width} px: ${b.name}: "${b.shown}" does not end in "= ${b.value}"`);
    }
  }
  await p.close();
});

test('the live embed shows exactly what was prerendered, for every built-in preset, then works', async () => {
  const p = await context.newPage();
  await p.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers`);
  await p.waitForSelector('body[data-ready="1"]');
  for (const { name } of m.listPresets()) {
    // the prerendered fragment, read into a <main> of this page the way boot.js shows it
    const held = await p.evaluate(async ({ name, SNAPSHOT }) => {
      const snapshot = eval(SNAPSHOT);  // eslint-disable-line no-eval
      const box = document.createElement('main');
      box.innerHTML = await (await fetch(`embeds/${name}.html`)).text();
      return snapshot(box.querySelector('section'));
    }, { name, SNAPSHOT: SNAPSHOT.toString() });
    await p.goto(`${server.origin}/embed.html?preset=${name}`);
    await p.waitForSelector('body[data-ready="1"]');
    const live = await p.evaluate((SNAPSHOT) => eval(SNAPSHOT)(document.querySelector('section.embed')), SNAPSHOT.toString());  // eslint-disable-line no-eval
    assert.deepEqual(live, held, name);
    assert.ok(live.cards.length > 0, name);
  }
  // live: not inert, and an input answers
  assert.equal(await p.getAttribute('section.embed', 'inert'), null);
  await p.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers`);
  await p.waitForSelector('body[data-ready="1"]');
  await p.fill('#in-workers', '16');
  await p.press('#in-workers', 'Tab');
  await p.waitForFunction(() => document.querySelector('[data-property="global_batch"] .value').textContent === '512 samples');
  await p.close();
});

test('the live embed and element take over the prerendered view in place: the same section, form rows and cards, the links and buttons live, as a view built anew', async () => {
  const settle = (p) => p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const state = (scope) => ({
    sameSection: !!scope.querySelector('section.embed').mlsysimPrerendered,
    newCards: [...scope.querySelectorAll('.property')].filter((c) => !c.mlsysimPrerendered).map((c) => c.dataset.property),
    newRows: [...scope.querySelectorAll('.field, .field input, .field select')].filter((n) => !n.mlsysimPrerendered).map((n) => n.dataset.field),
    status: scope.querySelectorAll('.status').length,
    busy: [...scope.querySelectorAll('[aria-busy], [inert], [data-typed], [data-until-live], [disabled]')].map((n) => n.outerHTML.slice(0, 60)),
    link: scope.querySelector('.embed-foot a').href,
    steps: [...scope.querySelectorAll('.property')].map((c) => [...c.querySelectorAll('.equation, .work')].map((b) => [...b.classList].filter((k) => /^(fit-\d|linear)$/.test(k)).join(' ') || 'none')),
  });
  // the same view built anew, with no prerendered view (about=collapsed is the default)
  const fresh = await context.newPage();
  await fresh.goto(`${server.origin}/embed.html?preset=ReferenceJobAttackSurface&about=collapsed`);
  await fresh.waitForSelector('body[data-ready="1"]');
  await settle(fresh);
  const built = await fresh.evaluate(([S, st]) => ({ shown: eval(S)(document.querySelector('section.embed')), ...eval(st)(document) }), [SNAPSHOT.toString(), state.toString()]);  // eslint-disable-line no-eval
  await fresh.close();
  const p = await context.newPage();
  const release = await holdRequests(p, /\/mlsysim\.wasm$/);
  await p.goto(`${server.origin}/embed.html?preset=ReferenceJobAttackSurface`, { waitUntil: 'commit' });
  await p.waitForSelector('section.embed[aria-busy="true"][data-fitted]');
  await p.evaluate(() => { for (const n of document.querySelectorAll('section.embed, .property, .field, .field input, .field select')) n.mlsysimPrerendered = true; });
  release();
  await p.waitForSelector('body[data-ready="1"]');
  await settle(p);
  const live = await p.evaluate(([S, st]) => ({ shown: eval(S)(document.querySelector('section.embed')), ...eval(st)(document) }), [SNAPSHOT.toString(), state.toString()]);  // eslint-disable-line no-eval
  assert.equal(live.sameSection, true, 'the section was replaced');
  assert.deepEqual(live.newCards, [], 'cards laid out anew');
  assert.deepEqual(live.newRows, [], 'form rows or controls made anew');
  assert.deepEqual({ ...live, sameSection: null, newCards: null, newRows: null }, { ...built, sameSection: null, newCards: null, newRows: null });
  // it works: an edit, "use in" (a new tab of the full calculator with the value), the link following the edit
  await p.fill('#in-dp_degree', '64');
  await p.waitForFunction(() => /&i\.dp_degree=64/.test(document.querySelector('.embed-foot a').href));
  const [tab] = await Promise.all([p.context().waitForEvent('page'), p.click('[data-property="gradient_bytes"] button.use-in')]);
  assert.match(tab.url(), /index\.html\?/);
  await tab.close();
  await p.close();
  // the element: its shadow root's section and cards taken over the same way
  const e = await context.newPage();
  await e.route(`${server.origin}/examples/lesson.html`, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>lesson</title>
<script type="module" src="../mlsysim-element.mjs"></script></head><body><mlsysim-scenario id="e" preset="ReferenceJobAttackSurface"></mlsysim-scenario></body></html>` }));
  const held = await holdRequests(e, /\/mlsysim\.wasm$/);
  await e.goto(`${server.origin}/examples/lesson.html`);
  await e.waitForFunction(() => document.getElementById('e').shadowRoot.querySelector('section.embed[aria-busy="true"][data-fitted]'));
  await e.evaluate(() => { for (const n of document.getElementById('e').shadowRoot.querySelectorAll('section.embed, .property, .field, .field input, .field select')) n.mlsysimPrerendered = true; });
  held();
  await e.waitForFunction(() => document.getElementById('e').state === 'ready');
  const el = await e.evaluate((st) => eval(st)(document.getElementById('e').shadowRoot), state.toString());  // eslint-disable-line no-eval
  assert.equal(el.sameSection, true);
  assert.deepEqual(el.newCards, []);
  assert.deepEqual(el.newRows, []);
  assert.deepEqual([el.status, el.busy], [0, []]);
  await e.close();
});

test('an embed says "(edited)" once the reader has changed what it first showed, without rewrapping its title', async () => {
  const p = await context.newPage();
  await p.setViewportSize({ width: 390, height: 800 });
  // an author's input (i.workers) is part of what the embed shows: not an edit
  await p.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers&i.workers=16`);
  await p.waitForSelector('body[data-ready="1"]');
  const mark = () => p.evaluate(() => { const t = document.querySelector('.embed-title');
    return { edited: t.dataset.edited, shown: getComputedStyle(t, '::after').visibility, height: t.getBoundingClientRect().height }; });
  const before = await mark();
  assert.deepEqual([before.edited, before.shown], ['false', 'hidden']);
  await p.fill('#in-per_worker_batch', '64');
  await p.waitForFunction(() => document.querySelector('.embed-title').dataset.edited === 'true');
  const edited = await mark();
  assert.equal(edited.shown, 'visible');
  assert.equal(edited.height, before.height, 'the title rewrapped');
  await p.fill('#in-per_worker_batch', '32');
  await p.waitForFunction(() => document.querySelector('.embed-title').dataset.edited === 'false');
  await p.close();
});

test('the live embed is built from its answers (embeds/NAME.answers.json) when they come first; without them, the same view', async () => {
  const name = 'Llama8BChatH100';
  const file = JSON.parse(readFileSync(path.join(dist, 'embeds', `${name}.answers.json`), 'utf8'));
  const want = m.evaluatePreset(name).properties;
  const [prop, { text }] = Object.entries(want).find(([, v]) => /^[0-9]/.test(v.text) && !v.text.startsWith('0 '));
  let changed = 0;
  file.calls = file.calls.map(([k, v]) => [k, k.startsWith('_request[') && v.includes(`"text":"${text}"`) ? (changed++, v.replaceAll(`"text":"${text}"`, '"text":"4242 recorded"')) : v]);
  assert.equal(changed, 1, `the view's evaluation, with ${prop} ${text}`);
  const shown = async (route, hold) => {
    const p = await context.newPage();
    const release = hold ? await holdRequests(p, /\/mlsysim\.wasm$/) : null;
    await p.route(new RegExp(`/embeds/${name}\\.answers\\.json$`), async (r) => { await route(r); if (release) setTimeout(release, 100); });
    await p.goto(`${server.origin}/embed.html?preset=${name}`);
    await p.waitForSelector('body[data-ready="1"]');
    const value = await p.textContent(`[data-property="${prop}"] .value`);
    await p.close();
    return value;
  };
  assert.equal(await shown((r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(file) }), true), '4242 recorded');
  for (const route of [(r) => r.fulfill({ status: 404, body: 'no' }), (r) => r.fulfill({ contentType: 'application/json', body: '[' }), (r) => r.abort()])
    assert.equal(await shown(route, false), text);
  problems.consoleErrors.length = 0;  // the refused requests' own messages
});

test('in a frame, the prerendered view\'s height is posted to the host, and the live view keeps it', async () => {
  const p = await context.newPage();
  await p.setViewportSize({ width: 760, height: 900 });
  const release = await holdRequests(p, /\/mlsysim\.wasm$/);
  // a course page: the frame at the docs' starting height, its messages recorded
  await p.route(/\/host-under-test\.html$/, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html>
    <script>window.got = []; addEventListener('message', (e) => got.push(e.data));</script>
    <iframe id="f" title="embed" style="width: 700px; height: 560px; border: 0"
      src="embed.html?preset=TransformerBsp8Workers&id=t1"></iframe>` }));
  await p.goto(`${server.origin}/host-under-test.html`);
  await p.waitForFunction(() => got.some((d) => d.type === 'mlsysim:resize'), null, { timeout: 10000 });
  const frame = p.frameLocator('#f');
  assert.equal(await frame.locator('section.embed[aria-busy="true"]').count(), 1, 'still the prerendered view');
  const first = await p.evaluate(() => got.filter((d) => d.type === 'mlsysim:resize').map((d) => [d.height, d.id]));
  assert.equal(first.length, 1, 'the loading line alone is not posted');
  assert.equal(first[0][1], 't1');
  assert.ok(first[0][0] > 1000, `the prerendered view's height, ${first[0][0]} px`);
  release();
  await frame.locator('body[data-ready="1"]').waitFor();
  await p.waitForTimeout(500);
  const heights = await p.evaluate(() => got.filter((d) => d.type === 'mlsysim:resize').map((d) => d.height));
  assert.ok(Math.abs(heights.at(-1) - heights[0]) <= 2, `posted ${heights.join(' → ')} px`);
  await p.close();
});

test('with classic scrollbars, a frame resized by its host posts one height: its content does not rewrap when its scrollbar goes', async () => {
  // a frame shorter than its content shows a scrollbar (Windows, Linux), which narrowed
  // the content by its width: once the host grew the frame, the scrollbar went and the
  // height changed (2193 then 2173 px at 700 px; at 390 px back and forth four times)
  const { context: desktop } = await browser(server.origin, { scrollbars: true });
  try {
    const p = await desktop.newPage();
    for (const [width, preset] of [[700, 'TransformerBsp8Workers'], [390, 'TransformerBsp8Workers'], [700, 'Llama8BChatH100'], [390, 'Llama8BChatH100']]) {
      await p.setViewportSize({ width: width + 40, height: 900 });
      await p.route(/\/host-under-test\.html$/, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html>
        <script>window.got = []; addEventListener('message', (e) => {
          if (e.data.type !== 'mlsysim:resize') return;
          got.push(e.data.height);
          document.getElementById('f').style.height = e.data.height + 'px';  // as docs/embedding.md asks
        });</script>
        <iframe id="f" title="embed" style="width: ${width}px; height: 560px; border: 0"
          src="embed.html?preset=${preset}"></iframe>` }));
      await p.goto(`${server.origin}/host-under-test.html`);
      await p.frameLocator('#f').locator('body[data-ready="1"]').waitFor();
      await p.waitForTimeout(500);
      const scrollbar = await p.evaluate(() => { const w = document.getElementById('f').contentWindow; return w.innerWidth - w.document.documentElement.clientWidth; });
      const heights = await p.evaluate(() => got);
      const full = await p.frameLocator('#f').locator('html').evaluate((h) => Math.ceil(h.getBoundingClientRect().height));
      assert.deepEqual(heights, [full], `${preset} at ${width} px (scrollbar gutter ${scrollbar} px): posted ${heights.join(' → ')}`);
      await p.unroute(/\/host-under-test\.html$/);
    }
  } finally {
    await desktop.close();
  }
});

test('a URL that asks for more than the preset shows no prerendered view, not even for a moment', async () => {
  for (const q of ['preset=TransformerBsp8Workers&show=workers', 'preset=TransformerBsp8Workers&i.workers=16',
    'preset=TransformerBsp8Workers&about=open', 'preset=TransformerBsp8Workers&theme=sepia', 'type=SyncStrategyScenario',
    // read as the live view reads them (URLSearchParams): a value keeps its '=', which no preset or theme has
    'preset=TransformerBsp8Workers=x', 'preset=TransformerBsp8Workers&theme=dark=x']) {
    const fetched = [], shared = [];
    const p = await context.newPage();
    p.on('request', (r) => { if (/\/embeds\//.test(r.url())) fetched.push(r.url()); });
    p.on('request', (r) => { if (/\/shared\.answers\.json$/.test(r.url())) shared.push(r.url()); });
    await p.route(/\/embed\.mjs$/, () => {});
    await p.goto(`${server.origin}/embed.html?${q}`, { waitUntil: 'commit' });
    await p.waitForFunction(() => document.readyState !== 'loading');
    await p.waitForTimeout(300);
    assert.deepEqual(fetched, [], q);
    // the answers every view shares (the type heads, the presets) serve this view too
    assert.equal(shared.length, 1, q);
    assert.equal(await p.locator('section.embed').count(), 0, q);
    assert.ok(await p.isVisible('#status'), q);
    await p.close();
  }
  // and once live, the view asked for (16 workers, not the preset's 8)
  const p = await context.newPage();
  await p.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers&i.workers=16`);
  await p.waitForSelector('body[data-ready="1"]');
  assert.equal(await p.textContent('[data-property="global_batch"] .value'), '512 samples');
  await p.close();
});

test('a preset the build did not prerender costs no request: the loading line, then the live view\'s reason', async () => {
  const html = readFileSync(path.join(dist, 'embed.html'), 'utf8');
  assert.equal(/data-prerendered-embeds="([^"]*)"/.exec(html)[1], m.listPresets().map((p) => p.name).join(' '));
  for (const name of ['NoSuchPreset', 'embeds', '../index', '']) {
    const p = await context.newPage();
    const fetched = [];
    p.on('request', (r) => { if (/\/embeds\//.test(r.url())) fetched.push(r.url()); });
    await p.goto(`${server.origin}/embed.html?preset=${encodeURIComponent(name)}`);
    if (name === '') {
      // an empty preset= is read as not given, with a notice, as the full calculator reads
      // it (an attacker's trial: only 'unknown preset ""' showed)
      await p.waitForSelector('body[data-ready="1"]');
      assert.match(await p.textContent('body'), /preset= is empty, so it is read as not given\./);
      assert.equal(await p.isVisible('.embed-error'), false);
    } else {
      await p.waitForSelector('body[data-ready="error"]');
      assert.ok(await p.isVisible('.embed-error'), name);
    }
    assert.deepEqual(fetched, [], name);
    await p.close();
  }
});

test('the prerendered view is asked for first: ahead of the answers in the connection queue', async () => {
  const p = await context.newPage();
  const sent = [];
  p.on('request', (r) => { if (/\.(html|json)$/.test(r.url())) sent.push(r.url().slice(server.origin.length + 1)); });
  await p.goto(`${server.origin}/embed.html?preset=MlsysimRingVector8`);
  await p.waitForSelector('body[data-ready="1"]');
  // Fast 3G, side by side (docs/performance.md, "Prerendered embeds"): behind the answers,
  // the view's request waited ~200 ms for a connection while the page's code held them all
  assert.deepEqual(sent, ['embeds/MlsysimRingVector8.html', 'shared.answers.json', 'embeds/MlsysimRingVector8.answers.json']);
  await p.close();
});

test('theme=dark colours the prerendered view before the code runs', async () => {
  const p = await beforeCode(`${server.origin}/embed.html?preset=TransformerBsp8Workers&theme=dark`);
  await p.waitForSelector('section.embed[aria-busy="true"]');
  assert.equal(await p.getAttribute('html', 'data-theme'), 'dark');
  const bg = await p.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = bg.match(/\d+/g).map(Number);
  assert.ok(r + g + b < 200, `a dark background, not ${bg}`);
  await p.screenshot({ path: path.join(shots, 'embed-prerendered-dark.png'), fullPage: true });
  await p.close();
});

test('a repeated theme takes the first, in any case, as the live view does', async () => {
  for (const [q, theme] of [['theme=dark&theme=light', 'dark'], ['theme=light&theme=dark', 'light'], ['theme=%20DARK', 'dark']]) {
    const p = await beforeCode(`${server.origin}/embed.html?preset=TransformerBsp8Workers&${q}`);
    await p.waitForSelector('section.embed[aria-busy="true"]');
    assert.equal(await p.getAttribute('html', 'data-theme'), theme, q);
    await p.close();
    const live = await context.newPage();
    await live.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers&${q}`);
    await live.waitForSelector('body[data-ready="1"]');
    assert.equal(await live.getAttribute('html', 'data-theme'), theme, q);
    await live.close();
  }
});

test('the prerendered view is fitted before it is shown, with no request of its own for the fitting rule', async () => {
  const p = await context.newPage();
  const requested = [];
  p.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await p.route(/\/embed\.mjs$/, () => {});
  await p.setViewportSize({ width: 390, height: 800 });
  await p.goto(`${server.origin}/embed.html?preset=Llama8BChatH100`, { waitUntil: 'commit' });
  // fitted in the task that shows it: the first frame with the fragment is the fitted one
  await p.waitForSelector('section.embed[aria-busy="true"]', { timeout: 5000 });
  assert.equal(await p.getAttribute('section.embed', 'data-fitted'), '');
  assert.ok(!(await p.isVisible('.work:not(.linear) .linear-text')));
  const cut = await p.evaluate(() => [...document.querySelectorAll('.equation, .work')].filter((b) => b.scrollWidth > b.clientWidth + 1).length);
  assert.equal(cut, 0);
  // the page, its style, boot.js, the fragment and the answers (tests/node/answers.test.mjs);
  // the live code (held) and what it preloads
  const asked = /^\/(embed\.html|style\.css|boot\.js|embeds\/Llama8BChatH100\.(html|answers\.json)|shared\.answers\.json|embed\.mjs|chunk-[A-Z0-9]+\.mjs|mlsysim\.(mjs|wasm)|favicon\.svg)$/;
  assert.deepEqual(requested.filter((u) => !asked.test(u)), []);
  assert.ok(requested.includes('/embeds/Llama8BChatH100.html'));
  await p.close();
});

test('what a reader types into the prerendered embed or element before live is kept: the live view starts from it, as an edit, caret in place', async () => {
  // an inert prerendered view dropped every keystroke; on a slow network it stands for
  // seconds. Also in a browser without `inert` (Firefox before 112), where nothing differs.
  for (const noInert of [false, true]) {
    const p = await context.newPage();
    if (noInert) await p.addInitScript(() => { delete HTMLElement.prototype.inert; });
    let release = await holdRequests(p, /\/mlsysim\.wasm$/);
    await p.route(/\/host-under-test\.html$/, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html>
      <script type="module" src="mlsysim-element.mjs"></script>
      <script>window.updates = []; document.addEventListener('mlsysim-update', (e) => updates.push(e.detail));</script>
      <mlsysim-scenario id="e" preset="Llama8BChatH100"></mlsysim-scenario>` }));
    // the iframe page: a number typed, the caret moved back one place
    await p.goto(`${server.origin}/embed.html?preset=TransformerBsp8Workers`, { waitUntil: 'commit' });
    await p.waitForSelector('section.embed[aria-busy="true"][data-fitted] #in-workers');
    await p.locator('#in-workers').press('End');
    await p.keyboard.type('0');
    await p.keyboard.press('ArrowLeft');
    assert.deepEqual(await p.locator('section.embed .results').evaluate((n) => [getComputedStyle(n.querySelector('.properties')).opacity,
      getComputedStyle(n, '::before').content]), ['0.45', '"Loading the calculator: the results follow your edit in a moment…"'], 'the old results are dimmed, and say why');
    release();
    await p.waitForSelector('body[data-ready="1"]');
    const embed = await p.evaluate(() => ({ value: document.getElementById('in-workers').value, focus: document.activeElement.id,
      caret: document.activeElement.selectionStart, global_batch: document.querySelector('[data-property="global_batch"] .value').textContent,
      full: new URL(document.querySelector('.embed-foot a').href).search, until: document.querySelectorAll('[data-until-live]').length,
      opacity: getComputedStyle(document.querySelector('section.embed .properties')).opacity }));
    // global_batch = workers × per_worker_batch = 80 × 32 (the preset's 32 samples per worker)
    assert.deepEqual(embed, { value: '80', focus: 'in-workers', caret: 1, global_batch: '2,560 samples',
      full: '?preset=TransformerBsp8Workers&i.workers=80', until: 0, opacity: '1' }, `embed, without inert: ${noInert}`);
    await p.keyboard.type('5');  // where the caret was: 850
    await p.waitForFunction(() => document.querySelector('[data-property="global_batch"] .value').textContent === '27,200 samples');
    // the marks of typing before live are gone, and the edit made live left none
    assert.equal(await p.locator('[data-typed]').count(), 0);
    await p.unroute(/\/mlsysim\.wasm$/);
    // the element: a registry menu changed (another accelerator) and a number typed
    release = await holdRequests(p, /\/mlsysim\.wasm$/);
    await p.goto(`${server.origin}/host-under-test.html`);
    const shadowSel = (sel) => p.waitForFunction((sel) => document.getElementById('e').shadowRoot.querySelector(sel), sel);
    await shadowSel('section.embed[aria-busy="true"] #in-batch_size');
    const options = await p.locator('#e select[data-field="hardware"] option').evaluateAll((os) => os.map((o) => o.value));
    const chosen = await p.locator('#e select[data-field="hardware"]').inputValue();
    const other = options.find((v) => v !== chosen && v !== '__custom__');
    await p.locator('#e select[data-field="hardware"]').selectOption(other);
    await p.locator('#e #in-batch_size').fill('4');
    release();
    await shadowSel('section.embed[data-state="ready"]');
    await p.waitForFunction(() => updates.length >= 3);
    await p.waitForTimeout(100);  // and no more
    const element = await p.evaluate(() => { const r = document.getElementById('e').shadowRoot;
      return { hardware: r.querySelector('select[data-field="hardware"]').value, batch: r.getElementById('in-batch_size').value,
        focus: r.activeElement && r.activeElement.id, updates, typed: r.querySelectorAll('[data-typed]').length }; });
    // the host hears what it hears of a live view: the preset's first result, then each
    // edit made (in the form's order)
    assert.deepEqual(element, { hardware: other, batch: '4', focus: 'in-batch_size',
      updates: [{ inputs: {}, edited: false }, { inputs: { hardware: other }, edited: true }, { inputs: { hardware: other, batch_size: '4' }, edited: true }], typed: 0 },
    `element, without inert: ${noInert}`);
    await p.close();
  }
});

test('carried into the live embed: "Custom… (JSON)" opens its box, "What this model assumes" stays open, and a reader scrolled to an input stays where they are', async () => {
  const p = await context.newPage();
  await p.setViewportSize({ width: 1280, height: 800 });
  let release = await holdRequests(p, /\/mlsysim\.wasm$/);
  await p.goto(`${server.origin}/embed.html?preset=Llama8BChatH100`, { waitUntil: 'commit' });
  await p.waitForSelector('section.embed[aria-busy="true"][data-fitted] #in-compute_efficiency');
  // the page scrolled to its foot, the caret in an input near it (the page moved 63 px up)
  await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await p.locator('#in-compute_efficiency').focus();
  const at = () => p.evaluate(() => [scrollY, Math.round(document.getElementById('in-compute_efficiency').getBoundingClientRect().top)]);
  const before = await at();
  release();
  await p.waitForSelector('body[data-ready="1"]');
  await p.waitForTimeout(200);
  assert.deepEqual(await at(), before);
  assert.equal(await p.evaluate(() => document.activeElement.id), 'in-compute_efficiency');
  await p.unroute(/\/mlsysim\.wasm$/);
  release = await holdRequests(p, /\/mlsysim\.wasm$/);
  await p.goto(`${server.origin}/embed.html?preset=Llama8BChatH100`, { waitUntil: 'commit' });
  await p.waitForSelector('section.embed[aria-busy="true"][data-fitted] #in-hardware');
  await p.locator('#in-hardware').selectOption('__custom__');
  release();
  await p.waitForSelector('body[data-ready="1"]');
  // as when chosen live: the box holds a copy of the entry chosen before, to edit
  assert.equal(await p.inputValue('#in-hardware'), '__custom__');
  const custom = p.locator('[data-field="hardware"] textarea');
  assert.ok(await custom.isVisible());
  assert.equal(JSON.parse(await custom.inputValue()).name, 'H100 (custom)');
  // another entry, then Custom: a copy of that entry, and its results, as when chosen live
  // (an attacking helper found the preset's entry copied)
  await p.unroute(/\/mlsysim\.wasm$/);
  release = await holdRequests(p, /\/mlsysim\.wasm$/);
  await p.goto(`${server.origin}/embed.html?preset=Llama8BChatH100`, { waitUntil: 'commit' });
  await p.waitForSelector('section.embed[aria-busy="true"][data-fitted] #in-hardware');
  await p.locator('#in-hardware').selectOption('A100');
  await p.locator('#in-hardware').selectOption('__custom__');
  release();
  await p.waitForSelector('body[data-ready="1"]');
  const copied = JSON.parse(await p.locator('[data-field="hardware"] textarea').inputValue());
  assert.equal(copied.name, 'A100 (custom)');
  const ttft = await p.textContent('[data-property="time_to_first_token"] .value');
  assert.ok(!(await p.locator('[data-chosen]').count()), 'the menu\'s mark is left');
  // the same steps on the live view
  await p.unroute(/\/mlsysim\.wasm$/);
  await p.goto(`${server.origin}/embed.html?preset=Llama8BChatH100&about=collapsed`);
  await p.waitForSelector('body[data-ready="1"]');
  await p.locator('#in-hardware').selectOption('A100');
  await p.locator('#in-hardware').selectOption('__custom__');
  assert.deepEqual(JSON.parse(await p.locator('[data-field="hardware"] textarea').inputValue()), copied);
  assert.equal(await p.textContent('[data-property="time_to_first_token"] .value'), ttft);
  // "What this model assumes" opened before live stays open, its summary focused
  await p.unroute(/\/mlsysim\.wasm$/);
  release = await holdRequests(p, /\/mlsysim\.wasm$/);
  await p.goto(`${server.origin}/embed.html?preset=Llama8BChatH100`, { waitUntil: 'commit' });
  await p.waitForSelector('section.embed[aria-busy="true"][data-fitted] .embed-about summary');
  await p.locator('.embed-about summary').click();
  release();
  await p.waitForSelector('body[data-ready="1"]');
  assert.deepEqual(await p.evaluate(() => [document.querySelector('.embed-about').open, document.activeElement.tagName]), [true, 'SUMMARY']);
  await p.close();
});

test('the custom element shows the same prerendered view while the module loads, fitted, then the live view takes its place unmoved', async () => {
  const host = (attrs) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>lesson</title>
<script type="module" src="../mlsysim-element.mjs"></script></head>
<body style="margin:0"><main style="max-width:700px;margin:0 auto"><h1>A lesson</h1><mlsysim-scenario id="e" ${attrs}></mlsysim-scenario><p id="after">After the element.</p></main></body></html>`;
  const open = async (attrs, { hold = true, width = 700 } = {}) => {
    const p = await context.newPage();
    const requested = [];
    p.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await p.setViewportSize({ width, height: 800 });
    await p.route(`${server.origin}/examples/lesson.html`, (r) => r.fulfill({ contentType: 'text/html', body: host(attrs) }));
    const release = hold ? await holdRequests(p, /\/mlsysim\.wasm$/) : null;
    await p.goto(`${server.origin}/examples/lesson.html`);
    return { p, requested, release };
  };
  const shadow = (p, fn, arg) => p.evaluate(([f, a]) => new Function('root', 'a', `return (${f})(root, a)`)(document.getElementById('e').shadowRoot, a), [fn.toString(), arg]);
  const cards = (root) => [...root.querySelectorAll('section.embed .property')].map((c) => ({
    name: c.dataset.property, value: c.querySelector('.value').textContent, height: Math.round(c.getBoundingClientRect().height),
    steps: [...c.querySelectorAll('.equation, .work')].map((b) => [...b.classList].filter((k) => /^(fit-\d|linear)$/.test(k)).join(' ') || 'none'),
    cut: [...c.querySelectorAll('.equation, .work')].filter((b) => b.scrollWidth > b.clientWidth + 1).length }));
  for (const width of [700, 390]) {
    const { p, requested, release } = await open('preset="Llama8BChatH100" theme="dark" class="wide"', { width });
    await p.waitForFunction(() => document.getElementById('e').shadowRoot.querySelector('section.embed[aria-busy="true"][data-fitted]'));
    const before = await shadow(p, cards);
    assert.ok(before.length >= 8);
    for (const c of before) assert.equal(c.cut, 0, `${width} px: a line of ${c.name} is cut before the live view`);
    // its link to the calculator leads to this site's calculator, not the lesson's folder
    const links = await shadow(p, (root) => [...root.querySelectorAll('a[href]')].map((a) => a.href));
    assert.ok(links.length > 0 && links.every((h) => h.startsWith(`${server.origin}/`) && !h.includes('/examples/')), links.join(' '));
    assert.equal(await p.evaluate(() => document.getElementById('e').state), 'loading');
    const after0 = await p.evaluate(() => document.getElementById('after').getBoundingClientRect().top);
    release();
    await p.waitForFunction(() => document.getElementById('e').state === 'ready');
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const after = await shadow(p, cards);
    assert.deepEqual(before.map((c) => [c.name, c.value, c.steps]), after.map((c) => [c.name, c.value, c.steps]), `${width} px`);
    for (const [k, c] of before.entries()) assert.ok(Math.abs(c.height - after[k].height) <= 1, `${width} px: ${c.name} ${c.height} → ${after[k].height} px`);
    const after1 = await p.evaluate(() => document.getElementById('after').getBoundingClientRect().top);
    assert.ok(Math.abs(after1 - after0) <= 2, `${width} px: the text after the element moved from ${after0} to ${after1} px`);
    assert.equal(await shadow(p, (root) => root.querySelector('section.embed').hasAttribute('inert')), false);
    assert.ok(requested.includes('/embeds/Llama8BChatH100.html'));
    await p.close();
  }
  // an element with any other option (its view differs), or a preset that is not a name,
  // asks for no fragment: the loading line until the live view
  for (const attrs of ['preset="Llama8BChatH100" properties="ttft"', 'preset="../index"', 'preset="Llama8BChatH100" theme="purple"']) {
    const { p, requested, release } = await open(attrs);
    await p.waitForTimeout(300);
    assert.equal(await shadow(p, (root) => root.querySelector('section')), null, attrs);
    assert.ok(!requested.some((u) => u.startsWith('/embeds/') || u === '/index.html'), `${attrs}: ${requested.join(' ')}`);
    release();
    await p.waitForFunction(() => ['ready', 'error'].includes(document.getElementById('e').state));
    await p.close();
  }
  // a server that answers a missing fragment with another page (a site's index.html): not shown
  {
    const p = await context.newPage();
    await p.route(`${server.origin}/examples/lesson.html`, (r) => r.fulfill({ contentType: 'text/html', body: host('preset="TransformerBsp8Workers"') }));
    await p.route(/\/embeds\/TransformerBsp8Workers\.html$/, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Our course</title><p>Welcome</p>' }));
    const release = await holdRequests(p, /\/mlsysim\.wasm$/);
    await p.goto(`${server.origin}/examples/lesson.html`);
    await p.waitForTimeout(300);
    assert.equal(await shadow(p, (root) => root.textContent.includes('Welcome')), false);
    assert.match(await shadow(p, (root) => root.textContent), /Loading the calculator/);
    release();
    await p.waitForFunction(() => document.getElementById('e').state === 'ready');
    await p.close();
  }
});

test('the element drops its prerendered view when a script changes it into another view, follows a new theme, and asks once per preset', async () => {
  const page0 = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>lesson</title>
<script type="module" src="../mlsysim-element.mjs"></script></head><body><main id="lesson"></main></body></html>`;
  const p = await context.newPage();
  const requested = [];
  p.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await p.route(`${server.origin}/examples/lesson2.html`, (r) => r.fulfill({ contentType: 'text/html', body: page0 }));
  const release = await holdRequests(p, /\/mlsysim\.wasm$/);
  await p.goto(`${server.origin}/examples/lesson2.html`);
  await p.evaluate(() => customElements.whenDefined('mlsysim-scenario'));
  const shadowText = (id) => p.evaluate((i) => document.getElementById(i).shadowRoot.textContent, id);
  // a predicted value set right after insertion: its view is not the prerendered one, which
  // would show the value the reader is asked to predict
  await p.evaluate(() => {
    const make = (id, preset) => { const e = document.createElement('mlsysim-scenario'); e.id = id; e.setAttribute('preset', preset); document.getElementById('lesson').append(e); return e; };
    make('a', 'TransformerBsp8Workers').setAttribute('predict', 'speedup');
    for (let k = 0; k < 5; k++) make(`same${k}`, 'TransformerBsp8Workers');
    make('t', 'TransformerBsp8Workers').setAttribute('theme', 'light');
  });
  await p.waitForFunction(() => document.getElementById('same0').shadowRoot.querySelector('section.embed[aria-busy="true"]'));
  assert.doesNotMatch(await shadowText('a'), /5\.714/);
  assert.match(await shadowText('a'), /Loading the calculator/);
  // shown, then changed into another view: back to the loading line
  await p.evaluate(() => document.getElementById('same1').setAttribute('i.workers', '64'));
  assert.doesNotMatch(await shadowText('same1'), /5\.714/);
  assert.match(await shadowText('same1'), /Loading the calculator/);
  // a new theme while shown: applied at once
  await p.waitForFunction(() => document.getElementById('t').shadowRoot.querySelector('section.embed[aria-busy="true"]'));
  await p.evaluate(() => document.getElementById('t').setAttribute('theme', 'dark'));
  assert.equal(await p.evaluate(() => document.getElementById('t').shadowRoot.querySelector('.mlsysim-host').dataset.theme), 'dark');
  // one request for the preset, whatever the number of elements
  assert.equal(requested.filter((u) => u === '/embeds/TransformerBsp8Workers.html').length, 1);
  release();
  await p.waitForFunction(() => [...document.querySelectorAll('mlsysim-scenario')].every((e) => e.state !== 'loading'));
  assert.match(await shadowText('a'), /prediction/i);
  await p.close();
  // a server that redirects the fragment to another preset's: not shown
  const q = await context.newPage();
  await q.route(`${server.origin}/examples/lesson2.html`, (r) => r.fulfill({ contentType: 'text/html', body: page0.replace('<main id="lesson"></main>', '<main><mlsysim-scenario id="r" preset="TransformerBsp8Workers"></mlsysim-scenario></main>') }));
  await q.route(/\/embeds\/TransformerBsp8Workers\.html$/, (r) => r.fulfill({ status: 302, headers: { location: `${server.origin}/embeds/Gpt3OnTraining1KA100.html` } }));
  const release2 = await holdRequests(q, /\/mlsysim\.wasm$/);
  await q.goto(`${server.origin}/examples/lesson2.html`);
  await q.waitForTimeout(400);
  assert.equal(await q.evaluate(() => document.getElementById('r').shadowRoot.querySelector('section')), null);
  release2();
  await q.waitForFunction(() => document.getElementById('r').state === 'ready');
  await q.close();
});

test('no console errors and no request outside the origin', () => {
  assert.deepEqual(problems, { consoleErrors: [], pageErrors: [], offOrigin: [] });
});

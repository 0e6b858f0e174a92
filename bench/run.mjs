// `npm run bench`: the performance figures of issues #5 and #15 in one table. Every figure is a
// median over repeated runs with its spread (min–max); every comparison is a ratio of
// two figures measured side by side in this same run. Nothing here is a test: targets
// are reported, never asserted. docs/performance.md explains each figure.
//
// Needs a built tree (scripts/build.sh; `npm run bench` builds first). Also builds, once,
// a second module with embind's dynamic code generation on (build/bench-dynexec) to
// measure what DYNAMIC_EXECUTION=0 costs per call.
//
// Environment: BENCH_PROFILES (rounds of cold starts, default 11), BENCH_RUNS (repeats,
// default 9), BENCH_TRACES (traced cold starts, default 5),
// BENCH_SKIP_DYNEXEC=1 to skip the second build.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync, existsSync, cpSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { browser } from '../tests/browser/harness.mjs';
import { serveStatic } from '../tests/browser/server.mjs';
import { root, dist } from '../tests/node/load.mjs';
import { floorSite } from './floor.mjs';
import { traceBreakdown, PAGE_MARKS } from './trace.mjs';

const PROFILES = Number(process.env.BENCH_PROFILES || 11);
const RUNS = Number(process.env.BENCH_RUNS || 9);
const TRACES = Number(process.env.BENCH_TRACES || 5);
const cases = JSON.parse(readFileSync(path.join(root, 'bench/cases.json'), 'utf8'));
const outDir = path.join(root, 'build/bench');
mkdirSync(outDir, { recursive: true });

// ---- statistics and printing ----
function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return { median: s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2, min: s[0], max: s[s.length - 1], n: s.length };
}
const fmt = (x, digits = 3) => {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a >= 1e9) return `${(x / 1e9).toPrecision(digits)} G`;
  if (a >= 1e6) return `${(x / 1e6).toPrecision(digits)} M`;
  if (a >= 1e4) return `${(x / 1e3).toPrecision(digits)} k`;
  return x.toPrecision(digits);
};
const scale = (st, f) => ({ median: f(st.median), min: Math.min(f(st.min), f(st.max)), max: Math.max(f(st.min), f(st.max)), n: st.n });
const spread = (st, f = fmt) => `${f(st.median)} (${f(st.min)}–${f(st.max)}, n=${st.n})`;
const rows = [];  // [section, figure, value, target/ratio note]
function row(section, figure, value, note = '') {
  rows.push([section, figure, value, note]);
  console.error(`  ${section} | ${figure} | ${value} ${note}`);
}

// ---- the modules ----
async function loadModule(dir) {
  const { default: create } = await import(pathToFileURL(path.join(dir, 'mlsysim.mjs')).href);
  return create();
}
function dynexecDist() {
  if (process.env.BENCH_SKIP_DYNEXEC) return null;
  const build = path.join(root, 'build/bench-dynexec');
  const d = path.join(build, 'dist');
  console.error('bench: building the DYNAMIC_EXECUTION=1 variant in build/bench-dynexec (once; then incremental)');
  execFileSync('cmake', ['-S', root, '-B', build, '--toolchain', '/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake',
    '-DCMAKE_BUILD_TYPE=Release', '-DMLSYSIM_DYNAMIC_EXECUTION=ON', `-DMLSYSIM_DIST_DIR=${d}`],
  { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_PATH: '/usr/share/nodejs' } });
  execFileSync('cmake', ['--build', build, '-j2', '--target', 'mlsysim_wasm'], { stdio: ['ignore', 'ignore', 'inherit'] });
  return d;
}

function linspace(from, to, n) {
  const xs = new Float64Array(n);
  for (let i = 0; i < n; i++) xs[i] = from + ((to - from) * i) / (n - 1);
  return xs;
}

/** `RUNS` runs of fn() after a warm-up of at least 1 s (V8 first runs WebAssembly in its
 *  baseline tier and optimizes hot functions later, in the background; 300 ms was not
 *  always enough for the sweep). Each run calls fn() for at least 20 ms; its figure is
 *  per(ms per call). The same function runs in the page (see REPEAT_SOURCE). */
function repeat(fn, per) {
  for (const t0 = performance.now(); performance.now() - t0 < 1000;) fn();
  const out = [];
  for (let r = 0; r < RUNS; r++) {
    let calls = 0;
    const t = performance.now();
    let dt;
    do { fn(); calls++; dt = performance.now() - t; } while (dt < 20);
    out.push(per(dt / calls));
  }
  return stats(out);
}
const REPEAT_SOURCE = `(() => { ${stats.toString()}\n return ${repeat.toString()}; })()`;

// ---- 1. what the main page loads before its first result, and cold start ----
/** Loads `url` and waits for the page's console message, without running any script in
 *  the page meanwhile: Playwright's waitForFunction (and goto's wait for `load`) would
 *  inject and compile its own script on the page's main thread during the start-up being
 *  measured (46-75 ms in a profiled cold start). */
async function firstPaint(page, url, { live = true, edit = false } = {}) {
  const message = (text) => page.waitForEvent('console', { predicate: (m) => m.text() === text, timeout: 30000 });
  const painted = message('bench:first-result-painted');
  const interactive = live ? message('bench:interactive') : null;
  await page.goto(url, { waitUntil: 'commit' });
  await painted;
  if (interactive) await interactive;
  // CLS counts the first second: wait for it to end (a timer, not a script in the page)
  const now = await page.evaluate(() => performance.now());
  if (now < 1050) await page.waitForTimeout(1050 - now);
  // the reader's first edit, a second after the start: what the input handler takes (it
  // evaluates at once), whatever the start-up left to compile (docs/performance.md,
  // "Prerendered answers")
  const firstEdit = edit ? await page.evaluate(() => {
    const input = document.getElementById('in-workers');
    const t0 = performance.now();
    input.value = '16';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return performance.now() - t0;
  }) : null;
  return page.evaluate((firstEdit) => {
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
    const painted = window.__firstResultPainted;
    const first = at('mlsysim:first-result') ?? painted, live = at('mlsysim:interactive') ?? first;
    const resources = performance.getEntriesByType('resource');
    return {
      first,
      painted,
      contentful: at('first-contentful-paint'),
      interactive: live,
      cls: window.__cls,
      // what the first result waits for: the document, and what the browser reports as
      // render-blocking (stylesheets, parser-blocking scripts in <head>)
      blocking: resources.filter((r) => r.startTime < first && r.renderBlockingStatus === 'blocking').map((r) => r.name),
      // everything fetched until the calculator is live (for a prerendered page, the
      // module and the page's code load after the first result is painted)
      resources: resources.filter((r) => r.startTime < live).map((r) => r.name),
      firstEdit,
    };
  }, firstEdit);
}

/** A lesson page of elements for `presets`, in a course page's column (46rem), each with
 *  the style of `styles` (none: as a page that holds no space for them). */
const lessonPage = (presets, styles = []) => '<!doctype html><html lang="en" data-bench-shadow><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>three elements</title>' +
  '<script type="module" src="mlsysim-element.mjs"></script><script type="module" src="bench-elements.mjs"></script>' +
  '<main style="max-width: 46rem; margin: 0 auto"><h1>A lesson page</h1>' +
  presets.map((p, k) => `<p>Text of the lesson.</p><mlsysim-scenario preset="${p}"${styles[k] ? ` style="${styles[k]}"` : ''}></mlsysim-scenario>`).join('') +
  '<p>The lesson goes on.</p></main>\n';

/** The element snippet's style for each preset as the calculator's embed builder writes
 *  it (the height of its preview, at most 700 px wide), and the page of those
 *  elements (bench-elements-held.html): a lesson made from the builder's snippets. */
async function heldElementsPage(origin, presets) {
  const { context, page } = await browser(origin);
  const styles = [];
  try {
    for (const p of presets) {
      await page.goto(`${origin}/index.html?preset=${p}&mode=embed`);
      // once the preview's height has settled (its first reports come before its fonts and equations)
      await page.waitForFunction(() => {
        const frame = document.getElementById('builder-preview');
        if (frame.contentDocument?.body?.dataset.ready !== '1') return false;
        const h = Math.ceil(frame.contentDocument.documentElement.getBoundingClientRect().height);
        return frame.style.height === `${h}px` && document.getElementById('builder-element').textContent.includes(`${h}px)`);
      }, null, { timeout: 30000 });
      styles.push((await page.locator('#builder-element').textContent()).match(/style="([^"]*)"/)[1]);
    }
  } finally {
    await context.close();
  }
  writeFileSync(path.join(outDir, 'site', 'bench-elements-held.html'), lessonPage(presets, styles));
  return styles;
}

/** A page of three <mlsysim-scenario> elements (three categories) as a course page holds
 *  them, in a copy of dist/ (build/bench/site): the custom-element case of #15. The page
 *  marks mlsysim:first-result when all three have rendered and mlsysim:interactive with it
 *  (an element is live once rendered). */
function elementSite(presets) {
  const d = path.join(outDir, 'site');
  cpSync(dist, d, { recursive: true });
  // the content floor: the prerendered calculator as a static page, every script and
  // preload taken out (what a page of this content costs with none of our code)
  writeFileSync(path.join(d, 'bench-static.html'), readFileSync(path.join(dist, 'index.html'), 'utf8')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="(modulepreload|preload)"[^>]*>/g, ''));
  writeFileSync(path.join(d, 'bench-elements.html'), lessonPage(presets));
  writeFileSync(path.join(d, 'bench-elements.mjs'), "await customElements.whenDefined('mlsysim-scenario');\n" +
    "const states = await Promise.all([...document.querySelectorAll('mlsysim-scenario')].map((e) => e.ready));\n" +
    "if (states.every((s) => s === 'ready')) { performance.mark('mlsysim:first-result'); performance.mark('mlsysim:interactive'); }\n" +
    "else console.error('bench: an element failed', states);\n");
  return d;
}

/** The network a student on a phone or a busy campus network may have (Chromium's "Fast 3G"
 *  preset: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip). */
export const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

/** A fresh profile whose page loads over SLOW_NETWORK. */
async function slowNetwork(origin) {
  const b = await browser(origin);
  const cdp = await b.context.newCDPSession(b.page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
  return b;
}

/** A fresh profile whose page gets no answers file (a 404): the module answers the
 *  start-up's calls itself, as it did before the build recorded them. */
async function withoutAnswers(origin, make = browser) {
  const b = await make(origin);
  await b.page.route(/\.answers\.json$/, (r) => r.fulfill({ status: 404, body: '' }));
  return b;
}

/** A fresh profile that has already shown one page of `origin` (a 404): its renderer
 *  process is running, its caches are still empty. */
async function warmProcess(origin) {
  const b = await browser(origin);
  await b.page.goto(`${origin}/not-a-page`);
  return b;
}

/** PROFILES rounds; in each, every target once, in a fresh profile, one after the other,
 *  so that drift hits them alike: the floor page, the calculator (and its second visit),
 *  the two of them after a blank page of their origin, an iframe embed of one preset per
 *  category, and the page of three elements. */
async function pageFigures(origin, floorOrigin, embeds) {
  const targets = [
    { key: 'floor', origin: floorOrigin, url: `${floorOrigin}/index.html`, live: false },
    { key: 'static', origin, url: `${origin}/bench-static.html`, live: false },
    { key: 'index', origin, url: `${origin}/index.html`, live: true, second: true, edit: true },
    // side by side, the calculator without its prerendered answers (index.answers.json)
    { key: 'indexNoAnswers', origin, url: `${origin}/index.html`, live: true, edit: true, make: withoutAnswers },
    // ... and both on a slow network, where the answers' bytes share it with the module's
    { key: 'indexSlow', origin, url: `${origin}/index.html`, live: true, make: slowNetwork },
    { key: 'indexSlowNoAnswers', origin, url: `${origin}/index.html`, live: true, make: (o) => withoutAnswers(o, slowNetwork) },
    { key: 'floorProcessWarm', origin: floorOrigin, url: `${floorOrigin}/index.html`, live: false, make: warmProcess },
    { key: 'processWarm', origin, url: `${origin}/index.html`, live: true, make: warmProcess },
    ...embeds.map(({ category, preset }, k) => ({ key: `embed:${category}`, preset, origin, url: `${origin}/embed.html?preset=${preset}`, live: true, second: k === 0 })),
    // side by side, the first embed without its prerendered view: `about=collapsed` asks for
    // the same view, but any option besides the preset makes boot.js fetch none (web/boot.js)
    { key: 'embedUnprerendered', origin, url: `${origin}/embed.html?preset=${embeds[0].preset}&about=collapsed`, live: true },
    // ... and with its prerendered view but not its answers (embeds/NAME.answers.json)
    { key: 'embedNoAnswers', origin, url: `${origin}/embed.html?preset=${embeds[0].preset}`, live: true, make: withoutAnswers },
    // ... and both on a slow network, where the module's bytes, not the main thread, decide
    { key: 'embedSlow', origin, url: `${origin}/embed.html?preset=${embeds[0].preset}`, live: true, make: slowNetwork },
    { key: 'embedSlowUnprerendered', origin, url: `${origin}/embed.html?preset=${embeds[0].preset}&about=collapsed`, live: true, make: slowNetwork },
    { key: 'elements', origin, url: `${origin}/bench-elements.html`, live: true, second: true },
    { key: 'elementsHeld', origin, url: `${origin}/bench-elements-held.html`, live: true },
  ];
  const runs = Object.fromEntries(targets.map((t) => [t.key, []]));
  const warm = Object.fromEntries(targets.filter((t) => t.second).map((t) => [t.key, []]));
  let loaded = null, blocking = null;
  for (let k = 0; k < PROFILES; k++) {
    for (const t of targets) {
      const { context, page } = await (t.make || browser)(t.origin);
      try {
        await page.addInitScript(PAGE_MARKS);
        const m = await firstPaint(page, t.url, { live: t.live, edit: t.edit });
        runs[t.key].push(m);
        if (t.key === 'index' && !loaded) {
          loaded = [`${origin}/index.html`, ...m.resources];
          blocking = [`${origin}/index.html`, ...m.blocking];
        }
        if (t.second) {
          // a second visit in the same profile: HTTP cache and compiled code cache warm (the
          // same URL, not one with a query: a query asks for a view that is not prerendered)
          await page.goto('about:blank');
          warm[t.key].push((await firstPaint(page, t.url)).painted);
        }
      } finally {
        await context.close();
      }
    }
  }
  // an embed renders its results live at once: it is live when they are painted
  const figure = (key, k) => stats(runs[key].map((m) => (k === 'interactive' ? Math.max(m.interactive, m.painted) : m[k])));
  return { targets, figure, warm: (key) => stats(warm[key]), loaded, blocking };
}

function sizes(urls, origin) {
  const files = urls.map((u) => {
    const rel = decodeURIComponent(new URL(u).pathname).replace(/^\//, '');
    const data = readFileSync(path.join(dist, rel));
    return { file: rel, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
  });
  return { files, raw: files.reduce((a, f) => a + f.raw, 0), gzip: files.reduce((a, f) => a + f.gzip, 0), origin };
}

// ---- 2. evaluate latency, 3. sweep throughput (Node) ----
function evaluateLatency(m, calls = 200) {
  const plain = repeat(() => { for (let i = 0; i < calls; i++) m.evaluatePreset('TransformerBsp8Workers'); }, (ms) => (ms * 1000) / calls);
  const work = repeat(() => { for (let i = 0; i < calls; i++) m.evaluatePreset('TransformerBsp8Workers', {}, { work: true }); }, (ms) => (ms * 1000) / calls);
  return { plain, work };
}

function sweepThroughput(m, c) {
  const preset = m.listPresets().find((p) => p.name === c.preset);
  const xs = linspace(c.from, c.to, c.points);
  const props = c.properties || m.listScenarioTypes().find((t) => t.name === preset.type).properties.map((p) => p.name);
  const batch = repeat(() => m.sweep(preset.type, preset.inputs, c.field, xs, c.properties), (ms) => (c.points * props.length) / (ms / 1000));
  const into = new Float64Array(c.points * props.length);
  const reused = repeat(() => m.sweep(preset.type, preset.inputs, c.field, xs, c.properties, { into }), (ms) => (c.points * props.length) / (ms / 1000));
  // one evaluate call per point over the first 500 points (same inputs, same properties)
  const k = Math.min(500, c.points);
  // a quantity field takes {value, unit} in its canonical unit, as the sweep's values are
  const f = m.listScenarioTypes().find((t) => t.name === preset.type).fields.find((x) => x.name === c.field);
  const input = (x) => (f.type === 'quantity' ? { value: x, unit: f.unit } : x);
  const perCall = repeat(() => {
    for (let i = 0; i < k; i++) m.evaluate(preset.type, { ...preset.inputs, [c.field]: input(xs[i]) });
  }, (ms) => (k * props.length) / (ms / 1000));
  return { batch, reused, perCall, props: props.length };
}

// ---- 4. native: Google Benchmark ----
function nativeFigures() {
  const exe = path.join(root, 'build/native/mlsysim_bench');
  if (!existsSync(exe)) {
    console.error('bench: build/native/mlsysim_bench is missing, so there are no native figures or native/wasm ratios: ' +
      'run `npm run bench`, which builds it (scripts/build.sh; needs Debian\'s libbenchmark-dev, which scripts/setup.sh installs)');
    return null;
  }
  const json = JSON.parse(execFileSync(exe, ['--benchmark_format=json', `--benchmark_repetitions=${RUNS}`,
    '--benchmark_min_time=0.1'], { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  const by = {};
  for (const b of json.benchmarks) {
    if (b.run_type !== 'iteration') continue;
    (by[b.run_name] ||= []).push(b);
  }
  const out = {};
  for (const [name, runs] of Object.entries(by)) {
    out[name] = { items: stats(runs.map((b) => b.items_per_second)), ns: stats(runs.map((b) => b.real_time)) };
  }
  return out;
}

// ---- the run ----
async function main() {
  if (!existsSync(path.join(dist, 'mlsysim.wasm'))) throw new Error('dist/ is not built: run `npm run build` first');
  const report = { date: new Date().toISOString(), cpus: (await import('node:os')).cpus().length, runs: RUNS, profiles: PROFILES };

  console.error('bench: native micro-benchmarks (Google Benchmark)');
  const native = nativeFigures();
  const dynDist = dynexecDist();

  console.error('bench: Node.js');
  const m = await loadModule(dist);
  const mDyn = dynDist ? await loadModule(dynDist) : null;
  // side by side: alternate the two modules so drift hits both alike
  const lat = [], latDyn = [];
  for (let r = 0; r < 3; r++) {
    lat.push(evaluateLatency(m));
    if (mDyn) latDyn.push(evaluateLatency(mDyn));
  }
  const pick = (xs, k) => stats(xs.flatMap((x) => [x[k].median]));
  const nodeSweeps = cases.sweeps.map((c) => ({ c, ...sweepThroughput(m, c) }));

  // one preset per category for the embeds (the first of each, in catalog order), and
  // three categories' for the page of elements
  const allTypes = m.listScenarioTypes(), allPresets = m.listPresets();
  const categoryOf = (presetName) => allTypes.find((t) => t.name === allPresets.find((p) => p.name === presetName).type).category;
  const embeds = m.listCategories().map((c) => ({ category: c.name, preset: allPresets.find((p) => categoryOf(p.name) === c.name).name }));
  const elementPresets = embeds.slice(0, 3).map((e) => e.preset);

  console.error(`bench: Chromium, ${PROFILES} rounds of cold starts (the floor, the calculator, ${embeds.length} embeds, a page of 3 elements)`);
  // cacheable, as a real static host is: each cold start uses a fresh profile (an empty
  // cache), and the second visit in the same profile then shows what caching gives
  const server = await serveStatic(elementSite(elementPresets), { cache: true });
  const floorServer = await serveStatic(floorSite(), { cache: true });
  let page, pageEval, pageSweeps, traces, heldStyles;
  try {
    heldStyles = await heldElementsPage(server.origin, elementPresets);
    page = await pageFigures(server.origin, floorServer.origin, embeds);
    console.error('bench: Chromium traces of cold starts (bench/trace.mjs)');
    traces = {
      floor: await traceBreakdown(floorServer.origin, `${floorServer.origin}/index.html`, TRACES, { live: false }),
      index: await traceBreakdown(server.origin, `${server.origin}/index.html`, TRACES),
    };
    const { context, page: p } = await browser(server.origin);
    try {
      await p.goto(`${server.origin}/index.html`);
      await p.waitForSelector('body[data-ready="1"]');
      const r = await p.evaluate(async ({ cases, RUNS, REPEAT_SOURCE }) => {
        const { default: create } = await import('./mlsysim.mjs');
        const m = await create();
        // the same stats() and repeat() as in Node.js (a direct eval, so RUNS is in scope)
        const rep = eval(REPEAT_SOURCE);  // eslint-disable-line no-eval
        const calls = 200;
        const plain = rep(() => { for (let i = 0; i < calls; i++) m.evaluatePreset('TransformerBsp8Workers'); }, (ms) => (ms * 1000) / calls);
        let sink = 0;
        const sweeps = cases.sweeps.map((c) => {
          const preset = m.listPresets().find((q) => q.name === c.preset);
          const xs = new Float64Array(c.points);
          for (let i = 0; i < c.points; i++) xs[i] = c.from + ((c.to - c.from) * i) / (c.points - 1);
          const props = c.properties || m.listScenarioTypes().find((t) => t.name === preset.type).properties.map((q) => q.name);
          const n = c.points * props.length;
          const into = new Float64Array(n);
          return { name: c.name, props: props.length,
            batch: rep(() => m.sweep(preset.type, preset.inputs, c.field, xs, c.properties), (ms) => n / (ms / 1000)),
            reused: rep(() => m.sweep(preset.type, preset.inputs, c.field, xs, c.properties, { into }), (ms) => n / (ms / 1000)),
            // the floor of a new buffer: this browser allocating a Float64Array of the
            // result's length and writing every element once, no module involved
            fresh: rep(() => { const a = new Float64Array(n); a.fill(1); sink += a[n - 1]; }, (ms) => n / (ms / 1000)) };
        });
        return { plain, sweeps, sink };
      }, { cases, RUNS, REPEAT_SOURCE });
      pageEval = r.plain;
      pageSweeps = r.sweeps;
    } finally {
      await context.close();
    }
  } finally {
    server.close();
    floorServer.close();
  }
  const first = sizes(page.blocking, server.origin);
  const sz = sizes(page.loaded, server.origin);

  // ---- the table ----
  const KB = (b) => `${(b / 1000).toFixed(1)} KB`;
  for (const f of first.files) row('size before first result', f.file, `${KB(f.raw)} raw, ${KB(f.gzip)} gzip`);
  row('size before first result', `total (${first.files.length} files: the document and what the browser reports render-blocking)`,
    `${KB(first.raw)} raw, **${KB(first.gzip)} gzip**`,
    `target ≤ 64 KB gzip: ${first.gzip <= 64000 ? 'met' : `not met (${(first.gzip / 64000).toFixed(2)}× the budget)`}`);
  for (const f of sz.files) row('size before the calculator is live', f.file, `${KB(f.raw)} raw, ${KB(f.gzip)} gzip`);
  row('size before the calculator is live', `total (${sz.files.length} files)`, `${KB(sz.raw)} raw, **${KB(sz.gzip)} gzip**`,
    `target ≤ 150 KB gzip (#15): ${sz.gzip <= 150000 ? 'met' : `not met (${(sz.gzip / 150000).toFixed(2)}×)`}`);
  const standalone = path.join(dist, 'mlsysim-standalone.html');
  if (existsSync(standalone)) {
    const d = readFileSync(standalone);
    row('size', 'mlsysim-standalone.html (one file, everything inlined)', `${KB(d.length)} raw, ${KB(gzipSync(d, { level: 9 }).length)} gzip`);
  }
  const ms = (x) => `${x.toFixed(1)} ms`;
  const cold = 'cold start (Chromium, fresh profile, loopback; the floor measured in the same rounds)';
  const floor = page.figure('floor', 'painted');
  const over = (x, budget) => `${(x.median - floor.median).toFixed(0)} ms over the floor (${(x.median / floor.median).toFixed(2)}×)` +
    (budget === undefined ? '' : `; target ≤ ${budget} ms over: ${x.median - floor.median <= budget ? 'met' : 'not met'}`);
  const cls = (key) => {
    const c = page.figure(key, 'cls');
    return `CLS in the first second ${c.median.toFixed(3)} (max ${c.max.toFixed(3)}); target 0.00: ${c.max < 0.005 ? 'met' : 'not met'}`;
  };
  row(cold, 'floor: a static page of one stylesheet and one paragraph with Element Timing, no script', spread(floor, ms));
  const content = page.figure('static', 'painted');
  row(cold, 'content floor: the prerendered calculator as a static page (no script, no preload) → first result painted', spread(content, ms),
    `${(content.median - floor.median).toFixed(0)} ms over the floor: what this content's first layout and paint cost`);
  row(cold, 'calculator (index.html): navigation start → first result in the DOM', spread(page.figure('index', 'first'), ms));
  row(cold, 'calculator: → first result painted (Element Timing)', spread(page.figure('index', 'painted'), ms),
    `${over(page.figure('index', 'painted'), 50)}; ${(page.figure('index', 'painted').median - content.median).toFixed(0)} ms over the content floor`);
  row(cold, 'calculator: → first contentful paint (Paint Timing: any text, e.g. the heading)', spread(page.figure('index', 'contentful'), ms));
  row(cold, 'calculator: → live (mlsysim:interactive: the module loaded, the live view in place)', spread(page.figure('index', 'interactive'), ms),
    `${over(page.figure('index', 'interactive'), 150)}; ${cls('index')}`);
  row(cold, 'calculator: the first edit, a second after the start (the input handler, which evaluates at once)', spread(page.figure('index', 'firstEdit'), ms));
  {
    const g = (key, base, what) => (page.figure(key, what).median - page.figure(base, what).median).toFixed(0);
    row(cold, 'calculator without its prerendered answers (index.answers.json refused): → live; the first edit',
      `live ${spread(page.figure('indexNoAnswers', 'interactive'), ms)}; first edit ${spread(page.figure('indexNoAnswers', 'firstEdit'), ms)}`,
      `with them (above): live ${g('index', 'indexNoAnswers', 'interactive')} ms, first edit ${g('index', 'indexNoAnswers', 'firstEdit')} ms, first result ${g('index', 'indexNoAnswers', 'painted')} ms against without`);
    row(cold, 'calculator on a slow network (1.6 Mbit/s, 150 ms round trip; this server does not compress), with / without its answers',
      `first result ${spread(page.figure('indexSlow', 'painted'), ms)} / ${spread(page.figure('indexSlowNoAnswers', 'painted'), ms)}; live ${spread(page.figure('indexSlow', 'interactive'), ms)} / ${spread(page.figure('indexSlowNoAnswers', 'interactive'), ms)}`,
      `with against without: first result ${g('indexSlow', 'indexSlowNoAnswers', 'painted')} ms, live ${g('indexSlow', 'indexSlowNoAnswers', 'interactive')} ms`);
  }
  const fpw = page.figure('floorProcessWarm', 'painted'), pw = page.figure('processWarm', 'painted');
  row(cold, 'floor, after one blank page of the same origin (renderer process running, caches empty)', spread(fpw, ms));
  row(cold, 'calculator, the same way → first result painted', spread(pw, ms), `${(pw.median - fpw.median).toFixed(0)} ms over that floor`);
  const second = (key, label) => row(cold, `${label}, second visit in the same profile (HTTP and compiled-code caches warm; max-age=600) → first result painted`,
    spread(page.warm(key), ms), `${(page.warm(key).median - floor.median).toFixed(0)} ms over the cold floor`);
  second('index', 'calculator');
  for (const e of embeds) {
    const key = `embed:${e.category}`;
    row(cold, `iframe embed, ${e.category} (embed.html?preset=${e.preset}) → first result painted`, spread(page.figure(key, 'painted'), ms), over(page.figure(key, 'painted'), 50));
    row(cold, `iframe embed, ${e.category} → live (its results painted and answering input)`, spread(page.figure(key, 'interactive'), ms), `${over(page.figure(key, 'interactive'), 150)}; ${cls(key)}`);
  }
  second(`embed:${embeds[0].category}`, `iframe embed, ${embeds[0].category}`);
  // the prerendered embed (embeds/NAME.html) against none, the same view, in the same rounds
  const side = (key, what) => `${what}: first result ${spread(page.figure(key, 'painted'), ms)}, live ${spread(page.figure(key, 'interactive'), ms)}`;
  const gap = (key, base, what) => (page.figure(key, what).median - page.figure(base, what).median).toFixed(0);
  const against = (key, base) => `first result ${gap(key, base, 'painted')} ms, live ${gap(key, base, 'interactive')} ms against without`;
  row(cold, `iframe embed, ${embeds[0].category}, without its prerendered view (…&about=collapsed, the same view)`,
    side('embedUnprerendered', 'without'), `with it (above): ${against(`embed:${embeds[0].category}`, 'embedUnprerendered')}; ${cls('embedUnprerendered')}`);
  row(cold, `iframe embed, ${embeds[0].category}, with its prerendered view but without its answers (embeds/${embeds[0].preset}.answers.json refused)`,
    side('embedNoAnswers', 'without answers'), `with them (above): ${against(`embed:${embeds[0].category}`, 'embedNoAnswers')}`);
  row(cold, `iframe embed, ${embeds[0].category}, on a slow network (1.6 Mbit/s, 150 ms round trip), with its prerendered view`, side('embedSlow', 'with'), cls('embedSlow'));
  row(cold, `the same without its prerendered view`, side('embedSlowUnprerendered', 'without'), `with it: ${against('embedSlow', 'embedSlowUnprerendered')}`);
  row(cold, `a page of 3 <mlsysim-scenario> elements (${elementPresets.join(', ')}) → all three results, the next frame produced`,
    spread(page.figure('elements', 'painted'), ms), `${over(page.figure('elements', 'painted'), 50)} (Element Timing does not see into a shadow root: the frame after they are in the DOM)`);
  row(cold, 'a page of 3 elements → live (all three rendered)', spread(page.figure('elements', 'interactive'), ms),
    `${over(page.figure('elements', 'interactive'), 150)}; ${cls('elements')}`);
  second('elements', 'a page of 3 elements');
  row(cold, `the same page with the builder's element snippets (each holds its preview's height while it loads: ${heldStyles.map((x) => x.match(/\d+px/)[0]).join(', ')}) → live`,
    spread(page.figure('elementsHeld', 'interactive'), ms), `${over(page.figure('elementsHeld', 'interactive'), 150)}; ${cls('elementsHeld')}`);
  const windows = ['navigation start → first result painted', 'first result painted → live', 'live → the next frame produced (the live view\'s own style, layout, paint)'];
  for (const [name, tr] of [['floor page', traces.floor], ['calculator', traces.index]]) {
    tr.forEach((w, k) => {
      if (w.window <= 0) return;
      const parts = Object.entries(w.kinds).filter(([, v]) => v >= 0.5).map(([kind, v]) => `${kind} ${v.toFixed(0)}`).join('; ');
      row(`where the time goes (Chromium trace, main thread, medians of ${TRACES} cold starts, ms of self time)`, `${name}: ${windows[k]}: ${w.window.toFixed(0)} ms`, parts);
    });
  }
  const us = (x) => `${x.toFixed(1)} µs`;
  const nodeLat = pick(lat, 'plain'), nodeWork = pick(lat, 'work');
  row('evaluate latency per call', 'Node.js: evaluatePreset(TransformerBsp8Workers)', spread(nodeLat, us));
  row('evaluate latency per call', 'Node.js: the same with {work: true}', spread(nodeWork, us));
  if (mDyn) {
    const dyn = pick(latDyn, 'plain');
    row('evaluate latency per call', 'Node.js: built with DYNAMIC_EXECUTION=1 (no strict CSP)', spread(dyn, us),
      `DYNAMIC_EXECUTION=0 costs ${(nodeLat.median / dyn.median).toFixed(2)}× per call (${(nodeLat.median - dyn.median).toFixed(1)} µs)`);
  }
  row('evaluate latency per call', 'Chromium page: evaluatePreset(TransformerBsp8Workers)', spread(pageEval, us));
  if (native) {
    for (const t of ['SyncStrategyScenario', 'DataParallelAttackSurfaceScenario']) {
      const e = native[`evaluate/${t}`];
      if (e) row('evaluate latency per call', `native: JSON request → JSON result, ${t}`, spread(scale(e.ns, (x) => x / 1000), us),
        t === 'SyncStrategyScenario' ? `wasm (Node) / native = ${(nodeLat.median / (e.ns.median / 1000)).toFixed(1)}×` : '');
    }
  }
  if (!native) row('native', 'not measured', 'build/native/mlsysim_bench is missing', 'run `npm run bench`, which builds it');
  const rate = (x) => `${fmt(x)}/s`;
  const sweepKernel = {};  // category → worst native/wasm ratio of its sweeps
  for (const s of nodeSweeps) {
    const category = categoryOf(s.c.preset);
    const label = `${s.c.name} (${category}): ${s.c.points} points × ${s.props} properties`;
    const pg = pageSweeps.find((q) => q.name === s.c.name);
    const nat = native && native[`sweep/${s.c.name}`];
    const natText = native && native[`sweep_text/${s.c.name}`];
    const sec = 'sweep throughput (property-evaluations/s)';
    row(sec, `${label}, wasm batch (Chromium), a new buffer per call`, spread(pg.batch, rate),
      `${(pg.batch.median / pg.reused.median).toFixed(2)}× the reused buffer's speed (target ≥ 0.5×: ${pg.batch.median >= 0.5 * pg.reused.median ? 'met' : 'not met'}); ` +
      `the browser's floor, a new Float64Array of that length written once: ${rate(pg.fresh.median)}`);
    row(sec, `${label}, wasm batch (Chromium), into a reused buffer (options.into)`, spread(pg.reused, rate));
    row(sec, `${label}, wasm batch (Node.js), a new buffer per call`, spread(s.batch, rate));
    row(sec, `${label}, wasm batch (Node.js), into a reused buffer`, spread(s.reused, rate));
    if (nat) {
      const ratio = nat.items.median / pg.reused.median;
      sweepKernel[category] = Math.max(sweepKernel[category] || 0, ratio);
      row(sec, `${label}, native kernel alone (run_sweep on a prepared request, into a reused vector)`, spread(nat.items, rate),
        `native / wasm (Chromium, reused buffer): ${ratio.toFixed(2)}× (target ≤ 1.5×: ${ratio <= 1.5 ? 'met' : 'not met'}); with a new buffer ${(nat.items.median / pg.batch.median).toFixed(2)}×`);
    }
    if (natText) row(sec, `${label}, native, request text → reply text (the module's call, natively)`, spread(natText.items, rate),
      `native / wasm (Chromium): ${(natText.items.median / pg.reused.median).toFixed(2)}× reused, ${(natText.items.median / pg.batch.median).toFixed(2)}× new buffer`);
    row(sec, `${label}, one evaluate call per point (Node.js)`, spread(s.perCall, rate),
      `batch / per-call = ${(s.batch.median / s.perCall.median).toFixed(0)}×`);
  }
  for (const [category, worst] of Object.entries(sweepKernel))
    row('sweep kernel against native, by category (#15: within 1.5×)', category, `worst native / wasm ${worst.toFixed(2)}×`, worst <= 1.5 ? 'met' : 'not met');
  if (native) {
    const q = native.parse_quantity, u = native.parse_unit;
    if (q) row('native micro-benchmarks', 'parse_quantity ("0.5 s", "2 USD/h", …)', `${spread(scale(q.items, (x) => 1e9 / x), (x) => `${x.toFixed(0)} ns`)} per text`);
    if (u) row('native micro-benchmarks', 'parse_unit ("USD/h", "byte/param", …)', `${spread(scale(u.items, (x) => 1e9 / x), (x) => `${x.toFixed(0)} ns`)} per unit`);
    for (const [name, v] of Object.entries(native))
      if (name.startsWith('evaluate')) row('native micro-benchmarks', name, spread(scale(v.ns, (x) => x / 1000), us));
  }

  const lines = ['| section | figure | median (min–max, n) | target / ratio |', '|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`)];
  const table = lines.join('\n');
  console.log(`\nmlsysim bench — ${report.date}, ${report.cpus} CPUs, ${RUNS} runs per figure, ${PROFILES} cold starts\n`);
  console.log(table);
  writeFileSync(path.join(outDir, 'results.md'), `${table}\n`);
  writeFileSync(path.join(outDir, 'results.json'), JSON.stringify({ ...report, rows, sizes: sz }, null, 1));
  console.log(`\n(written to build/bench/results.md and results.json)`);
}

await main();

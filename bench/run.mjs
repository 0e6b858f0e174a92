// `npm run bench`: the performance figures of issue #5 in one table. Every figure is a
// median over repeated runs with its spread (min–max); every comparison is a ratio of
// two figures measured side by side in this same run. Nothing here is a test: targets
// are reported, never asserted. docs/performance.md explains each figure.
//
// Needs a built tree (scripts/build.sh; `npm run bench` builds first). Also builds, once,
// a second module with embind's dynamic code generation on (build/bench-dynexec) to
// measure what DYNAMIC_EXECUTION=0 costs per call.
//
// Environment: BENCH_PROFILES (cold starts, default 11), BENCH_RUNS (repeats, default 9),
// BENCH_SKIP_DYNEXEC=1 to skip the second build.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { browser } from '../tests/browser/harness.mjs';
import { serveStatic } from '../tests/browser/server.mjs';
import { root, dist } from '../tests/node/load.mjs';

const PROFILES = Number(process.env.BENCH_PROFILES || 11);
const RUNS = Number(process.env.BENCH_RUNS || 9);
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
const FIRST_PAINT = () => {
  // when the first result is painted, as the browser reports it: Element Timing of the
  // result values (the page gives them elementtiming="mlsysim:first-result"). Its
  // renderTime is the frame's presentation time, so it is never early; it can be late,
  // when the live view replaces a prerendered value before the report (app.mjs waits for it).
  new PerformanceObserver((list) => {
    const e = list.getEntries().find((x) => x.identifier === 'mlsysim:first-result');
    if (!e || window.__firstResultPainted) return;
    window.__firstResultPainted = e.renderTime || e.loadTime;
    console.debug('bench:first-result-painted');
  }).observe({ type: 'element', buffered: true });
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    const r = mark(name, ...rest);
    if (name === 'mlsysim:interactive') console.debug('bench:interactive');
    return r;
  };
};
/** Loads `url` and waits for the page's console message, without running any script in
 *  the page meanwhile: Playwright's waitForFunction (and goto's wait for `load`) would
 *  inject and compile its own script on the page's main thread during the start-up being
 *  measured (46-75 ms in a profiled cold start). */
async function firstPaint(page, url, { live = true } = {}) {
  const message = (text) => page.waitForEvent('console', { predicate: (m) => m.text() === text, timeout: 30000 });
  const painted = message('bench:first-result-painted');
  const interactive = live ? message('bench:interactive') : null;
  await page.goto(url, { waitUntil: 'commit' });
  await painted;
  if (interactive) await interactive;
  return page.evaluate(() => {
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
    const first = at('mlsysim:first-result'), live = at('mlsysim:interactive') ?? first;
    const resources = performance.getEntriesByType('resource');
    return {
      first,
      painted: window.__firstResultPainted,
      contentful: at('first-contentful-paint'),
      interactive: live,
      // what the first result waits for: the document, and what the browser reports as
      // render-blocking (stylesheets, parser-blocking scripts in <head>)
      blocking: resources.filter((r) => r.startTime < first && r.renderBlockingStatus === 'blocking').map((r) => r.name),
      // everything fetched until the calculator is live (for a prerendered page, the
      // module and the page's code load after the first result is painted)
      resources: resources.filter((r) => r.startTime < live).map((r) => r.name),
    };
  });
}

/** The floor of the method: a page of one stylesheet and a one-line module that sets
 *  the same mark, from the same server, in the same kind of fresh profile. */
function floorSite() {
  const d = path.join(outDir, 'floor');
  mkdirSync(d, { recursive: true });
  writeFileSync(path.join(d, 'index.html'), '<!doctype html><meta charset="utf-8"><title>floor</title><link rel="stylesheet" href="s.css"><script type="module" src="m.mjs"></script><p>loading</p>\n');
  writeFileSync(path.join(d, 's.css'), 'p { color: #333; }\n');
  writeFileSync(path.join(d, 'm.mjs'), "const p = document.createElement('p'); p.setAttribute('elementtiming', 'mlsysim:first-result'); " +
    "p.textContent = '5.714'; document.body.append(p); performance.mark('mlsysim:first-result');\n");
  return d;
}

/** A fresh profile that has already shown one page of `origin` (a 404): its renderer
 *  process is running, its caches are still empty. */
async function warmProcess(origin) {
  const b = await browser(origin);
  await b.page.goto(`${origin}/not-a-page`);
  return b;
}

async function pageFigures(origin, floorOrigin) {
  const starts = [], painted = [], contentful = [], interactive = [], warm = [], floor = [], processWarm = [], floorProcessWarm = [];
  let loaded = null, blocking = null;
  for (let k = 0; k < PROFILES; k++) {
    const { context, page } = await browser(origin);
    try {
      await page.addInitScript(FIRST_PAINT);
      const m = await firstPaint(page, `${origin}/index.html`);
      starts.push(m.first);
      painted.push(m.painted);
      contentful.push(m.contentful);
      interactive.push(m.interactive);
      if (!loaded) loaded = [`${origin}/index.html`, ...m.resources];
      if (!blocking) blocking = [`${origin}/index.html`, ...m.blocking];
      // a second visit in the same profile: HTTP cache and compiled code cache warm (the
      // same URL, not one with a query: a query asks for a view that is not prerendered)
      await page.goto('about:blank');
      warm.push((await firstPaint(page, `${origin}/index.html`)).painted);
    } finally {
      await context.close();
    }
    for (const [o, make, into] of [[floorOrigin, browser, floor], [origin, warmProcess, processWarm], [floorOrigin, warmProcess, floorProcessWarm]]) {
      const f = await make(o);
      try {
        await f.page.addInitScript(FIRST_PAINT);
        into.push((await firstPaint(f.page, `${o}/index.html`, { live: o === origin })).painted);
      } finally {
        await f.context.close();
      }
    }
  }
  return { starts: stats(starts), painted: stats(painted), contentful: stats(contentful), interactive: stats(interactive), warm: stats(warm), floor: stats(floor),
    processWarm: stats(processWarm), floorProcessWarm: stats(floorProcessWarm), loaded, blocking };
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

  console.error(`bench: Chromium, ${PROFILES} cold starts`);
  // cacheable, as a real static host is: each cold start uses a fresh profile (an empty
  // cache), and the second visit in the same profile then shows what caching gives
  const server = await serveStatic(dist, { cache: true });
  const floorServer = await serveStatic(floorSite(), { cache: true });
  let page, pageEval, pageSweeps;
  try {
    page = await pageFigures(server.origin, floorServer.origin);
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
        const sweeps = cases.sweeps.map((c) => {
          const preset = m.listPresets().find((q) => q.name === c.preset);
          const xs = new Float64Array(c.points);
          for (let i = 0; i < c.points; i++) xs[i] = c.from + ((c.to - c.from) * i) / (c.points - 1);
          const props = c.properties || m.listScenarioTypes().find((t) => t.name === preset.type).properties.map((q) => q.name);
          const into = new Float64Array(c.points * props.length);
          return { name: c.name, props: props.length,
            batch: rep(() => m.sweep(preset.type, preset.inputs, c.field, xs, c.properties), (ms) => (c.points * props.length) / (ms / 1000)),
            reused: rep(() => m.sweep(preset.type, preset.inputs, c.field, xs, c.properties, { into }), (ms) => (c.points * props.length) / (ms / 1000)) };
        });
        return { plain, sweeps };
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
    `target ≤ 167 KB gzip (#13: 133.6 KB with the two seed types, +25%): ${sz.gzip <= 167000 ? 'met' : `not met (${(sz.gzip / 167000).toFixed(2)}×)`}; ` +
    `≤ 150 KB (#15): ${sz.gzip <= 150000 ? 'met' : `not met (${(sz.gzip / 150000).toFixed(2)}×)`}`);
  const standalone = path.join(dist, 'mlsysim-standalone.html');
  if (existsSync(standalone)) {
    const d = readFileSync(standalone);
    row('size', 'mlsysim-standalone.html (one file, everything inlined)', `${KB(d.length)} raw, ${KB(gzipSync(d, { level: 9 }).length)} gzip`);
  }
  const ms = (x) => `${x.toFixed(1)} ms`;
  row('cold start (Chromium, fresh profile, loopback)', 'navigation start → first result in the DOM', spread(page.starts, ms));
  row('cold start (Chromium, fresh profile, loopback)', 'navigation start → first result painted', spread(page.painted, ms),
    `target ≤ 50 ms: ${page.painted.median <= 50 ? 'met' : 'not met'}`);
  row('cold start (Chromium, fresh profile, loopback)', 'navigation start → first contentful paint (Paint Timing: any text, e.g. the heading)', spread(page.contentful, ms));
  row('cold start (Chromium, fresh profile, loopback)', 'navigation start → calculator live (mlsysim:interactive: the module loaded, the live view in place)', spread(page.interactive, ms));
  row('cold start (Chromium, fresh profile, loopback)', 'floor: a one-stylesheet, one-line-module page, same server, fresh profile', spread(page.floor, ms),
    `the calculator's own share: ${(page.painted.median - page.floor.median).toFixed(0)} ms`);
  row('cold start (Chromium, fresh profile, loopback)', 'the same after one blank page of the same origin (renderer process running, caches empty)', spread(page.processWarm, ms),
    `target ≤ 50 ms: ${page.processWarm.median <= 50 ? 'met' : 'not met'}`);
  row('cold start (Chromium, fresh profile, loopback)', 'floor, after one blank page of the same origin', spread(page.floorProcessWarm, ms),
    `the calculator's own share: ${(page.processWarm.median - page.floorProcessWarm.median).toFixed(0)} ms`);
  row('cold start (Chromium, fresh profile, loopback)', 'second visit, same profile (HTTP cache and compiled-code cache warm; served with max-age=600) → first result painted', spread(page.warm, ms),
    `target ≤ 50 ms: ${page.warm.median <= 50 ? 'met' : 'not met'}`);
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
  for (const s of nodeSweeps) {
    const label = `${s.c.name}: ${s.c.points} points × ${s.props} properties`;
    const pg = pageSweeps.find((q) => q.name === s.c.name);
    const nat = native && native[`sweep/${s.c.name}`];
    const natText = native && native[`sweep_text/${s.c.name}`];
    const met = (x) => `target ≥ 50 M/s: ${x.median >= 50e6 ? 'met' : 'not met'}`;
    row('sweep throughput (property-evaluations/s)', `${label}, wasm batch (Chromium), a new buffer per call`, spread(pg.batch, rate), met(pg.batch));
    row('sweep throughput (property-evaluations/s)', `${label}, wasm batch (Chromium), into a reused buffer (options.into)`, spread(pg.reused, rate), met(pg.reused));
    row('sweep throughput (property-evaluations/s)', `${label}, wasm batch (Node.js), a new buffer per call`, spread(s.batch, rate));
    row('sweep throughput (property-evaluations/s)', `${label}, wasm batch (Node.js), into a reused buffer`, spread(s.reused, rate));
    if (nat) row('sweep throughput (property-evaluations/s)', `${label}, native kernel alone (run_sweep on a prepared request, into a reused vector)`, spread(nat.items, rate),
      `native / wasm (Chromium): ${(nat.items.median / pg.batch.median).toFixed(2)}× new buffer, ${(nat.items.median / pg.reused.median).toFixed(2)}× reused (target ≤ 2×)`);
    if (natText) row('sweep throughput (property-evaluations/s)', `${label}, native, request text → reply text (the module's call, natively)`, spread(natText.items, rate),
      `native / wasm (Chromium): ${(natText.items.median / pg.batch.median).toFixed(2)}× new buffer, ${(natText.items.median / pg.reused.median).toFixed(2)}× reused (target ≤ 2×)`);
    row('sweep throughput (property-evaluations/s)', `${label}, one evaluate call per point (Node.js)`, spread(s.perCall, rate),
      `batch / per-call = ${(s.batch.median / s.perCall.median).toFixed(0)}×`);
  }
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

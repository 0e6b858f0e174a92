// Where a cold start's time goes on the page's main thread: Chromium's own trace of a
// fresh-profile load, each trace event's self time (its duration less the events nested
// in it) summed into a few kinds (parsing, style, layout, paint, script, WebAssembly,
// garbage collection), in three windows: navigation start → first result painted; first
// result painted → `mlsysim:interactive`; and from there until the frame after it has
// been produced (the live view's own style, layout and paint). What the thread did not spend on any
// event is "waiting" (network, other processes, the compositor). docs/performance.md
// ("Where a cold start goes") shows a run of it.
//
//   node bench/trace.mjs [runs] [path...]   # default: 5 runs of /index.html and of the floor page
//
// Used by bench/run.mjs as well (traceBreakdown).
import { browser } from '../tests/browser/harness.mjs';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading',
  'v8', 'v8.execute', 'disabled-by-default-v8.compile', 'v8.wasm', 'blink', 'cc', 'gpu'].join(',');

/** Kinds of main-thread work, by trace event name (Chromium 156); the first match wins. */
const KINDS = [
  ['layout (text shaping and font matching included)', /performLayout|^Layout$|UpdateLayout$|Shape|InlineNode|LayoutNG|LayoutBlock|IntersectionObserver/],
  ['style', /recalcStyle|updateStyle|UpdateLayoutTree|rebuildLayoutTree|RecalculateStyles|StyleEngine|CSSParser|parseStyleSheet|ParseAuthorStyleSheet/i],
  ['paint and composite', /^Paint|PrePaint|Layerize|Composit|^Commit|UpdateLayer|RunPaintLifecyclePhase|UpdateLifecycle|CullRect|BeginMainThreadFrame|Animation|Raster/],
  ['parse HTML', /ParseHTML|HTMLDocumentParser::(?!ExecuteScripts)|DidFinishLoadingBody|ResourceFetcher|Resource(Send|Receive|Finish)/],
  ['WebAssembly: streaming and lazy compilation', /wasm|Wasm|FlushInstructionCache/],
  ['script: parse and compile', /V8\.Compile|V8\.ParseFunction|V8\.PreParse|CompileIgnition|v8\.compile|V8\.Parse|ScriptCompiler|produceCache|produceModuleCache|v8\.parseOnBackground/],
  ['garbage collection', /GC|Scavenge|MarkCompact/],
  ['script: run (the page\'s code, the module\'s glue)', /RunMicrotasks|FinishedParsing|ExecuteScripts|EvaluateScript|evaluateModule|FunctionCall|v8\.run|V8\.Execute|TimerFire|FireAnimationFrame|EventDispatch|v8\.callFunction|BytecodeBudgetInterrupt|HandleInterrupts|v8\.newInstance|selectOption/],
  ['the browser: frame, context, navigation', /WindowProxy|DeserializeContext|createChildframe|Frame::Detach|CommitNavigation|DocumentLoader|CreateContext|ContextCreated|InstallConditionalFeatures|Document::Document|OpenForNavigation/],
  ['tasks, not broken down', /^RunTask|ThreadController|TaskQueue/],
];
const kindOf = (name) => (KINDS.find(([, re]) => re.test(name)) || ['other'])[0];

/** The page-side marks of the bench and the trace, added to a page before it loads (an
 *  init script): each reported by a console message, so nothing waits inside the page. */
export const PAGE_MARKS = () => {
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
  // layout shifts in the first second (Layout Instability API), none caused by input: the
  // cumulative layout shift (CLS) of the start-up, which the live view taking over from a
  // prerendered one must not add to
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput && e.startTime < 1000) window.__cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    const r = mark(name, ...rest);
    if (name === 'mlsysim:interactive') {
      console.debug('bench:interactive');
      // and once the frame after it has been produced: the live view's own layout and paint
      requestAnimationFrame(() => setTimeout(() => { window.__settled = performance.now(); console.debug('bench:settled'); }));
    }
    // a page whose results are in a shadow root (the custom element), where Element Timing
    // reports nothing: the first frame produced after its results are in the DOM
    if (name === 'mlsysim:first-result' && document.documentElement.dataset.benchShadow !== undefined) {
      requestAnimationFrame(() => setTimeout(() => {
        window.__firstResultPainted = performance.now();
        console.debug('bench:first-result-painted');
      }));
    }
    return r;
  };
};
async function traceOnce(origin, url, live) {
  const { context, page } = await browser(origin);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES.split(',') } });
    const message = (text) => page.waitForEvent('console', { predicate: (m) => m.text() === text, timeout: 30000 });
    await page.addInitScript(PAGE_MARKS);
    const painted = message('bench:first-result-painted');
    const interactive = live ? message('bench:settled') : null;
    await page.goto(url, { waitUntil: 'commit' });
    await painted;
    if (interactive) await interactive;
    const marks = await page.evaluate(() => ({
      painted: window.__firstResultPainted,
      interactive: performance.getEntriesByName('mlsysim:interactive')[0]?.startTime ?? null,
      settled: window.__settled ?? null,
      origin: performance.timeOrigin,
    }));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await done;
    let text = '';
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
      if (chunk.eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    const events = JSON.parse(text).traceEvents || JSON.parse(text);
    return breakdown(events, marks, url);
  } finally {
    await context.close();
  }
}

/** Self time per kind on the renderer main thread that parsed `url`, in the two windows. */
function breakdown(events, marks, url) {
  const threadNames = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  // the main thread is the one whose navigationStart mark is for our document
  const nav = events.filter((e) => e.name === 'navigationStart' && threadNames.get(`${e.pid}:${e.tid}`) === 'CrRendererMain' &&
    (e.args?.data?.documentLoaderURL || '').startsWith(url.split('?')[0].replace(/#.*/, '')));
  const start = nav[nav.length - 1];
  if (!start) throw new Error(`trace: no navigationStart for ${url}`);
  const thread = `${start.pid}:${start.tid}`;
  const t0 = start.ts;
  const paintedAt = t0 + marks.painted * 1000;
  const liveAt = marks.interactive === null ? paintedAt : t0 + marks.interactive * 1000;
  const settledAt = marks.settled === null ? liveAt : t0 + marks.settled * 1000;
  // complete events ('X') and begin/end pairs on that thread, as intervals
  const spans = [];
  const open = [];
  for (const e of events.filter((x) => `${x.pid}:${x.tid}` === thread).sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X' && e.dur > 0) spans.push({ name: e.name, from: e.ts, to: e.ts + e.dur });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) spans.push({ name: b.name, from: b.ts, to: e.ts });
    }
  }
  // self time: walk the spans as a tree (sorted by start, longer first), each instant
  // counted for the innermost span that covers it
  spans.sort((a, b) => a.from - b.from || b.to - a.to);
  const windows = [[t0, paintedAt], [paintedAt, liveAt], [liveAt, settledAt]];
  const totals = windows.map(() => new Map());
  const add = (name, from, to) => {
    windows.forEach(([a, b], k) => {
      const d = Math.min(to, b) - Math.max(from, a);
      if (d > 0) totals[k].set(kindOf(name), (totals[k].get(kindOf(name)) || 0) + d / 1000);
      if (d > 0 && process.env.TRACE_NAMES) (names[k] ||= new Map()).set(name, (names[k].get(name) || 0) + d / 1000);
    });
  };
  const stack = [];
  const names = [];
  const close = (until) => {
    while (stack.length && stack[stack.length - 1].to <= until) {
      const s = stack.pop();
      add(s.name, s.cursor, s.to);
      if (stack.length) stack[stack.length - 1].cursor = s.to;
    }
  };
  for (const s of spans) {
    close(s.from);
    const parent = stack[stack.length - 1];
    if (parent) {
      if (s.to > parent.to) s.to = parent.to;  // clipped to its parent
      add(parent.name, parent.cursor, s.from);
    }
    s.cursor = s.from;
    stack.push(s);
  }
  close(Infinity);
  if (process.env.TRACE_NAMES) names.forEach((m, k) => console.log(k, [...m].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([n, v]) => `${n} ${v.toFixed(1)}`).join('\n   ')));
  return windows.map(([a, b], k) => {
    const busy = [...totals[k].values()].reduce((x, y) => x + y, 0);
    return { window: (b - a) / 1000, kinds: Object.fromEntries([...totals[k], ['waiting (no main-thread work)', Math.max(0, (b - a) / 1000 - busy)]]) };
  });
}

/** Medians over `runs` traced cold starts of `url` (a fresh profile each). */
export async function traceBreakdown(origin, url, runs = 5, { live = true } = {}) {
  const all = [];
  for (let r = 0; r < runs; r++) all.push(await traceOnce(origin, url, live));
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
  return [0, 1, 2].map((k) => {
    const names = new Set(all.flatMap((x) => Object.keys(x[k].kinds)));
    return { window: median(all.map((x) => x[k].window)),
      kinds: Object.fromEntries([...names].map((n) => [n, median(all.map((x) => x[k].kinds[n] || 0))]).sort((a, b) => b[1] - a[1])) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { serveStatic } = await import('../tests/browser/server.mjs');
  const { floorSite } = await import('./floor.mjs');
  const runs = Number(process.argv[2] || 5);
  const paths = process.argv.slice(3);
  const server = await serveStatic(undefined, { cache: true });
  const floor = await serveStatic(floorSite(), { cache: true });
  try {
    const targets = paths.length ? paths.map((p) => `${server.origin}${p}`) : [`${floor.origin}/index.html`, `${server.origin}/index.html`];
    for (const url of targets) {
      const [first, live, settle] = await traceBreakdown(new URL(url).origin, url, runs, { live: !url.startsWith(floor.origin) });
      console.log(`\n${url} (medians of ${runs})`);
      console.log(`  navigation start → first result painted: ${first.window.toFixed(0)} ms`);
      for (const [k, v] of Object.entries(first.kinds)) console.log(`    ${k.padEnd(62)} ${v.toFixed(1)} ms`);
      if (live.window > 0) {
        console.log(`  first result painted → live: ${live.window.toFixed(0)} ms`);
        for (const [k, v] of Object.entries(live.kinds)) console.log(`    ${k.padEnd(62)} ${v.toFixed(1)} ms`);
        console.log(`  live → the next frame produced: ${settle.window.toFixed(0)} ms`);
        for (const [k, v] of Object.entries(settle.kinds)) console.log(`    ${k.padEnd(62)} ${v.toFixed(1)} ms`);
      }
    }
  } finally {
    server.close();
    floor.close();
  }
}

// One cold start's main-thread tasks, in order: each top-level task of 1.5 ms or more on
// the renderer's main thread, when it began (ms after navigation start), how long it took,
// and its six longest nested trace events. Where bench/trace.mjs sums a start-up into kinds
// of work, this shows their order: which task ran before which frame (docs/performance.md,
// "Hydration, and typing before live", read the embed's start-up this way).
//
//   node bench/tasks.mjs [path]   # default: embed.html?preset=TransformerBsp8Workers, from dist/
//   SITE=build/bench/site node bench/tasks.mjs bench-elements.html   # the bench's page of three elements
import { browser } from '../tests/browser/harness.mjs';
import { serveStatic } from '../tests/browser/server.mjs';
import { PAGE_MARKS } from './trace.mjs';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8', 'v8.execute', 'v8.wasm', 'blink'];
const server = await serveStatic(process.env.SITE || undefined, { cache: true });
const url = `${server.origin}/${process.argv[2] || 'embed.html?preset=TransformerBsp8Workers'}`;
const { context, page } = await browser(server.origin);
let text = '', marks;
try {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES } });
  await page.addInitScript(PAGE_MARKS);
  const settled = page.waitForEvent('console', { predicate: (m) => m.text() === 'bench:settled', timeout: 30000 });
  await page.goto(url, { waitUntil: 'commit' });
  await settled;
  marks = await page.evaluate(() => ({
    'first result (mark)': performance.getEntriesByName('mlsysim:first-result')[0]?.startTime,
    'first result painted': window.__firstResultPainted,
    live: performance.getEntriesByName('mlsysim:interactive')[0]?.startTime,
    'the frame after live': window.__settled,
  }));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await done;
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
} finally {
  await context.close();
  server.close();
}
const events = JSON.parse(text).traceEvents;
const threads = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
const start = events.filter((e) => e.name === 'navigationStart' && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain' &&
  (e.args?.data?.documentLoaderURL || '').startsWith(url.split('?')[0])).pop();
const thread = `${start.pid}:${start.tid}`;
console.log(Object.entries(marks).map(([k, v]) => `${k} ${v === undefined ? '—' : `${v.toFixed(0)} ms`}`).join(' · '));
const spans = events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X' && e.dur > 0).sort((a, b) => a.ts - b.ts);
let end = 0;
for (const task of spans.filter((e) => /^(ThreadControllerImpl::)?RunTask$/.test(e.name))) {
  if (task.ts < end) continue;  // nested in the task before
  end = task.ts + task.dur;
  if (task.dur < 1500) continue;
  const inside = spans.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end && e.dur > 800 && !/RunTask/.test(e.name))
    .sort((a, b) => b.dur - a.dur).slice(0, 6)
    .map((e) => `${e.name}${e.args?.data?.url ? ` (${e.args.data.url.split('/').pop().slice(0, 24)})` : ''} ${(e.dur / 1000).toFixed(1)}`);
  console.log(`${((task.ts - start.ts) / 1000).toFixed(0).padStart(5)} ms  +${(task.dur / 1000).toFixed(1).padEnd(6)} ${inside.join(' | ')}`);
}

// Shared set-up for the browser tests: a loopback static server for dist/ and a
// headless Debian Chromium with a fresh profile (docs/architecture.md, Building).
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, dist } from '../node/load.mjs';

export const shots = path.join(root, 'build/screenshots');
mkdirSync(shots, { recursive: true });

/** Serves `dir` on 127.0.0.1 at a free port; resolves to {origin, close()}. */
export function serve(dir = dist) {
  return new Promise((resolve, reject) => {
    const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
      { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const port = /port (\d+)/.exec(out);
      if (port) resolve({ origin: `http://127.0.0.1:${port[1]}`, close: () => server.kill() });
    });
    server.on('error', reject);
    server.on('exit', (code) => reject(new Error(`http.server exited with ${code}: ${out}`)));
  });
}

/** Holds back `page`'s requests whose URL matches `pattern` until the returned function
 *  is called: a slow network for one file. */
export async function holdRequests(page, pattern) {
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(pattern, async (r) => { await held; await r.continue(); });
  return release;
}

/** A fresh headless Chromium profile; records console errors and off-origin requests.
 *  options.scrollbars: classic scrollbars that take room, as on Windows and Linux desktops
 *  (headless Chromium otherwise hides them). */
export async function browser(origin, options = {}) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'mlsysim-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    ignoreDefaultArgs: options.scrollbars ? ['--hide-scrollbars'] : [],
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const problems = { consoleErrors: [], pageErrors: [], offOrigin: [] };
  context.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol !== 'data:' && u.origin !== origin) problems.offOrigin.push(r.url());
  });
  context.on('page', (page) => watch(page, problems));
  const page = context.pages()[0] || (await context.newPage());
  watch(page, problems);
  return { context, page, problems };
}

function watch(page, problems) {
  if (page.__watched) return;
  page.__watched = true;
  page.on('console', (m) => { if (m.type() === 'error') problems.consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => problems.pageErrors.push(e.message));
}

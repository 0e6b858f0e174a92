// A tiny static server for the browser tests (node:http, no dependency), which can send a
// Content-Security-Policy header with every response: the strict policy a course site
// may use. By default nothing is cached, so every fetch of the module shows up as a request.
// Also the loopback server of `npm run bench` (faster than http.server, so cold starts
// measure the page, not the server).
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { dist } from '../node/load.mjs';

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript', '.js': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.json': 'application/json',
  '.png': 'image/png', '.map': 'application/json', '.txt': 'text/plain; charset=utf-8',
};

/** Serves `dir` on 127.0.0.1 at a free port; resolves to {origin, close(), requests}.
 *  `cache`: send `Cache-Control: max-age=600` (as GitHub Pages does) instead of
 *  `no-store`, so that a second visit can use the HTTP cache and the browser's cache of
 *  compiled code (the bench's second-visit figure). */
export function serveStatic(dir = dist, { csp = null, cache = false } = {}) {
  const requests = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    requests.push(url.pathname);
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(path.resolve(dir))) { res.writeHead(403).end(); return; }
    if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
    try {
      const body = await readFile(file);
      const headers = { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream', 'Cache-Control': cache ? 'max-age=600' : 'no-store' };
      if (csp) headers['Content-Security-Policy'] = csp;
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain', ...(csp ? { 'Content-Security-Policy': csp } : {}) }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ origin: `http://127.0.0.1:${port}`, requests,
        close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }) });
    });
  });
}

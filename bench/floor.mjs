// The floor of every start-up figure (#15): a static page of one stylesheet and one
// paragraph with Element Timing, no script, served by the same server in the same kind of
// fresh profile. What the browser, the server and this machine cost before any of our
// code; the bench reports each page's figures over it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../tests/node/load.mjs';

/** Writes the floor page to build/bench/floor/ and returns that folder. */
export function floorSite() {
  const d = path.join(root, 'build/bench/floor');
  mkdirSync(d, { recursive: true });
  writeFileSync(path.join(d, 'index.html'), '<!doctype html><meta charset="utf-8"><title>floor</title>' +
    '<link rel="stylesheet" href="s.css"><p elementtiming="mlsysim:first-result">5.714</p>\n');
  writeFileSync(path.join(d, 's.css'), 'p { color: #333; }\n');
  return d;
}

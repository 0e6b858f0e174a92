// Bundles the page's ES modules (web/*.mjs) with esbuild into dist/, minified, with
// source maps beside them, so the page loads one script before its first result instead
// of a waterfall of eight. Modules the first paint does not need stay behind dynamic
// `import()`s and become chunks fetched on first use. The WebAssembly module
// (./mlsysim.mjs) and the chart library (./vendor/) stay separate files.
// Each entry keeps its name (dist/app.mjs, ...), so the HTML pages refer to it unchanged.
//
// With --standalone, also writes dist/mlsysim-standalone.html: index.html with its
// stylesheet, the chart library's, the page's code and the classic single-file build
// of the module (WebAssembly inlined as base64) all inlined, for file:// use: a page
// opened from disk may not fetch module files (docs/architecture.md, Building), but inline
// scripts fetch nothing. The file carries its own Content-Security-Policy, which
// allows exactly its inline scripts and styles (by hash) and nothing from anywhere.
//
// Usage: node scripts/bundle.mjs <web dir> <dist dir> [--standalone <classic module js>]
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [web = path.join(root, 'web'), dist = path.join(root, 'dist')] = process.argv.slice(2);
const standaloneAt = process.argv.indexOf('--standalone');
const classicModule = standaloneAt > 0 ? process.argv[standaloneAt + 1] : null;

// every page's entry module; a page is web/<name>.html loading <entry>
const ENTRIES = ['app.mjs', 'embed.mjs', 'mlsysim-element.mjs', 'mlsysim-widget.mjs'].filter((f) => existsSync(path.join(web, f)));
const UPLOT = path.join(root, 'node_modules/uplot/dist');

// the previous build's output (chunk names change with their content, and a module
// left over from an older layout could hide a missing one); mlsysim.mjs is CMake's
for (const f of existsSync(dist) ? readdirSync(dist) : [])
  if (/\.mjs(\.map)?$/.test(f) && f !== 'mlsysim.mjs') rmSync(path.join(dist, f));

const { metafile } = await esbuild.build({
  metafile: true,
  entryPoints: ENTRIES.map((f) => path.join(web, f)),
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: 'linked',
  outExtension: { '.js': '.mjs' },
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',  // beside the entries: their relative imports stay valid
  external: ['./mlsysim.mjs', './vendor/*'],
  legalComments: 'inline',
  logLevel: 'warning',
});

// boot.js, the page's one render-blocking script: a classic script, so web/boot.js and the
// one module it imports (fit.mjs, the rule that fits typeset lines, which the live view
// shares) become one minified function, with no request of its own; es2015 so that an
// old browser still runs it and is told why the page cannot (web/boot.js)
if (existsSync(path.join(web, 'boot.js')))
  await esbuild.build({ entryPoints: [path.join(web, 'boot.js')], outfile: path.join(dist, 'boot.js'), bundle: true, format: 'iife',
    target: 'es2015', minify: true, legalComments: 'none', logLevel: 'warning', allowOverwrite: true });

// style.css, which every page and the element wait for before their first paint, minified:
// its comments and spaces were 2.7 of its 7.3 KB gzip (web/style.css stays the readable
// source); for the browsers the page runs in (web/startup.mjs)
const styleCss = esbuild.transformSync(readFileSync(path.join(web, 'style.css'), 'utf8'),
  { loader: 'css', minify: true, target: ['chrome95', 'firefox100', 'safari16.4'], logLevel: 'warning' }).code;
writeFileSync(path.join(dist, 'style.css'), styleCss);

// A page learns of its entry's chunks only after fetching the entry; listing them as
// modulepreload in the page fetches them alongside it instead (one round trip, not two).
for (const [out, meta] of Object.entries(metafile.outputs)) {
  if (!meta.entryPoint) continue;
  const entry = path.basename(out);
  const chunks = meta.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => path.basename(i.path));
  for (const page of readdirSync(dist).filter((f) => f.endsWith('.html'))) {
    const file = path.join(dist, page);
    const html = readFileSync(file, 'utf8');
    // at the entry's own fetch priority (web/index.html and embed.html ask for low)
    const tag = new RegExp(`<script type="module" src="${entry.replace(/\./g, '\\.')}"( fetchpriority="\\w+")?></script>`).exec(html);
    if (!tag) continue;
    writeFileSync(file, html.replace(tag[0], [tag[0], ...chunks.map((c) => `<link rel="modulepreload" href="${c}"${tag[1] || ''}>`)].join('\n')));
  }
}

if (classicModule) {
  // one inline module: the page's code with every import, dynamic ones included,
  // resolved inside it; the module itself comes from the classic script before it
  const shim = 'export default globalThis.createMlsysim;';
  const app = await esbuild.build({
    entryPoints: [path.join(web, 'app.mjs')],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'inline',
    logLevel: 'warning',
    plugins: [{
      name: 'standalone',
      setup(b) {
        b.onResolve({ filter: /^\.\/mlsysim\.mjs$/ }, () => ({ path: 'mlsysim-global', namespace: 'standalone' }));
        b.onLoad({ filter: /.*/, namespace: 'standalone' }, () => ({ contents: shim, loader: 'js' }));
        b.onResolve({ filter: /^\.\/vendor\/uPlot\.esm\.js$/ }, () => ({ path: path.join(UPLOT, 'uPlot.esm.js') }));
      },
    }],
  });
  const js = app.outputFiles[0].text;
  const runtime = readFileSync(classicModule, 'utf8');
  let html = readFileSync(path.join(web, 'index.html'), 'utf8');
  const css = styleCss;
  const uplotCss = readFileSync(path.join(UPLOT, 'uPlot.min.css'), 'utf8');
  const favicon = `data:image/svg+xml,${encodeURIComponent(readFileSync(path.join(web, 'favicon.svg'), 'utf8').trim())}`;
  const safe = (s) => s.replace(/<\/(script|style)/gi, '<\\/$1');
  const hash = (s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
  const styles = [safe(css), safe(uplotCss)], scripts = [safe(runtime), safe(js)];
  const policy = ["default-src 'none'", `script-src ${scripts.map(hash).join(' ')} 'wasm-unsafe-eval'`,
    `style-src ${styles.map(hash).join(' ')}`, 'img-src data: blob:',
    // Emscripten 3.1.6 first fetch()es the inlined data: URL of the WebAssembly (then
    // falls back to decoding it itself); data: cannot reach the network
    'connect-src data:'].join('; ');
  html = html
    .replace(/<link rel="icon"[^>]*>/, `<link rel="icon" href="${favicon}" type="image/svg+xml">`)
    .replace(/<meta charset="utf-8">/, () => `<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${policy}">`)
    .replace(/<link rel="stylesheet" href="style.css">/, () => `<style>${styles[0]}</style>\n<style id="uplot-css">${styles[1]}</style>`)
    // the one-file page is not prerendered, so it needs no boot script (web/boot.js)
    .replace(/<script src="boot\.js"><\/script>\n?/, '')
    .replace(/<link rel="modulepreload"[^>]*>\n?/, '')
    .replace(/<link rel="preload"[^>]*>\n?/g, '')
    .replace(/<script type="module" src="app.mjs"[^>]*><\/script>/, () =>
      `<script>${scripts[0]}</script>\n<script type="module">${scripts[1]}</script>`);
  if (/src="app\.mjs"|href="style\.css"|src="boot\.js"/.test(html)) throw new Error('bundle: index.html changed shape; update scripts/bundle.mjs');
  writeFileSync(path.join(dist, 'mlsysim-standalone.html'), html);
}

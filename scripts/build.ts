// Production build of the client: Bun bundles index.html with hashed file names into a new build
// directory, every text asset gets brotli and gzip siblings for the static server, and the build
// goes live in one step with the previous version's chunks kept (scripts/live-build.ts).
import { readdirSync, rmSync, statSync, writeFileSync, readFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SIGN_IN_PRELOADS_FILE, SIGNED_IN_PRELOADS_FILE } from '../src/server/http/static';
import { shellHeaderMarkup } from './shell-header';
import { buildExtension, defaultAppUrl } from './build-extension';
import { CLIENT, carryOverHashedFiles, goLive, newBuildDir } from './live-build';

const outdir = newBuildDir(CLIENT);

const result = await Bun.build({
  entrypoints: ['./index.html'],
  outdir,
  publicPath: '/',
  // NO_MINIFY=1 keeps function names, for CPU profiles that say which component costs what.
  minify: process.env.NO_MINIFY !== '1',
  splitting: true,
  sourcemap: 'none',
  naming: { entry: '[name].[ext]', chunk: '[name]-[hash].[ext]', asset: '[name]-[hash].[ext]' },
  define: { 'process.env.NODE_ENV': '"production"' },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
writeShellHeader();
inlineStylesheet();
writePreloads(/^TasksHome-[a-z0-9]+\.js$/, SIGNED_IN_PRELOADS_FILE);
writePreloads(/^LoginPage-[a-z0-9]+\.js$/, SIGN_IN_PRELOADS_FILE);
cpSync('public/favicon.svg', join(outdir, 'favicon.svg'));
// The manifest (bundled from index.html under a hashed name) names its icons by path: they keep theirs.
cpSync('public/icons', join(outdir, 'icons'), { recursive: true });
// The browser extension's zips, served for self-hosters and linked from Manage Account (#42).
await buildExtension({ outDir: join(outdir, 'extension'), appUrl: defaultAppUrl() });

/** The header, painted before any script runs (scripts/shell-header.tsx). */
function writeShellHeader(): void {
  const path = join(outdir, 'index.html');
  const html = readFileSync(path, 'utf8');
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`index.html must hold ${root}`);
  writeFileSync(path, html.replace(root, `<div id="root">${shellHeaderMarkup()}</div>`));
}

/**
 * The stylesheet, put into the shell as a <style>: linked, it blocked the first paint for a
 * request of its own (a round trip on a phone's network) and let the scripts finish loading
 * before the page was painted at all (docs/decisions/2026-11-27-stylesheet-in-the-shell.md). The
 * server allows it in the CSP by its hash (http/static.ts). Every screen uses the one sheet, so
 * nothing is left to link; the file goes, and the service worker no longer precaches it.
 */
function inlineStylesheet(): void {
  const path = join(outdir, 'index.html');
  const html = readFileSync(path, 'utf8');
  const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/([\w.-]+\.css)">/g)];
  if (links.length !== 1 || !links[0]?.[1]) throw new Error('index.html must link one stylesheet to inline');
  const [link, name] = links[0];
  const css = readFileSync(join(outdir, name), 'utf8');
  if (css.includes('</style')) throw new Error(`${name} holds '</style', which would end its <style> early`);
  // Inline, a relative url() would resolve against the page's path instead of the sheet's.
  if (/url\(\s*['"]?(?!['"\s]|data:|\/|https?:)/.test(css))
    throw new Error(`${name} has a relative url(), which breaks inline`);
  writeFileSync(
    path,
    html.replace(link, () => `<style>${css}</style>`),
  );
  rmSync(join(outdir, name));
}

/**
 * A screen's chunk and every chunk it imports statically that the shell does not load already:
 * the server lists them as modulepreloads in the shell it answers that screen's paths with
 * (http/static.ts), so they download beside the first page's script instead of after it has run.
 * The tasks screen's for '/' with a session, the sign-in form's for /login and /signup. Dotfiles:
 * the static server never serves them.
 */
function writePreloads(chunk: RegExp, file: string): void {
  const read = (path: string) => readFileSync(join(outdir, path), 'utf8');
  const loaded = new Set([...read('index.html').matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)].map((m) => m[1]));
  const screen = readdirSync(outdir).find((name) => chunk.test(name));
  if (!screen) throw new Error(`the build has no chunk ${chunk} to preload`);
  const preloads: string[] = [];
  const queue = [`/${screen}`];
  for (let path = queue.shift(); path; path = queue.shift()) {
    if (loaded.has(path)) continue;
    loaded.add(path);
    preloads.push(path);
    // Static imports only (`from"/x.js"`, `import"/x.js"`); `import("/x.js")` loads on demand.
    for (const m of read(path.slice(1)).matchAll(/(?:from|import)\s*"(\/[^"]+\.js)"/g)) if (m[1]) queue.push(m[1]);
  }
  writeFileSync(join(outdir, file), JSON.stringify(preloads));
}

// The service worker: bundled as one classic script, then given the precache list of this build
// (every file of dist/public under its hashed name; the shell under '/', where it is served).
const sw = await Bun.build({
  entrypoints: ['./src/client/sw/sw.ts'],
  outdir: 'dist/sw',
  format: 'iife',
  minify: true,
  target: 'browser',
  define: { 'process.env.NODE_ENV': '"production"' },
});
if (!sw.success) {
  for (const log of sw.logs) console.error(log);
  process.exit(1);
}
const { injectManifest } = await import('workbox-build');
const injected = await injectManifest({
  swSrc: 'dist/sw/sw.js',
  swDest: join(outdir, 'sw.js'),
  globDirectory: outdir,
  globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
  globIgnores: ['sw.js'],
  // Hashed names change with their content: no revision needed. The shell is precached as '/'.
  dontCacheBustURLsMatching: /-[a-z0-9]{8,}\./,
  manifestTransforms: [
    async (entries) => ({
      manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/' } : entry)),
      warnings: [],
    }),
  ],
});
rmSync('dist/sw', { recursive: true, force: true });

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
let raw = 0;
let brotli = 0;
function compressAll(dir: string): void {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      compressAll(full);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const data = readFileSync(full);
    const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    writeFileSync(`${full}.br`, br);
    writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
    raw += data.length;
    brotli += br.length;
  }
}
compressAll(outdir);
// After the precache list and the compression: the carried files belong to earlier versions.
const carried = carryOverHashedFiles(CLIENT, outdir);
goLive(CLIENT, outdir);
console.log(`kept ${carried} files of earlier builds for pages still open on them`);
console.log(`service worker precaches ${injected.count} files (${(injected.size / 1024).toFixed(1)} KiB)`);
console.log(
  `client built into ${CLIENT.live} (${outdir}): ${(raw / 1024).toFixed(1)} KiB raw, ${(brotli / 1024).toFixed(1)} KiB brotli`,
);

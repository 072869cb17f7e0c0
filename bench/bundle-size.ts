// Client bundle size: runs the production build, then prints raw, gzip and brotli sizes of every
// file in dist/public, the total, and what the first page load fetches (the files index.html
// links). The compressed sizes are those of the .gz/.br siblings the server actually sends.
// Usage: bun bench/bundle-size.ts [--no-build]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CARRIED_FILE } from '../scripts/live-build';

const root = join(import.meta.dir, '..');
const outdir = join(root, 'dist/public');

if (!process.argv.includes('--no-build')) {
  const build = Bun.spawnSync(['bun', 'run', 'build'], { cwd: root, stdout: 'inherit', stderr: 'inherit' });
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
}

interface Row {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function sizeOf(path: string, fallback: () => Buffer): number {
  return existsSync(path) ? statSync(path).size : fallback().length;
}

/** Files the build kept from earlier builds for pages still open on them: not this build's size. */
const carriedPath = join(outdir, CARRIED_FILE);
const carried = new Set<string>(existsSync(carriedPath) ? JSON.parse(readFileSync(carriedPath, 'utf8')) : []);

function walk(dir: string): Row[] {
  const rows: Row[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.') || carried.has(name)) continue;
    const full = join(dir, name);
    // The browser extension's zips are downloads, not the app: counted apart below.
    if (full === join(outdir, 'extension')) continue;
    if (statSync(full).isDirectory()) {
      rows.push(...walk(full));
      continue;
    }
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const data = readFileSync(full);
    rows.push({
      file: relative(outdir, full),
      raw: data.length,
      gzip: sizeOf(`${full}.gz`, () => gzipSync(data, { level: 9 })),
      brotli: sizeOf(`${full}.br`, () =>
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ),
    });
  }
  return rows;
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`.padStart(11);
const line = (label: string, r: Pick<Row, 'raw' | 'gzip' | 'brotli'>) =>
  console.log(`${label.padEnd(36)} ${kib(r.raw)} ${kib(r.gzip)} ${kib(r.brotli)}`);
const sum = (rows: Row[]) =>
  rows.reduce((a, r) => ({ raw: a.raw + r.raw, gzip: a.gzip + r.gzip, brotli: a.brotli + r.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

const rows = walk(outdir);
console.log(`\nLockIn client bundle (${relative(root, outdir)})`);
console.log(`${'file'.padEnd(36)} ${'raw'.padStart(11)} ${'gzip'.padStart(11)} ${'brotli'.padStart(11)}`);
for (const row of rows) line(row.file, row);
line('total', sum(rows));

// What the first page load fetches: the files index.html references.
const html = readFileSync(join(outdir, 'index.html'), 'utf8');
const referenced = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]!));
const initial = rows.filter((r) => r.file === 'index.html' || referenced.has(r.file));
line(`first load (${initial.length} files)`, sum(initial));
const scripts = rows.filter((r) => r.file.endsWith('.js'));
line(`all JavaScript (${scripts.length} files)`, sum(scripts));

// The browser extension (#42), served as zips for self-hosters: not loaded by any page.
const extensionDir = join(outdir, 'extension');
if (existsSync(extensionDir))
  for (const name of readdirSync(extensionDir).sort())
    console.log(`${`extension/${name}`.padEnd(36)} ${kib(statSync(join(extensionDir, name)).size)} (zip)`);

// Production build of the server: Bun bundles its entry points into dist/server/, which
// `bun run start` runs. Bundled, the server loads what it uses instead of whole packages (zod's
// locales, drizzle's other dialects): less resident at idle than the sources (docs/decisions/2026-11-26-server-build.md).
import { join } from 'node:path';
import { ROOT, SERVER_ENTRIES } from '../src/server/paths';
import { carryOverHashedFiles, goLive, newBuildDir, SERVER } from './live-build';

// Beside the live build, which a running server may still load chunks from (scripts/live-build.ts).
const outdir = newBuildDir(SERVER);

const result = await Bun.build({
  entrypoints: Object.values(SERVER_ENTRIES).map((path) => join(ROOT, path)),
  outdir,
  target: 'bun',
  // Modules the server loads on first use (the API, PostgreSQL's driver, prom-client…) stay in
  // chunks of their own, loaded as late as in the sources.
  splitting: true,
  // Flat, so every module is two levels below the root, as src/server/paths.ts expects.
  naming: { entry: '[name].[ext]', chunk: '[name]-[hash].[ext]' },
  // PGlite finds its WebAssembly and file bundle beside its own module.
  external: ['@electric-sql/pglite'],
  // Bun maps stack traces through these, so logged errors name the source files and lines.
  sourcemap: 'linked',
  // Shorter source text held in memory (~1 MiB at idle); names stay, for stack traces and profiles.
  minify: { whitespace: true, syntax: true },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
const carried = carryOverHashedFiles(SERVER, outdir);
goLive(SERVER, outdir);
const bytes = result.outputs.filter((o) => o.kind !== 'sourcemap').reduce((sum, o) => sum + o.size, 0);
console.log(
  `server built into dist/server: ${result.outputs.length} files, ${(bytes / 1024).toFixed(1)} KiB of JavaScript (${carried} kept from the build it replaced)`,
);

// Where the server finds the files it reads and the entry points it starts. It runs either from
// its sources (`bun run dev`, the tests) or from the server build in dist/server/, which
// `bun run start` runs (scripts/build-server.ts, docs/decisions/2026-11-26-server-build.md).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root: two levels up from this module, which is in src/server/ in the sources and,
 * bundled into one of the build's flat files, in dist/server/ in the build.
 */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The server's entry points: the process's own, and the one it starts beside itself. */
export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  /** The child process that creates a new PGlite directory (db/migrate.ts). */
  'prepare-pglite-dir': 'src/server/db/prepare-pglite-dir.ts',
} as const;
export type ServerEntry = keyof typeof SERVER_ENTRIES;

export const SERVER_BUILD_DIR = join(ROOT, 'dist/server');

/** The bundler writes every module as JavaScript, so a TypeScript path means the sources run. */
const RUNNING_BUILD = !import.meta.path.endsWith('.ts');

/** The build directory this process runs from (its real path, not dist/server), or null from the sources. */
export const runningBuildDir = (): string | null => (RUNNING_BUILD ? dirname(import.meta.path) : null);

/** `entry` as the server build writes it. */
export const builtEntryPath = (entry: ServerEntry): string => join(SERVER_BUILD_DIR, `${entry}.js`);

/** The file to start for `entry`: the build's when this process runs the build, else the source. */
export function serverEntryPath(entry: ServerEntry): string {
  return RUNNING_BUILD ? builtEntryPath(entry) : join(ROOT, SERVER_ENTRIES[entry]);
}

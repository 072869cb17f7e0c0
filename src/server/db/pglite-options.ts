// How LockIn opens PGlite, wherever it runs (the worker that owns it, backups, benches).
import { PGlite, types } from '@electric-sql/pglite';

/**
 * PGlite's one backend keeps Postgres's default shared_buffers of 128 MB (plus ~17 MB of other
 * shared memory) inside its WASM heap, and touches all of it at start: that was most of an idle
 * server's ~320 MB. LockIn's working set is a few MB, so 16 MB of buffers holds it whole; pages
 * beyond it come from the OS page cache. Passed on the command line (not postgresql.conf, which
 * PGlite would overwrite in DATA_DIR). See docs/decisions/2026-11-22-pglite-memory.md.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * The parsers drizzle hands PGlite with every query (dates and intervals left as text; drizzle
 * maps them itself). Given per query, PGlite copies its whole parser table each time (a quarter of
 * an analytics request's CPU); given once to the instance, they cost nothing per query.
 */
const keepText = (value: string) => value;
export const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    keepText,
  ]),
);

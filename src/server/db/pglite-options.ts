// How LockIn opens PGlite, wherever it runs (the worker that owns it, backups, benches).
import { PGlite, types } from '@electric-sql/pglite';

/**
 * PGlite's one backend would keep Postgres's defaults: 128 MB of shared_buffers plus shared memory
 * sized for 100 connections, all inside its WASM heap and all touched at start. LockIn's hot set is
 * a few MB; pages beyond the buffers come from the OS page cache (analytics over a 150,000-session
 * history took the same time at 8 MB as at 16 MB). PGlite never runs a second backend, and Postgres
 * needs one slot beyond the three it reserves for superusers, so 4 connections. Together with
 * the buffers, that is ~12 MiB less resident than 16 MB and 100 connections. Passed on the
 * command line (not postgresql.conf, which PGlite would overwrite in DATA_DIR). See
 * docs/decisions/2026-11-22-pglite-memory.md and 2026-11-26-pglite-idle-memory.md.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=8MB',
  '-c',
  'max_connections=4',
];

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

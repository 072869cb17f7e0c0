// How LockIn opens PGlite, wherever it runs (the server, backups, benches).
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's one backend would keep Postgres's defaults: 128 MB of shared_buffers plus shared memory
 * sized for 100 connections, all inside its WASM heap and all touched at start. LockIn's hot set is
 * a few MB; pages beyond the buffers come from the OS page cache. PGlite never runs a second
 * backend, and Postgres needs one slot beyond the three it reserves for superusers, so 4
 * connections. Passed on the command line (not postgresql.conf, which PGlite would overwrite in
 * DATA_DIR). See docs/decisions/2026-11-22-pglite-memory.md and 2026-11-26-pglite-idle-memory.md.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=8MB',
  '-c',
  'max_connections=4',
];

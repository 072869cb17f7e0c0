// How LockIn opens PGlite, wherever it runs (the server, backups, benches).
import { PGlite } from '@electric-sql/pglite';

/**
 * A commit is acknowledged only once its WAL is on the disk (docs/decisions/2026-11-28-durable-pglite.md).
 * PGlite starts with fsync off (`-F`), and its Node file layer turns every fsync into a no-op
 * (electric-sql/pglite#1107), so turning fsync on alone would change nothing. WAL files opened
 * with O_DSYNC reach the host as O_SYNC (PGlite passes that flag through), so each WAL write
 * returns only once the disk has it: fsync on, and the WAL synced by its open flag.
 */
const DURABLE_COMMITS = ['-c', 'fsync=on', '-c', 'wal_sync_method=open_datasync'];

/**
 * PGlite's one backend would keep Postgres's defaults: 128 MB of shared_buffers plus shared memory
 * sized for 100 connections, all inside its WASM heap and all touched at start. LockIn's hot set is
 * a few MB; pages beyond the buffers come from the OS page cache. PGlite never runs a second
 * backend, and Postgres needs one slot beyond the three it reserves for superusers, so 4
 * connections. Passed on the command line (not postgresql.conf, which PGlite would overwrite in
 * DATA_DIR). See docs/decisions/2026-11-22-pglite-memory.md and 2026-11-26-pglite-idle-memory.md.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'shared_buffers=8MB',
  '-c',
  'max_connections=4',
  ...DURABLE_COMMITS,
];

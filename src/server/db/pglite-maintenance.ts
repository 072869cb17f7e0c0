// PGlite runs PostgreSQL as a single-user backend: no autovacuum worker ever runs in it. Without
// one, nothing freezes old rows (past about two billion write transactions a single-user backend
// only warns, and old rows then read as if they were written in the future: lost), and nothing
// reclaims the dead rows ticks, quits and deletes leave. So the process does that part of
// autovacuum's job itself: a while after it starts, then once a day. (ANALYZE, the other part,
// moved no figure measured and stalls the process longest: left out.)
//
// PGlite runs a statement on the process's one thread, so a statement's length is how long every
// request (and /api/health) waits. A run is therefore one VACUUM per table, with the event loop
// turning between them, and then one VACUUM of the whole database for the catalogs (which the
// freeze horizon needs too; cheap once the tables are done). Figures in bench/RESULTS.md, 'PGlite
// maintenance'. PostgreSQL's own autovacuum needs none of this.
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { startSweep } from '../ops/sweep';
import { rowsOf } from './rows';

/** The first run waits this long after the start: deploys and tests start processes often. */
export const PGLITE_MAINTENANCE_DELAY_MS = 10 * 60_000;
/** Then it runs this often: far inside the freeze limits at any rate one process can write. */
export const PGLITE_MAINTENANCE_EVERY_MS = 24 * 60 * 60_000;

/** One run: each of LockIn's tables vacuumed, then the catalogs; timed in the log. */
export async function maintainPglite(deps: Pick<AppDeps, 'db' | 'log'>): Promise<void> {
  const began = performance.now();
  const tables = await rowsOf<{ schema: string; name: string }>(
    deps.db,
    sql`select schemaname as schema, relname as name from pg_stat_user_tables order by schemaname, relname`,
  );
  let longest = 0;
  for (const { schema, name } of tables) {
    const start = performance.now();
    await deps.db.execute(sql`VACUUM ${sql.identifier(schema)}.${sql.identifier(name)}`);
    longest = Math.max(longest, performance.now() - start);
  }
  await deps.db.execute(sql`VACUUM`);
  deps.log.info(
    `PGlite maintenance: ${tables.length} tables vacuumed in ${Math.round(performance.now() - began)} ms (longest ${Math.round(longest)} ms)`,
  );
}

export function startPgliteMaintenance(
  deps: Pick<AppDeps, 'db' | 'log'>,
  timing = { delayMs: PGLITE_MAINTENANCE_DELAY_MS, everyMs: PGLITE_MAINTENANCE_EVERY_MS },
): () => Promise<void> {
  return startSweep('PGlite maintenance', timing.everyMs, () => maintainPglite(deps), deps.log, {
    firstRunInMs: timing.delayMs,
  });
}

// For the per-process caches' tests: switch the NOTIFY triggers off so only the in-process path can
// tell a cache of a write, and wait for a notification that trails its commit (PostgreSQL).
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/** [table, trigger] pairs, as the migrations name them. */
export type Triggers = readonly (readonly [string, string])[];

/** Runs `body` with `triggers` disabled, and enables them again however it ends. */
export async function withTriggersOff(db: Db, triggers: Triggers, body: () => Promise<void>): Promise<void> {
  for (const [table, trigger] of triggers) {
    await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
  }
  try {
    await body();
  } finally {
    for (const [table, trigger] of triggers) {
      await db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
    }
  }
}

/** Resolves once `check` holds, or fails after 1.5 s. */
export async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > 1500) throw new Error('condition not met within 1.5 s');
    await Bun.sleep(10);
  }
}

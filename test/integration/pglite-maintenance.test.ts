// PGlite has no autovacuum (a single-user backend), so the process vacuums every table and the
// catalogs itself, first a while after the start, then on its interval, and not once stopped.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { maintainPglite, startPgliteMaintenance } from '../../src/server/db/pglite-maintenance';
import { rowsOf } from '../../src/server/db/rows';
import { createTestDatabase, type TestDatabase } from '../support/db';

let database: TestDatabase;
const logged: string[] = [];
const log = {
  info: (message: string) => logged.push(message),
  warn: () => {},
  error: (message: string) => logged.push(`error: ${message}`),
};

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

interface State {
  /** What the planner believes bank_tasks holds (-1: never counted). */
  bankTasksRows: number;
  tablesNotVacuumed: number;
  /** pg_class itself: the catalogs must be vacuumed for the freeze horizon to move. */
  catalogVacuumed: boolean;
}

async function state(): Promise<State> {
  const [row] = await rowsOf<{ rows: number; unvacuumed: number; catalog: boolean }>(
    database.db,
    sql`select (select reltuples from pg_class where relname = 'bank_tasks') as rows,
      (select count(*) from pg_stat_user_tables where last_vacuum is null)::int as unvacuumed,
      (select last_vacuum is not null from pg_stat_sys_tables where relname = 'pg_class') as catalog`,
  );
  if (!row) throw new Error('no state');
  return {
    bankTasksRows: Number(row.rows),
    tablesNotVacuumed: row.unvacuumed,
    catalogVacuumed: row.catalog,
  };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite maintenance', () => {
  test('a run vacuums every table and the catalogs: the planner learns how many rows there are', async () => {
    const before = await state();
    expect(before.bankTasksRows).toBe(-1);
    expect(before.tablesNotVacuumed).toBeGreaterThan(20);
    expect(before.catalogVacuumed).toBe(false);
    await maintainPglite({ db: database.db, log });
    expect(await state()).toEqual({ bankTasksRows: 0, tablesNotVacuumed: 0, catalogVacuumed: true });
    expect(logged.at(-1)).toMatch(/^PGlite maintenance: \d+ tables vacuumed in \d+ ms \(longest \d+ ms\)$/);
  });

  test('runs after its delay, then on its interval, and never after it stops', async () => {
    const runs = () => logged.filter((line) => line.startsWith('PGlite maintenance')).length;
    const before = runs();
    const stop = startPgliteMaintenance({ db: database.db, log }, { delayMs: 20, everyMs: 50 });
    while (runs() < before + 2) await Bun.sleep(10);
    await stop();
    const after = runs();
    await Bun.sleep(150);
    expect(runs()).toBe(after);
    expect(logged.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  test('stopped before its delay, it never runs', async () => {
    const runs = () => logged.filter((line) => line.startsWith('PGlite maintenance')).length;
    const before = runs();
    const stop = startPgliteMaintenance({ db: database.db, log }, { delayMs: 50, everyMs: 50 });
    await stop();
    await Bun.sleep(150);
    expect(runs()).toBe(before);
  });
});

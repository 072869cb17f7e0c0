// What PGlite's maintenance (src/server/db/pglite-maintenance.ts: each table vacuumed a while
// after the start, then daily) costs on the capacity bench's database: 2,000
// users with ~60 days of history each. PGlite runs a statement on the process's one thread, so no
// request, not even /api/health, is read while one runs: a 1 ms timer meanwhile reports the
// longest the event loop stood still, beside the whole run, and beside one statement for the whole
// database: VACUUM, and VACUUM (ANALYZE) (what autovacuum also does, left out). Also the process's resident memory before and after (PGlite's WebAssembly
// memory never shrinks), and runs after a round of writes like the user model's (ticks, unticks,
// bank tasks made and deleted), which leave dead rows to reclaim.
// Usage: bun bench/pglite-maintenance.ts [users=2000]
import { readFileSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { maintainPglite } from '../src/server/db/pglite-maintenance';
import { rowsOf } from '../src/server/db/rows';
import { tempDataDir } from '../test/support/process';
import { seedUsers } from './support/seed';

const USERS = Number(process.argv[2] ?? 2_000);
const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
const quiet = { info: () => {}, warn: () => {}, error: (m: string, e?: unknown) => console.error(m, e) };

const dataDir = tempDataDir('lockin-maintenance-');
try {
  await seedUsers({ dataDir }, USERS);
  const database = await openDatabase({ dataDir });
  const { db } = database;

  async function timedRun(
    label: string,
    run: () => Promise<unknown> = () => maintainPglite({ db, log: quiet }),
  ): Promise<void> {
    let last = performance.now();
    let stall = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - last);
      last = now;
    }, 1);
    const before = rssMiB();
    const began = performance.now();
    await run();
    const took = performance.now() - began;
    clearInterval(ticker);
    stall = Math.max(stall, performance.now() - last);
    const [age] = await rowsOf<{ age: number }>(
      db,
      sql`select age(datfrozenxid) as age from pg_database where datname = current_database()`,
    );
    console.log(
      `  ${label.padEnd(44)} ${took.toFixed(0).padStart(6)} ms   event loop stood still at most ${stall.toFixed(0).padStart(5)} ms   RSS ${before.toFixed(0)} -> ${rssMiB().toFixed(0)} MiB   xid age ${age?.age}`,
    );
  }

  const [sizes] = await rowsOf<{ bytes: number; sessions: number }>(
    db,
    sql`select pg_database_size(current_database()) as bytes, (select count(*) from lock_in_sessions)::int as sessions`,
  );
  console.log(
    `PGlite maintenance: ${USERS} users, ${sizes?.sessions} Lock-In sessions, database ${((sizes?.bytes ?? 0) / 2 ** 20).toFixed(0)} MiB`,
  );
  await timedRun('first run (never vacuumed)');
  // A round of the user model's writes: every Today's Focus entry ticked and unticked five times,
  // five bank tasks made and deleted per user.
  const churn = async () => {
    for (let round = 0; round < 10; round++) {
      await db.execute(sql`update daily_tasks set completed = not completed, completed_at = now()`);
    }
    for (let round = 0; round < 5; round++) {
      await db.execute(
        sql`insert into bank_tasks (user_id, id, title) select id, 'churn-' || ${round}, 'Churn' from users`,
      );
      await db.execute(sql`delete from bank_tasks where id like 'churn-%'`);
    }
  };
  await churn();
  await timedRun('after a round of writes');
  await timedRun('again, nothing changed');
  await churn();
  await timedRun('one statement, VACUUM, after writes', () => db.execute(sql`VACUUM`));
  await churn();
  await timedRun('one statement, VACUUM (ANALYZE), after writes', () => db.execute(sql`VACUUM (ANALYZE)`));
  await database.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

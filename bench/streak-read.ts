// The streak read on a long history (issue #50): one user with 100,000 sessions over three years
// on PostgreSQL, the statement every streak answer sends (lockin/streak.ts) beside the one it
// replaced (the newest run of days read in the user's current zone, kept here as the floor).
// Prints the mean of 10 runs after 3 warm-ups.
// Usage: bun bench/streak-read.ts   (PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test)
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/rows';
import { streakHistorySql } from '../src/server/lockin/streak';
import { createTestContext } from '../test/support/app';
import { createUser } from '../test/support/factories';
import { bulkSessions } from '../test/support/insights-factories';

process.env.TEST_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NOW = new Date('2026-03-10T12:00:00Z');
const ctx = await createTestContext({ now: NOW });
try {
  const user = await createUser(ctx, { timeZone: 'America/New_York' });
  await ctx.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await bulkSessions({ db: tx } as never, user.id, 100_000, { until: NOW, days: 3 * 365 });
  });
  await ctx.deps.db.execute(sql`analyze lock_in_sessions`);
  const statements = {
    'now: days in each session’s zone, rest days': streakHistorySql(user.id),
    'before: newest run in the current zone': sql`with zone as materialized (select insights_zone('America/New_York') as tz),
      days as (select distinct (s.ended_at at time zone zone.tz)::date as d from lock_in_sessions s, zone
        where s.user_id = ${user.id} and s.status = 'completed' and s.ended_at is not null),
      runs as (select d, d - (row_number() over (order by d))::int as g from days)
      select count(*)::int as current, max(d)::text as "lastDay" from runs where g = (select g from runs order by d desc limit 1)`,
  };
  for (const [name, statement] of Object.entries(statements)) {
    for (let i = 0; i < 3; i++) await rowsOf(ctx.deps.db, statement);
    const started = performance.now();
    for (let i = 0; i < 10; i++) await rowsOf(ctx.deps.db, statement);
    console.log(`${name}: ${((performance.now() - started) / 10).toFixed(1)} ms`);
  }
} finally {
  await ctx.close();
}

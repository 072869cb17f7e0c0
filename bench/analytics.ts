// GET /api/analytics for a premium user with 100,000 Lock-In sessions and 5,000 tasks (bank tasks
// and completions), among 1,000 other users with their own histories: on PGlite and on PostgreSQL.
// Goal (issue #10): under 50 ms on PostgreSQL, under 200 ms on PGlite. Prints median and p95 of
// the whole request (session check, plan check, every query) through the real app.
// Usage: bun bench/analytics.ts [--sessions N] [--pglite-only] [--unmaintained]
//   PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
import { type SQL, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { maintainPglite } from '../src/server/db/pglite-maintenance';
import { createTestContext, type TestContext } from '../test/support/app';
import { createUser, signedInClient } from '../test/support/factories';
import { bulkSessions } from '../test/support/insights-factories';
import { makePremium } from '../test/support/plans';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
const SESSIONS = Number(arg('--sessions') ?? 100_000);
const TASKS = 5_000;
const OTHER_USERS = 1_000;
const OTHER_SESSIONS_EACH = 50;
const RUNS = 40;
const NOW = new Date('2026-03-10T12:00:00Z');

async function seed(ctx: TestContext) {
  // Seeding statements run far longer than the app's per-statement limit (5 s on PostgreSQL).
  const db = {
    execute: (query: SQL) =>
      ctx.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(query);
      }),
  };
  const started = performance.now();
  // Other users, each with sessions, completions and a bank, in set-based statements.
  await db.execute(sql`
    insert into users (id, email, time_zone)
    select 'other' || g, 'other' || g || '@example.com', (array['UTC','America/New_York','Europe/Berlin','Asia/Tokyo'])[1 + g % 4]
    from generate_series(1, ${OTHER_USERS}) g`);
  await db.execute(sql`
    insert into lock_in_sessions (user_id, id, task_title, category, goal_minutes, actual_minutes, status, completed, quit_early,
      started_at, ends_at, ended_at, time_zone)
    select 'other' || u, 'o' || s, 'Other task', 'Work', 25, 25, 'completed', true, false,
      ${NOW.toISOString()}::timestamptz - (s || ' hours')::interval, ${NOW.toISOString()}::timestamptz - (s || ' hours')::interval + interval '25 minutes',
      ${NOW.toISOString()}::timestamptz - (s || ' hours')::interval + interval '25 minutes',
      (select time_zone from users where id = 'other' || u)
    from generate_series(1, ${OTHER_USERS}) u, generate_series(1, ${OTHER_SESSIONS_EACH}) s`);
  await db.execute(sql`
    insert into task_completions (user_id, task_id, title, category, planned_on, completed_at)
    select 'other' || u, 't' || s, 'Other', 'Work', (${NOW.toISOString()}::timestamptz - (s || ' days')::interval)::date,
      ${NOW.toISOString()}::timestamptz - (s || ' days')::interval
    from generate_series(1, ${OTHER_USERS}) u, generate_series(1, 5) s`);

  const user = await createUser(ctx, { timeZone: 'America/New_York' });
  await makePremium(ctx.deps, user.id);
  await bulkSessions({ db: { execute: db.execute } as never }, user.id, SESSIONS, { until: NOW, days: 3 * 365 });
  // 5,000 tasks: a bank of 5,000 and 5,000 completions over three years, plus 5 overdue on Today's Focus.
  await db.execute(sql`
    insert into bank_tasks (user_id, id, title, category, created_at)
    select ${user.id}, 'bank' || g, 'Bank task ' || g, 'Work', ${NOW.toISOString()}::timestamptz - (g || ' hours')::interval
    from generate_series(1, ${TASKS}) g`);
  await db.execute(sql`
    insert into task_completions (user_id, task_id, title, category, planned_on, completed_at)
    select ${user.id}, 'bank' || g, 'Bank task ' || g, 'Work',
      (${NOW.toISOString()}::timestamptz - ((g * 5) || ' hours')::interval - interval '1 day')::date,
      ${NOW.toISOString()}::timestamptz - ((g * 5) || ' hours')::interval
    from generate_series(1, ${TASKS}) g`);
  await db.execute(sql`
    insert into daily_tasks (user_id, id, title, category, created_at, added_at, planned_on, is_carry_over)
    select ${user.id}, 'bank' || g, 'Bank task ' || g, 'Work', ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz,
      (${NOW.toISOString()}::timestamptz - (g || ' days')::interval)::date, true
    from generate_series(1, 5) g`);
  // What autovacuum (PostgreSQL) and the process's maintenance (PGlite) do on a live database:
  // fresh statistics and visibility map. --unmaintained leaves PGlite as it was before it had any.
  if (ctx.database.url) {
    const admin = postgres(ctx.database.url, { max: 1, onnotice: () => {} });
    await admin.unsafe('vacuum analyze');
    await admin.end();
  } else if (!process.argv.includes('--unmaintained')) {
    await maintainPglite(ctx.deps);
  }
  return { user, seedMs: performance.now() - started };
}

async function run(label: string, databaseUrl?: string) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const ctx = await createTestContext({ now: NOW });
  try {
    const { user, seedMs } = await seed(ctx);
    const client = await signedInClient(ctx, user);
    const first = await client.get('/api/analytics');
    if (first.status !== 200 || first.body.totalSessionsCompleted !== SESSIONS - SESSIONS / 5) {
      throw new Error(`unexpected answer ${first.status} ${JSON.stringify(first.body).slice(0, 200)}`);
    }
    for (let i = 0; i < 5; i++) await client.get('/api/analytics');
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const res = await client.get('/api/analytics');
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`status ${res.status}`);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.floor(times.length * 0.95)]!;
    const goal = label === 'PostgreSQL' ? 50 : 200;
    console.log(
      `${label.padEnd(11)} seed ${(seedMs / 1000).toFixed(1)} s · GET /api/analytics median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, min ${times[0]!.toFixed(1)} ms (goal < ${goal} ms: ${median < goal ? 'met' : 'NOT met'})`,
    );
  } finally {
    await ctx.close();
  }
}

console.log(
  `analytics benchmark: one premium user with ${SESSIONS.toLocaleString('en')} sessions and ${TASKS.toLocaleString('en')} tasks among ${OTHER_USERS.toLocaleString('en')} users (${(OTHER_USERS * OTHER_SESSIONS_EACH).toLocaleString('en')} other sessions); ${RUNS} timed requests after 5 warm-ups`,
);
if (!process.argv.includes('--postgres-only')) await run('PGlite');
if (!process.argv.includes('--pglite-only')) {
  const url =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  try {
    await run('PostgreSQL', url);
  } catch (error) {
    console.log(
      `PostgreSQL  skipped or failed: ${(error as Error).message.split('\n')[0]} ${String((error as { cause?: unknown }).cause ?? '')}`,
    );
  }
}
process.exit(0);

// The 'session complete' push sweep (every 5 s in every process) over a large session table: the
// idle sweep (nothing due, the common case) and a sweep that claims 100 due sessions of 100 users
// and sends each a push to a local push-service stand-in. 50,000 users with 20 sessions each
// (1,000,000 rows), 1 in 10 users subscribed; PGlite, and PostgreSQL unless --pglite-only.
// Prints medians and the process RSS. Usage: bun bench/push-sweep.ts [--pglite-only]
import { sql } from 'drizzle-orm';
import { sendDueSessionEndPushes } from '../src/server/push/session-end';
import { createTestContext, type TestContext } from '../test/support/app';
import { browserKeys, startPushStandIn } from '../test/support/push-standin';

const USERS = 50_000;
const SESSIONS_EACH = 20;
const NOW = new Date('2026-03-10T12:00:00Z');
const push = startPushStandIn();
const keys = browserKeys().keys;
const mib = () => (process.memoryUsage().rss / 2 ** 20).toFixed(0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function seed(ctx: TestContext) {
  await ctx.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(
      sql`insert into users (id, email) select 'u' || g, 'u' || g || '@example.com' from generate_series(1, ${USERS}) g`,
    );
    await tx.execute(sql`
      insert into lock_in_sessions (user_id, id, task_title, goal_minutes, actual_minutes, status, completed, started_at, ends_at, ended_at, time_zone)
      select 'u' || u, 's' || s, 'Task', 25, 25, 'completed', true,
        ${NOW.toISOString()}::timestamptz - (s || ' hours')::interval,
        ${NOW.toISOString()}::timestamptz - (s || ' hours')::interval + interval '25 minutes',
        ${NOW.toISOString()}::timestamptz - (s || ' hours')::interval + interval '25 minutes', 'UTC'
      from generate_series(1, ${USERS}) u, generate_series(1, ${SESSIONS_EACH}) s`);
    await tx.execute(sql`
      insert into push_subscriptions (id, user_id, endpoint, p256dh, auth)
      select 'p' || g, 'u' || g, ${push.url} || '/send/' || g, ${keys.p256dh}, ${keys.auth}
      from generate_series(1, ${USERS}, 10) g`);
  });
}

/** 100 subscribed users start a session that is due at NOW. */
async function makeDue(ctx: TestContext, round: number) {
  await ctx.deps.db.execute(sql`
    insert into lock_in_sessions (user_id, id, task_title, goal_minutes, status, started_at, ends_at, time_zone)
    select 'u' || g, 'due' || ${round}, 'Task', 25, 'active',
      ${NOW.toISOString()}::timestamptz - interval '25 minutes', ${NOW.toISOString()}::timestamptz, 'UTC'
    from generate_series(1, 1000, 10) g`);
}

async function run(label: string, databaseUrl?: string) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const ctx = await createTestContext({ now: NOW, env: { PUSH_ALLOWED_HOSTS: push.host } });
  try {
    await seed(ctx);
    const idle: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      await sendDueSessionEndPushes(ctx.deps);
      idle.push(performance.now() - t);
    }
    const due: number[] = [];
    let claimed = 0;
    for (let round = 0; round < 5; round++) {
      await makeDue(ctx, round);
      const t = performance.now();
      claimed += await sendDueSessionEndPushes(ctx.deps);
      due.push(performance.now() - t);
      // Ended sessions leave 'active', as the app's completion would.
      await ctx.deps.db.execute(sql`update lock_in_sessions set status = 'completed' where status = 'active'`);
    }
    console.log(
      `${label}: idle sweep ${median(idle).toFixed(2)} ms median over ${USERS * SESSIONS_EACH} sessions; ` +
        `100 due: ${median(due).toFixed(0)} ms median (${claimed / 5} claimed per sweep, ${push.received.length} pushes so far); RSS ${mib()} MiB`,
    );
  } finally {
    await ctx.close();
  }
}

console.log(`RSS at start ${mib()} MiB`);
const postgresUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
await run('PGlite');
if (!process.argv.includes('--pglite-only')) await run('PostgreSQL', postgresUrl);
push.stop();

// Two app processes on one PostgreSQL database, each caching users' Today's Focus and free analytics
// answers: a change made through one (a tick, an add, a bank edit, an imported session) is read on
// the other within a second, through the triggers' NOTIFY (drizzle/0007, 0012), far inside the
// cache's TTL. Runs when TEST_DATABASE_URL points
// at a PostgreSQL server.
import { beforeAll, describe, expect, test } from 'bun:test';
import postgres from 'postgres';
import { SESSION_CACHE_TTL_MS } from '../../src/server/accounts/session-cache';
import type { BasicAnalytics } from '../../src/shared/insights';
import type { DailyList } from '../../src/shared/tasks';
import type { ServerProcess } from '../support/process';
import { msUntil, registerOn, TWO_PROCESS_DATABASE, twoProcessesOnPostgres } from '../support/two-processes';

const pair = twoProcessesOnPostgres('lockin_daily');
let a: ServerProcess;
let b: ServerProcess;
beforeAll(() => {
  ({ a, b } = pair);
});

const register = async (server: ServerProcess) => (await registerOn(server, 'daily-procs')).cookie;

const trpc = (server: ServerProcess, cookie: string, path: string, body: unknown) =>
  fetch(`${server.url}/api/trpc/${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function daily(server: ServerProcess, cookie: string): Promise<DailyList> {
  const res = await fetch(`${server.url}/api/trpc/tasks.daily.list`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: DailyList } }).result.data;
}

describe.skipIf(!TWO_PROCESS_DATABASE)("Today's Focus cached in two processes on one PostgreSQL", () => {
  test('the other process serves its cached list until a change is announced', async () => {
    const cookie = await register(a);
    expect((await trpc(a, cookie, 'tasks.bank.create', { id: 'one', title: 'Task one' })).status).toBe(200);
    expect((await trpc(a, cookie, 'tasks.bank.create', { id: 'two', title: 'Task two' })).status).toBe(200);
    expect((await trpc(a, cookie, 'tasks.daily.add', { ids: ['one'] })).status).toBe(200);
    expect(await msUntil(async () => (await daily(b, cookie)).tasks.length === 1)).toBeLessThan(1000);
    await daily(b, cookie); // cached on B now
    const sql = postgres(pair.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`alter table daily_tasks disable trigger daily_tasks_notify_changed`;
      await sql`alter table daily_reset_state disable trigger daily_reset_state_notify_changed`;
      // Ticked on A with nothing announced: A reads it (its own write's mark), B still serves its
      // cached copy — which shows B answers from its cache, not from the database.
      expect((await trpc(a, cookie, 'tasks.daily.complete', { id: 'one' })).status).toBe(200);
      expect((await daily(a, cookie)).tasks[0]?.completed).toBe(true);
      await Bun.sleep(200);
      expect((await daily(b, cookie)).tasks[0]?.completed).toBe(false);
    } finally {
      await sql`alter table daily_tasks enable trigger daily_tasks_notify_changed`;
      await sql`alter table daily_reset_state enable trigger daily_reset_state_notify_changed`;
      await sql.end();
    }
    // The next write is announced: B drops its copy and reads both changes.
    expect((await trpc(a, cookie, 'tasks.daily.add', { ids: ['two'] })).status).toBe(200);
    const ms = await msUntil(async () => {
      const tasks = (await daily(b, cookie)).tasks;
      return tasks.length === 2 && tasks.some((t) => t.id === 'one' && t.completed);
    });
    expect(ms).toBeLessThan(1000);
  }, 30_000);

  test('a change made through one process is read on the other within a second', async () => {
    const cookie = await register(a);
    for (const id of ['one', 'two']) {
      expect((await trpc(a, cookie, 'tasks.bank.create', { id, title: `Task ${id}` })).status).toBe(200);
    }
    expect((await trpc(a, cookie, 'tasks.daily.add', { ids: ['one'] })).status).toBe(200);
    // B reads (and caches) the list.
    expect((await daily(b, cookie)).tasks.map((t) => t.id)).toEqual(['one']);
    expect((await daily(b, cookie)).tasks.map((t) => t.id)).toEqual(['one']);

    expect((await trpc(a, cookie, 'tasks.daily.complete', { id: 'one' })).status).toBe(200);
    const completed = await msUntil(async () => (await daily(b, cookie)).tasks[0]?.completed === true);
    expect(completed).toBeLessThan(1000);

    expect((await trpc(a, cookie, 'tasks.daily.add', { ids: ['two'] })).status).toBe(200);
    const added = await msUntil(async () => (await daily(b, cookie)).tasks.length === 2);
    expect(added).toBeLessThan(1000);

    expect((await trpc(a, cookie, 'tasks.bank.update', { id: 'two', title: 'Renamed', category: 'Work' })).status).toBe(
      200,
    );
    const renamed = await msUntil(async () => (await daily(b, cookie)).tasks.some((t) => t.title === 'Renamed'));
    expect(renamed).toBeLessThan(1000);
    expect(SESSION_CACHE_TTL_MS).toBeGreaterThan(1000 * 5);
  }, 30_000);

  test('a free user’s analytics: a tick and an imported session made through one process are read on the other within a second', async () => {
    const cookie = await register(a);
    const analytics = async (server: ServerProcess) => {
      const res = await fetch(`${server.url}/api/trpc/insights.analytics`, { headers: { cookie } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { result: { data: BasicAnalytics } }).result.data;
    };
    expect((await trpc(a, cookie, 'tasks.bank.create', { id: 'one', title: 'Task one' })).status).toBe(200);
    expect((await trpc(a, cookie, 'tasks.daily.add', { ids: ['one'] })).status).toBe(200);
    // B reads (and keeps) the answer.
    expect(await analytics(b)).toMatchObject({ premium: false, tasksCompleted: 0, totalSessionsCompleted: 0 });
    expect((await analytics(b)).tasksCompleted).toBe(0);

    expect((await trpc(a, cookie, 'tasks.daily.complete', { id: 'one' })).status).toBe(200);
    expect(await msUntil(async () => (await analytics(b)).tasksCompleted === 1)).toBeLessThan(1000);

    const session = {
      id: 'visitor-1',
      timestamp: new Date(Date.now() - 3_600_000).toISOString(),
      duration: 1500,
      actualDuration: 1500,
      completed: true,
    };
    expect((await trpc(a, cookie, 'lockin.importLocal', { sessions: [session] })).status).toBe(200);
    expect(await msUntil(async () => (await analytics(b)).totalSessionsCompleted === 1)).toBeLessThan(1000);
  }, 30_000);
});

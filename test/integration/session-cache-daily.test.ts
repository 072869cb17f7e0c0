// Today's Focus is cached per user in the process (src/server/tasks/daily-cache.ts), so a second
// read of the list makes no query; every write in this process drops it at once and keeps it
// uncached until its commit is announced: the daily add/remove/complete/incomplete/reset, bank edits
// and deletes, categories, a data import; an account deletion drops it by its cascade's NOTIFY. The
// triggers are switched off where the in-process path is what is shown, so the answers prove it,
// not the notification. Time passing needs no drop: a reset due by the clock still runs. Runs on
// PGlite and (TEST_DATABASE_URL) on PostgreSQL; two processes are in
// session-cache-daily-processes.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { dailyTasks } from '../../src/server/db/schema';
import { dailyCache, forgetCachedDaily } from '../../src/server/tasks/daily-cache';
import { listDaily } from '../../src/server/tasks/daily.service';
import type { DailyList } from '../../src/shared/tasks';
import { type TestClient, type TestContext, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { eventually, withTriggersOff } from '../support/notify-triggers';

const START = new Date('2026-03-10T12:00:00Z');
const ORIGIN = { origin: 'http://localhost:3000' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: START });
}, 120_000);
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(START));

async function signedIn(): Promise<{ client: TestClient; userId: string; email: string }> {
  const user = await createUser(ctx);
  return { client: await signedInClient(ctx, user), userId: user.id, email: user.email };
}

async function list(client: TestClient): Promise<DailyList> {
  const res = await client.query<DailyList>('tasks.daily.list');
  expect(res.status).toBe(200);
  return res.body;
}

const titles = async (client: TestClient) => (await list(client)).tasks.map((t) => t.title);
const cached = (userId: string) => dailyCache.get(ctx.deps.db, userId);

/** Bank tasks `ids` (titled `Task <id>`), the first `onList` of them put on Today's Focus. */
async function plan(client: TestClient, ids: string[], onList = ids): Promise<void> {
  for (const id of ids) {
    expect((await client.mutate('tasks.bank.create', { id, title: `Task ${id}`, category: 'Work' })).status).toBe(200);
  }
  if (onList.length > 0) expect((await client.mutate('tasks.daily.add', { ids: onList })).status).toBe(200);
}

/** Reads the list until it is cached (on PostgreSQL a write's notification trails its commit). */
async function untilCached(client: TestClient, userId: string): Promise<void> {
  await eventually(async () => {
    await list(client);
    return cached(userId) !== undefined;
  });
}

const TRIGGERS = [
  ['daily_tasks', 'daily_tasks_notify_changed'],
  ['daily_reset_state', 'daily_reset_state_notify_changed'],
] as const;

/** Runs `body` with the list's triggers off: only the in-process drop can tell the cache. */
const withoutNotify = (body: () => Promise<void>) => withTriggersOff(ctx.deps.db, TRIGGERS, body);

describe("Today's Focus from the process's cache", () => {
  test('the second read makes no query: a row written behind the app with the triggers off goes unseen', async () => {
    const { client, userId } = await signedIn();
    await plan(client, ['a']);
    // As another device of the user: one that wrote a moment ago reads past the cache (ops/freshness.ts).
    client.setCookie('lockin_fresh', '');
    await untilCached(client, userId);
    expect(await titles(client)).toEqual(['Task a']);
    await withoutNotify(async () => {
      await ctx.deps.db
        .update(dailyTasks)
        .set({ title: 'Changed behind the back' })
        .where(eq(dailyTasks.userId, userId));
      // Nothing told the cache, so an answer with the old title came without a round trip.
      expect(await titles(client)).toEqual(['Task a']);
    });
    forgetCachedDaily(userId);
    expect(await titles(client)).toEqual(['Changed behind the back']);
  });

  test('with the triggers on, a change written behind the app reaches the cache by its NOTIFY', async () => {
    const { client, userId } = await signedIn();
    await plan(client, ['a']);
    await untilCached(client, userId);
    await ctx.deps.db.update(dailyTasks).set({ title: 'Renamed' }).where(eq(dailyTasks.userId, userId));
    await eventually(async () => (await titles(client))[0] === 'Renamed');
  });

  test("another user's list is never served", async () => {
    const one = await signedIn();
    const two = await signedIn();
    await plan(one.client, ['mine']);
    await plan(two.client, ['theirs']);
    for (let i = 0; i < 3; i++) {
      expect(await titles(one.client)).toEqual(['Task mine']);
      expect(await titles(two.client)).toEqual(['Task theirs']);
    }
    await eventually(() => cached(one.userId) !== undefined && cached(two.userId) !== undefined);
    expect(cached(one.userId)?.rows.map((r) => r.id)).toEqual(['mine']);
    expect(cached(two.userId)?.rows.map((r) => r.id)).toEqual(['theirs']);
  });

  test('the answer made from cached rows is shared by the day’s reads and made again for another zone', async () => {
    const { client, userId } = await signedIn();
    await plan(client, ['a', 'b']);
    await untilCached(client, userId);
    const berlin = { id: userId, timeZone: 'Europe/Berlin' };
    const first = await listDaily(ctx.deps, berlin);
    const second = await listDaily(ctx.deps, berlin);
    expect(second).toBe(first);
    expect(first.tasks.map((t) => t.title)).toEqual(['Task a', 'Task b']);
    const tokyo = await listDaily(ctx.deps, { id: userId, timeZone: 'Asia/Tokyo' });
    expect(tokyo).not.toBe(first);
    expect(tokyo.tasks).toEqual(first.tasks);
  });
});

describe('every write is seen on the very next read (triggers off: the in-process drop alone)', () => {
  /** A signed-in user with bank tasks a, b, c (a and b on the list), the list cached. */
  async function ready() {
    const user = await signedIn();
    await plan(user.client, ['a', 'b', 'c'], ['a', 'b']);
    await untilCached(user.client, user.userId);
    return user;
  }

  const cases: [string, (u: Awaited<ReturnType<typeof ready>>) => Promise<void>, (l: DailyList) => void][] = [
    [
      'daily.add',
      async ({ client }) => void expect((await client.mutate('tasks.daily.add', { ids: ['c'] })).status).toBe(200),
      (l) => expect(l.tasks.map((t) => t.id)).toEqual(['a', 'b', 'c']),
    ],
    [
      'daily.remove',
      async ({ client }) => void expect((await client.mutate('tasks.daily.remove', { id: 'a' })).status).toBe(200),
      (l) => expect(l.tasks.map((t) => t.id)).toEqual(['b']),
    ],
    [
      'daily.complete',
      async ({ client }) => void expect((await client.mutate('tasks.daily.complete', { id: 'a' })).status).toBe(200),
      (l) =>
        expect(l.tasks.map((t) => [t.id, t.completed])).toEqual([
          ['b', false],
          ['a', true],
        ]),
    ],
    [
      'daily.incomplete',
      async ({ client }) => {
        expect((await client.mutate('tasks.daily.complete', { id: 'a' })).status).toBe(200);
        await list(client); // read between the two writes: not cached (a write is pending)
        expect((await client.mutate('tasks.daily.incomplete', { id: 'a' })).status).toBe(200);
      },
      (l) =>
        expect(l.tasks.map((t) => [t.id, t.completed])).toEqual([
          ['a', false],
          ['b', false],
        ]),
    ],
    [
      'the REST shim PUT /api/tasks/{id}/complete',
      async ({ client }) =>
        void expect((await client.request('PUT', '/api/tasks/b/complete', {}, ORIGIN)).status).toBe(200),
      (l) => expect(l.tasks.find((t) => t.id === 'b')?.completed).toBe(true),
    ],
    [
      'bank.update (title and category)',
      async ({ client }) =>
        void expect(
          (await client.mutate('tasks.bank.update', { id: 'a', title: 'Renamed', category: 'Health' })).status,
        ).toBe(200),
      (l) => expect(l.tasks.find((t) => t.id === 'a')).toMatchObject({ title: 'Renamed', category: 'Health' }),
    ],
    [
      'bank.delete (the copy on the list stays)',
      async ({ client }) => void expect((await client.mutate('tasks.bank.delete', { id: 'a' })).status).toBe(200),
      (l) => expect(l.tasks.map((t) => t.id)).toEqual(['a', 'b']),
    ],
    [
      'categories.add and remove',
      async ({ client }) => {
        expect((await client.mutate('tasks.categories.add', { name: 'Errands' })).status).toBe(200);
        expect((await client.mutate('tasks.categories.remove', { name: 'Errands' })).status).toBe(200);
      },
      (l) => expect(l.tasks.map((t) => t.id)).toEqual(['a', 'b']),
    ],
    [
      'a data import',
      async ({ client }) => {
        const doc = (await client.get<Record<string, unknown>>('/api/export?format=json')).body;
        const daily = doc.daily as { tasks: Record<string, unknown>[] };
        const extra = { ...daily.tasks[0]!, id: 'imported', title: 'Imported' };
        const body = JSON.stringify({ ...doc, daily: { ...daily, tasks: [...daily.tasks, extra] } });
        const res = await client.request('POST', '/api/import', body, ORIGIN);
        expect(res.status).toBe(200);
      },
      (l) => expect(l.tasks.map((t) => t.id).sort()).toEqual(['a', 'b', 'imported']),
    ],
  ];

  for (const [name, write, check] of cases) {
    test(name, async () => {
      const user = await ready();
      await withoutNotify(async () => {
        await write(user);
        check(await list(user.client));
        check(await list(user.client));
        // A transaction lifts its own marks when it ends, on either database (no other process
        // listens here, so it announces nothing: drizzle/0014): cached again at once, and right.
        expect(cached(user.userId)).toBeDefined();
        check(await list(user.client));
      });
    });
  }

  test('a write that fails (limit reached) leaves the list as it was', async () => {
    const user = await ready();
    await plan(user.client, ['d', 'e', 'f', 'g'], ['d', 'e', 'f']);
    await withoutNotify(async () => {
      expect((await user.client.mutate('tasks.daily.add', { ids: ['g'] })).status).toBe(403);
      expect((await list(user.client)).tasks.map((t) => t.id)).toEqual(['a', 'b', 'd', 'e', 'f']);
    });
  });

  test('with the triggers on, the write is announced and the new rows are cached again', async () => {
    const user = await ready();
    expect((await user.client.mutate('tasks.daily.complete', { id: 'a' })).status).toBe(200);
    await untilCached(user.client, user.userId);
    expect(cached(user.userId)?.rows.find((r) => r.id === 'a')?.completed).toBe(true);
  });

  test('a reset due by the clock still runs from a cached list', async () => {
    const user = await ready();
    expect((await user.client.mutate('tasks.daily.complete', { id: 'a' })).status).toBe(200);
    await untilCached(user.client, user.userId);
    await withoutNotify(async () => {
      ctx.clock.set(new Date('2026-03-11T00:30:00Z'));
      const after = await list(user.client);
      expect(after.reset).toEqual({ removed: 1, carriedOver: 1 });
      expect(after.tasks.map((t) => [t.id, t.isCarryOver, t.daysCarriedOver])).toEqual([['b', true, 1]]);
      expect((await list(user.client)).reset).toBeNull();
    });
  });

  test('tasks.daily.reset on a cached list', async () => {
    const user = await ready();
    await withoutNotify(async () => {
      ctx.clock.set(new Date('2026-03-11T00:30:00Z'));
      const reset = await user.client.mutate('tasks.daily.reset');
      expect(reset.status).toBe(200);
      expect(reset.body as unknown).toEqual({ removed: 0, carriedOver: 2 });
      const next = await list(user.client);
      expect(next.reset).toBeNull();
      expect(next.lastReset).toBe('2026-03-11T00:30:00.000Z');
      expect(next.tasks.map((t) => [t.id, t.isCarryOver, t.daysCarriedOver])).toEqual([
        ['a', true, 1],
        ['b', true, 1],
      ]);
    });
  });

  test('days carried over count up by the clock with no invalidation', async () => {
    const user = await ready();
    ctx.clock.set(new Date('2026-03-11T00:30:00Z'));
    await list(user.client); // the reset: a and b carried over
    await untilCached(user.client, user.userId);
    await withoutNotify(async () => {
      ctx.clock.set(new Date('2026-03-11T23:59:00Z'));
      const late = await list(user.client);
      expect(late.reset).toBeNull();
      expect(late.tasks.map((t) => t.daysCarriedOver)).toEqual([1, 1]);
      expect(cached(user.userId)).toBeDefined(); // served from the cache, not re-read
    });
  });
});

describe('account deletion', () => {
  test("the deleted user's cached list is dropped by the cascade's NOTIFY", async () => {
    const user = await signedIn();
    await plan(user.client, ['a']);
    await untilCached(user.client, user.userId);
    const res = await user.client.request('DELETE', '/api/auth/account', { email: user.email }, ORIGIN);
    expect(res.status).toBe(200);
    expect((await user.client.query('tasks.daily.list')).status).toBe(401);
    await eventually(() => cached(user.userId) === undefined);
  });
});

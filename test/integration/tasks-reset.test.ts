// The daily reset over HTTP: it happens at midnight in the user's zone, once, and does what the
// spec says to Today's Focus (completed dropped, up to 5 incomplete carried over).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { dailyResetState, dailyTasks, taskCompletions } from '../../src/server/db/schema';
import type { DailyList, DailyResetResult } from '../../src/shared/tasks';
import { type TestClient, type TestContext, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000); // a cold PGlite template can take long on a busy machine
afterAll(() => ctx.close());

async function newClient(timeZone: string): Promise<{ client: TestClient; userId: string }> {
  const user = await createUser(ctx, { timeZone });
  return { client: await signedInClient(ctx, user), userId: user.id };
}

async function daily(client: TestClient): Promise<DailyList> {
  const res = await client.query('tasks.daily.list');
  expect(res.status).toBe(200);
  return res.body;
}

async function plan(client: TestClient, ids: string[], complete: string[] = []) {
  for (const id of ids)
    expect((await client.mutate('tasks.bank.create', { id, title: `Task ${id}` })).status).toBe(200);
  expect((await client.mutate('tasks.daily.add', { ids })).status).toBe(200);
  for (const id of complete) expect((await client.mutate('tasks.daily.complete', { id })).status).toBe(200);
}

describe("daily reset across midnight in the user's zone", () => {
  test('America/New_York: nothing before local midnight; at midnight completed go, incomplete carry over, once', async () => {
    ctx.clock.set(new Date('2026-03-10T14:00:00Z')); // 10:00 EDT, 10 March
    const { client, userId } = await newClient('America/New_York');
    const first = await daily(client);
    expect(first.reset).toBeNull();
    const lastReset = first.lastReset;
    expect(lastReset).toBe('2026-03-10T14:00:00.000Z');
    await plan(client, ['a', 'b', 'c', 'd'], ['b', 'd']);

    // 23:59 EDT: UTC is already on the 11th, New York is not.
    ctx.clock.set(new Date('2026-03-11T03:59:00Z'));
    const beforeMidnight = await daily(client);
    expect(beforeMidnight.reset).toBeNull();
    expect(beforeMidnight.tasks).toHaveLength(4);
    expect((await client.mutate('tasks.daily.reset')).body).toBeNull();

    // 00:01 EDT on the 11th.
    ctx.clock.set(new Date('2026-03-11T04:01:00Z'));
    const after = await daily(client);
    expect(after.reset).toEqual({ removed: 2, carriedOver: 2 });
    expect(after.lastReset).toBe('2026-03-11T04:01:00.000Z');
    expect(after.tasks.map((t) => t.id)).toEqual(['a', 'c']);
    for (const task of after.tasks) {
      expect(task).toMatchObject({
        completed: false,
        isCarryOver: true,
        carryOverDate: lastReset,
        plannedOn: '2026-03-10',
        daysCarriedOver: 1,
      });
    }

    // Idempotent: the next read and the explicit check find nothing to do.
    const again = await daily(client);
    expect(again.reset).toBeNull();
    expect(again.tasks).toEqual(after.tasks);
    expect((await client.mutate('tasks.daily.reset')).body).toBeNull();

    // The completions outlive the reset (analytics history).
    const history = await ctx.deps.db
      .select({ taskId: taskCompletions.taskId })
      .from(taskCompletions)
      .where(eq(taskCompletions.userId, userId));
    expect(history.map((h) => h.taskId).sort()).toEqual(['b', 'd']);
  });

  test('the explicit reset call performs a due reset and reports it; the following read does not', async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z')); // 17:30 IST
    const { client } = await newClient('Asia/Kolkata');
    await daily(client);
    await plan(client, ['k1', 'k2'], ['k1']);
    ctx.clock.set(new Date('2026-03-10T18:29:00Z')); // 23:59 IST
    expect((await client.mutate('tasks.daily.reset')).body).toBeNull();
    ctx.clock.set(new Date('2026-03-10T18:30:00Z')); // 00:00 IST on the 11th
    const reset = await client.mutate('tasks.daily.reset');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ removed: 1, carriedOver: 1 });
    const list = await daily(client);
    expect(list.reset).toBeNull();
    expect(list.tasks.map((t) => [t.id, t.isCarryOver])).toEqual([['k2', true]]);
  });

  test('Pacific/Auckland: the reset comes while UTC is still on the same date', async () => {
    ctx.clock.set(new Date('2026-03-10T09:00:00Z')); // 22:00 NZDT, 10 March
    const { client } = await newClient('Pacific/Auckland');
    await daily(client);
    await plan(client, ['z1'], ['z1']);
    ctx.clock.set(new Date('2026-03-10T11:05:00Z')); // 00:05 NZDT, 11 March
    const list = await daily(client);
    expect(list.reset).toEqual({ removed: 1, carriedOver: 0 });
    expect(list.tasks).toEqual([]);
  });

  test('a reset with nothing completed still carries over (reported with removed 0)', async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const { client } = await newClient('UTC');
    await daily(client);
    await plan(client, ['o1']);
    ctx.clock.set(new Date('2026-03-11T00:00:00Z'));
    expect((await daily(client)).reset).toEqual({ removed: 0, carriedOver: 1 });
  });

  test('an empty list still moves lastReset on a new day', async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const { client } = await newClient('UTC');
    await daily(client);
    ctx.clock.set(new Date('2026-03-11T08:00:00Z'));
    const list = await daily(client);
    expect(list.reset).toEqual({ removed: 0, carriedOver: 0 });
    expect(list.lastReset).toBe('2026-03-11T08:00:00.000Z');
  });

  test('carried-over days keep counting from the first carry-over, and the most overdue sorts first', async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const { client } = await newClient('UTC');
    const firstReset = (await daily(client)).lastReset;
    await plan(client, ['old']);
    ctx.clock.set(new Date('2026-03-11T09:00:00Z'));
    await daily(client); // reset: 'old' carried over with carryOverDate = 10 March
    await plan(client, ['new', 'done'], ['done']);

    ctx.clock.set(new Date('2026-03-13T09:00:00Z'));
    const list = await daily(client);
    expect(list.reset).toEqual({ removed: 1, carriedOver: 2 });
    expect(list.tasks.map((t) => [t.id, t.daysCarriedOver, t.carryOverDate])).toEqual([
      ['old', 3, firstReset],
      ['new', 2, '2026-03-11T09:00:00.000Z'],
    ]);
    // Completed entries sort after every incomplete one, however long those were carried over.
    await plan(client, ['today']);
    await client.mutate('tasks.daily.complete', { id: 'old' });
    const sorted = await daily(client);
    expect(sorted.tasks.map((t) => [t.id, t.daysCarriedOver])).toEqual([
      ['new', 2],
      ['today', 0],
      ['old', 0],
    ]);
  });

  test('at most 5 incomplete entries are carried over, the oldest-planned first', async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const { client, userId } = await newClient('UTC');
    await daily(client);
    // Seven incomplete entries can only come from older data (the API keeps the list at 5):
    // write them directly to check the rule's cap.
    const rows = Array.from({ length: 7 }, (_, i) => ({
      userId,
      id: `legacy${i}`,
      title: `Legacy ${i}`,
      category: 'General',
      createdAt: new Date('2026-03-01T00:00:00Z'),
      addedAt: new Date('2026-03-10T10:00:00Z'),
      plannedOn: i < 2 ? '2026-03-10' : `2026-03-0${i}`,
    }));
    await ctx.deps.db.insert(dailyTasks).values(rows);
    ctx.clock.set(new Date('2026-03-11T00:30:00Z'));
    const list = await daily(client);
    expect(list.reset).toEqual({ removed: 0, carriedOver: 5 });
    expect(list.tasks.map((t) => t.id).sort()).toEqual(['legacy2', 'legacy3', 'legacy4', 'legacy5', 'legacy6']);
    expect(list.tasks.every((t) => t.isCarryOver && t.carryOverDate === '2026-03-10T12:00:00.000Z')).toBe(true);
  });

  test("a write after midnight resets first: yesterday's list does not count and today's task is not carried over", async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const { client } = await newClient('UTC');
    await daily(client);
    await plan(client, ['y1', 'y2', 'y3', 'y4', 'y5'], ['y1', 'y2', 'y3']);
    ctx.clock.set(new Date('2026-03-11T07:00:00Z'));
    expect((await client.mutate('tasks.bank.create', { id: 't1', title: 'Today' })).status).toBe(200);
    const added = await client.mutate<DailyList>('tasks.daily.add', { ids: ['t1'] });
    expect(added.status).toBe(200);
    // The write ran the reset, so its answer reports it (the client shows 'Daily Reset Complete').
    expect(added.body.reset).toEqual({ removed: 3, carriedOver: 2 });
    expect(added.body.tasks.map((t) => [t.id, t.isCarryOver, t.plannedOn])).toEqual([
      ['y4', true, '2026-03-10'],
      ['y5', true, '2026-03-10'],
      ['t1', false, '2026-03-11'],
    ]);
    // The reset already ran inside the write; the next read has nothing to report.
    expect((await daily(client)).reset).toBeNull();
  });

  test('ticking, unticking or removing after midnight also resets first and reports it in its answer', async () => {
    for (const write of ['complete', 'incomplete', 'remove'] as const) {
      ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
      const { client } = await newClient('UTC');
      await daily(client);
      await plan(client, [`${write}-a`, `${write}-b`, `${write}-c`], [`${write}-a`]);
      ctx.clock.set(new Date('2026-03-11T08:00:00Z'));
      const res = await client.mutate<{ reset: DailyResetResult | null }>(`tasks.daily.${write}`, { id: `${write}-b` });
      expect(res.status).toBe(200);
      expect(res.body.reset).toEqual({ removed: 1, carriedOver: 2 });
      expect((await daily(client)).reset).toBeNull();
      // A second write the same day has nothing to report.
      const again = await client.mutate<{ reset: DailyResetResult | null }>('tasks.daily.complete', {
        id: `${write}-c`,
      });
      expect(again.body.reset).toBeNull();
    }
  });

  test('a completed task is gone after the reset, so ticking it again answers 404', async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const { client } = await newClient('UTC');
    await daily(client);
    await plan(client, ['gone'], ['gone']);
    ctx.clock.set(new Date('2026-03-11T12:00:00Z'));
    expect((await client.put('/api/tasks/gone/incomplete')).status).toBe(404);
  });

  test('a user who moves zone is reset by the calendar of the new zone', async () => {
    ctx.clock.set(new Date('2026-03-10T23:30:00Z')); // 10 March in UTC, 11 March 08:30 in Tokyo
    const { client } = await newClient('UTC');
    await daily(client);
    await plan(client, ['m1'], ['m1']);
    // Through the API, as the browser does: the cached session's user takes the new zone at once.
    expect((await client.mutate('accounts.setTimeZone', { timeZone: 'Asia/Tokyo' })).status).toBe(200);
    ctx.clock.set(new Date('2026-03-11T00:10:00Z')); // UTC has a new date; Tokyo (09:10 on the 11th) does not
    expect((await daily(client)).reset).toBeNull();
    ctx.clock.set(new Date('2026-03-11T15:00:00Z')); // 00:00 on 12 March in Tokyo
    expect((await daily(client)).reset).toEqual({ removed: 1, carriedOver: 0 });
  });

  test('a tick that trusts the last reset this process saw still runs a reset stored since by someone else', async () => {
    // The process has seen today's reset, so the tick below is sent with the lock in one go; the
    // stored last reset was moved behind its back (another process, a restore) to yesterday, so a
    // reset is due after all: the tick must not land before it.
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const { client, userId } = await newClient('UTC');
    await daily(client);
    await plan(client, ['s1', 's2', 's3'], ['s1']);
    await ctx.deps.db
      .update(dailyResetState)
      .set({ lastResetAt: new Date('2026-03-09T12:00:00Z') })
      .where(eq(dailyResetState.userId, userId));
    const res = await client.mutate<{ reset: DailyResetResult | null; completed: boolean }>('tasks.daily.complete', {
      id: 's2',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ completed: true, reset: { removed: 1, carriedOver: 2 } });
    const list = await daily(client);
    expect(list.tasks.map((t) => [t.id, t.completed, t.isCarryOver])).toEqual([
      ['s3', false, true],
      ['s2', true, true],
    ]);
    const history = await ctx.deps.db
      .select({ taskId: taskCompletions.taskId })
      .from(taskCompletions)
      .where(eq(taskCompletions.userId, userId));
    expect(history.map((h) => h.taskId).sort()).toEqual(['s1', 's2']);
  });

  test("one user's reset leaves another user's list alone", async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const ny = await newClient('America/New_York');
    const tokyo = await newClient('Asia/Tokyo'); // 21:00 on the 10th
    await daily(ny.client);
    await daily(tokyo.client);
    await plan(ny.client, ['n1'], ['n1']);
    await plan(tokyo.client, ['t1'], ['t1']);
    ctx.clock.set(new Date('2026-03-10T15:30:00Z')); // 00:30 on the 11th in Tokyo, 11:30 in New York
    expect((await daily(tokyo.client)).reset).toEqual({ removed: 1, carriedOver: 0 });
    const nyList = await daily(ny.client);
    expect(nyList.reset).toBeNull();
    expect(nyList.tasks.map((t) => [t.id, t.completed])).toEqual([['n1', true]]);
  });
});

// The tasks API over HTTP: every procedure and REST shim, each rule and each refusal, and that
// another user's ids are refused without changing anything.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { customCategories, dailyTasks, taskCompletions } from '../../src/server/db/schema';
import { CUSTOM_CATEGORY_LIMIT } from '../../src/shared/constants';
import type { BankList, BankTask, DailyList } from '../../src/shared/tasks';
import {
  createTestContext,
  type MutationPath,
  type QueryPath,
  TestClient as Client,
  type TestClient,
  type TestContext,
  unchecked,
} from '../support/app';
import { createUser, signedInClient } from '../support/factories';

const BANK_LIMIT_MESSAGE = 'Upgrade to Premium to add more than 10 tasks to your Task Bank.';
const DAILY_LIMIT_MESSAGE = 'You can only have 5 tasks per day. Complete or remove a task to add more.';
const START = new Date('2026-03-10T12:00:00Z');

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: START });
}, 120_000); // a cold PGlite template can take long on a busy machine
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(START));

async function newClient(timeZone = 'UTC'): Promise<{ client: TestClient; userId: string }> {
  const user = await createUser(ctx, { timeZone });
  return { client: await signedInClient(ctx, user), userId: user.id };
}

async function create(client: TestClient, id: string, title = `Task ${id}`, extra: Record<string, unknown> = {}) {
  const res = await client.mutate('tasks.bank.create', { id, title, ...extra });
  expect(res.status).toBe(200);
  return res.body;
}

async function bank(client: TestClient, input?: { category?: string }): Promise<BankList> {
  const res = await client.query('tasks.bank.list', input);
  expect(res.status).toBe(200);
  return res.body;
}

async function daily(client: TestClient): Promise<DailyList> {
  const res = await client.query('tasks.daily.list');
  expect(res.status).toBe(200);
  return res.body;
}

async function completionsOf(userId: string) {
  return ctx.deps.db
    .select({ taskId: taskCompletions.taskId, title: taskCompletions.title, plannedOn: taskCompletions.plannedOn })
    .from(taskCompletions)
    .where(eq(taskCompletions.userId, userId));
}

describe('signed out', () => {
  test('every procedure answers 401', async () => {
    const anonymous = new Client(ctx.app);
    const queries: QueryPath[] = ['tasks.bank.list', 'tasks.daily.list'];
    const mutations: [MutationPath, unknown][] = [
      ['tasks.bank.create', { id: 'a', title: 'A' }],
      ['tasks.bank.update', { id: 'a', title: 'A', category: 'Work' }],
      ['tasks.bank.delete', { id: 'a' }],
      ['tasks.daily.add', { ids: ['a'] }],
      ['tasks.daily.remove', { id: 'a' }],
      ['tasks.daily.complete', { id: 'a' }],
      ['tasks.daily.incomplete', { id: 'a' }],
      ['tasks.daily.reset', undefined],
      ['tasks.categories.add', { name: 'Garden' }],
      ['tasks.categories.remove', { name: 'Garden' }],
    ];
    for (const path of queries) {
      const res = await anonymous.query(path);
      expect(res.status, path).toBe(401);
      expect(res.body.message).toBe('Not signed in');
    }
    for (const [path, input] of mutations) {
      const res = await anonymous.mutate(path, unchecked(input));
      expect(res.status, path).toBe(401);
      expect(res.body.message).toBe('Not signed in');
    }
  });

  test('the REST shims answer 401', async () => {
    const anonymous = new Client(ctx.app);
    for (const res of [
      await anonymous.post('/api/tasks', { id: 'a', title: 'A' }),
      await anonymous.put('/api/tasks/a/complete'),
      await anonymous.put('/api/tasks/a/incomplete'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Not signed in' });
    }
  });
});

describe('tasks.bank', () => {
  test('create trims, defaults the category to General and stamps the server time', async () => {
    const { client } = await newClient();
    const task = await create(client, 't1', '  Write report  ', { description: '  two pages ' });
    expect(task).toEqual({
      id: 't1',
      title: 'Write report',
      description: 'two pages',
      category: 'General',
      created: START.toISOString(),
    });
    const blankDescription = await create(client, 't2', 'Run', { description: '   ', category: ' Health ' });
    expect(blankDescription.description).toBeNull();
    expect(blankDescription.category).toBe('Health');
  });

  test('bad input answers 400 naming the field, and nothing is created', async () => {
    const { client } = await newClient();
    const blank = await client.mutate('tasks.bank.create', { id: 'x', title: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toStartWith('Title ');
    const missingId = await client.mutate('tasks.bank.create', unchecked({ title: 'No id' }));
    expect(missingId.status).toBe(400);
    expect(missingId.body.message).toStartWith('ID ');
    const long = await client.mutate('tasks.bank.create', { id: 'y', title: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.message).toStartWith('Title ');
    const badCategory = await client.mutate('tasks.bank.create', { id: 'z', title: 'Z', category: 'c'.repeat(41) });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.message).toStartWith('Category ');
    expect((await bank(client)).total).toBe(0);
  });

  test('a duplicate id answers 409 and leaves the first task as it was', async () => {
    const { client } = await newClient();
    await create(client, 'dup', 'First');
    const again = await client.mutate('tasks.bank.create', { id: 'dup', title: 'Second' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A task with this id already exists');
    const list = await bank(client);
    expect(list.tasks.map((t) => t.title)).toEqual(['First']);
  });

  test('ids are unique per user: two users may use the same id', async () => {
    const a = await newClient();
    const b = await newClient();
    await create(a.client, 'same', 'A task');
    await create(b.client, 'same', 'B task');
    expect((await bank(a.client)).tasks.map((t) => t.title)).toEqual(['A task']);
    expect((await bank(b.client)).tasks.map((t) => t.title)).toEqual(['B task']);
  });

  test('a free user is refused the 11th task with 403 and the spec message', async () => {
    const { client } = await newClient();
    for (let i = 1; i <= 10; i++) await create(client, `b${i}`);
    const refused = await client.mutate('tasks.bank.create', { id: 'b11', title: 'One too many' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(BANK_LIMIT_MESSAGE);
    expect(refused.body.code).toBe('FORBIDDEN');
    const list = await bank(client);
    expect(list.total).toBe(10);
    expect(list.limit).toBe(10);
    expect(list.tasks.some((t) => t.id === 'b11')).toBe(false);
    // A taken id is a conflict even when the bank is full: the client's retry learns it is saved.
    const retried = await client.mutate('tasks.bank.create', { id: 'b10', title: 'Retried' });
    expect(retried.status).toBe(409);
    expect(retried.body.message).toBe('A task with this id already exists');
  });

  test('list: newest first, filter by category; total, counts, custom categories and limit ignore the filter', async () => {
    const { client } = await newClient();
    await create(client, 'w1', 'Work one', { category: 'Work' });
    ctx.clock.advance(60_000);
    await create(client, 'g1', 'General one');
    ctx.clock.advance(60_000);
    await create(client, 'w2', 'Work two', { category: 'Work' });
    // Same millisecond: insertion order still decides.
    await create(client, 'h1', 'Health one', { category: 'Health' });
    await client.mutate('tasks.categories.add', { name: 'Garden' });

    const all = await bank(client);
    expect(all.tasks.map((t) => t.id)).toEqual(['h1', 'w2', 'g1', 'w1']);
    expect(all.total).toBe(4);
    expect(all.categoryCounts).toEqual([
      { category: 'General', count: 1 },
      { category: 'Health', count: 1 },
      { category: 'Work', count: 2 },
    ]);
    expect(all.customCategories).toEqual(['Garden']);
    expect(all.limit).toBe(10);

    const work = await bank(client, { category: 'Work' });
    expect(work.tasks.map((t) => t.id)).toEqual(['w2', 'w1']);
    expect(work.total).toBe(4);
    expect(work.categoryCounts).toEqual(all.categoryCounts);
    expect(work.customCategories).toEqual(['Garden']);
    expect(work.limit).toBe(10);

    const none = await bank(client, { category: 'Finance' });
    expect(none.tasks).toEqual([]);
    expect(none.total).toBe(4);
  });

  test("update changes the bank task and its copy on Today's Focus, keeping the day state", async () => {
    const { client } = await newClient();
    await create(client, 'u1', 'Old title', { description: 'old' });
    await client.mutate('tasks.daily.add', { ids: ['u1'] });
    await client.mutate('tasks.daily.complete', { id: 'u1' });
    const updated = await client.mutate('tasks.bank.update', {
      id: 'u1',
      title: ' New title ',
      description: '',
      category: 'Work',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      id: 'u1',
      title: 'New title',
      description: null,
      category: 'Work',
      created: START.toISOString(),
    });
    const [copy] = (await daily(client)).tasks;
    expect(copy).toMatchObject({ id: 'u1', title: 'New title', description: null, category: 'Work', completed: true });
  });

  test('update refuses a blank title (400 naming it) and an unknown id (404)', async () => {
    const { client } = await newClient();
    await create(client, 'u2', 'Keep me');
    const blank = await client.mutate('tasks.bank.update', { id: 'u2', title: ' ', category: 'General' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toStartWith('Title ');
    const missingCategory = await client.mutate('tasks.bank.update', unchecked({ id: 'u2', title: 'T' }));
    expect(missingCategory.status).toBe(400);
    expect(missingCategory.body.message).toStartWith('Category ');
    const unknown = await client.mutate('tasks.bank.update', { id: 'nope', title: 'T', category: 'General' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Task not found');
    expect((await bank(client)).tasks[0]!.title).toBe('Keep me');
  });

  test('delete removes the task from the bank only: its daily copy stays', async () => {
    const { client } = await newClient();
    await create(client, 'd1', 'Going');
    await create(client, 'd2', 'Staying');
    await client.mutate('tasks.daily.add', { ids: ['d1'] });
    const res = await client.mutate('tasks.bank.delete', { id: 'd1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'd1' });
    expect((await bank(client)).tasks.map((t) => t.id)).toEqual(['d2']);
    expect((await daily(client)).tasks.map((t) => t.id)).toEqual(['d1']);
    const again = await client.mutate('tasks.bank.delete', { id: 'd1' });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Task not found');
  });
});

describe('tasks.daily', () => {
  test("add copies bank tasks in the order given, planned on the user's local date", async () => {
    // 12:00 UTC on 10 March is already 01:00 on 11 March in Auckland.
    const { client } = await newClient('Pacific/Auckland');
    await create(client, 'a1', 'First', { category: 'Work', description: 'desc' });
    await create(client, 'a2', 'Second');
    const res = await client.mutate<DailyList>('tasks.daily.add', { ids: ['a2', 'a1'] });
    expect(res.status).toBe(200);
    expect(res.body.reset).toBeNull();
    expect(res.body.tasks.map((t) => t.id)).toEqual(['a2', 'a1']);
    expect(res.body.tasks[1]).toEqual({
      id: 'a1',
      title: 'First',
      description: 'desc',
      category: 'Work',
      created: START.toISOString(),
      completed: false,
      isCarryOver: false,
      carryOverDate: null,
      plannedOn: '2026-03-11',
      daysCarriedOver: 0,
    });
    const list = await daily(client);
    expect(list.tasks).toEqual(res.body.tasks);
    expect(list.reset).toBeNull();
  });

  test('the first read creates the reset state without a reset', async () => {
    const { client } = await newClient();
    const list = await daily(client);
    expect(list).toEqual({ tasks: [], reset: null, lastReset: START.toISOString() });
    const reset = await client.mutate('tasks.daily.reset');
    expect(reset.status).toBe(200);
    expect(reset.body).toBeNull();
  });

  test('a task already on the list answers 409 with the spec message, and nothing of the batch is added', async () => {
    const { client } = await newClient();
    await create(client, 'c1', 'Already there');
    await create(client, 'c2', 'New one');
    await client.mutate('tasks.daily.add', { ids: ['c1'] });
    const res = await client.mutate('tasks.daily.add', { ids: ['c2', 'c1'] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('"Already there" is already in your daily tasks.');
    expect((await daily(client)).tasks.map((t) => t.id)).toEqual(['c1']);
  });

  test('a completed task still counts as on the list (409)', async () => {
    const { client } = await newClient();
    await create(client, 'cc', 'Done today');
    await client.mutate('tasks.daily.add', { ids: ['cc'] });
    await client.mutate('tasks.daily.complete', { id: 'cc' });
    const res = await client.mutate('tasks.daily.add', { ids: ['cc'] });
    expect(res.status).toBe(409);
  });

  test('more than 5 answers 403 with the spec message, all or nothing', async () => {
    const { client } = await newClient();
    for (let i = 1; i <= 7; i++) await create(client, `l${i}`);
    await client.mutate('tasks.daily.add', { ids: ['l1', 'l2', 'l3', 'l4'] });
    const tooMany = await client.mutate('tasks.daily.add', { ids: ['l5', 'l6'] });
    expect(tooMany.status).toBe(403);
    expect(tooMany.body.message).toBe(DAILY_LIMIT_MESSAGE);
    expect((await daily(client)).tasks).toHaveLength(4);
    const fifth = await client.mutate<DailyList>('tasks.daily.add', { ids: ['l5'] });
    expect(fifth.body.tasks).toHaveLength(5);
    const sixth = await client.mutate('tasks.daily.add', { ids: ['l6'] });
    expect(sixth.status).toBe(403);
    expect(sixth.body.message).toBe(DAILY_LIMIT_MESSAGE);
    // Completing one does not free a place: the day's list holds 5 until the reset or a removal.
    await client.mutate('tasks.daily.complete', { id: 'l1' });
    expect((await client.mutate('tasks.daily.add', { ids: ['l6'] })).status).toBe(403);
    await client.mutate('tasks.daily.remove', { id: 'l1' });
    expect((await client.mutate('tasks.daily.add', { ids: ['l6'] })).status).toBe(200);
  });

  test('an unknown bank id answers 404 and nothing is added', async () => {
    const { client } = await newClient();
    await create(client, 'k1');
    const res = await client.mutate('tasks.daily.add', { ids: ['k1', 'ghost'] });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Task not found');
    expect((await daily(client)).tasks).toEqual([]);
  });

  test('repeated ids in one call are added once', async () => {
    const { client } = await newClient();
    await create(client, 'r1');
    const res = await client.mutate<DailyList>('tasks.daily.add', { ids: ['r1', 'r1', 'r1'] });
    expect(res.status).toBe(200);
    expect(res.body.tasks.map((t) => t.id)).toEqual(['r1']);
  });

  test('bad input answers 400 naming the field', async () => {
    const { client } = await newClient();
    const empty = await client.mutate('tasks.daily.add', { ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toStartWith('IDs ');
    const six = await client.mutate('tasks.daily.add', { ids: ['1', '2', '3', '4', '5', '6'] });
    expect(six.status).toBe(400);
    expect(six.body.message).toStartWith('IDs ');
    const noId = await client.mutate('tasks.daily.complete', unchecked({}));
    expect(noId.status).toBe(400);
    expect(noId.body.message).toStartWith('ID ');
  });

  test('remove takes a task off the list; unknown answers 404', async () => {
    const { client } = await newClient();
    await create(client, 'm1');
    await create(client, 'm2');
    await client.mutate('tasks.daily.add', { ids: ['m1', 'm2'] });
    const res = await client.mutate('tasks.daily.remove', { id: 'm1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'm1', reset: null });
    expect((await daily(client)).tasks.map((t) => t.id)).toEqual(['m2']);
    expect((await bank(client)).total).toBe(2);
    const again = await client.mutate('tasks.daily.remove', { id: 'm1' });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Task not found');
  });

  test('complete records a completion, incomplete erases it; repeats change nothing; completed sort last', async () => {
    const { client, userId } = await newClient();
    await create(client, 'x1', 'First');
    await create(client, 'x2', 'Second');
    await client.mutate('tasks.daily.add', { ids: ['x1', 'x2'] });
    ctx.clock.advance(5 * 60_000);

    const done = await client.mutate('tasks.daily.complete', { id: 'x1' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: 'x1', completed: true, daysCarriedOver: 0 });
    expect((await daily(client)).tasks.map((t) => [t.id, t.completed])).toEqual([
      ['x2', false],
      ['x1', true],
    ]);
    expect(await completionsOf(userId)).toEqual([{ taskId: 'x1', title: 'First', plannedOn: '2026-03-10' }]);

    // A repeat changes nothing and answers with the entry as it is.
    const again = await client.mutate('tasks.daily.complete', { id: 'x1' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: 'x1', title: 'First', completed: true, reset: null });
    expect(await completionsOf(userId)).toHaveLength(1);

    const undone = await client.mutate('tasks.daily.incomplete', { id: 'x1' });
    expect(undone.status).toBe(200);
    expect(undone.body.completed).toBe(false);
    expect(await completionsOf(userId)).toEqual([]);
    expect((await daily(client)).tasks.map((t) => t.id)).toEqual(['x1', 'x2']);
    const undoneAgain = await client.mutate('tasks.daily.incomplete', { id: 'x1' });
    expect(undoneAgain.status).toBe(200);
    expect(undoneAgain.body).toMatchObject({ id: 'x1', title: 'First', completed: false, reset: null });
    expect(await completionsOf(userId)).toEqual([]);
  });

  test("unticking erases only the completion being undone, not the same task's from an earlier day", async () => {
    const { client, userId } = await newClient();
    await create(client, 'again', 'Again');
    await client.mutate('tasks.daily.add', { ids: ['again'] });
    expect((await client.mutate('tasks.daily.complete', { id: 'again' })).status).toBe(200);
    // The next day the reset drops the completed entry; the bank task goes on the list again.
    ctx.clock.set(new Date(START.getTime() + 86_400_000));
    await daily(client);
    expect((await client.mutate('tasks.daily.add', { ids: ['again'] })).status).toBe(200);
    expect((await client.mutate('tasks.daily.complete', { id: 'again' })).status).toBe(200);
    expect((await completionsOf(userId)).map((c) => c.plannedOn).sort()).toEqual(['2026-03-10', '2026-03-11']);

    expect((await client.mutate('tasks.daily.incomplete', { id: 'again' })).status).toBe(200);
    expect((await completionsOf(userId)).map((c) => c.plannedOn)).toEqual(['2026-03-10']);
  });

  test('unticking an entry completed without a time (an old or imported row) erases no history', async () => {
    const { client, userId } = await newClient();
    await create(client, 'untimed', 'Untimed');
    await client.mutate('tasks.daily.add', { ids: ['untimed'] });
    expect((await client.mutate('tasks.daily.complete', { id: 'untimed' })).status).toBe(200);
    await ctx.deps.db
      .update(dailyTasks)
      .set({ completedAt: null })
      .where(and(eq(dailyTasks.userId, userId), eq(dailyTasks.id, 'untimed')));

    const undone = await client.mutate('tasks.daily.incomplete', { id: 'untimed' });
    expect(undone.status).toBe(200);
    expect(undone.body.completed).toBe(false);
    expect((await daily(client)).tasks.find((t) => t.id === 'untimed')?.completed).toBe(false);
    expect((await completionsOf(userId)).map((c) => c.taskId)).toEqual(['untimed']);
  });

  test('complete and incomplete answer 404 for a task not on the list', async () => {
    const { client } = await newClient();
    await create(client, 'n1');
    for (const path of ['tasks.daily.complete', 'tasks.daily.incomplete'] as const) {
      const res = await client.mutate(path, { id: 'n1' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Task not found');
    }
  });
});

describe('tasks.categories', () => {
  test('add trims and answers the custom list oldest first; remove answers the rest', async () => {
    const { client } = await newClient();
    const first = await client.mutate('tasks.categories.add', { name: '  Garden ' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual(['Garden']);
    ctx.clock.advance(1000);
    expect((await client.mutate('tasks.categories.add', { name: 'Music' })).body).toEqual(['Garden', 'Music']);
    // Case-sensitive: 'work' is not the built-in 'Work', 'garden' not 'Garden'.
    ctx.clock.advance(1000);
    expect((await client.mutate('tasks.categories.add', { name: 'work' })).body).toEqual(['Garden', 'Music', 'work']);
    const removed = await client.mutate('tasks.categories.remove', { name: 'Music' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual(['Garden', 'work']);
    expect((await bank(client)).customCategories).toEqual(['Garden', 'work']);
  });

  test('empty, built-in or existing names answer 400 with the spec message', async () => {
    const { client } = await newClient();
    await client.mutate('tasks.categories.add', { name: 'Garden' });
    for (const name of ['', '   ', 'Work', 'General', 'Garden', ' Garden ']) {
      const res = await client.mutate('tasks.categories.add', { name });
      expect(res.status, name).toBe(400);
      expect(res.body.message).toBe('Category already exists or is empty.');
    }
    const long = await client.mutate('tasks.categories.add', { name: 'x'.repeat(41) });
    expect(long.status).toBe(400);
    expect(long.body.message).toStartWith('Name ');
    expect((await bank(client)).customCategories).toEqual(['Garden']);
  });

  test(`an account keeps at most ${CUSTOM_CATEGORY_LIMIT} custom categories; removing one makes room`, async () => {
    const { client, userId } = await newClient();
    await ctx.deps.db
      .insert(customCategories)
      .values(
        Array.from({ length: CUSTOM_CATEGORY_LIMIT }, (_, i) => ({ userId, name: `Cat ${i}`, createdAt: START })),
      );
    const refused = await client.mutate('tasks.categories.add', { name: 'One more' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `You can keep at most ${CUSTOM_CATEGORY_LIMIT} custom categories: remove one to add another.`,
    );
    expect((await bank(client)).customCategories).toHaveLength(CUSTOM_CATEGORY_LIMIT);
    expect((await client.mutate('tasks.categories.remove', { name: 'Cat 0' })).status).toBe(200);
    expect((await client.mutate('tasks.categories.add', { name: 'One more' })).status).toBe(200);
  });

  test('remove of an unknown category answers 404; tasks in a removed category keep their text', async () => {
    const { client } = await newClient();
    await client.mutate('tasks.categories.add', { name: 'Garden' });
    await create(client, 'g1', 'Weed', { category: 'Garden' });
    const unknown = await client.mutate('tasks.categories.remove', { name: 'Nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Category not found');
    const builtIn = await client.mutate('tasks.categories.remove', { name: 'Work' });
    expect(builtIn.status).toBe(404);
    expect((await client.mutate('tasks.categories.remove', { name: 'Garden' })).body).toEqual([]);
    const list = await bank(client);
    expect(list.tasks[0]!.category).toBe('Garden');
    expect(list.categoryCounts).toEqual([{ category: 'Garden', count: 1 }]);
  });
});

describe('REST shims', () => {
  test('POST /api/tasks creates (201), then answers the same task (200) without changing it', async () => {
    const { client } = await newClient();
    const created = await client.post<BankTask>('/api/tasks', {
      id: 'p1',
      title: ' Spec task ',
      description: null,
      category: 'Work',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: 'p1',
      title: 'Spec task',
      description: null,
      category: 'Work',
      created: START.toISOString(),
    });
    const again = await client.post<BankTask>('/api/tasks', { id: 'p1', title: 'Other title' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
    expect((await bank(client)).tasks.map((t) => t.title)).toEqual(['Spec task']);
  });

  test('POST /api/tasks: 400 naming the field, 403 at the bank limit (but 200 for a task already held)', async () => {
    const { client } = await newClient();
    const blank = await client.post('/api/tasks', { id: 'p', title: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toStartWith('Title ');
    const noBody = await client.post('/api/tasks');
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toStartWith('ID ');
    const notJson = await client.request('POST', '/api/tasks', '{oops', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);

    for (let i = 1; i <= 10; i++)
      expect((await client.post('/api/tasks', { id: `p${i}`, title: `T${i}` })).status).toBe(201);
    const refused = await client.post('/api/tasks', { id: 'p11', title: 'Eleventh' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: BANK_LIMIT_MESSAGE });
    expect((await client.post('/api/tasks', { id: 'p3', title: 'T3' })).status).toBe(200);
    expect((await bank(client)).total).toBe(10);
  });

  test("PUT /api/tasks/{id}/complete and /incomplete mark the Today's Focus entry", async () => {
    const { client, userId } = await newClient();
    await create(client, 's1', 'Shim me');
    await client.mutate('tasks.daily.add', { ids: ['s1'] });
    const done = await client.put('/api/tasks/s1/complete');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: 's1', title: 'Shim me', completed: true });
    expect(await completionsOf(userId)).toHaveLength(1);
    const undone = await client.put('/api/tasks/s1/incomplete');
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ id: 's1', completed: false });
    expect(await completionsOf(userId)).toHaveLength(0);
  });

  test('PUT complete/incomplete answer 404 for a task not on the list', async () => {
    const { client } = await newClient();
    await create(client, 'bankOnly');
    for (const path of ['/api/tasks/bankOnly/complete', '/api/tasks/ghost/incomplete']) {
      const res = await client.put(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Task not found' });
    }
  });
});

describe("another user's tasks", () => {
  test('are refused with 404 everywhere and left exactly as they were', async () => {
    const owner = await newClient();
    const intruder = await newClient();
    await create(owner.client, 'mine', 'Owner task', { category: 'Work', description: 'secret' });
    await create(owner.client, 'mine2', 'Owner bank only');
    await owner.client.mutate('tasks.daily.add', { ids: ['mine'] });
    await owner.client.mutate('tasks.categories.add', { name: 'Private' });
    const bankBefore = await bank(owner.client);
    const dailyBefore = await daily(owner.client);

    const attempts = [
      await intruder.client.mutate('tasks.bank.update', { id: 'mine', title: 'Hacked', category: 'General' }),
      await intruder.client.mutate('tasks.bank.delete', { id: 'mine' }),
      await intruder.client.mutate('tasks.daily.add', { ids: ['mine2'] }),
      await intruder.client.mutate('tasks.daily.remove', { id: 'mine' }),
      await intruder.client.mutate('tasks.daily.complete', { id: 'mine' }),
      await intruder.client.mutate('tasks.daily.incomplete', { id: 'mine' }),
      await intruder.client.mutate('tasks.categories.remove', { name: 'Private' }),
      await intruder.client.put('/api/tasks/mine/complete'),
      await intruder.client.put('/api/tasks/mine/incomplete'),
    ];
    for (const res of attempts) expect(res.status).toBe(404);

    // The intruder's own views show nothing of the owner's.
    const theirBank = await bank(intruder.client);
    expect(theirBank.tasks).toEqual([]);
    expect(theirBank.customCategories).toEqual([]);
    expect((await daily(intruder.client)).tasks).toEqual([]);

    expect(await bank(owner.client)).toEqual(bankBefore);
    expect(await daily(owner.client)).toEqual(dailyBefore);
    const completions = await ctx.deps.db
      .select({ id: taskCompletions.id })
      .from(taskCompletions)
      .where(and(eq(taskCompletions.userId, owner.userId)));
    expect(completions).toEqual([]);
  });
});

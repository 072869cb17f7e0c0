// Double submits and parallel tabs: the limits and the reset must hold when a user's requests
// race. Meaningful on PostgreSQL (TEST_DATABASE_URL), where requests run on separate connections;
// on PGlite it still checks the same outcomes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import postgres from 'postgres';
import type { DailyList } from '../../src/shared/tasks';
import { type TestClient, type TestContext, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: new Date('2026-03-10T12:00:00Z') });
}, 120_000); // a cold PGlite template can take long on a busy machine
afterAll(() => ctx.close());

async function newClient(): Promise<TestClient> {
  return signedInClient(ctx, await createUser(ctx));
}

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describe('concurrent writes by one user', () => {
  test('8 parallel daily.add calls of different ids from an empty list: exactly 5 land', async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const client = await newClient();
    const ids = Array.from({ length: 8 }, (_, i) => `p${i}`);
    for (const id of ids) expect((await client.mutate('tasks.bank.create', { id, title: id })).status).toBe(200);
    const results = await Promise.all(ids.map((id) => client.mutate('tasks.daily.add', { ids: [id] })));
    expect(statuses(results)).toEqual([200, 200, 200, 200, 200, 403, 403, 403]);
    const list = (await client.query('tasks.daily.list')).body;
    expect(list.tasks).toHaveLength(5);
    expect(new Set(list.tasks.map((t) => t.id)).size).toBe(5);
  });

  test('the same add submitted twice at once lands once (the other answers 409)', async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const client = await newClient();
    await client.mutate('tasks.bank.create', { id: 'twice', title: 'Twice' });
    const results = await Promise.all([1, 2, 3].map(() => client.mutate('tasks.daily.add', { ids: ['twice'] })));
    expect(statuses(results)).toEqual([200, 409, 409]);
    expect((await client.query('tasks.daily.list')).body.tasks).toHaveLength(1);
  });

  test('14 parallel bank.create calls for a free user: exactly 10 land', async () => {
    const client = await newClient();
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) => client.mutate('tasks.bank.create', { id: `c${i}`, title: `C${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 403)).toHaveLength(4);
    expect((await client.query('tasks.bank.list')).body.total).toBe(10);
  });

  test('parallel POST /api/tasks of one id: one 201, the rest 200, one task', async () => {
    const client = await newClient();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => client.post('/api/tasks', { id: 'same', title: 'Same' })),
    );
    expect(statuses(results)).toEqual([200, 200, 200, 200, 201]);
    expect((await client.query('tasks.bank.list')).body.total).toBe(1);
  });

  test('parallel complete calls record one completion', async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const client = await newClient();
    await client.mutate('tasks.bank.create', { id: 'done', title: 'Done' });
    await client.mutate('tasks.daily.add', { ids: ['done'] });
    const results = await Promise.all(Array.from({ length: 5 }, () => client.put('/api/tasks/done/complete')));
    expect(statuses(results)).toEqual([200, 200, 200, 200, 200]);
    const { taskCompletions } = await import('../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    const rows = await ctx.deps.db
      .select({ id: taskCompletions.id })
      .from(taskCompletions)
      .where(eq(taskCompletions.taskId, 'done'));
    expect(rows).toHaveLength(1);
  });

  test('parallel first reads after midnight: exactly one performs and reports the reset', async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const client = await newClient();
    await client.query('tasks.daily.list');
    for (const id of ['r1', 'r2', 'r3']) await client.mutate('tasks.bank.create', { id, title: id });
    await client.mutate('tasks.daily.add', { ids: ['r1', 'r2', 'r3'] });
    await client.mutate('tasks.daily.complete', { id: 'r1' });
    ctx.clock.set(new Date('2026-03-11T00:10:00Z'));
    const reads = await Promise.all([
      ...Array.from({ length: 4 }, () => client.query('tasks.daily.list')),
      client.mutate('tasks.daily.reset'),
      client.mutate('tasks.daily.reset'),
    ]);
    const reports = reads.map((r) => (r.body && 'tasks' in r.body ? r.body.reset : r.body)).filter((r) => r !== null);
    expect(reports).toEqual([{ removed: 1, carriedOver: 2 }]);
    expect((await client.query('tasks.daily.list')).body.tasks.map((t) => t.id)).toEqual(['r2', 'r3']);
  });

  test("a brand-new user's parallel first requests create one reset state without failing", async () => {
    const client = await newClient();
    const results = await Promise.all([
      client.query('tasks.daily.list'),
      client.query('tasks.daily.list'),
      client.mutate('tasks.daily.reset'),
      client.mutate('tasks.bank.create', { id: 'first', title: 'First' }),
    ]);
    expect(statuses(results)).toEqual([200, 200, 200, 200]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('reads take no write lock (PostgreSQL)', () => {
  test("while another connection holds the user's lock, reads answer at once; a due reset waits for it", async () => {
    ctx.clock.set(new Date('2026-03-10T12:00:00Z'));
    const user = await createUser(ctx);
    const client = await signedInClient(ctx, user);
    await client.query('tasks.daily.list'); // creates the reset state
    const holder = postgres((ctx.database as { url?: string }).url!, { max: 1, onnotice: () => {} });
    const locked = Promise.withResolvers<void>();
    const release = Promise.withResolvers<void>();
    const holding = holder.begin(async (tx) => {
      await tx`select 1 from daily_reset_state where user_id = ${user.id} for update`;
      locked.resolve();
      await release.promise;
    });
    try {
      await locked.promise;
      const timeout = (ms: number) => Bun.sleep(ms).then(() => 'timed out' as const);
      // Eight parallel reads of the same user: none waits for the write lock.
      const reads = Promise.all(Array.from({ length: 8 }, () => client.query<DailyList>('tasks.daily.list')));
      const outcome = await Promise.race([reads, timeout(3000)]);
      expect(outcome).not.toBe('timed out');
      expect((outcome as { status: number }[]).map((r) => r.status)).toEqual(Array(8).fill(200));
      expect((await Promise.race([client.query('tasks.bank.list'), timeout(3000)])) as unknown).not.toBe('timed out');
      // After midnight the read must reset, so it queues behind the lock like a write.
      ctx.clock.set(new Date('2026-03-11T12:00:00Z'));
      const due = client.query<DailyList>('tasks.daily.list');
      expect(await Promise.race([due.then(() => 'answered' as const), timeout(300)])).toBe('timed out');
      release.resolve();
      expect((await due).body.reset).toEqual({ removed: 0, carriedOver: 0 });
    } finally {
      release.resolve();
      await holding;
      await holder.end();
    }
  });
});

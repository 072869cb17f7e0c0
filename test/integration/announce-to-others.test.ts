// A task write or a Lock-In session's end announces its commit only when another LockIn process
// listens (drizzle/0014): with one process, it lifts its own cache marks itself, and its commit is
// not one of the notifying commits PostgreSQL serializes. A process that registers waits for the writes that
// decided without it. PGlite is only ever one process: its task writes announce nothing.
import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { sessionCache } from '../../src/server/accounts/session-cache';
import { registerListener } from '../../src/server/db/cache-listeners';
import { rowsOf } from '../../src/server/db/rows';
import { type TestClient, type TestContext, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { eventually } from '../support/notify-triggers';

const CHANNEL = 'lockin_sessions';

describe.skipIf(!process.env.TEST_DATABASE_URL)('announcing a task write to other processes (PostgreSQL)', () => {
  let ctx: TestContext;
  let url = '';
  /** Another "process": its own named connection, listening on the channel. */
  let other: postgres.Sql;
  const heard: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    url = ctx.database.url ?? '';
    other = postgres(url, { max: 2, onnotice: () => {}, connection: { application_name: 'lockin:other' } });
    await other.listen(CHANNEL, (payload) => heard.push(payload));
  }, 120_000);
  afterAll(async () => {
    await other?.end({ timeout: 5 });
    await ctx?.close();
  });

  async function userWithTask(): Promise<{ client: TestClient; userId: string }> {
    const user = await createUser(ctx);
    const client = await signedInClient(ctx, user);
    expect((await client.mutate('tasks.bank.create', { id: 't', title: 'Task', category: 'Work' })).status).toBe(200);
    expect((await client.mutate('tasks.daily.add', { ids: ['t'] })).status).toBe(200);
    return { client, userId: user.id };
  }

  /**
   * Waits for a NOTIFY sent after everything before it: a row of `marker` changed behind the app
   * (no lock, so announced). Notifications arrive in commit order, so anything announced before
   * it has been heard by then.
   */
  async function allHeard(marker: string): Promise<void> {
    await ctx.deps.db.execute(sql`update daily_tasks set title = title where user_id = ${marker}`);
    await eventually(() => heard.some((p) => p.startsWith(`d:${marker}:`)));
  }

  test('with no other process listening a tick announces nothing; with one it is announced', async () => {
    const { client, userId } = await userWithTask();
    const marker = await userWithTask();
    const about = () => heard.filter((p) => p.startsWith(`d:${userId}:`) || p.startsWith(`a:${userId}:`));

    expect((await client.mutate('tasks.daily.complete', { id: 't' })).status).toBe(200);
    await allHeard(marker.userId);
    expect(about()).toEqual([]);

    await other`insert into cache_listeners (name) values ('lockin:other')`;
    try {
      expect((await client.mutate('tasks.daily.incomplete', { id: 't' })).status).toBe(200);
      await eventually(() => about().some((p) => p.startsWith('d:')));
      expect(about().some((p) => p.startsWith('a:'))).toBe(true); // the completion erased
    } finally {
      await other`delete from cache_listeners where name = 'lockin:other'`;
    }
  });

  test('an ended Lock-In session is announced only when another process listens', async () => {
    const { client, userId } = await userWithTask();
    const marker = await userWithTask();
    const about = () => heard.filter((p) => p.startsWith(`a:${userId}:`));
    const startAndQuit = async () => {
      const started = await client.mutate<{ session: { id: string } }>('lockin.start', { goalMinutes: 25 });
      expect(started.status).toBe(200);
      const quit = await client.mutate('lockin.quit', { id: started.body.session.id, actualMinutes: 0 });
      expect(quit.status).toBe(200);
    };

    await startAndQuit();
    await allHeard(marker.userId);
    expect(about()).toEqual([]);

    await other`insert into cache_listeners (name) values ('lockin:other')`;
    try {
      await startAndQuit();
      await eventually(() => about().length > 0);
    } finally {
      await other`delete from cache_listeners where name = 'lockin:other'`;
    }
  });

  test('a write behind the app (no lock taken) is announced whoever listens', async () => {
    const { userId } = await userWithTask();
    await allHeard(userId);
  });

  test('a process registering waits for a write that has read the list of listeners', async () => {
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const writer = postgres(url, { max: 1, onnotice: () => {} });
    const joining = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: 'lockin:joining' } });
    try {
      let writerRead = false;
      const writing = writer.begin(async (tx) => {
        // As a task write does: lockUser marks its user, and the trigger then asks the registry.
        await tx`select set_config('lockin.marked', 'someone', true)`;
        await tx`select lockin_announces('someone')`;
        writerRead = true;
        await finished;
      });
      await eventually(() => writerRead);
      let registered = false;
      const registering = registerListener(joining, 'lockin:joining').then(() => {
        registered = true;
      });
      await eventually(async () => {
        const [row] = await rowsOf<{ waiting: boolean }>(
          ctx.deps.db,
          sql`select exists (select 1 from pg_locks where relation = 'cache_listeners'::regclass and not granted) as waiting`,
        );
        return Boolean(row?.waiting);
      });
      expect(registered).toBe(false);
      finish();
      await writing;
      await registering;
      const rows = await rowsOf<{ name: string }>(ctx.deps.db, sql`select name from cache_listeners`);
      expect(rows.map((r) => r.name)).toContain('lockin:joining');
    } finally {
      finish();
      await ctx.deps.db.execute(sql`delete from cache_listeners where name = 'lockin:joining'`);
      await writer.end({ timeout: 5 });
      await joining.end({ timeout: 5 });
    }
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a task write on PGlite', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 120_000);
  afterAll(() => ctx?.close());

  test('a tick and an untick announce nothing; a write behind the app is announced', async () => {
    const user = await createUser(ctx);
    const client = await signedInClient(ctx, user);
    expect((await client.mutate('tasks.bank.create', { id: 't', title: 'Task', category: 'Work' })).status).toBe(200);
    expect((await client.mutate('tasks.daily.add', { ids: ['t'] })).status).toBe(200);
    const marker = await createUser(ctx);
    // What this process hears, as it hears it (the listener still runs).
    const heard = spyOn(sessionCache, 'onNotification');
    try {
      expect((await client.mutate('tasks.daily.complete', { id: 't' })).status).toBe(200);
      expect((await client.mutate('tasks.daily.incomplete', { id: 't' })).status).toBe(200);
      // Heard in commit order: once the marker's change is heard, anything before it has been.
      await ctx.deps.db.execute(
        sql`update daily_reset_state set last_reset_at = last_reset_at where user_id = ${user.id}`,
      );
      await ctx.deps.db.execute(
        sql`insert into daily_reset_state (user_id, last_reset_at) values (${marker.id}, now())`,
      );
      const payloads = () => heard.mock.calls.map(([payload]) => payload);
      await eventually(() => payloads().some((p) => p.startsWith(`d:${marker.id}:`)));
      // One announcement about the user: the write behind the app, none for the tick or untick.
      expect(payloads().filter((p) => p.includes(`:${user.id}:`))).toHaveLength(1);
    } finally {
      heard.mockRestore();
    }
  });
});

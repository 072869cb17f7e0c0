// The live channel (GET /api/live) through HTTP, on PGlite and (TEST_DATABASE_URL) PostgreSQL: a
// stream hears its own user's changes from any sign-in as they commit, never another user's, and
// closes when its sign-in ends.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, TestClient, type TestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { openLiveStream } from '../support/live';
import { makePremium } from '../support/plans';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(() => ctx.close());

async function twoDevices() {
  const user = await createUser(ctx);
  const page = await signedInClient(ctx, user);
  const phone = await signedInClient(ctx, user);
  const stream = await openLiveStream(ctx.app, page);
  expect(stream.status).toBe(200);
  expect((await stream.next())?.event).toBe('ready');
  return { user, page, phone, stream };
}

describe('GET /api/live', () => {
  test('a page that goes away frees its place at once (the hub holds no stream nobody reads)', async () => {
    const { stream } = await twoDevices();
    const held = ctx.deps.live.count();
    expect(held).toBeGreaterThan(0);
    await stream.close();
    // The cancel reaches the route's body at once; a few turns of the event loop at most.
    for (let i = 0; i < 50 && ctx.deps.live.count() !== held - 1; i++) await Bun.sleep(10);
    expect(ctx.deps.live.count()).toBe(held - 1);
  });

  test('signed out: 401 and no stream', async () => {
    const stream = await openLiveStream(ctx.app, new TestClient(ctx.app));
    expect(stream.status).toBe(401);
  });

  test("another device's task, session, rest-day and plan changes reach the page as they commit", async () => {
    const { user, phone, stream } = await twoDevices();
    try {
      expect((await phone.mutate('tasks.bank.create', { id: crypto.randomUUID(), title: 'Read' })).status).toBe(200);
      expect(await stream.next()).toEqual({ event: 'tasks', data: {} });
      const started = await phone.post<{ id: string }>('/api/lock-in-sessions', {
        taskTitle: 'Read',
        category: 'Study',
        goalMinutes: 25,
      });
      expect(started.status).toBe(201);
      expect(await stream.next()).toEqual({ event: 'session', data: {} });
      // The streak card's rest days are read with the sessions.
      expect((await phone.mutate('lockin.setRestDays', { weekdays: [0] })).status).toBe(200);
      expect(await stream.next()).toEqual({ event: 'session', data: {} });
      await makePremium(ctx.deps, user.id);
      expect(await stream.next()).toEqual({ event: 'plan', data: {} });
    } finally {
      await stream.close();
    }
  });

  test("another user's changes never reach the stream", async () => {
    const { phone, stream } = await twoDevices();
    const stranger = await signedInClient(ctx, await createUser(ctx));
    try {
      await stranger.mutate('tasks.bank.create', { id: crypto.randomUUID(), title: 'Theirs' });
      await stranger.post('/api/lock-in-sessions', { taskTitle: 'Theirs', category: 'Work', goalMinutes: 25 });
      // Announcements arrive in commit order: the next one this stream hears is its own user's.
      await phone.mutate('tasks.bank.create', { id: crypto.randomUUID(), title: 'Mine' });
      expect(await stream.next()).toEqual({ event: 'tasks', data: {} });
    } finally {
      await stream.close();
    }
  });

  test('the stream ends with its sign-in: signing out here, or from another device', async () => {
    const first = await twoDevices();
    expect((await first.page.post('/api/logout')).status).toBe(302);
    expect(await first.stream.next()).toBeNull();

    const second = await twoDevices();
    expect((await second.phone.post('/api/auth/sign-out-others', {})).status).toBe(200);
    expect(await second.stream.next()).toBeNull();
    // The device that stayed keeps its own stream.
    const kept = await openLiveStream(ctx.app, second.phone);
    expect((await kept.next())?.event).toBe('ready');
    await kept.close();
  });

  test("a new page's first 'ready' says whether a change came while it loaded, so it rereads only then", async () => {
    const user = await createUser(ctx);
    const page = await signedInClient(ctx, user);
    const phone = await signedInClient(ctx, user);
    await ctx.deps.live.listen();
    // A page that begins now has read nothing stale. It stays open: once it hears a change, the
    // process has too (the announcement may come a turn after the write answers).
    const witness = await openLiveStream(ctx.app, page, 0);
    expect(await witness.next()).toEqual({ event: 'ready', data: { reread: false } });
    const changeHeard = async (title: string) => {
      expect((await phone.mutate('tasks.bank.create', { id: crypto.randomUUID(), title })).status).toBe(200);
      expect(await witness.next()).toEqual({ event: 'tasks', data: {} });
    };
    // The phone changes a task; a page that began before it (its age covers the change) rereads.
    const pageBegan = performance.now();
    await changeHeard('Read');
    const stale = await openLiveStream(ctx.app, page, Math.ceil(performance.now() - pageBegan) + 1);
    expect(await stale.next()).toEqual({ event: 'ready', data: { reread: true } });
    await stale.close();
    // Another user's change never does.
    const stranger = await signedInClient(ctx, await createUser(ctx));
    const strangerBegan = performance.now();
    await changeHeard('Mine');
    const theirs = await openLiveStream(ctx.app, stranger, Math.ceil(performance.now() - strangerBegan) + 1);
    expect(await theirs.next()).toEqual({ event: 'ready', data: { reread: false } });
    await theirs.close();
    await witness.close();
    // A page that does not say its age (an app from before it did) is asked about the whole window.
    const old = await openLiveStream(ctx.app, page);
    expect(await old.next()).toEqual({ event: 'ready', data: { reread: true } });
    await old.close();
  });

  test('a page age that is not a whole number of milliseconds from 0 up: 400 naming it, and no stream', async () => {
    const page = await signedInClient(ctx, await createUser(ctx));
    const held = ctx.deps.live.count();
    const messages = {
      soon: 'Since must be a number',
      '-1': 'Since must be at least 0',
      '1.5': 'Since must be a whole number',
      '1e999': 'Since must be a number',
    };
    for (const [since, message] of Object.entries(messages)) {
      const res = await page.get<{ message: string }>(`/api/live?since=${since}`);
      expect({ since, status: res.status, message: res.body.message }).toEqual({ since, status: 400, message });
    }
    expect(ctx.deps.live.count()).toBe(held);
  });

  test('deleting the account ends its streams at once', async () => {
    const { user, phone, stream } = await twoDevices();
    expect((await phone.delete('/api/auth/account', { email: user.email })).status).toBe(200);
    expect(await stream.next()).toBeNull();
  });
});

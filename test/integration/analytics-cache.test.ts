// A free user's analytics answer is kept in the process (src/server/insights/analytics-cache.ts), so
// a second read makes no query; every write in this process that can change it — starting,
// completing or quitting a Lock-In session, one recorded offline, a visitor's history imported,
// ticking or unticking a Today's Focus task, a data import — is seen on the very next read with the
// triggers off (so the answers prove the in-process path, not the notification); a write behind the
// app reaches it by NOTIFY; a new local day or zone reads afresh; premium answers are never kept.
// Runs on PGlite and (TEST_DATABASE_URL) on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { lockInSessions } from '../../src/server/db/schema';
import { analyticsCache } from '../../src/server/insights/analytics-cache';
import type { Analytics, BasicAnalytics } from '../../src/shared/insights';
import type { LockInSessionView, RunningSession } from '../../src/shared/lockin';
import type { ImportResult } from '../../src/shared/data';
import { type TestClient, type TestContext, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { eventually, withTriggersOff } from '../support/notify-triggers';
import { makePremium } from '../support/plans';

// A Tuesday: this week began on Monday the 9th.
const START = new Date('2026-03-10T12:00:00Z');
const MINUTE = 60_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: START });
}, 120_000);
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(START));

async function signedIn(timeZone = 'UTC'): Promise<{ client: TestClient; userId: string }> {
  const user = await createUser(ctx, { timeZone });
  const client = await signedInClient(ctx, user);
  // As another device of the user: one that wrote a moment ago reads past every cache
  // (ops/freshness.ts); these tests show what the cache itself does.
  client.setCookie('lockin_fresh', '');
  return { client, userId: user.id };
}

async function analytics(client: TestClient): Promise<BasicAnalytics> {
  client.setCookie('lockin_fresh', '');
  const res = await client.query<Analytics>('insights.analytics');
  expect(res.status).toBe(200);
  expect(res.body.premium).toBe(false);
  return res.body as BasicAnalytics;
}

const kept = (userId: string) => analyticsCache.get(ctx.deps.db, userId);

/** Reads until the answer is kept (on PostgreSQL a write's notification trails its commit). */
async function untilKept(client: TestClient, userId: string): Promise<BasicAnalytics> {
  let answer: BasicAnalytics | undefined;
  await eventually(async () => {
    answer = await analytics(client);
    return kept(userId) !== undefined;
  });
  return answer as BasicAnalytics;
}

const TRIGGERS = [
  ['lock_in_sessions', 'lock_in_sessions_notify_analytics_insert'],
  ['lock_in_sessions', 'lock_in_sessions_notify_analytics_update'],
  ['lock_in_sessions', 'lock_in_sessions_notify_analytics_delete'],
  ['task_completions', 'task_completions_notify_analytics'],
  ['daily_tasks', 'daily_tasks_notify_changed'],
  ['daily_reset_state', 'daily_reset_state_notify_changed'],
] as const;

/** Runs `body` with the notifying triggers off: only the in-process path can tell the cache. */
const withoutNotify = (body: () => Promise<void>) => withTriggersOff(ctx.deps.db, TRIGGERS, body);

/** A completed (or running) 25-minute session behind the app's back (no service, no drop). */
async function sessionBehindTheBack(userId: string, id: string, status: 'completed' | 'active' = 'completed') {
  const startedAt = new Date(START.getTime() - 60 * MINUTE);
  const completed = status === 'completed';
  await ctx.deps.db.insert(lockInSessions).values({
    userId,
    id,
    taskTitle: 'Behind the back',
    category: 'Work',
    goalMinutes: 25,
    actualMinutes: completed ? 25 : null,
    status,
    completed,
    quitEarly: false,
    startedAt,
    endsAt: new Date(startedAt.getTime() + 25 * MINUTE),
    endedAt: completed ? new Date(startedAt.getTime() + 25 * MINUTE) : null,
  });
}

/** Starts a session and completes it 25 minutes later by the clock; the clock is left there. */
async function completeSession(client: TestClient): Promise<void> {
  const started = await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 25 });
  expect(started.status).toBe(200);
  ctx.clock.set(new Date(ctx.clock.now().getTime() + 25 * MINUTE));
  const done = await client.mutate('lockin.complete', { id: started.body.session.id, actualMinutes: 25 });
  expect(done.status).toBe(200);
}

/** A bank task `id` on Today's Focus. */
async function planTask(client: TestClient, id: string): Promise<void> {
  expect((await client.mutate('tasks.bank.create', { id, title: `Task ${id}`, category: 'Work' })).status).toBe(200);
  expect((await client.mutate('tasks.daily.add', { ids: [id] })).status).toBe(200);
}

describe('a free user’s analytics from the process', () => {
  test('the second read makes no query: a session written with the triggers off goes unseen until dropped', async () => {
    const { client, userId } = await signedIn();
    expect((await untilKept(client, userId)).totalSessionsCompleted).toBe(0);
    await withoutNotify(async () => {
      await sessionBehindTheBack(userId, 'unseen');
      expect((await analytics(client)).totalSessionsCompleted).toBe(0);
    });
    analyticsCache.drop(userId);
    expect((await analytics(client)).totalSessionsCompleted).toBe(1);
  });

  test('with the triggers on, a session written behind the app reaches the cache by its NOTIFY', async () => {
    const { client, userId } = await signedIn();
    await untilKept(client, userId);
    await sessionBehindTheBack(userId, 'notified');
    await eventually(async () => (await analytics(client)).totalSessionsCompleted === 1);
  });

  test('a running session written behind the app announces nothing (it counts in no figure); its end does', async () => {
    const { client, userId } = await signedIn();
    const other = await signedIn();
    await untilKept(client, userId);
    await untilKept(other.client, other.userId);
    await sessionBehindTheBack(userId, 'running', 'active');
    // Notifications arrive in commit order: once the other user's (written after) has dropped
    // their answer, one for the running session would have arrived before it.
    await sessionBehindTheBack(other.userId, 'ended');
    await eventually(() => kept(other.userId) === undefined);
    expect(kept(userId)).toBeDefined();
    await ctx.deps.db
      .update(lockInSessions)
      .set({ status: 'quit', quitEarly: true, actualMinutes: 3, endedAt: START })
      .where(eq(lockInSessions.id, 'running'));
    await eventually(() => kept(userId) === undefined);
    // The quit reached the rollups (the rollup trigger skips only rows that were and stay running).
    expect(await analytics(client)).toMatchObject({ totalSessionsCompleted: 0, totalFocusTime: 3 });
  });

  test('each Lock-In write is seen on the very next read: start, complete, quit', async () => {
    const { client, userId } = await signedIn();
    await untilKept(client, userId);
    await withoutNotify(async () => {
      await completeSession(client);
      const afterComplete = await analytics(client);
      expect(afterComplete).toMatchObject({ totalSessionsCompleted: 1, totalFocusTime: 25, dailyStreak: 1 });

      const started = await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 25 });
      // A running session is not counted; the read still goes past the answer kept before it.
      expect((await analytics(client)).totalSessionsCompleted).toBe(1);
      ctx.clock.set(new Date(ctx.clock.now().getTime() + 10 * MINUTE));
      const quit = await client.mutate('lockin.quit', { id: started.body.session.id, actualMinutes: 10 });
      expect(quit.status).toBe(200);
      expect(await analytics(client)).toMatchObject({ totalSessionsCompleted: 1, totalFocusTime: 35 });
    });
  });

  test('a session recorded offline and a visitor’s imported history are seen on the very next read', async () => {
    const { client, userId } = await signedIn();
    const stamp = (await client.query<RunningSession>('lockin.running')).body.syncStamp;
    ctx.clock.set(new Date(START.getTime() + 60 * MINUTE));
    await untilKept(client, userId);
    await withoutNotify(async () => {
      const offline = await client.mutate('lockin.recordOffline', {
        id: crypto.randomUUID(),
        goalMinutes: 25,
        startTime: new Date(START.getTime() + 5 * MINUTE).toISOString(),
        endTime: new Date(START.getTime() + 30 * MINUTE).toISOString(),
        outcome: 'completed',
        syncStamp: stamp,
      });
      expect(offline.status).toBe(200);
      expect((await analytics(client)).totalSessionsCompleted).toBe(1);

      const imported = await client.mutate('lockin.importLocal', {
        sessions: [
          {
            id: 'visitor-1',
            timestamp: new Date(START.getTime() - 24 * 60 * MINUTE).toISOString(),
            duration: 1500,
            actualDuration: 1500,
            completed: true,
          },
        ],
      });
      expect(imported.status).toBe(200);
      expect(await analytics(client)).toMatchObject({ totalSessionsCompleted: 2, totalFocusTime: 50, dailyStreak: 2 });
    });
  });

  test('ticking and unticking a Today’s Focus task are seen on the very next read', async () => {
    const { client, userId } = await signedIn();
    await planTask(client, 'a');
    await untilKept(client, userId);
    await withoutNotify(async () => {
      expect((await client.mutate('tasks.daily.complete', { id: 'a' })).status).toBe(200);
      expect((await analytics(client)).tasksCompleted).toBe(1);
      expect((await client.mutate('tasks.daily.incomplete', { id: 'a' })).status).toBe(200);
      expect((await analytics(client)).tasksCompleted).toBe(0);
    });
  });

  test('a data import is seen on the very next read', async () => {
    const source = await signedIn();
    await completeSession(source.client);
    const exported = await source.client.get('/api/export?format=json');
    expect(exported.status).toBe(200);

    ctx.clock.set(START);
    const { client, userId } = await signedIn();
    expect((await untilKept(client, userId)).totalSessionsCompleted).toBe(0);
    await withoutNotify(async () => {
      const res = await client.request<ImportResult>('POST', '/api/import', JSON.stringify(exported.body), {
        origin: 'http://localhost:3000',
      });
      expect(res.status).toBe(200);
      expect((await analytics(client)).totalSessionsCompleted).toBe(1);
    });
  });

  test('a new local day reads afresh with no write: this week’s figures start again on Monday', async () => {
    // Sunday the 15th, 20:00 UTC: 21:00 in Paris, still Sunday there.
    ctx.clock.set(new Date('2026-03-15T20:00:00Z'));
    const { client, userId } = await signedIn('Europe/Paris');
    await completeSession(client);
    const sunday = await untilKept(client, userId);
    expect(sunday.weeklyStats.sessionsThisWeek).toBe(1);
    expect(sunday.dailyStreak).toBe(1);
    // 23:30 UTC is 00:30 on Monday in Paris: a new week, and yesterday's session keeps the streak.
    ctx.clock.set(new Date('2026-03-15T23:30:00Z'));
    const monday = await analytics(client);
    expect(monday.weeklyStats.sessionsThisWeek).toBe(0);
    expect(monday.dailyStreak).toBe(1);
    expect(monday.totalSessionsCompleted).toBe(1);
  });

  test('a new time zone reads afresh', async () => {
    // A session from 14:00 UTC on Sunday the 15th: 23:00 that Sunday in Tokyo.
    ctx.clock.set(new Date('2026-03-15T14:00:00Z'));
    const { client, userId } = await signedIn('UTC');
    await completeSession(client);
    // 15:30 UTC: still Sunday in UTC, already Monday (a new week) in Tokyo.
    ctx.clock.set(new Date('2026-03-15T15:30:00Z'));
    expect((await untilKept(client, userId)).weeklyStats.sessionsThisWeek).toBe(1);
    expect((await client.mutate('accounts.setTimeZone', { timeZone: 'Asia/Tokyo' })).status).toBe(200);
    expect((await analytics(client)).weeklyStats.sessionsThisWeek).toBe(0);
  });

  test('another user’s answer is never served', async () => {
    const one = await signedIn();
    const two = await signedIn();
    await completeSession(one.client);
    for (let i = 0; i < 3; i++) {
      expect((await analytics(one.client)).totalSessionsCompleted).toBe(1);
      expect((await analytics(two.client)).totalSessionsCompleted).toBe(0);
    }
  });

  test('a premium answer is never kept', async () => {
    const { client, userId } = await signedIn();
    await makePremium(ctx.deps, userId);
    const res = await client.query<Analytics>('insights.analytics');
    expect(res.status).toBe(200);
    expect(res.body.premium).toBe(true);
    expect(kept(userId)).toBeUndefined();
  });
});

// GET /api/analytics and insights.analytics over HTTP: signed out 401, free users the four basic
// figures only, premium users every field, and another user's history never counted.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { ActivityDay, PremiumAnalytics } from '../../src/shared/insights';
import { createTestContext, TestClient, type TestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { insertCompletions, insertDailyTasks, insertSessions } from '../support/insights-factories';
import { makePremium } from '../support/plans';

const NOW = new Date('2026-03-10T12:00:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: NOW });
}, 120_000);
afterAll(() => ctx.close());

const BASIC_KEYS = [
  'dailyStreak',
  'premium',
  'tasksCompleted',
  'totalFocusTime',
  'totalSessionsCompleted',
  'weeklyStats',
];
const PREMIUM_KEYS = [
  'avgCompletionDelay',
  'avgSessionDuration',
  'bestHours',
  'categoryStats',
  'heatmap',
  'overdueTasks',
  'quitInsights',
  'recentActivity',
  'sessionsEndedEarly',
  'tasksOverdue',
];

/** A user with a small history of everything. */
async function seeded(timeZone = 'UTC') {
  const user = await createUser(ctx, { timeZone });
  await insertSessions(ctx.deps, user.id, [
    { startedAt: '2026-03-09T09:00:00Z', category: 'Work', goalMinutes: 50 },
    { startedAt: '2026-03-02T09:00:00Z', category: 'Health', goalMinutes: 25 },
    {
      startedAt: '2026-03-09T15:00:00Z',
      category: 'Work',
      goalMinutes: 30,
      status: 'quit',
      actualMinutes: 10,
      quitReason: 'Distracted',
    },
  ]);
  await insertCompletions(ctx.deps, user.id, [
    { plannedOn: '2026-03-09', completedAt: '2026-03-09T18:00:00Z' },
    { plannedOn: '2026-03-01', completedAt: '2026-03-03T18:00:00Z' },
  ]);
  await insertDailyTasks(ctx.deps, user.id, [{ id: 'late', title: 'Late task', plannedOn: '2026-03-05' }]);
  return user;
}

test('signed out: 401 on REST and tRPC', async () => {
  const anon = new TestClient(ctx.app);
  expect((await anon.get('/api/analytics')).status).toBe(401);
  expect((await anon.query('insights.analytics')).status).toBe(401);
});

describe('free user', () => {
  test('REST answers the four basic figures (and this week) only', async () => {
    const user = await seeded();
    const client = await signedInClient(ctx, user);
    const res = await client.get('/api/analytics');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(BASIC_KEYS);
    expect(res.body).toEqual({
      premium: false,
      totalFocusTime: 85,
      dailyStreak: 1, // derived: the 9th's completed session (the 2nd is a week earlier)
      totalSessionsCompleted: 2,
      tasksCompleted: 2,
      weeklyStats: { sessionsThisWeek: 1, tasksCompletedThisWeek: 1, focusTimeThisWeek: 60 },
    });
  });

  test('tRPC answers the same', async () => {
    const user = await seeded();
    const client = await signedInClient(ctx, user);
    const res = await client.query('insights.analytics');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(BASIC_KEYS);
  });
});

describe('premium user', () => {
  test('every field of the spec’s response, computed from this user’s rows only', async () => {
    const other = await seeded(); // another user's identical history must not be counted
    await makePremium(ctx.deps, other.id);
    const user = await seeded();
    await makePremium(ctx.deps, user.id);
    const client = await signedInClient(ctx, user);
    const res = await client.get<PremiumAnalytics>('/api/analytics');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...BASIC_KEYS, ...PREMIUM_KEYS].sort());
    expect(res.body).toMatchObject({
      premium: true,
      totalFocusTime: 85,
      dailyStreak: 1, // derived: the 9th's completed session (the 2nd is a week earlier)
      totalSessionsCompleted: 2,
      tasksCompleted: 2,
      sessionsEndedEarly: 1,
      avgSessionDuration: 28,
      tasksOverdue: 1,
      avgCompletionDelay: 1,
      weeklyStats: {
        sessionsThisWeek: 1,
        tasksCompletedThisWeek: 1,
        focusTimeThisWeek: 60,
        sessionsEndedEarlyThisWeek: 1,
      },
      categoryStats: [
        { category: 'Work', focusTime: 60, completionRate: 50, tasksCompleted: 0, sessionsCompleted: 1 },
        { category: 'Health', focusTime: 25, completionRate: 100, tasksCompleted: 0, sessionsCompleted: 1 },
      ],
      overdueTasks: [{ id: 'late', title: 'Late task', category: 'General', dueDate: '2026-03-05', daysOverdue: 5 }],
      heatmap: [{ day: 0, hour: 9, count: 2 }],
      quitInsights: { total: 1, reasons: [{ reason: 'Distracted', count: 1 }] },
    });
    expect(res.body.recentActivity).toHaveLength(7);
    expect(res.body.recentActivity.find((d: ActivityDay) => d.date === '2026-03-09')).toEqual({
      date: '2026-03-09',
      sessionsCompleted: 1,
      focusTime: 60,
      tasksCompleted: 1,
    });
    const trpc = await client.query('insights.analytics');
    expect(trpc.body).toEqual(res.body);
  });

  test('an ended Premium turns the answer back into the free one', async () => {
    const user = await seeded();
    await makePremium(ctx.deps, user.id, 'trial');
    const client = await signedInClient(ctx, user);
    expect((await client.get('/api/analytics')).body.premium).toBe(true);
    ctx.clock.set(new Date(NOW.getTime() + 8 * 86_400_000));
    try {
      const res = await client.get('/api/analytics');
      expect(Object.keys(res.body).sort()).toEqual(BASIC_KEYS);
    } finally {
      ctx.clock.set(NOW);
    }
  });

  test('a user with no history sees zeros, not another user’s figures', async () => {
    await seeded();
    const user = await createUser(ctx);
    await makePremium(ctx.deps, user.id);
    const client = await signedInClient(ctx, user);
    const res = await client.get('/api/analytics');
    expect(res.body).toMatchObject({
      totalFocusTime: 0,
      totalSessionsCompleted: 0,
      tasksCompleted: 0,
      categoryStats: [],
      heatmap: [],
      overdueTasks: [],
    });
  });
});

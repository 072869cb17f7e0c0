// Every analytics figure on crafted histories: empty, time zones, week boundaries, a DST switch,
// categories, quits, streaks, task completions and overdue tasks.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { and, eq, sql } from 'drizzle-orm';
import { insightsSessionRollups, lockInSessions, users } from '../db/schema';
import type { PremiumAnalytics } from '../../shared/insights';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { createUser } from '../../../test/support/factories';
import {
  insertCompletions,
  insertDailyTasks,
  insertSessions,
  completeOnDays,
} from '../../../test/support/insights-factories';
import { makePremium } from '../../../test/support/plans';
import { getAnalytics, weekStart } from './analytics.service';
import { addDays } from '../../shared/local-date';

// Tuesday 10 March 2026, 08:00 in New York (EDT since Sunday 8 March), 12:00 UTC.
const NOW = new Date('2026-03-10T12:00:00Z');

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: NOW });
}, 120_000);
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(NOW));

async function premiumUser(timeZone = 'UTC') {
  const user = await createUser(ctx, { timeZone });
  await makePremium(ctx.deps, user.id);
  return { id: user.id, timeZone };
}

async function premium(user: { id: string; timeZone: string }): Promise<PremiumAnalytics> {
  const result = await getAnalytics(ctx.deps, user);
  if (!result.premium) throw new Error('expected the premium answer');
  return result;
}

describe('calendar helpers', () => {
  test('weeks start on Monday; days add across months', () => {
    expect(weekStart('2026-03-10')).toBe('2026-03-09');
    expect(weekStart('2026-03-09')).toBe('2026-03-09');
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('empty history', () => {
  test('premium: zeros, seven zero-filled days, empty lists, best hours not ready', async () => {
    const a = await premium(await premiumUser('America/New_York'));
    expect(a).toMatchObject({
      premium: true,
      totalFocusTime: 0,
      dailyStreak: 0,
      totalSessionsCompleted: 0,
      tasksCompleted: 0,
      sessionsEndedEarly: 0,
      avgSessionDuration: 0,
      tasksOverdue: 0,
      avgCompletionDelay: 0,
      weeklyStats: {
        sessionsThisWeek: 0,
        tasksCompletedThisWeek: 0,
        focusTimeThisWeek: 0,
        sessionsEndedEarlyThisWeek: 0,
      },
      categoryStats: [],
      overdueTasks: [],
      heatmap: [],
      quitInsights: { total: 0, reasons: [], hours: [], categories: [] },
    });
    expect(a.recentActivity.map((d) => d.date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(
      a.recentActivity.every((d) => d.sessionsCompleted === 0 && d.focusTime === 0 && d.tasksCompleted === 0),
    ).toBe(true);
    expect(a.bestHours).toEqual({
      ready: false,
      needed: 10,
      sentence: 'Complete 10 more focus sessions to find your best focus hours.',
    });
  });

  test('free: exactly the four basic figures and this week', async () => {
    const user = await createUser(ctx);
    const a = await getAnalytics(ctx.deps, { id: user.id, timeZone: 'UTC' });
    expect(a).toEqual({
      premium: false,
      totalFocusTime: 0,
      dailyStreak: 0,
      totalSessionsCompleted: 0,
      tasksCompleted: 0,
      weeklyStats: { sessionsThisWeek: 0, tasksCompletedThisWeek: 0, focusTimeThisWeek: 0 },
    });
  });
});

describe('sessions', () => {
  test('totals count ended sessions; running ones are left out; focus time includes quit minutes', async () => {
    const user = await premiumUser();
    await insertSessions(ctx.deps, user.id, [
      { startedAt: '2026-03-01T09:00:00Z', goalMinutes: 25, status: 'completed' },
      { startedAt: '2026-03-02T09:00:00Z', goalMinutes: 45, status: 'completed' },
      { startedAt: '2026-03-03T09:00:00Z', goalMinutes: 30, actualMinutes: 11, status: 'quit', quitReason: 'Tired' },
      { startedAt: '2026-03-10T11:50:00Z', goalMinutes: 60, status: 'active' },
    ]);
    const a = await premium(user);
    expect(a.totalSessionsCompleted).toBe(2);
    expect(a.sessionsEndedEarly).toBe(1);
    expect(a.totalFocusTime).toBe(25 + 45 + 11);
    expect(a.avgSessionDuration).toBe(Math.round((25 + 45 + 11) / 3));
  });

  test('the free view gets the same basic figures as premium for the same history', async () => {
    const user = await createUser(ctx);
    await insertSessions(ctx.deps, user.id, [
      { startedAt: '2026-03-09T09:00:00Z', goalMinutes: 25 },
      { startedAt: '2026-03-01T09:00:00Z', goalMinutes: 15, status: 'quit', actualMinutes: 5 },
    ]);
    const free = await getAnalytics(ctx.deps, { id: user.id, timeZone: 'UTC' });
    expect(free).toMatchObject({ premium: false, totalSessionsCompleted: 1, totalFocusTime: 30 });
    expect(free.weeklyStats).toEqual({ sessionsThisWeek: 1, tasksCompletedThisWeek: 0, focusTimeThisWeek: 25 });
    expect('categoryStats' in free).toBe(false);
    await makePremium(ctx.deps, user.id);
    const full = await premium({ id: user.id, timeZone: 'UTC' });
    expect(full).toMatchObject({ totalSessionsCompleted: 1, totalFocusTime: 30, sessionsEndedEarly: 1 });
  });

  test('this week is Monday to now in the user zone (New York), not in UTC', async () => {
    const user = await premiumUser('America/New_York');
    await insertSessions(ctx.deps, user.id, [
      // Sunday 8 March 23:30 EDT = Monday 03:30 UTC: last week for this user.
      { startedAt: '2026-03-09T03:30:00Z', goalMinutes: 25 },
      // Monday 9 March 00:30 EDT: this week.
      { startedAt: '2026-03-09T04:30:00Z', goalMinutes: 15 },
      // Tuesday 10 March 07:00 EDT.
      { startedAt: '2026-03-10T11:00:00Z', goalMinutes: 5, status: 'quit', actualMinutes: 2 },
    ]);
    const a = await premium(user);
    expect(a.weeklyStats).toEqual({
      sessionsThisWeek: 1,
      tasksCompletedThisWeek: 0,
      focusTimeThisWeek: 17,
      sessionsEndedEarlyThisWeek: 1,
    });
    const byDate = Object.fromEntries(a.recentActivity.map((d) => [d.date, d]));
    expect(byDate['2026-03-08']).toMatchObject({ sessionsCompleted: 1, focusTime: 25 });
    expect(byDate['2026-03-09']).toMatchObject({ sessionsCompleted: 1, focusTime: 15 });
    expect(byDate['2026-03-10']).toMatchObject({ sessionsCompleted: 0, focusTime: 2 });
  });

  test('the same instants fall in another week for a user in Tokyo', async () => {
    const user = await premiumUser('Asia/Tokyo');
    // Sunday 8 March 23:30 UTC = Monday 9 March 08:30 in Tokyo: this week there.
    await insertSessions(ctx.deps, user.id, [{ startedAt: '2026-03-08T23:30:00Z', goalMinutes: 25 }]);
    const a = await premium(user);
    expect(a.weeklyStats.sessionsThisWeek).toBe(1);
    expect(a.heatmap).toEqual([{ day: 0, hour: 8, count: 1 }]);
  });

  test('recent activity is the last seven local days, zero-filled, older days left out', async () => {
    const user = await premiumUser();
    await insertSessions(ctx.deps, user.id, [
      { startedAt: '2026-03-03T23:59:00Z' }, // eight days ago: out
      { startedAt: '2026-03-04T00:00:00Z' }, // first of the seven
      { startedAt: '2026-03-04T10:00:00Z', goalMinutes: 50 },
      { startedAt: '2026-03-10T01:00:00Z' },
    ]);
    const a = await premium(user);
    expect(a.recentActivity).toHaveLength(7);
    expect(a.recentActivity[0]).toEqual({ date: '2026-03-04', sessionsCompleted: 2, focusTime: 75, tasksCompleted: 0 });
    expect(a.recentActivity[6]).toEqual({ date: '2026-03-10', sessionsCompleted: 1, focusTime: 25, tasksCompleted: 0 });
    expect(a.recentActivity.slice(1, 6).every((d) => d.sessionsCompleted === 0)).toBe(true);
  });

  test('DST: the local hour of each side of the spring-forward gap in New York', async () => {
    const user = await premiumUser('America/New_York');
    await insertSessions(ctx.deps, user.id, [
      { startedAt: '2026-03-08T06:30:00Z' }, // 01:30 EST, Sunday
      { startedAt: '2026-03-08T07:30:00Z' }, // 03:30 EDT (02:30 does not exist)
      { startedAt: '2026-03-08T07:45:00Z', status: 'quit', actualMinutes: 3 },
    ]);
    const a = await premium(user);
    expect(a.heatmap).toEqual([
      { day: 6, hour: 1, count: 1 },
      { day: 6, hour: 3, count: 1 },
    ]);
    expect(a.quitInsights.hours).toEqual([{ hour: 3, count: 1 }]);
  });

  test('DST: the week after the autumn switch in London still starts on local Monday midnight', async () => {
    // Sunday 25 October 2026 02:00 BST → 01:00 GMT. Now: Tuesday 27 October 12:00 UTC.
    ctx.clock.set(new Date('2026-10-27T12:00:00Z'));
    const user = await premiumUser('Europe/London');
    await insertSessions(ctx.deps, user.id, [
      { startedAt: '2026-10-25T23:59:00Z' }, // Sunday 23:59 GMT: last week
      { startedAt: '2026-10-26T00:00:00Z' }, // Monday 00:00 GMT: this week
      { startedAt: '2026-10-24T23:30:00Z' }, // Sunday 25th 00:30 BST
    ]);
    const a = await premium(user);
    expect(a.weeklyStats.sessionsThisWeek).toBe(1);
    expect(a.heatmap).toEqual([
      { day: 0, hour: 0, count: 1 },
      { day: 6, hour: 0, count: 1 },
      { day: 6, hour: 23, count: 1 },
    ]);
    expect(a.recentActivity.find((d) => d.date === '2026-10-25')?.sessionsCompleted).toBe(2);
  });

  test('category stats: focus time above 0 only, sorted by focus time, completion rate in percent, tasks are tasks', async () => {
    const user = await premiumUser();
    // Three Work tasks and no Health task checked off: tasksCompleted counts these, not sessions.
    await insertCompletions(ctx.deps, user.id, [
      { category: 'Work', plannedOn: '2026-03-01', completedAt: '2026-03-01T10:00:00Z' },
      { category: 'Work', plannedOn: '2026-03-01', completedAt: '2026-03-01T13:00:00Z' },
      { category: 'Work', plannedOn: '2026-03-02', completedAt: '2026-03-02T13:00:00Z' },
      { category: 'Finance', plannedOn: '2026-03-02', completedAt: '2026-03-02T14:00:00Z' },
    ]);
    await insertSessions(ctx.deps, user.id, [
      { startedAt: '2026-03-01T09:00:00Z', category: 'Work', goalMinutes: 60 },
      { startedAt: '2026-03-01T11:00:00Z', category: 'Work', goalMinutes: 30, status: 'quit', actualMinutes: 10 },
      { startedAt: '2026-03-01T12:00:00Z', category: 'Work', goalMinutes: 25, status: 'quit', actualMinutes: 5 },
      { startedAt: '2026-03-02T09:00:00Z', category: 'Health', goalMinutes: 90 },
      { startedAt: '2026-03-02T10:00:00Z', category: 'Learning', goalMinutes: 15, status: 'quit', actualMinutes: 0 },
      { startedAt: '2026-03-10T11:59:00Z', category: 'Finance', goalMinutes: 25, status: 'active' },
    ]);
    const a = await premium(user);
    expect(a.categoryStats).toEqual([
      { category: 'Health', focusTime: 90, completionRate: 100, tasksCompleted: 0, sessionsCompleted: 1 },
      { category: 'Work', focusTime: 75, completionRate: 33, tasksCompleted: 3, sessionsCompleted: 1 },
    ]);
  });

  test('heatmap counts completed sessions only, by local weekday and start hour', async () => {
    const user = await premiumUser('Europe/Berlin');
    await insertSessions(ctx.deps, user.id, [
      { startedAt: '2026-03-03T14:10:00Z' }, // Tuesday 15:10 CET
      { startedAt: '2026-03-03T14:50:00Z' },
      { startedAt: '2026-03-03T14:20:00Z', status: 'quit' },
      { startedAt: '2026-03-07T22:30:00Z' }, // Saturday 23:30
      { startedAt: '2026-03-10T11:00:00Z', status: 'active' },
    ]);
    const a = await premium(user);
    expect(a.heatmap).toEqual([
      { day: 1, hour: 15, count: 2 },
      { day: 5, hour: 23, count: 1 },
    ]);
  });

  test('best focus hours come from the heatmap once there are ten completed sessions', async () => {
    const user = await premiumUser('America/New_York');
    const tuesdayMorning = Array.from({ length: 6 }, (_, i) => ({
      startedAt: `2026-02-${String(3 + 7 * (i % 3)).padStart(2, '0')}T1${4 + (i % 2)}:05:00Z`,
    }));
    // Tuesdays 3, 10 and 17 Feb at 14:05 and 15:05 UTC = 9:05 and 10:05 EST.
    await insertSessions(ctx.deps, user.id, [
      ...tuesdayMorning,
      { startedAt: '2026-02-05T22:00:00Z' },
      { startedAt: '2026-02-06T22:00:00Z' },
      { startedAt: '2026-02-07T18:00:00Z' },
    ]);
    let a = await premium(user);
    expect(a.bestHours).toMatchObject({
      ready: false,
      needed: 1,
      sentence: 'Complete 1 more focus session to find your best focus hours.',
    });
    await insertSessions(ctx.deps, user.id, [{ startedAt: '2026-02-08T18:00:00Z' }]);
    a = await premium(user);
    expect(a.bestHours).toMatchObject({
      ready: true,
      day: 1,
      startHour: 9,
      endHour: 11,
      sentence: 'You focus best on Tuesday mornings, 9–11am',
    });
  });

  test('quit insights: reasons by count (none given counted too), top hours and categories with their quit rate', async () => {
    const user = await premiumUser();
    await insertSessions(ctx.deps, user.id, [
      { startedAt: '2026-03-02T15:00:00Z', status: 'quit', quitReason: 'Distracted', category: 'Work' },
      { startedAt: '2026-03-03T15:30:00Z', status: 'quit', quitReason: 'Distracted', category: 'Work' },
      { startedAt: '2026-03-04T15:10:00Z', status: 'quit', quitReason: 'Tired', category: 'Work' },
      { startedAt: '2026-03-04T21:00:00Z', status: 'quit', category: 'School' },
      { startedAt: '2026-03-05T09:00:00Z', status: 'completed', category: 'Work' },
      { startedAt: '2026-03-05T10:00:00Z', status: 'completed', category: 'School' },
      { startedAt: '2026-03-05T11:00:00Z', status: 'completed', category: 'School' },
      { startedAt: '2026-03-05T12:00:00Z', status: 'completed', category: 'School' },
    ]);
    const q = (await premium(user)).quitInsights;
    expect(q.total).toBe(4);
    expect(q.reasons).toEqual([
      { reason: 'Distracted', count: 2 },
      { reason: 'No reason given', count: 1 },
      { reason: 'Tired', count: 1 },
    ]);
    expect(q.hours).toEqual([
      { hour: 15, count: 3 },
      { hour: 21, count: 1 },
    ]);
    expect(q.categories).toEqual([
      { category: 'Work', count: 3, rate: 75 },
      { category: 'School', count: 1, rate: 25 },
    ]);
  });
});

describe('streak', () => {
  test('derived from completed sessions: counts while its last day is today or yesterday (local), else 0', async () => {
    // Local now: Tuesday 10 March 05:00 in Los Angeles.
    const through = async (lastDay: string, zone = 'America/Los_Angeles') => {
      const user = await premiumUser(zone);
      await completeOnDays(ctx.deps, user.id, 4, lastDay);
      return user;
    };
    // Noon UTC is 05:00 in Los Angeles on the 10th: four local days, 7th to 10th.
    expect((await premium(await through('2026-03-10'))).dailyStreak).toBe(4);
    expect((await premium(await through('2026-03-09'))).dailyStreak).toBe(4);
    expect((await premium(await through('2026-03-08'))).dailyStreak).toBe(0);
    // In UTC+14 it is already Wednesday 11 March, and noon UTC is 02:00 the next local day: sessions
    // through the 9th (UTC) end on the local 10th, yesterday; through the 8th, two days ago.
    expect((await premium(await through('2026-03-09', 'Pacific/Kiritimati'))).dailyStreak).toBe(4);
    expect((await premium(await through('2026-03-08', 'Pacific/Kiritimati'))).dailyStreak).toBe(0);
    // Quit sessions never count, and a gap ends a run.
    const gap = await premiumUser('UTC');
    await completeOnDays(ctx.deps, gap.id, 2, '2026-03-10');
    await completeOnDays(ctx.deps, gap.id, 5, '2026-03-07');
    await insertSessions(ctx.deps, gap.id, [{ startedAt: '2026-03-08T12:00:00Z', status: 'quit' }]);
    expect((await premium(gap)).dailyStreak).toBe(2);
  });
});

describe('tasks', () => {
  test('completed tasks: all time, this week and per day in the user zone; average delay rounded', async () => {
    const user = await premiumUser('America/New_York');
    await insertCompletions(ctx.deps, user.id, [
      // Monday 9 March 22:00 EDT (10 March UTC): planned the 9th, delay 0, this week.
      { plannedOn: '2026-03-09', completedAt: '2026-03-10T02:00:00Z' },
      // Planned the 6th, done Tuesday 10th: delay 4.
      { plannedOn: '2026-03-06', completedAt: '2026-03-10T11:00:00Z' },
      // Last week, delay 1.
      { plannedOn: '2026-03-04', completedAt: '2026-03-05T15:00:00Z' },
      // Long ago, delay 0.
      { plannedOn: '2026-01-04', completedAt: '2026-01-04T15:00:00Z' },
    ]);
    const a = await premium(user);
    expect(a.tasksCompleted).toBe(4);
    expect(a.weeklyStats.tasksCompletedThisWeek).toBe(2);
    expect(a.avgCompletionDelay).toBe(Math.round((0 + 4 + 1 + 0) / 4));
    const byDate = Object.fromEntries(a.recentActivity.map((d) => [d.date, d.tasksCompleted]));
    expect(byDate).toMatchObject({ '2026-03-05': 1, '2026-03-09': 1, '2026-03-10': 1 });
  });

  test('average delay rounds half up (1.5 → 2)', async () => {
    const user = await premiumUser();
    await insertCompletions(ctx.deps, user.id, [
      { plannedOn: '2026-03-01', completedAt: '2026-03-02T10:00:00Z' },
      { plannedOn: '2026-03-01', completedAt: '2026-03-03T10:00:00Z' },
    ]);
    expect((await premium(user)).avgCompletionDelay).toBe(2);
  });

  test('overdue: unfinished tasks planned before today, top 5 oldest first, with the total count', async () => {
    const user = await premiumUser('America/New_York'); // local today: 10 March
    await insertDailyTasks(ctx.deps, user.id, [
      { id: 'a', title: 'Two days', plannedOn: '2026-03-08', category: 'Work' },
      { id: 'b', title: 'Ten days', plannedOn: '2026-02-28' },
      { id: 'c', title: 'Today', plannedOn: '2026-03-10' },
      { id: 'd', title: 'Done old', plannedOn: '2026-02-01', completed: true },
      { id: 'e', title: 'Yesterday', plannedOn: '2026-03-09' },
      { id: 'f', title: 'Four days', plannedOn: '2026-03-06' },
      { id: 'g', title: 'Seven days', plannedOn: '2026-03-03' },
      { id: 'h', title: 'Three days', plannedOn: '2026-03-07' },
    ]);
    const a = await premium(user);
    expect(a.tasksOverdue).toBe(6);
    expect(a.overdueTasks).toEqual([
      { id: 'b', title: 'Ten days', category: 'General', dueDate: '2026-02-28', daysOverdue: 10 },
      { id: 'g', title: 'Seven days', category: 'General', dueDate: '2026-03-03', daysOverdue: 7 },
      { id: 'f', title: 'Four days', category: 'General', dueDate: '2026-03-06', daysOverdue: 4 },
      { id: 'h', title: 'Three days', category: 'General', dueDate: '2026-03-07', daysOverdue: 3 },
      { id: 'a', title: 'Two days', category: 'Work', dueDate: '2026-03-08', daysOverdue: 2 },
    ]);
  });
});

describe('rollups (kept by triggers) always equal a fresh aggregate of the sessions', () => {
  /** Ground truth straight from lock_in_sessions, in the same shape as the rollup table. */
  async function truth(userId: string) {
    const result = (await ctx.deps.db.execute(sql`
      select (extract(isodow from s.started_at at time zone u.time_zone)::int - 1) as day,
        extract(hour from s.started_at at time zone u.time_zone)::int as hour, s.category,
        case when s.status = 'quit' then coalesce(s.quit_reason, '') else '' end as reason,
        count(*)::int as sessions, (count(*) filter (where s.status = 'completed'))::int as completed,
        (count(*) filter (where s.status = 'quit'))::int as quit, coalesce(sum(s.actual_minutes), 0)::int as minutes
      from lock_in_sessions s join users u on u.id = s.user_id
      where s.user_id = ${userId} and s.status in ('completed', 'quit')
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`)) as unknown;
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as unknown[];
  }
  async function rollups(userId: string) {
    return ctx.deps.db
      .select({
        day: insightsSessionRollups.day,
        hour: insightsSessionRollups.hour,
        category: insightsSessionRollups.category,
        reason: insightsSessionRollups.reason,
        sessions: insightsSessionRollups.sessions,
        completed: insightsSessionRollups.completed,
        quit: insightsSessionRollups.quit,
        minutes: insightsSessionRollups.minutes,
      })
      .from(insightsSessionRollups)
      .where(eq(insightsSessionRollups.userId, userId))
      .orderBy(
        insightsSessionRollups.day,
        insightsSessionRollups.hour,
        insightsSessionRollups.category,
        insightsSessionRollups.reason,
      );
  }

  test('through inserts, completion, quit, edits, deletion and a change of time zone', async () => {
    const user = await premiumUser('Europe/Paris');
    await insertSessions(ctx.deps, user.id, [
      { id: 'a', startedAt: '2026-03-02T08:00:00Z', status: 'active' },
      { id: 'b', startedAt: '2026-03-02T08:30:00Z' },
      { id: 'c', startedAt: '2026-03-03T20:00:00Z', status: 'quit', quitReason: 'Tired', category: 'Work' },
      { id: 'd', startedAt: '2026-03-04T06:00:00Z', category: 'Work' },
    ]);
    expect(await rollups(user.id)).toEqual((await truth(user.id)) as never);
    // The running session ends (as the Lock-In service does it), another is re-categorised.
    await ctx.deps.db
      .update(lockInSessions)
      .set({ status: 'completed', completed: true, actualMinutes: 25 })
      .where(and(eq(lockInSessions.userId, user.id), eq(lockInSessions.id, 'a')));
    await ctx.deps.db
      .update(lockInSessions)
      .set({ category: 'Health' })
      .where(and(eq(lockInSessions.userId, user.id), eq(lockInSessions.id, 'd')));
    expect(await rollups(user.id)).toEqual((await truth(user.id)) as never);
    await ctx.deps.db.delete(lockInSessions).where(and(eq(lockInSessions.userId, user.id), eq(lockInSessions.id, 'c')));
    expect(await rollups(user.id)).toEqual((await truth(user.id)) as never);
    expect((await premium(user)).quitInsights.total).toBe(0);
    // Moving to Tokyo moves every local hour: the rollups are rebuilt.
    await ctx.deps.db.update(users).set({ timeZone: 'Asia/Tokyo' }).where(eq(users.id, user.id));
    expect(await rollups(user.id)).toEqual((await truth(user.id)) as never);
    expect((await premium({ id: user.id, timeZone: 'Asia/Tokyo' })).heatmap).toEqual([
      { day: 0, hour: 17, count: 2 },
      { day: 2, hour: 15, count: 1 },
    ]);
  });

  test('a zone PostgreSQL does not know counts as UTC instead of failing the write; deleting the user removes the rollups', async () => {
    const user = await premiumUser();
    await ctx.deps.db.update(users).set({ timeZone: 'Not/AZone' }).where(eq(users.id, user.id));
    await insertSessions(ctx.deps, user.id, [{ startedAt: '2026-03-02T08:30:00Z' }]);
    expect((await rollups(user.id)).map((r) => [r.day, r.hour])).toEqual([[0, 8]]);
    await ctx.deps.db.delete(users).where(eq(users.id, user.id));
    expect(await rollups(user.id)).toEqual([]);
  });
});

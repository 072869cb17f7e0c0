// The calendar feed: created, shown, regenerated and revoked through tRPC (premium to create);
// the .ics at the token URL parsed back with ical.js; revoked and unknown tokens 404; a feed
// stops once Premium ends.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import ICAL from 'ical.js';
import { createTestContext, TestClient, type TestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { insertDailyTasks, insertSessions } from '../support/insights-factories';
import { makePremium } from '../support/plans';

const NOW = new Date('2026-03-10T12:00:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: NOW });
}, 120_000);
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(NOW));

/** The feed URL's path; a missing URL (null) fails the test here. */
function pathOf(url: string | null): string {
  if (url === null) throw new Error('expected a feed URL');
  return new URL(url).pathname;
}

async function premiumClient(timeZone = 'UTC') {
  const user = await createUser(ctx, { timeZone });
  await makePremium(ctx.deps, user.id, 'trial');
  return { user, client: await signedInClient(ctx, user) };
}

describe('settings procedures', () => {
  test('none at first; regenerate makes a URL with a long random token; get shows it again', async () => {
    const { client } = await premiumClient();
    expect((await client.query('insights.calendarFeed.get')).body).toEqual({ url: null });
    const made = await client.mutate('insights.calendarFeed.regenerate');
    expect(made.status).toBe(200);
    expect(made.body.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await client.query('insights.calendarFeed.get')).body).toEqual(made.body);
  });

  test('regenerating revokes the old URL; revoke removes it (404)', async () => {
    const { client } = await premiumClient();
    const first = (await client.mutate('insights.calendarFeed.regenerate')).body.url;
    const second = (await client.mutate('insights.calendarFeed.regenerate')).body.url;
    expect(second).not.toBe(first);
    const anon = new TestClient(ctx.app);
    expect((await anon.get(pathOf(first))).status).toBe(404);
    const live = await anon.get(pathOf(second));
    expect(live.status).toBe(200);
    // Nothing may keep a copy: once revoked, the feed is gone everywhere at once.
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect((await client.mutate('insights.calendarFeed.revoke')).body).toEqual({ url: null });
    const gone = await anon.get(pathOf(second));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'No calendar feed at this address' });
  });

  test('a free user cannot create one (403); signed out 401', async () => {
    const user = await createUser(ctx);
    const client = await signedInClient(ctx, user);
    const res = await client.mutate('insights.calendarFeed.regenerate');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('The calendar feed needs LockIn Premium');
    expect((await new TestClient(ctx.app).query('insights.calendarFeed.get')).status).toBe(401);
  });

  test('unknown and malformed tokens answer 404', async () => {
    const anon = new TestClient(ctx.app);
    expect((await anon.get(`/api/calendar/${'a'.repeat(43)}.ics`)).status).toBe(404);
    expect((await anon.get('/api/calendar/short.ics')).status).toBe(404);
    expect((await anon.get(`/api/calendar/${'a'.repeat(43)}`)).status).toBe(404);
  });
});

describe('the feed', () => {
  test('valid iCalendar of this user’s sessions and today’s focus tasks, parsed back', async () => {
    const { user, client } = await premiumClient('America/New_York');
    const other = await premiumClient();
    await insertSessions(ctx.deps, other.user.id, [{ startedAt: '2026-03-09T10:00:00Z', taskTitle: 'Not mine' }]);
    await insertSessions(ctx.deps, user.id, [
      {
        id: 'done',
        startedAt: '2026-03-09T14:00:00Z',
        taskTitle: 'Write the essay',
        category: 'School',
        goalMinutes: 45,
      },
      {
        id: 'quit',
        startedAt: '2026-03-08T14:00:00Z',
        taskTitle: 'Tax forms',
        category: 'Finance',
        goalMinutes: 30,
        status: 'quit',
        actualMinutes: 12,
        quitReason: 'Tired',
      },
      { id: 'old', startedAt: '2025-10-01T14:00:00Z', taskTitle: 'Too old' },
    ]);
    await insertDailyTasks(ctx.deps, user.id, [
      { id: 'd1', title: 'Call the bank', plannedOn: '2026-03-10', category: 'Finance', description: 'Ask about fees' },
      { id: 'd2', title: 'Stretch', plannedOn: '2026-03-09', completed: true },
    ]);
    const url = (await client.mutate('insights.calendarFeed.regenerate')).body.url;
    const res = await new TestClient(ctx.app).get<string>(pathOf(url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = res.body;
    expect(text).toStartWith('BEGIN:VCALENDAR');
    expect(text).toContain('\r\n');

    const comp = new ICAL.Component(ICAL.parse(text));
    expect(comp.getFirstPropertyValue('version')).toBe('2.0');
    expect(String(comp.getFirstPropertyValue('prodid'))).toContain('LockIn');
    const events = comp.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const summaries = events.map((e) => e.summary).sort();
    expect(summaries).toEqual([
      'Lock-In: Tax forms',
      'Lock-In: Write the essay',
      "Today's Focus: Call the bank",
      "✓ Today's Focus: Stretch",
    ]);

    const essay = events.find((e) => e.summary === 'Lock-In: Write the essay')!;
    expect(essay.startDate.toJSDate().toISOString()).toBe('2026-03-09T14:00:00.000Z');
    expect(essay.endDate.toJSDate().toISOString()).toBe('2026-03-09T14:45:00.000Z');
    expect(essay.uid).toBe('session-done@lockin');
    expect(essay.description).toContain('Completed');
    const tax = events.find((e) => e.summary === 'Lock-In: Tax forms')!;
    expect(tax.description).toContain('Ended early (Tired)');
    expect(tax.description).toContain('Focused: 12 min');

    const call = events.find((e) => e.summary === "Today's Focus: Call the bank")!;
    expect(call.startDate.isDate).toBe(true);
    // Local today in New York (8:00 on 10 March).
    expect(call.startDate.toString()).toBe('2026-03-10');
    expect(call.description).toContain('Ask about fees');
  });

  test('the feed stops when Premium ends (403) and works again when it returns', async () => {
    const { user, client } = await premiumClient();
    const url = (await client.mutate('insights.calendarFeed.regenerate')).body.url;
    ctx.clock.set(new Date(NOW.getTime() + 8 * 86_400_000)); // the 7-day trial is over
    const stopped = await new TestClient(ctx.app).get(pathOf(url));
    expect(stopped.status).toBe(403);
    expect(stopped.body).toEqual({ message: 'The calendar feed needs LockIn Premium' });
    await makePremium(ctx.deps, user.id, 'active');
    expect((await new TestClient(ctx.app).get(pathOf(url))).status).toBe(200);
  });
});

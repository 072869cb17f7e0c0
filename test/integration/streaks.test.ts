// Fair streaks over HTTP (issue #50), on PGlite and, with TEST_DATABASE_URL, PostgreSQL: rest days,
// a freeze, a flight to another continent; signed exports that keep a streak, and files that
// cannot make one (edited, unsigned, signed elsewhere, 3,000 back-dated sessions).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { ExportDocument, ImportResult } from '../../src/shared/data';
import type { CompletionResult, LockInSessionView } from '../../src/shared/lockin';
import type { RestDaysView, StreakCalendarView, StreakDayStatus, StreakView } from '../../src/shared/streak';
import { createTestContext, type TestClient, type TestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { handWrittenSession } from '../support/data';

const MIN = 60_000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: new Date('2026-02-28T17:00:00Z') });
}, 120_000);
afterAll(() => ctx.close());

const at = (iso: string) => ctx.clock.set(new Date(iso));

async function newClient(timeZone = 'UTC', context = ctx): Promise<TestClient> {
  return signedInClient(context, await createUser(context, { timeZone }));
}

async function completeAt(client: TestClient, iso: string): Promise<StreakView> {
  at(iso);
  const started = await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 });
  expect(started.status).toBe(200);
  ctx.clock.advance(5 * MIN);
  const done = await client.mutate<CompletionResult>('lockin.complete', {
    id: started.body.session.id,
    actualMinutes: 5,
  });
  expect(done.status).toBe(200);
  return done.body.streak;
}

async function calendar(client: TestClient, month: string): Promise<StreakCalendarView> {
  const res = await client.query<StreakCalendarView>('lockin.streakCalendar', { month });
  expect(res.status).toBe(200);
  return res.body;
}

const statusMap = (view: StreakCalendarView) => Object.fromEntries(view.days.map((d) => [d.date, d.status]));

async function exportJson(
  client: TestClient,
): Promise<{ doc: ExportDocument & Record<string, unknown>; text: string }> {
  const res = await client.request<unknown>('GET', '/api/export?format=json');
  expect(res.status).toBe(200);
  return { doc: res.body as ExportDocument & Record<string, unknown>, text: JSON.stringify(res.body) };
}

async function importText(client: TestClient, body: string) {
  return client.request<ImportResult & { message?: string }>('POST', '/api/import', body, {
    origin: 'http://localhost:3000',
  });
}

/**
 * The user: rests on Sundays, earns a freeze, misses a Wednesday, flies from New York to
 * Tokyo on Thursday, and keeps going.
 */
async function travellerWithHistory(): Promise<TestClient> {
  const client = await newClient('America/New_York');
  at('2026-02-28T17:00:00Z'); // Saturday 28 Feb, noon in New York
  const rest = await client.mutate<RestDaysView>('lockin.setRestDays', { weekdays: [0] });
  expect(rest.body).toEqual({ weekdays: [], next: { from: '2026-03-01', weekdays: [0] } });
  // Sat 28 Feb, then Mon 2 … Sat 7 March: seven focus days around the first rest day.
  await completeAt(client, '2026-02-28T17:00:00Z');
  for (const day of ['02', '03', '04', '05', '06', '07']) await completeAt(client, `2026-03-${day}T17:00:00Z`);
  // Sun 8 rests; Mon 9, Tue 10; Wednesday 11 is missed.
  await completeAt(client, '2026-03-09T17:00:00Z');
  await completeAt(client, '2026-03-10T17:00:00Z');
  await completeAt(client, '2026-03-12T17:00:00Z'); // Thu 12, 13:00 EDT, then the flight
  expect((await client.mutate('accounts.setTimeZone', { timeZone: 'Asia/Tokyo' })).status).toBe(200);
  await completeAt(client, '2026-03-13T03:00:00Z'); // Fri 13, 12:00 in Tokyo
  await completeAt(client, '2026-03-14T03:00:00Z'); // Sat 14
  // Sun 15 rests in Tokyo too.
  await completeAt(client, '2026-03-16T00:00:00Z'); // Mon 16, 09:00 in Tokyo
  return client;
}

const TRAVELLER_MARCH: Record<string, StreakDayStatus> = {
  '2026-03-01': 'rest',
  '2026-03-02': 'focus',
  '2026-03-03': 'focus',
  '2026-03-04': 'focus',
  '2026-03-05': 'focus',
  '2026-03-06': 'focus',
  '2026-03-07': 'focus',
  '2026-03-08': 'rest',
  '2026-03-09': 'focus',
  '2026-03-10': 'focus',
  '2026-03-11': 'freeze',
  '2026-03-12': 'focus',
  '2026-03-13': 'focus',
  '2026-03-14': 'focus',
  '2026-03-15': 'rest',
  '2026-03-16': 'focus',
};

describe('a streak the calendar explains', () => {
  test('rests on Sundays, misses one Wednesday, flies to another continent: the streak holds', async () => {
    const client = await travellerWithHistory();
    const streak = (await client.query<StreakView>('lockin.streak')).body;
    expect(streak).toMatchObject({
      current: 13,
      longest: 13,
      lastDay: '2026-03-16',
      level: 'Achiever',
      freezes: 0,
      freezeUsedOn: '2026-03-11',
      nextFreezeIn: 1,
      note: 'Freeze used on Wednesday, 0 left',
    });
    const march = await calendar(client, '2026-03');
    expect(statusMap(march)).toEqual(TRAVELLER_MARCH);
    expect(march).toMatchObject({ month: '2026-03', today: '2026-03-16', firstMonth: '2026-02' });
    expect(statusMap(await calendar(client, '2026-02'))).toEqual({ '2026-02-28': 'focus' });
    expect((await calendar(client, '2026-04')).days).toEqual([]);
    // Two days later in Tokyo with nothing since: the 17th is a miss with no freeze left.
    at('2026-03-18T03:00:00Z');
    expect((await client.query<StreakView>('lockin.streak')).body).toMatchObject({
      current: 0,
      longest: 13,
      note: null,
    });
  });

  test('a rest day reads as such on the card, and a change waits for the next local day', async () => {
    const client = await newClient('UTC');
    await completeAt(client, '2026-03-06T10:00:00Z'); // Friday
    at('2026-03-06T20:00:00Z');
    const set = await client.mutate<RestDaysView>('lockin.setRestDays', { weekdays: [6, 0] });
    expect(set.body).toEqual({ weekdays: [], next: { from: '2026-03-07', weekdays: [0, 6] } });
    // Chosen again the same evening: tomorrow's setting is replaced, not added to.
    const again = await client.mutate<RestDaysView>('lockin.setRestDays', { weekdays: [0] });
    expect(again.body.next).toEqual({ from: '2026-03-07', weekdays: [0] });
    at('2026-03-08T09:00:00Z'); // Sunday: Saturday was a miss, Sunday rests
    expect((await client.query<RestDaysView>('lockin.restDays')).body).toEqual({ weekdays: [0], next: null });
    const view = (await client.query<StreakView>('lockin.streak')).body;
    expect(view).toMatchObject({ current: 0, restToday: true, note: 'Rest day' });
  });

  test('rest days are checked: at most two, each a weekday once; nothing changes on a refusal', async () => {
    const client = await newClient('UTC');
    for (const [weekdays, message] of [
      [[1, 2, 3], 'Weekdays can hold at most 2 days'],
      [[7], 'Weekdays must be a list of weekdays'],
      [[1, 1], 'Weekdays must not name a day twice'],
      ['Sunday', 'Weekdays must be a list of weekdays'],
    ] as const) {
      const res = await client.mutate('lockin.setRestDays', { weekdays });
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toStartWith(message);
    }
    expect((await client.query<RestDaysView>('lockin.restDays')).body).toEqual({ weekdays: [], next: null });
    const bad = await client.query('lockin.streakCalendar', { month: '2026-13' });
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toStartWith('Month must be a month (YYYY-MM)');
  });

  test("signed out, the streak, calendar and rest days answer 401; one user's rest days never touch another's", async () => {
    const { TestClient } = await import('../support/app');
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.query('lockin.streakCalendar', { month: '2026-03' })).status).toBe(401);
    expect((await anonymous.query('lockin.restDays')).status).toBe(401);
    expect((await anonymous.mutate('lockin.setRestDays', { weekdays: [0] })).status).toBe(401);
    const one = await newClient();
    const other = await newClient();
    at('2026-03-06T12:00:00Z');
    await one.mutate('lockin.setRestDays', { weekdays: [3] });
    expect((await other.query<RestDaysView>('lockin.restDays')).body).toEqual({ weekdays: [], next: null });
  });
});

describe('the zone a session keeps', () => {
  test('is always one the database knows: a name it does not know is stored as UTC', async () => {
    const { storableZone } = await import('../../src/server/db/pg-zones');
    expect(await storableZone(ctx.deps.db, 'Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(await storableZone(ctx.deps.db, 'America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(await storableZone(ctx.deps.db, 'Mars/Olympus_Mons')).toBe('UTC');
  });
});

describe('only a file this server signed makes streak days', () => {
  test('a signed export re-imported into a fresh account keeps the streak, its days and rest days', async () => {
    const source = await travellerWithHistory();
    const { doc, text } = await exportJson(source);
    expect(doc.signature).toMatch(/^v1\./);
    expect(doc.focusSessions.every((s) => typeof s.timeZone === 'string')).toBe(true);
    const fresh = await newClient('Asia/Tokyo');
    const res = await importText(fresh, text);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ signed: true, streakUpdated: true, added: { focusSessions: 13 } });
    expect((await fresh.query<StreakView>('lockin.streak')).body).toMatchObject({ current: 13, longest: 13 });
    expect(statusMap(await calendar(fresh, '2026-03'))).toEqual(TRAVELLER_MARCH);
    // The same file reformatted (spacing only) is still the same document.
    const spaced = await newClient('Asia/Tokyo');
    const again = await importText(spaced, JSON.stringify(doc, null, 4));
    expect(again.body).toMatchObject({ signed: true });
  });

  test('an edited, an unsigned and a foreign-signed export keep their history but make no streak', async () => {
    const source = await travellerWithHistory();
    const { doc } = await exportJson(source);
    const edited = structuredClone(doc);
    const first = edited.focusSessions[0];
    if (!first) throw new Error('no session exported');
    first.taskTitle = 'Renamed in a text editor';
    const { signature: _gone, ...unsigned } = doc;

    const elsewhere = await createTestContext({ now: new Date('2026-03-16T01:00:00Z') });
    try {
      const foreignClient = await newClient('Asia/Tokyo', elsewhere);
      // The other server's own export, of its own user's one session.
      const started = await foreignClient.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 });
      elsewhere.clock.advance(5 * MIN);
      await foreignClient.mutate('lockin.complete', { id: started.body.session.id, actualMinutes: 5 });
      const foreign = await foreignClient.request<unknown>('GET', '/api/export?format=json');
      const foreignDoc = foreign.body as ExportDocument & { signature?: string };
      expect(foreignDoc.signature).toMatch(/^v1\./);
      at('2026-03-16T12:00:00Z'); // after the other server's session

      for (const [file, sessions] of [
        [edited, 13],
        [unsigned, 13],
        [foreignDoc, 1],
      ] as const) {
        const target = await newClient('Asia/Tokyo');
        const res = await importText(target, JSON.stringify(file));
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ signed: false, streakUpdated: false, added: { focusSessions: sessions } });
        expect((await target.query<StreakView>('lockin.streak')).body).toMatchObject({ current: 0, longest: 0 });
        expect((await calendar(target, '2026-03')).days).toEqual([]);
        // History and analytics keep every session, marked imported.
        const list = (await target.query<LockInSessionView[]>('lockin.list', { limit: 100 })).body;
        expect(list).toHaveLength(sessions);
        expect(list.every((s) => s.imported === true)).toBe(true);
        const analytics = (
          await target.request<{ totalSessionsCompleted: number; dailyStreak: number }>('GET', '/api/analytics')
        ).body;
        expect(analytics).toMatchObject({ totalSessionsCompleted: sessions, dailyStreak: 0 });
      }
    } finally {
      await elsewhere.close();
    }
  });

  test('3,000 back-dated sessions in one file add 0 streak days, and a signed re-export does not launder them', async () => {
    const owner = await newClient('UTC');
    at('2026-03-16T12:00:00Z');
    const { doc } = await exportJson(owner);
    const { signature: _none, ...base } = doc;
    const day = 86_400_000;
    const yesterdayNoon = Date.parse('2026-03-15T12:00:00Z');
    const focusSessions = Array.from({ length: 3000 }, (_, i) =>
      handWrittenSession(`backdated-${i}`, yesterdayNoon - i * day, 25),
    );
    const res = await importText(owner, JSON.stringify({ ...base, focusSessions }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ signed: false, streakUpdated: false, added: { focusSessions: 3000 } });
    expect((await owner.query<StreakView>('lockin.streak')).body).toMatchObject({
      current: 0,
      longest: 0,
      level: 'Beginner',
    });

    // Exported again, the file is signed, but each of those sessions says it was imported.
    const { doc: again, text } = await exportJson(owner);
    expect(again.focusSessions.filter((s) => s.imported === true)).toHaveLength(3000);
    const fresh = await newClient('UTC');
    const reimport = await importText(fresh, text);
    expect(reimport.body).toMatchObject({ signed: true, streakUpdated: false, added: { focusSessions: 3000 } });
    expect((await fresh.query<StreakView>('lockin.streak')).body.current).toBe(0);
  });
});

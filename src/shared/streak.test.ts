// The streak rule over hand-built histories (issue #50). Each history is written as sessions with
// the instant they ended and the zone they were recorded in; a session's day is its local day
// there (the server makes the same days in SQL: test/integration/streaks.test.ts).
import { describe, expect, test } from 'bun:test';
import { addDays, localDate } from './local-date';
import {
  FREEZE_EVERY_DAYS,
  type RestDaySetting,
  STREAK_NOTES,
  type StreakHistory,
  streakNote,
  streakOf,
  streakReport,
  withFocusToday,
} from './streak';

interface Session {
  endedAt: string;
  timeZone: string;
  status?: 'completed' | 'quit';
}

function history(sessions: Session[], restDays: RestDaySetting[] = []): StreakHistory {
  const focusDays = sessions
    .filter((s) => (s.status ?? 'completed') === 'completed')
    .map((s) => localDate(new Date(s.endedAt), s.timeZone));
  return { focusDays, restDays };
}

/** One completed session at noon UTC on each of the days. */
const daily = (...days: string[]): StreakHistory =>
  history(days.map((d) => ({ endedAt: `${d}T12:00:00Z`, timeZone: 'UTC' })));

/** `n` consecutive days from `from`. */
const run = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));

const statuses = (h: StreakHistory, today: string) =>
  Object.fromEntries(streakReport(h, today).days.map((d) => [d.date, d.status]));

describe('focus days', () => {
  test('consecutive days count once each, however many sessions; today without one is not a miss', () => {
    const h = history([
      { endedAt: '2026-03-02T09:00:00Z', timeZone: 'UTC' },
      { endedAt: '2026-03-02T18:00:00Z', timeZone: 'UTC' },
      { endedAt: '2026-03-03T09:00:00Z', timeZone: 'UTC' },
    ]);
    expect(streakOf(h, '2026-03-03')).toMatchObject({ current: 2, longest: 2, lastDay: '2026-03-03' });
    expect(streakOf(h, '2026-03-04')).toMatchObject({ current: 2 });
    expect(statuses(h, '2026-03-04')).toEqual({ '2026-03-02': 'focus', '2026-03-03': 'focus' });
  });

  test('a miss with no freeze ends the streak; the longest is kept', () => {
    const h = daily('2026-03-02', '2026-03-03', '2026-03-04', '2026-03-06');
    const view = streakOf(h, '2026-03-06');
    expect(view).toMatchObject({ current: 1, longest: 3, freezes: 0, freezeUsedOn: null });
    expect(statuses(h, '2026-03-06')['2026-03-05']).toBe('missed');
    // Two days on, with nothing since: 0.
    expect(streakOf(h, '2026-03-08').current).toBe(0);
  });

  test('a day with only a quit session is a missed day', () => {
    const h = history([
      { endedAt: '2026-03-02T12:00:00Z', timeZone: 'UTC' },
      { endedAt: '2026-03-03T12:00:00Z', timeZone: 'UTC', status: 'quit' },
      { endedAt: '2026-03-04T12:00:00Z', timeZone: 'UTC' },
    ]);
    expect(statuses(h, '2026-03-04')).toEqual({
      '2026-03-02': 'focus',
      '2026-03-03': 'missed',
      '2026-03-04': 'focus',
    });
    expect(streakOf(h, '2026-03-04').current).toBe(1);
  });

  test('levels follow the streak', () => {
    expect(streakOf(daily(...run('2026-03-01', 7)), '2026-03-07').level).toBe('Achiever');
    expect(streakOf(daily(...run('2026-03-01', 2)), '2026-03-02').level).toBe('Beginner');
  });
});

describe('rest days', () => {
  // 2026-03-01 is a Sunday.
  const sundays: RestDaySetting = { from: '2026-03-01', weekdays: [0] };

  test('a rest day neither breaks nor extends the streak', () => {
    // Fri 6, Sat 7, (Sun 8 rest), Mon 9.
    const h = { ...daily('2026-03-06', '2026-03-07', '2026-03-09'), restDays: [sundays] };
    expect(streakOf(h, '2026-03-09')).toMatchObject({ current: 3, freezes: 0 });
    expect(statuses(h, '2026-03-09')['2026-03-08']).toBe('rest');
    // On the rest day itself the streak stands, and the card says so.
    const onSunday = streakOf(daily('2026-03-06', '2026-03-07'), '2026-03-08');
    expect(onSunday.current).toBe(2);
    const restView = streakOf({ ...daily('2026-03-06', '2026-03-07'), restDays: [sundays] }, '2026-03-08');
    expect(restView.restToday).toBe(true);
    expect(streakNote(restView, '2026-03-08')).toBe(STREAK_NOTES.restDay);
  });

  test('focus on a rest day still counts', () => {
    const h = { ...daily('2026-03-07', '2026-03-08', '2026-03-09'), restDays: [sundays] };
    expect(streakOf(h, '2026-03-09').current).toBe(3);
  });

  test('a change applies from the day it took effect and never rewrites the days before it', () => {
    // Wednesdays became rest days from Thu 12 March on (chosen on the 11th): Wed 11 was still a
    // miss, Wed 18 is a rest day.
    const restDays: RestDaySetting[] = [{ from: '2026-03-12', weekdays: [3] }];
    const h = { ...daily('2026-03-10', ...run('2026-03-12', 6), '2026-03-19'), restDays };
    const days = statuses(h, '2026-03-19');
    expect(days['2026-03-11']).toBe('missed');
    expect(days['2026-03-18']).toBe('rest');
    expect(streakOf(h, '2026-03-19').current).toBe(7);
    // Set back to none from the 20th: Wednesday the 25th is no rest day; the freeze the first
    // seven focus days earned is spent on it, and Wednesday the 18th stays a rest day.
    const back = {
      ...daily(...run('2026-03-12', 6), '2026-03-19', ...run('2026-03-20', 5), '2026-03-26'),
      restDays: [...restDays, { from: '2026-03-20', weekdays: [] }],
    };
    const after = statuses(back, '2026-03-26');
    expect([after['2026-03-18'], after['2026-03-25']]).toEqual(['rest', 'freeze']);
    expect(streakOf(back, '2026-03-26').current).toBe(13);
  });
});

describe('freezes', () => {
  test(`every ${FREEZE_EVERY_DAYS} streak days earn one; a missed day spends it and the streak goes on`, () => {
    const h = daily(...run('2026-03-01', 7), '2026-03-09');
    const view = streakOf(h, '2026-03-09');
    expect(view).toMatchObject({ current: 8, freezes: 0, freezeUsedOn: '2026-03-08' });
    expect(statuses(h, '2026-03-09')['2026-03-08']).toBe('freeze');
    // Monday 9 March: the freeze was spent on Sunday.
    expect(streakNote(view, '2026-03-09')).toBe('Freeze used on Sunday, 0 left');
  });

  test('at most two are held: the third earned is not', () => {
    const h = daily(...run('2026-03-01', 21));
    const view = streakOf(h, '2026-03-21');
    expect(view).toMatchObject({ current: 21, freezes: 2, nextFreezeIn: null });
    expect(streakNote(view, '2026-03-21')).toBe(STREAK_NOTES.freezesFull);
    // Three missed days: two freezes cover two, the third ends the streak.
    const after = daily(...run('2026-03-01', 21), '2026-03-25');
    const days = statuses(after, '2026-03-25');
    expect([days['2026-03-22'], days['2026-03-23'], days['2026-03-24']]).toEqual(['freeze', 'freeze', 'missed']);
    expect(streakOf(after, '2026-03-25')).toMatchObject({ current: 1, freezes: 0, longest: 21 });
  });

  test('two misses with one freeze: the first is frozen, the second ends the streak', () => {
    const h = daily(...run('2026-03-01', 7), '2026-03-10');
    expect(statuses(h, '2026-03-10')).toMatchObject({ '2026-03-08': 'freeze', '2026-03-09': 'missed' });
    expect(streakOf(h, '2026-03-10').current).toBe(1);
  });

  test('the card counts down to the next freeze', () => {
    const view = streakOf(daily(...run('2026-03-01', 4)), '2026-03-04');
    expect(view.nextFreezeIn).toBe(3);
    expect(streakNote(view, '2026-03-04')).toBe('Next freeze in 3 days');
    expect(streakNote(streakOf(daily(...run('2026-03-01', 6)), '2026-03-06'), '2026-03-06')).toBe(
      'Next freeze in 1 day',
    );
    expect(streakNote(streakOf(daily(), '2026-03-06'), '2026-03-06')).toBeNull();
  });

  test('a freeze used a week ago or more is no longer named by its weekday', () => {
    const h = daily(...run('2026-03-01', 7), ...run('2026-03-09', 7));
    const view = streakOf(h, '2026-03-15');
    expect(view).toMatchObject({ freezeUsedOn: '2026-03-08', freezes: 1, nextFreezeIn: 7 });
    expect(streakNote(view, '2026-03-15')).toBe('Next freeze in 7 days');
  });
});

describe('travel and clock changes', () => {
  test('Tokyo (UTC+9) to Los Angeles (UTC-8) and back across midnight: no day counted twice, none skipped', () => {
    const h = history([
      // Tue 10 Nov, 23:30 in Tokyo, then the flight east across the date line.
      { endedAt: '2026-11-10T14:30:00Z', timeZone: 'Asia/Tokyo' },
      // Landed in LA on the same calendar day: Tue 10 Nov, 18:00 there. The same day: once.
      { endedAt: '2026-11-11T02:00:00Z', timeZone: 'America/Los_Angeles' },
      // Wed 11 Nov, 23:50 in LA.
      { endedAt: '2026-11-12T07:50:00Z', timeZone: 'America/Los_Angeles' },
      // The flight back west across the date line lands on Fri 13 Nov, 09:00 in Tokyo. The days
      // run 10, 11, 12, 13 (none twice, none left out); Thursday 12 had no session: a miss.
      { endedAt: '2026-11-13T00:00:00Z', timeZone: 'Asia/Tokyo' },
    ]);
    const days = statuses(h, '2026-11-13');
    expect(days).toEqual({
      '2026-11-10': 'focus',
      '2026-11-11': 'focus',
      '2026-11-12': 'missed',
      '2026-11-13': 'focus',
    });
  });

  test('a trip read from the zone the user is in now changes no earlier day', () => {
    const sessions: Session[] = [
      { endedAt: '2026-11-10T14:30:00Z', timeZone: 'Asia/Tokyo' }, // 23:30 Tue 10 in Tokyo
      { endedAt: '2026-11-11T15:10:00Z', timeZone: 'America/Los_Angeles' }, // 07:10 Wed 11 in LA
      { endedAt: '2026-11-12T07:30:00Z', timeZone: 'America/Los_Angeles' }, // 23:30 Wed 11 in LA: same day
      { endedAt: '2026-11-12T16:00:00Z', timeZone: 'America/Los_Angeles' }, // 08:00 Thu 12 in LA
    ];
    const h = history(sessions);
    expect(streakOf(h, '2026-11-12')).toMatchObject({ current: 3, lastDay: '2026-11-12' });
    // Back in Tokyo it is already Fri 13: the streak holds, today is not over.
    expect(streakOf(h, '2026-11-13').current).toBe(3);
  });

  test('after a flight west, a day ahead of the new zone is not a miss and the streak holds', () => {
    // Focus on Fri 13 in Tokyo, then in LA it is still Thu 12 there.
    const h = history([
      { endedAt: '2026-11-12T03:00:00Z', timeZone: 'Asia/Tokyo' }, // Thu 12, 12:00 Tokyo
      { endedAt: '2026-11-13T03:00:00Z', timeZone: 'Asia/Tokyo' }, // Fri 13, 12:00 Tokyo
    ]);
    const today = localDate(new Date('2026-11-13T06:00:00Z'), 'America/Los_Angeles'); // Thu 12, 22:00
    expect(today).toBe('2026-11-12');
    expect(streakOf(h, today)).toMatchObject({ current: 2, lastDay: '2026-11-13' });
  });

  test('across the spring and autumn DST switches, 23- and 25-hour days are one day each', () => {
    const h = history([
      { endedAt: '2026-03-08T04:30:00Z', timeZone: 'America/New_York' }, // Sat 7, 23:30 EST
      { endedAt: '2026-03-09T03:30:00Z', timeZone: 'America/New_York' }, // Sun 8, 23:30 EDT (23 h day)
      { endedAt: '2026-03-09T04:10:00Z', timeZone: 'America/New_York' }, // Mon 9, 00:10 EDT
    ]);
    const days = statuses(h, '2026-03-09');
    expect(days).toEqual({ '2026-03-07': 'focus', '2026-03-08': 'focus', '2026-03-09': 'focus' });
    const autumn = history([
      { endedAt: '2026-10-24T21:30:00Z', timeZone: 'Europe/Berlin' }, // Sat 24, 23:30 CEST
      { endedAt: '2026-10-25T22:30:00Z', timeZone: 'Europe/Berlin' }, // Sun 25, 23:30 CET (25 h day)
      { endedAt: '2026-10-25T23:10:00Z', timeZone: 'Europe/Berlin' }, // Mon 26, 00:10 CET
    ]);
    expect(streakOf(autumn, '2026-10-26')).toMatchObject({ current: 3, lastDay: '2026-10-26' });
    expect(streakOf(h, '2026-03-09').current).toBe(3);
  });
});

describe('the offline guess', () => {
  test('a focus today adds one to a streak alive today, and none starts at 1', () => {
    const alive = streakOf(daily('2026-03-01', '2026-03-02'), '2026-03-03');
    expect(withFocusToday(alive, '2026-03-03')).toMatchObject({ current: 3, lastDay: '2026-03-03' });
    expect(withFocusToday(withFocusToday(alive, '2026-03-03'), '2026-03-03').current).toBe(3);
    expect(withFocusToday(streakOf(daily(), '2026-03-03'), '2026-03-03').current).toBe(1);
  });
});

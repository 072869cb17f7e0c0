import { describe, expect, test } from 'bun:test';
import { localDate } from './local-date';
import {
  advanceStreak,
  currentStreak,
  formatFocusTime,
  isAllowedDuration,
  LOCKIN_COPY,
  milestoneProgress,
  minutesFromSeconds,
  MOTIVATIONAL_MESSAGES,
  streakLevel,
} from './lockin';

describe('rounding (spec section 9)', () => {
  test('minutes are seconds / 60, rounded half up', () => {
    expect(minutesFromSeconds(25 * 60)).toBe(25);
    expect(minutesFromSeconds(89)).toBe(1);
    expect(minutesFromSeconds(90)).toBe(2);
    expect(minutesFromSeconds(29)).toBe(0);
    expect(minutesFromSeconds(30)).toBe(1);
    expect(minutesFromSeconds(0)).toBe(0);
    expect(minutesFromSeconds(-5)).toBe(0);
  });
  test('only the offered durations are goals', () => {
    for (const m of [5, 15, 25, 30, 45, 60, 90, 120]) expect(isAllowedDuration(m)).toBe(true);
    for (const m of [0, 1, 20, 24, 26, 121, 25.5]) expect(isAllowedDuration(m)).toBe(false);
  });
  test("the celebration's streak badge reads '1-day streak', '12-day streak'", () => {
    expect(LOCKIN_COPY.streakBadge(1)).toBe('1-day streak');
    expect(LOCKIN_COPY.streakBadge(12)).toBe('12-day streak');
  });
  test('focus time reads Xh Ym or Ym', () => {
    expect(formatFocusTime(0)).toBe('0m');
    expect(formatFocusTime(25)).toBe('25m');
    expect(formatFocusTime(60)).toBe('1h 0m');
    expect(formatFocusTime(135)).toBe('2h 15m');
  });
  test('seven motivational messages, all different', () => {
    expect(new Set(MOTIVATIONAL_MESSAGES).size).toBe(7);
  });
});

describe('streak rule', () => {
  test('first completion starts at 1; same day unchanged; next day +1; a gap resets to 1', () => {
    let s = advanceStreak({ current: 0, lastDay: null }, '2026-03-10');
    expect(s).toEqual({ current: 1, lastDay: '2026-03-10' });
    s = advanceStreak(s, '2026-03-10');
    expect(s).toEqual({ current: 1, lastDay: '2026-03-10' });
    s = advanceStreak(s, '2026-03-11');
    expect(s).toEqual({ current: 2, lastDay: '2026-03-11' });
    s = advanceStreak(s, '2026-03-13');
    expect(s).toEqual({ current: 1, lastDay: '2026-03-13' });
  });
  test('an older day (an imported session) changes nothing', () => {
    expect(advanceStreak({ current: 4, lastDay: '2026-03-10' }, '2026-03-08')).toEqual({
      current: 4,
      lastDay: '2026-03-10',
    });
  });
  test('across month and year ends', () => {
    expect(advanceStreak({ current: 3, lastDay: '2026-02-28' }, '2026-03-01').current).toBe(4);
    expect(advanceStreak({ current: 3, lastDay: '2025-12-31' }, '2026-01-01').current).toBe(4);
  });
  test('reads 0 once the last day is before yesterday', () => {
    expect(currentStreak({ current: 5, lastDay: '2026-03-10' }, '2026-03-10')).toBe(5);
    expect(currentStreak({ current: 5, lastDay: '2026-03-10' }, '2026-03-11')).toBe(5);
    expect(currentStreak({ current: 5, lastDay: '2026-03-10' }, '2026-03-12')).toBe(0);
    expect(currentStreak({ current: 0, lastDay: null }, '2026-03-12')).toBe(0);
  });
  test("days are the user's local days: the same instants make a streak in one zone and not in another", () => {
    // 23:30 UTC on the 10th and 00:30 UTC on the 12th: in UTC two days apart (reset);
    // in Tokyo (UTC+9) the 11th 08:30 and the 12th 09:30, consecutive days (+1).
    const a = new Date('2026-03-10T23:30:00Z');
    const b = new Date('2026-03-12T00:30:00Z');
    const run = (tz: string) =>
      advanceStreak(advanceStreak({ current: 0, lastDay: null }, localDate(a, tz)), localDate(b, tz)).current;
    expect(run('UTC')).toBe(1);
    expect(run('Asia/Tokyo')).toBe(2);
    // Los Angeles (UTC-7 in March after DST): the 10th 16:30 and the 11th 17:30: consecutive.
    expect(run('America/Los_Angeles')).toBe(2);
  });
  test('a 23-hour day at the spring DST switch still counts as one day', () => {
    const tz = 'Europe/Berlin'; // clocks go forward on 2026-03-29
    const sat = new Date('2026-03-28T22:30:00Z'); // Sat 23:30 CET
    const sun = new Date('2026-03-29T21:45:00Z'); // Sun 23:45 CEST, 22h15 later
    const mon = new Date('2026-03-29T22:15:00Z'); // Mon 00:15 CEST
    expect(localDate(sat, tz)).toBe('2026-03-28');
    expect(localDate(sun, tz)).toBe('2026-03-29');
    expect(localDate(mon, tz)).toBe('2026-03-30');
    const s1 = advanceStreak({ current: 0, lastDay: null }, localDate(sat, tz));
    const s2 = advanceStreak(s1, localDate(sun, tz));
    expect(s2.current).toBe(2);
    expect(advanceStreak(s2, localDate(mon, tz)).current).toBe(3);
  });
  test('a 25-hour day at the autumn switch: 24h later is still the same local day', () => {
    const tz = 'America/New_York'; // clocks go back on 2026-11-01
    const start = new Date('2026-11-01T04:30:00Z'); // Sun 00:30 EDT
    const later = new Date(start.getTime() + 24 * 3600_000); // Sun 23:30 EST
    expect(localDate(later, tz)).toBe(localDate(start, tz));
    const s = advanceStreak({ current: 2, lastDay: '2026-10-31' }, localDate(start, tz));
    expect(advanceStreak(s, localDate(later, tz))).toEqual({ current: 3, lastDay: '2026-11-01' });
  });
});

describe('levels and the milestone bar', () => {
  test('level thresholds', () => {
    const cases: [number, string][] = [
      [0, 'Beginner'],
      [2, 'Beginner'],
      [3, 'Starter'],
      [6, 'Starter'],
      [7, 'Achiever'],
      [13, 'Achiever'],
      [14, 'Champion'],
      [29, 'Champion'],
      [30, 'Master'],
      [365, 'Master'],
    ];
    for (const [days, level] of cases) expect(`${days}:${streakLevel(days)}`).toBe(`${days}:${level}`);
  });
  test('the bar cycles every 7 days', () => {
    expect(milestoneProgress(0)).toEqual({ filled: 0, nextMilestone: 7 });
    expect(milestoneProgress(3)).toEqual({ filled: 3, nextMilestone: 7 });
    expect(milestoneProgress(7)).toEqual({ filled: 7, nextMilestone: 14 });
    expect(milestoneProgress(8)).toEqual({ filled: 1, nextMilestone: 14 });
    expect(milestoneProgress(15)).toEqual({ filled: 1, nextMilestone: 21 });
  });
});

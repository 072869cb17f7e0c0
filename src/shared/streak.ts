// The daily streak rule (issue #50; docs/decisions/2026-11-28-fair-streaks.md), one pure function
// over a user's history that the server, the Streak card and the calendar all read:
// - a focus day is a local day with a completed session that counts (recorded here, taken from
//   the visitor history at sign-up, or from an export this server signed), each session's day
//   read in the zone it was recorded in;
// - a rest day (up to REST_DAYS_MAX weekdays, each setting from the day it took effect) neither
//   breaks nor extends the streak; a focus session on a rest day still counts as a focus day;
// - every FREEZE_EVERY_DAYS focus days of one streak earn a freeze, at most FREEZES_HELD_MAX held;
//   a missed day spends one and the streak goes on (a freeze day does not add to it);
// - today is never a miss: it is not over yet.
// Nothing here is stored: freezes, like the streak, are derived from the history every time.
import { addDays, daysBetween, weekdayOf } from './local-date';
import { type StreakLevelName, streakLevel } from './lockin';

export const REST_DAYS_MAX = 2;
export const FREEZE_EVERY_DAYS = 7;
export const FREEZES_HELD_MAX = 2;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Rest weekdays (0 Sunday … 6 Saturday) from local day `from` on, until the next setting. */
export interface RestDaySetting {
  from: string;
  weekdays: readonly number[];
}

export interface StreakHistory {
  /** Local days (YYYY-MM-DD) with a completed session that counts; any order, repeats allowed. */
  focusDays: readonly string[];
  restDays: readonly RestDaySetting[];
}

export type StreakDayStatus = 'focus' | 'rest' | 'freeze' | 'missed';

export interface StreakDay {
  date: string;
  status: StreakDayStatus;
}

export interface StreakView {
  current: number;
  /** The last focus day, or null. */
  lastDay: string | null;
  level: StreakLevelName;
  longest: number;
  /** Freezes held now. */
  freezes: number;
  /** Focus days until the next freeze is earned; null when FREEZES_HELD_MAX are held. */
  nextFreezeIn: number | null;
  /** The latest day of the current streak a freeze was spent on, or null. */
  freezeUsedOn: string | null;
  /** Today is one of the user's rest days. */
  restToday: boolean;
  /** What the Streak card says happened (streakNote), or null. */
  note: string | null;
}

export interface StreakReport extends StreakView {
  /** Every day from the first focus day to today (or the last focus day, if later), oldest first. */
  days: StreakDay[];
}

/** Bits of a weekday list (bit d for weekday d), the way settings are stored. */
export function weekdayBits(weekdays: readonly number[]): number {
  return weekdays.reduce((bits, d) => bits | (1 << d), 0);
}

export function weekdaysOfBits(bits: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((d) => (bits & (1 << d)) !== 0);
}

/** The rest weekdays in force on `day`, from settings ordered by `from`. */
export function restWeekdaysOn(settings: readonly RestDaySetting[], day: string): readonly number[] {
  let current: readonly number[] = [];
  for (const s of settings) {
    if (s.from > day) break;
    current = s.weekdays;
  }
  return current;
}

export const EMPTY_STREAK: StreakView = {
  current: 0,
  lastDay: null,
  level: streakLevel(0),
  longest: 0,
  freezes: 0,
  nextFreezeIn: FREEZE_EVERY_DAYS,
  freezeUsedOn: null,
  restToday: false,
  note: null,
};

/** The streak as of local day `today`, with each day's status for the calendar. */
export function streakReport(history: StreakHistory, today: string): StreakReport {
  const focus = new Set(history.focusDays);
  const restDays = [...history.restDays].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const restToday = restWeekdaysOn(restDays, today).includes(weekdayOf(today));
  const sorted = [...focus].sort();
  const first = sorted[0];
  const lastDay = sorted.at(-1) ?? null;
  if (first === undefined) {
    const none = { ...EMPTY_STREAK, restToday };
    return { ...none, note: streakNote(none, today), days: [] };
  }
  const end = lastDay !== null && lastDay > today ? lastDay : today;

  let current = 0;
  let longest = 0;
  let freezes = 0;
  let toward = 0;
  let freezeUsedOn: string | null = null;
  let setting = 0;
  let rest: readonly number[] = [];
  const days: StreakDay[] = [];
  for (let day = first; day <= end; day = addDays(day, 1)) {
    while (setting < restDays.length && (restDays[setting]?.from ?? '') <= day) {
      rest = restDays[setting]?.weekdays ?? [];
      setting += 1;
    }
    let status: StreakDayStatus;
    if (focus.has(day)) {
      status = 'focus';
      current += 1;
      toward += 1;
      if (toward === FREEZE_EVERY_DAYS) {
        toward = 0;
        freezes = Math.min(FREEZES_HELD_MAX, freezes + 1);
      }
      longest = Math.max(longest, current);
    } else if (rest.includes(weekdayOf(day))) {
      status = 'rest';
    } else if (day >= today) {
      // Today (or, after a flight west, a day the user's zone has not reached): not over yet.
      continue;
    } else if (current > 0 && freezes > 0) {
      status = 'freeze';
      freezes -= 1;
      freezeUsedOn = day;
    } else {
      status = 'missed';
      current = 0;
      toward = 0;
      freezeUsedOn = null;
    }
    days.push({ date: day, status });
  }
  const view: StreakView = {
    current,
    lastDay,
    level: streakLevel(current),
    longest,
    freezes,
    nextFreezeIn: freezes >= FREEZES_HELD_MAX ? null : FREEZE_EVERY_DAYS - toward,
    freezeUsedOn,
    restToday,
    note: null,
  };
  return { ...view, note: streakNote(view, today), days };
}

/** The streak as the answers carry it: the report without its days. */
export function streakOf(history: StreakHistory, today: string): StreakView {
  const { days: _days, ...view } = streakReport(history, today);
  return view;
}

export const STREAK_NOTES = {
  restDay: 'Rest day',
  freezeUsed: (weekday: string, left: number) => `Freeze used on ${weekday}, ${left} left`,
  nextFreeze: (days: number) => `Next freeze in ${days} ${days === 1 ? 'day' : 'days'}`,
  freezesFull: `${FREEZES_HELD_MAX} freezes held, the most you can hold`,
} as const;

/**
 * What the Streak card says happened: today is a rest day; a freeze kept the streak this week;
 * or how far the next freeze is. Null when there is no streak to speak of.
 */
export function streakNote(view: Omit<StreakView, 'note'>, today: string): string | null {
  if (view.restToday && view.lastDay !== today) return STREAK_NOTES.restDay;
  if (view.current === 0) return null;
  // Within the last six days a weekday names one day; a week back it would read as today's.
  if (view.freezeUsedOn !== null && daysBetween(view.freezeUsedOn, today) < 7) {
    return STREAK_NOTES.freezeUsed(WEEKDAY_NAMES[weekdayOf(view.freezeUsedOn)] ?? '', view.freezes);
  }
  return view.nextFreezeIn === null ? STREAK_NOTES.freezesFull : STREAK_NOTES.nextFreeze(view.nextFreezeIn);
}

// ---------------------------------------------------------------------------------------------
// Answers of the streak calendar and the rest-day setting (their inputs: streak-input.ts, so the
// first load, which reads this module, carries no zod)

export interface RestDaysView {
  /** In force today. */
  weekdays: number[];
  /** A change that takes effect tomorrow, or null. */
  next: { from: string; weekdays: number[] } | null;
}

export interface StreakCalendarView {
  month: string;
  today: string;
  /** The earliest month with history (the calendar's first page), or null. */
  firstMonth: string | null;
  /** The month's days that have a status; the others (before the history, ahead) have none. */
  days: StreakDay[];
  streak: StreakView;
}

export const STREAK_DAY_LABELS: Record<StreakDayStatus, string> = {
  focus: 'Focus day',
  rest: 'Rest day',
  freeze: 'Freeze used',
  missed: 'Missed',
};

export const REST_DAYS_COPY = {
  title: 'Rest days',
  legend: 'Days to rest on',
  loadFailed: 'Could not load your rest days.',
  explain: `Pick up to ${REST_DAYS_MAX} weekdays to rest on. A rest day never breaks your streak and does not add to it; focusing on one still counts. A change starts tomorrow and never rewrites past days.`,
  save: 'Save rest days',
  saved: 'Rest days saved',
  savedDetail: (days: string) => `From tomorrow: ${days}.`,
  none: 'No rest days',
  startsTomorrow: (days: string) => `From tomorrow: ${days}`,
  tooMany: `You can pick up to ${REST_DAYS_MAX} rest days`,
} as const;

export const CALENDAR_COPY = {
  open: 'Streak calendar',
  title: 'Streak calendar',
  current: 'Current streak',
  longest: 'Longest streak',
  previous: 'Previous month',
  next: 'Next month',
  days: (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`,
  freezesHeld: (n: number) => `${n} ${n === 1 ? 'freeze' : 'freezes'} held`,
  loadFailed: 'Could not load your streak calendar.',
} as const;

/**
 * The streak once today has a focus session, shown before the server can say so (offline): a
 * streak still alive today goes on by one, and none starts at 1. The server's next answer, from
 * the whole history, replaces it.
 */
export function withFocusToday(view: StreakView, today: string): StreakView {
  if (view.lastDay === today) return view;
  const current = view.current + 1;
  const next = {
    ...view,
    current,
    lastDay: today,
    level: streakLevel(current),
    longest: Math.max(view.longest, current),
  };
  return { ...next, note: streakNote(next, today) };
}

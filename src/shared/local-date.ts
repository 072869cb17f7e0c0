// Calendar dates in a user's IANA zone. 'Today' for a task list is the user's local date, and
// whole days between two local dates are counted on the calendar (never as 24-hour blocks), so
// days of 23 or 25 hours around a DST switch still count as one day.

import { RecentMap } from './recent-map';

/** IANA names are at most a few dozen characters; anything longer is refused before Intl sees it. */
export const TIME_ZONE_MAX_LENGTH = 64;
/**
 * Bounds for the two caches below. There are about 450 IANA names; a few hundred formatters
 * cover every zone real users live in, and an attacker's spellings only evict each other.
 */
export const FORMATTER_CACHE_SIZE = 300;
const SPELLING_CACHE_SIZE = 1000;

// Each Intl.DateTimeFormat holds ~28 KiB of ICU state, so formatters are cached by the zone's
// canonical name only (never by what a client typed), and the cache is bounded. A spelling that
// is not cached yet costs one transient formatter, which the garbage collector takes back.
const formatters = new RecentMap<string, Intl.DateTimeFormat>(FORMATTER_CACHE_SIZE);
/** Spelling → canonical name (or null when refused), so repeated spellings skip Intl. */
const spellings = new RecentMap<string, { canonical: string | null }>(SPELLING_CACHE_SIZE);

function buildFormatter(timeZone: string): Intl.DateTimeFormat {
  // en-CA formats as YYYY-MM-DD; formatToParts keeps us independent of that detail anyway.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
}

/**
 * The zone's name as Intl resolves it ('aMeRiCa/nEw_YoRk' → 'America/New_York'), or null when it
 * is not an IANA name: unknown names, and UTC offsets such as '+05:30' (Intl accepts those, but
 * an offset has no daylight-saving rules, so 'today' would drift for half the year).
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (timeZone.length === 0 || timeZone.length > TIME_ZONE_MAX_LENGTH) return null;
  const known = spellings.get(timeZone);
  if (known) return known.canonical;
  let canonical: string | null = null;
  try {
    const formatter = buildFormatter(timeZone);
    const resolved = formatter.resolvedOptions().timeZone;
    if (/^[A-Za-z]/.test(resolved)) {
      canonical = resolved;
      if (!formatters.has(resolved))
        formatters.set(resolved, resolved === timeZone ? formatter : buildFormatter(resolved));
    }
  } catch {
    canonical = null;
  }
  spellings.set(timeZone, { canonical });
  return canonical;
}

function formatterFor(canonical: string): Intl.DateTimeFormat {
  let formatter = formatters.get(canonical);
  if (!formatter) {
    formatter = buildFormatter(canonical);
    formatters.set(canonical, formatter);
  }
  return formatter;
}

/** How many formatters are cached (tests check the bound). */
export function cachedFormatterCount(): number {
  return formatters.size;
}

/** True when the zone is an IANA name Intl knows (in any letter case). */
export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null;
}

/** A stored zone that Intl no longer knows (or never did) falls back to UTC rather than failing. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return (timeZone && canonicalTimeZone(timeZone)) || 'UTC';
}

function formatDate(formatter: Intl.DateTimeFormat, instant: Date | number): string {
  const parts = formatter.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const MINUTE_MS = 60_000;

/**
 * Per zone, the last minute (of UTC time) a date was asked for. Every request asks for 'now', and
 * formatToParts was a tenth of a list read's CPU outside the database; within one minute the answer is the same
 * for every instant once its first and last millisecond agree (a local date only moves forward,
 * and no zone's clock jumps back across midnight inside a minute). Checked on the second ask, so
 * one-off instants (a task's carry-over date) cost one format as before.
 */
interface MinuteSeen {
  minute: number;
  date: string;
  /** 'seen': asked once (date is that instant's); 'whole': the whole minute has date; 'split': it has two. */
  state: 'seen' | 'whole' | 'split';
}
const minutes = new RecentMap<string, MinuteSeen>(FORMATTER_CACHE_SIZE);

/** The calendar date (YYYY-MM-DD) of an instant in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  const zone = canonicalTimeZone(timeZone) ?? 'UTC';
  const minute = Math.floor(instant.getTime() / MINUTE_MS);
  const seen = minutes.get(zone);
  if (seen?.minute === minute && seen.state === 'whole') return seen.date;
  const formatter = formatterFor(zone);
  const date = formatDate(formatter, instant);
  if (seen?.minute === minute) {
    if (seen.state === 'seen') {
      const start = minute * MINUTE_MS;
      const whole = formatDate(formatter, start) === date && formatDate(formatter, start + MINUTE_MS - 1) === date;
      seen.date = date;
      seen.state = whole ? 'whole' : 'split';
    }
  } else if (Number.isFinite(minute) && !(seen && seen.minute > minute)) {
    // Only a later minute takes the place: the past instants a read also asks about (a task's
    // carry-over date, the last reset) would otherwise evict 'now' on every request.
    minutes.set(zone, { minute, date, state: 'seen' });
  }
  return date;
}

const DAY_MS = 86_400_000;

/** UTC midnight of a YYYY-MM-DD calendar date (an Invalid Date when the text is not one). */
export function utcDate(date: string): Date {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function dayNumber(date: string): number {
  return utcDate(date).getTime() / DAY_MS;
}

/** YYYY-MM-DD plus n calendar days. */
export function addDays(date: string, n: number): string {
  return new Date(utcDate(date).getTime() + n * DAY_MS).toISOString().slice(0, 10);
}

/** The weekday of a YYYY-MM-DD date: 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  return utcDate(date).getUTCDay();
}

/** Whole calendar days from one local date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Only a task carried over and not yet completed has days carried over to count. */
function countsCarryOver(task: {
  completed: boolean;
  carryOverDate: Date | string | null;
}): task is { completed: false; carryOverDate: Date | string } {
  return !task.completed && task.carryOverDate !== null && task.carryOverDate !== '';
}

/**
 * Whole local days since a task was carried over: 0 when it is completed or was never carried
 * over. The server orders Today's Focus by it; the client shows it as 'n days ago'.
 */
export function daysCarriedOver(
  task: { completed: boolean; carryOverDate: Date | string | null },
  now: Date,
  timeZone: string,
): number {
  // Most tasks were never carried over: they need no local date (in a browser, the first
  // Intl.DateTimeFormat costs ~12 ms, most of the tasks screen's first render on a phone).
  if (!countsCarryOver(task)) return 0;
  return daysCarriedOverOn(task, localDate(now, timeZone), timeZone);
}

/** The same, with today's local date worked out once by the caller (a list asks it per task). */
export function daysCarriedOverOn(
  task: { completed: boolean; carryOverDate: Date | string | null },
  today: string,
  timeZone: string,
): number {
  if (!countsCarryOver(task)) return 0;
  const since = new Date(task.carryOverDate);
  if (Number.isNaN(since.getTime())) return 0;
  return Math.max(0, daysBetween(localDate(since, timeZone), today));
}

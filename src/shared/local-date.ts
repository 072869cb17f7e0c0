// Calendar dates in a user's IANA zone. 'Today' for a task list is the user's local date, and
// whole days between two local dates are counted on the calendar (never as 24-hour blocks), so
// days of 23 or 25 hours around a DST switch still count as one day.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD; formatToParts keeps us independent of that detail anyway.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the zone. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** A stored zone that Intl no longer knows (or never did) falls back to UTC rather than failing. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

/** The calendar date (YYYY-MM-DD) of an instant in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = formatterFor(safeTimeZone(timeZone)).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / DAY_MS;
}

/** Whole calendar days from one local date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
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
  if (task.completed || !task.carryOverDate) return 0;
  const since = new Date(task.carryOverDate);
  if (Number.isNaN(since.getTime())) return 0;
  return Math.max(0, daysBetween(localDate(since, timeZone), localDate(now, timeZone)));
}


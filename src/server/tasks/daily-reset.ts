// The daily-reset rule, pure: given the last reset, the clock and the user's zone, is a reset
// due, and what does it do to the list? The service applies the answer in one transaction.
import { DAILY_TASK_LIMIT } from '../../shared/constants';
import { localDate } from '../../shared/local-date';
import { RecentMap } from '../../shared/recent-map';

/**
 * Each list read asks whether a reset is due, and Intl's formatToParts was most of the read's own
 * work outside the database: the last reset's local date is kept (it is the same answer until the next reset), by
 * its exact instant and zone. Bounded: beyond this many users the oldest are read again.
 */
const RESET_DAYS_KEPT = 10_000;
const resetDays = new RecentMap<string, string>(RESET_DAYS_KEPT);

function resetDay(lastResetAt: Date, timeZone: string): string {
  const key = `${timeZone} ${lastResetAt.getTime()}`;
  let day = resetDays.get(key);
  if (day === undefined) {
    day = localDate(lastResetAt, timeZone);
    resetDays.set(key, day);
  }
  return day;
}

/**
 * Due when the user's local date now differs from the local date of the last reset, both read in
 * the user's current zone (so a user who changes zone is judged by the calendar they live by now).
 * `today` is the local date of `now`, when the caller already has it.
 */
export function isResetDue(lastResetAt: Date, now: Date, timeZone: string, today = localDate(now, timeZone)): boolean {
  return resetDay(lastResetAt, timeZone) !== today;
}

export interface ResetCandidate {
  id: string;
  completed: boolean;
  isCarryOver: boolean;
  carryOverDate: Date | null;
  plannedOn: string;
  addedAt: Date;
  seq: number;
}

export interface ResetPlan {
  /** Entries to delete: every completed one, and incomplete ones beyond the daily limit. */
  remove: string[];
  /** Incomplete entries kept, with the carry-over date each gets. */
  carry: { id: string; carryOverDate: Date }[];
  /** Completed entries dropped (what the 'Daily Reset Complete' toast reports). */
  removed: number;
  carriedOver: number;
}

/** Oldest first: the day it was planned for, then when it was added, then insertion order. */
export function byOldestPlanned(a: ResetCandidate, b: ResetCandidate): number {
  if (a.plannedOn !== b.plannedOn) return a.plannedOn < b.plannedOn ? -1 : 1;
  const added = a.addedAt.getTime() - b.addedAt.getTime();
  return added !== 0 ? added : a.seq - b.seq;
}

/**
 * What a due reset does: completed entries go; up to DAILY_TASK_LIMIT incomplete ones stay
 * (oldest-planned first) and are marked carried over. An entry already carried over keeps its
 * first carry-over date, so 'n days ago' keeps counting up while it stays undone.
 */
export function planReset(tasks: ResetCandidate[], previousResetAt: Date): ResetPlan {
  const completed = tasks.filter((t) => t.completed);
  const incomplete = tasks.filter((t) => !t.completed).sort(byOldestPlanned);
  const kept = incomplete.slice(0, DAILY_TASK_LIMIT);
  const overflow = incomplete.slice(DAILY_TASK_LIMIT);
  return {
    remove: [...completed, ...overflow].map((t) => t.id),
    carry: kept.map((t) => ({
      id: t.id,
      carryOverDate: t.isCarryOver && t.carryOverDate ? t.carryOverDate : previousResetAt,
    })),
    removed: completed.length,
    carriedOver: kept.length,
  };
}

export interface SortableDaily {
  completed: boolean;
  daysCarriedOver: number;
  addedAt: Date;
  seq: number;
}

/** Today's Focus order: incomplete first, most days carried over first, then as added; completed last. */
export function compareDaily(a: SortableDaily, b: SortableDaily): number {
  if (a.completed !== b.completed) return a.completed ? 1 : -1;
  if (a.daysCarriedOver !== b.daysCarriedOver) return b.daysCarriedOver - a.daysCarriedOver;
  const added = a.addedAt.getTime() - b.addedAt.getTime();
  return added !== 0 ? added : a.seq - b.seq;
}

// Rest days (issue #50): up to REST_DAYS_MAX weekdays that neither break nor extend the streak.
// Each setting is kept with the local day it takes effect, the day after it was chosen, so a
// change never rewrites a day already lived; choosing again the same day replaces tomorrow's.
import { asc, eq } from 'drizzle-orm';
import { addDays, localDate, safeTimeZone } from '../../shared/local-date';
import {
  type RestDaySetting,
  type RestDaysView,
  restWeekdaysOn,
  weekdayBits,
  weekdaysOfBits,
} from '../../shared/streak';
import type { Db, Tx } from '../db/client';
import { restDaySettings } from '../db/schema';
import type { AppDeps } from '../deps';
import type { LockInUser } from './lockin.service';

export async function readRestDaySettings(db: Db | Tx, userId: string): Promise<RestDaySetting[]> {
  const rows = await db
    .select({ from: restDaySettings.effectiveFrom, bits: restDaySettings.weekdays })
    .from(restDaySettings)
    .where(eq(restDaySettings.userId, userId))
    .orderBy(asc(restDaySettings.effectiveFrom));
  return rows.map((r) => ({ from: r.from, weekdays: weekdaysOfBits(r.bits) }));
}

function viewOf(settings: RestDaySetting[], today: string): RestDaysView {
  const tomorrow = addDays(today, 1);
  const upcoming = settings.find((s) => s.from === tomorrow);
  return {
    weekdays: [...restWeekdaysOn(settings, today)],
    next: upcoming ? { from: upcoming.from, weekdays: [...upcoming.weekdays] } : null,
  };
}

export async function getRestDays(deps: AppDeps, user: LockInUser): Promise<RestDaysView> {
  const today = localDate(deps.clock.now(), safeTimeZone(user.timeZone));
  return viewOf(await readRestDaySettings(deps.db, user.id), today);
}

/** Sets the rest weekdays from the user's next local day on (one statement: an upsert). */
export async function setRestDays(deps: AppDeps, user: LockInUser, weekdays: number[]): Promise<RestDaysView> {
  const today = localDate(deps.clock.now(), safeTimeZone(user.timeZone));
  const from = addDays(today, 1);
  const bits = weekdayBits(weekdays);
  await deps.db
    .insert(restDaySettings)
    .values({ userId: user.id, effectiveFrom: from, weekdays: bits })
    .onConflictDoUpdate({ target: [restDaySettings.userId, restDaySettings.effectiveFrom], set: { weekdays: bits } });
  return viewOf(await readRestDaySettings(deps.db, user.id), today);
}

/**
 * A signed file's rest-day history, taken only by an account that has none of its own (a fresh
 * one): the file's streak was counted with it, and an account's own settings are never rewritten.
 */
export async function importRestDays(tx: Tx, userId: string, settings: readonly RestDaySetting[]): Promise<void> {
  if (settings.length === 0) return;
  const [have] = await tx
    .select({ from: restDaySettings.effectiveFrom })
    .from(restDaySettings)
    .where(eq(restDaySettings.userId, userId))
    .limit(1);
  if (have) return;
  await tx
    .insert(restDaySettings)
    .values(settings.map((s) => ({ userId, effectiveFrom: s.from, weekdays: weekdayBits(s.weekdays) })))
    .onConflictDoNothing();
}

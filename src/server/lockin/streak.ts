// The daily streak, derived from the stored completed sessions, never stored as a figure: the
// number of consecutive local days with a completed session, ending today or yesterday. Every day
// is read in the user's current zone, all together, so changing the zone between two sessions
// re-reads both in the same zone and cannot add a day (docs/decisions/2026-11-24-honest-figures.md).
import { type SQL, sql } from 'drizzle-orm';
import { daysBetween } from '../../shared/local-date';
import { type StreakView, streakLevel } from '../../shared/lockin';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';

export interface StreakRun {
  current: number;
  lastDay: string | null;
}

/**
 * The newest run of consecutive local days with a completed session, as one SQL row.
 * Gaps and islands over the distinct local days (one row per day, whatever the number of
 * sessions): `day - row_number` is the same for every day of one run of consecutive days, so the
 * newest run is the group of the newest day. The zone is checked once (a CTE), not per row: the
 * check opens a subtransaction, and per row it was most of the cost on a long history.
 *
 * `alsoCompleted` selects the `ended_at` of completed sessions the table does not show yet: a
 * statement that ends a session and reads the streak together sees the table as it was before
 * the statement, so the session it has just completed is counted through its returned row.
 * The user and zone may be values or placeholders of a statement built once.
 */
export function streakRunSql(userId: unknown, timeZone: unknown, alsoCompleted?: SQL): SQL {
  const more = alsoCompleted
    ? sql` union select (e.ended_at at time zone zone.tz)::date from (${alsoCompleted}) e, zone`
    : sql``;
  return sql`with zone as materialized (select insights_zone(${timeZone}) as tz),
        days as (
          select distinct (s.ended_at at time zone zone.tz)::date as d
          from lock_in_sessions s, zone
          where s.user_id = ${userId} and s.status = 'completed' and s.ended_at is not null${more}
        ), runs as (
          select d, d - (row_number() over (order by d))::int as g from days
        )
        select count(*)::int as current, max(d)::text as "lastDay"
        from runs where g = (select g from runs order by d desc limit 1)`;
}

/** The streak the run makes today: a run whose last day is before yesterday has ended and reads 0. */
export function streakOf(run: StreakRun | undefined, today: string): StreakView {
  const lastDay = run?.lastDay ?? null;
  const current = lastDay !== null && daysBetween(lastDay, today) <= 1 ? (run?.current ?? 0) : 0;
  return { current, lastDay, level: streakLevel(current) };
}

export async function readStreak(db: Db | Tx, userId: string, timeZone: string, today: string): Promise<StreakView> {
  const [run] = await rowsOf<StreakRun>(db, streakRunSql(userId, timeZone));
  return streakOf(run, today);
}

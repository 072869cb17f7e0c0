// The daily streak, derived every time from the stored history, never stored as a figure: the
// shared rule (src/shared/streak.ts) over the local days of the completed sessions that count and
// the rest-day settings. Each session's day is its local day in the zone it was recorded in, so a
// trip never re-reads an earlier day in the new zone; 'today' is the user's current zone's.
import { type SQL, sql } from 'drizzle-orm';
import {
  type RestDaySetting,
  type StreakHistory,
  type StreakReport,
  type StreakView,
  streakOf,
  streakReport,
  weekdaysOfBits,
} from '../../shared/streak';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';

/** One row: the history as two JSON lists (the statement can be sent with others in one round trip). */
export interface StreakHistoryRow {
  days: string[];
  rest: { from: string; bits: number }[];
}

/**
 * The user's focus days and rest settings as one SQL row. The distinct local days are made in
 * the database (a long history sends one date per day, not one row per session), each in the
 * session's own zone, which is always one this database knows (db/pg-zones.ts: checking it here
 * per row, or per distinct zone in a second pass, cost half again on a long history). Imported
 * sessions a server did not sign never count.
 */
export function streakHistorySql(userId: unknown): SQL {
  return sql`select
          coalesce((
            select json_agg(d::text order by d) from (
              select distinct (s.ended_at at time zone s.time_zone)::date as d
              from lock_in_sessions s
              where s.user_id = ${userId} and s.status = 'completed' and not s.imported and s.ended_at is not null
            ) days
          ), '[]'::json) as days,
          coalesce((
            select json_agg(json_build_object('from', r.effective_from::text, 'bits', r.weekdays) order by r.effective_from)
            from rest_day_settings r where r.user_id = ${userId}
          ), '[]'::json) as rest`;
}

export function historyOf(row: StreakHistoryRow | undefined): StreakHistory {
  const restDays: RestDaySetting[] = (row?.rest ?? []).map((r) => ({ from: r.from, weekdays: weekdaysOfBits(r.bits) }));
  return { focusDays: row?.days ?? [], restDays };
}

export async function readStreakHistory(db: Db | Tx, userId: string): Promise<StreakHistory> {
  const [row] = await rowsOf<StreakHistoryRow>(db, streakHistorySql(userId));
  return historyOf(row);
}

export async function readStreak(db: Db | Tx, userId: string, today: string): Promise<StreakView> {
  return streakOf(await readStreakHistory(db, userId), today);
}

export async function readStreakReport(db: Db | Tx, userId: string, today: string): Promise<StreakReport> {
  return streakReport(await readStreakHistory(db, userId), today);
}

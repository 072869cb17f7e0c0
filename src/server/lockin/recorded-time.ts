// The stretches of time a user's recorded sessions took. A session recorded after it ran (offline,
// a visitor's history, an imported file) may not overlap one: one stretch of time counts once.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { lockInSessions } from '../db/schema';

/** From start to end, in ms. */
export interface Stretch {
  start: number;
  end: number;
}

export const overlaps = (a: Stretch, b: Stretch) => a.start < b.end && b.start < a.end;

/** A session's end; one still running (or never ended) takes its planned end. */
const endOf = sql`coalesce(${lockInSessions.endedAt}, ${lockInSessions.endsAt})`;

/** The user's recorded sessions that overlap [from, to). */
export async function recordedStretches(tx: Db | Tx, userId: string, from: Date, to: Date): Promise<Stretch[]> {
  const rows = await tx
    .select({ startedAt: lockInSessions.startedAt, end: sql<Date | string>`${endOf}` })
    .from(lockInSessions)
    .where(
      and(
        eq(lockInSessions.userId, userId),
        lt(lockInSessions.startedAt, to),
        // A raw expression's parameter is not mapped by the column: sent as text, cast by PostgreSQL.
        gt(endOf, sql`${from.toISOString()}::timestamptz`),
      ),
    );
  // Not mapped by a column either: a Date from one driver, text from the other.
  return rows.map((r) => ({ start: r.startedAt.getTime(), end: new Date(r.end).getTime() }));
}

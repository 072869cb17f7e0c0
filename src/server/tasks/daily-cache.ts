// Each user's Today's Focus rows and last reset time, kept in the process for a few seconds so
// reading the list (the client's most frequent call) costs no database round trip. Only the rows
// are cached, never the answer: whether a reset is due and how many days an entry has been carried
// over are decided on every read from these rows, the clock and the user's zone, so time passing
// needs no invalidation (and a due reset still goes the locked path that runs it).
//
// Exactness comes from invalidation, by the mechanism the plans share (accounts/user-cache.ts):
// - every change to daily_tasks or daily_reset_state NOTIFYs `d:<user id>:<txid>` from a trigger
//   (drizzle/0007), delivered to every process when it commits — whatever wrote it;
// - every task write in this process takes the user's lock through `lockUser` (task-store.ts),
//   which touches the user's daily_reset_state row (so the transaction always announces itself)
//   and calls `writeStarted` with its transaction id: the cached rows are dropped, and the user's
//   list is read from the database and not cached until that transaction's own notification
//   arrives. On PostgreSQL the notification comes over the LISTEN connection a moment after the
//   commit; a read in between gets the committed rows from the database, never the old ones.
//   Keying the mark by transaction id means another process's write for the same user cannot
//   lift it early. A write that rolls back announces nothing; its mark lapses after the TTL
//   (the user's list is read from the database meanwhile: slower, never stale).
import { sessionCache } from '../accounts/session-cache';
import { type ReadToken, UserCache } from '../accounts/user-cache';
import type { Db } from '../db/client';
import type { DailyRow } from './task-store';

/** What the list read returns before any date-dependent shaping. */
export interface DailyState {
  lastResetAt: Date;
  rows: readonly DailyRow[];
}

/** The notification prefix the trigger of drizzle/0007 writes: `d:<user id>:<txid>`. */
export const DAILY_PREFIX = 'd:';

class DailyCache extends UserCache<DailyState> {
  constructor() {
    super((db) => sessionCache.isListening(db), 'daily');
  }

  /** Caches rows read from the database, frozen: every read shares them until they are dropped. */
  override set(db: Db, userId: string, state: DailyState, readStartedAt: ReadToken): void {
    for (const row of state.rows) Object.freeze(row);
    super.set(
      db,
      userId,
      Object.freeze({ lastResetAt: state.lastResetAt, rows: Object.freeze([...state.rows]) }),
      readStartedAt,
    );
  }
}

/** One per process, fed by the sessions' listener (entries remember their database). */
export const dailyCache = new DailyCache();

sessionCache.addCompanion({
  prefix: DAILY_PREFIX,
  onNotification: (rest) => dailyCache.onCommitNotification(rest),
  clear: () => dailyCache.clear(),
});

/** For a write that bypasses `lockUser` (test factories): call after it commits. */
export function forgetCachedDaily(userId: string): void {
  dailyCache.drop(userId);
}

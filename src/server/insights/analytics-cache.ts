// Each free user's analytics answer, kept in the process for a few seconds: on PGlite the one
// statement behind it costs ~2 ms of the database's only thread, and the dashboard, the REST route
// and a second tab all ask for it. Premium answers are not kept: they are larger (up to a hundred
// categories and reasons, a heatmap) and a bounded count of entries should bound memory.
//
// The answer depends on the user's ended sessions, their completion history and Today's Focus,
// and on the clock only through the local date and zone: it is kept under the key
// `<zone>|<local date>`, so a new day or a new zone reads afresh and time needs no invalidation.
// Exactness comes from invalidation, by the mechanism the other user caches share (user-cache.ts):
// - changes to lock_in_sessions and task_completions NOTIFY `a:<user id>:<txid>` (drizzle/0012),
//   and those to Today's Focus `d:<user id>:<txid>` (drizzle/0007): every process drops the user's
//   answer when the change commits, whatever wrote it;
// - in this process a write marks the user before it begins, so nothing is served or kept for the
//   user until it has committed: Today's Focus writes through `lockUser` (by transaction id, lifted
//   by the notification), Lock-In writes through `analyticsWrite` (lifted when the write returns).
import { sessionCache } from '../accounts/session-cache';
import { UserCache } from '../accounts/user-cache';
import type { BasicAnalytics } from '../../shared/insights';
import { DAILY_PREFIX } from '../tasks/daily-cache';

/** The notification prefix the triggers of drizzle/0012 write: `a:<user id>:<txid>`. */
const ANALYTICS_PREFIX = 'a:';

interface KeptAnswer {
  /** `<zone>|<local date>` the answer was computed for. */
  key: string;
  answer: BasicAnalytics;
}

/** One per process, fed by the sessions' listener (entries remember their database). */
export const analyticsCache = new UserCache<KeptAnswer>((db) => sessionCache.isListening(db), 'analytics');

for (const prefix of [ANALYTICS_PREFIX, DAILY_PREFIX]) {
  sessionCache.addCompanion({
    prefix,
    onNotification: (rest) => analyticsCache.onCommitNotification(rest),
    clear: () => analyticsCache.clear(),
  });
}

/** The key an answer computed now, in `timeZone` on local date `today`, is kept under. */
export const analyticsKey = (timeZone: string, today: string) => `${timeZone}|${today}`;

/** Freezes an answer before it is kept: every request for it shares the one object. */
export function keepable(answer: BasicAnalytics): BasicAnalytics {
  Object.freeze(answer.weeklyStats);
  return Object.freeze(answer);
}

let localWrites = 0;

/**
 * Runs a write of the user's Lock-In sessions: the user's answer is neither served nor kept while
 * it runs, and one read before it ends is never kept after (committed or rolled back).
 */
export async function analyticsWrite<T>(userId: string, write: () => Promise<T>): Promise<T> {
  localWrites += 1;
  const token = `local:${localWrites}`;
  analyticsCache.writeStarted(userId, token);
  try {
    return await write();
  } finally {
    analyticsCache.writeCommitted(userId, token);
  }
}

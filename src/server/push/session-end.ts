// 'Session complete' pushes: every few seconds each process claims the running Lock-In sessions
// whose countdown has reached zero and sends one push per session to the user's devices. The
// schedule is the sessions' own rows (ends_at, end_notified_at), not timers in memory, so it
// survives a restart; a quit session is no longer 'active', so its push is cancelled with it.
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { PUSH_MESSAGES } from '../../shared/push';
import { ROUTES } from '../../shared/routes';
import { lockInSessions, pushSubscriptions } from '../db/schema';
import type { AppDeps } from '../deps';
import { startSweep } from '../ops/sweep';
import { sendToUser } from './push.service';

export const SESSION_END_SWEEP_MS = 5_000;
/** A session that ended longer ago than this (a server that was down, an old release) gets no late push. */
const LATE_LIMIT_MS = 10 * 60_000;
/** Sessions claimed per sweep: bounds what one tick holds and sends; the rest wait for the next. */
const BATCH = 100;

/** Claims and notifies the due sessions; answers how many were claimed. */
export async function sendDueSessionEndPushes(deps: Pick<AppDeps, 'db' | 'config' | 'log' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  const due = deps.db
    .select({ userId: lockInSessions.userId, id: lockInSessions.id })
    .from(lockInSessions)
    .where(
      and(
        eq(lockInSessions.status, 'active'),
        isNull(lockInSessions.endNotifiedAt),
        lte(lockInSessions.endsAt, now),
        gt(lockInSessions.endsAt, new Date(now.getTime() - LATE_LIMIT_MS)),
        sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${lockInSessions.userId})`,
      ),
    )
    .limit(BATCH)
    // Another process sweeping at the same moment takes other rows instead of waiting for these.
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(lockInSessions)
    .set({ endNotifiedAt: now })
    .where(sql`(${lockInSessions.userId}, ${lockInSessions.id}) in (${due})`)
    .returning({
      userId: lockInSessions.userId,
      id: lockInSessions.id,
      goalMinutes: lockInSessions.goalMinutes,
      goalText: lockInSessions.goalText,
      taskTitle: lockInSessions.taskTitle,
    });
  for (const session of claimed) {
    await sendToUser(deps, session.userId, {
      title: PUSH_MESSAGES.sessionEndTitle(session.goalMinutes),
      body: session.goalText || session.taskTitle,
      // The app opens on Today's Focus, where the finished session shows its celebration.
      url: ROUTES.home,
      tag: `lockin-session-${session.id}`,
    }).catch((error: unknown) => deps.log.error('session-end push failed', error));
  }
  return claimed.length;
}

/** Runs the sweep every SESSION_END_SWEEP_MS until the returned stop is called. */
export function startSessionEndPushes(deps: Pick<AppDeps, 'db' | 'config' | 'log' | 'clock'>): () => Promise<void> {
  return startSweep('session-end push sweep', SESSION_END_SWEEP_MS, () => sendDueSessionEndPushes(deps), deps.log);
}

// A Lock-In session run while the browser was offline, recorded when the network returns. Online
// sessions are timed by the server's clock; this one could not be, so its client-stamped times are
// taken only within bounds that leave nothing to gain by lying about them:
// - it started no earlier than the client's last answer from us (its signed sync stamp, at most
//   OFFLINE_SYNC_MAX_AGE_DAYS old), so no day before that answer can be filled in afterwards;
// - it ended in the past, after it started, and lasted at most its goal (a completed one, its
//   whole goal, within the same grace an online completion has);
// - it overlaps no session already recorded, so one stretch of time counts once.
// The client's id makes a replay answer the session already recorded instead of a second one.
import { sql } from 'drizzle-orm';
import { DEFAULT_CATEGORY, OFFLINE_CLOCK_TOLERANCE_MS } from '../../shared/constants';
import { type CompletionResult, LOCKIN_COPY, LOCKIN_MESSAGES, minutesFromSeconds } from '../../shared/lockin';
import type { OfflineSessionInput } from '../../shared/lockin-input';
import { requireRow } from '../db/rows';
import { lockInSessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { COMPLETION_GRACE_MS } from './end-session';
import { findSession, type LockInUser, sessionTask, streakAt, toView } from './lockin.service';
import { recordedStretches } from './recorded-time';
import { storableZone } from '../db/pg-zones';
import { type Device, readSyncStamp } from './sync-stamp';

/** Offline sessions are stored under this prefix, apart from the server's own ids. */
const OFFLINE_ID_PREFIX = 'offline_';

const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

/** The stored start and end, or the rule the claimed times break. */
async function checkTimes(deps: AppDeps, device: Device, input: OfflineSessionInput, now: Date) {
  const start = Date.parse(input.startTime);
  const end = Date.parse(input.endTime);
  const stamp = await readSyncStamp(deps.db, device, input.syncStamp, start, now);
  if ('refused' in stamp)
    throw badRequest(
      stamp.refused === 'superseded' ? LOCKIN_MESSAGES.supersededSyncStamp : LOCKIN_MESSAGES.badSyncStamp,
    );
  const syncedAt = stamp.at;
  const goalMs = input.goalMinutes * 60_000;
  if (start < syncedAt.getTime() - OFFLINE_CLOCK_TOLERANCE_MS) throw badRequest(LOCKIN_MESSAGES.startBeforeSync);
  if (end > now.getTime() + OFFLINE_CLOCK_TOLERANCE_MS) throw badRequest(LOCKIN_MESSAGES.endInFuture);
  if (end <= start || end - start > goalMs + OFFLINE_CLOCK_TOLERANCE_MS)
    throw badRequest(LOCKIN_MESSAGES.longerThanGoal);
  if (input.outcome === 'completed' && end - start < goalMs - COMPLETION_GRACE_MS)
    throw badRequest(LOCKIN_MESSAGES.shorterThanGoal);
  // Within the tolerance, the times are pulled inside the bounds they were allowed to stray from.
  const startedAt = new Date(Math.max(start, syncedAt.getTime()));
  const endedAt = new Date(Math.min(end, now.getTime(), startedAt.getTime() + goalMs));
  return { startedAt, endedAt: endedAt > startedAt ? endedAt : new Date(startedAt.getTime() + 1) };
}

export async function recordOfflineSession(
  deps: AppDeps,
  user: LockInUser,
  device: Device,
  input: OfflineSessionInput,
): Promise<CompletionResult> {
  const now = deps.clock.now();
  const id = `${OFFLINE_ID_PREFIX}${input.id.toLowerCase()}`;
  // A replay answers what was recorded, even once its stamp has grown too old to record anew.
  const replayed = await findSession(deps.db, user.id, id);
  if (replayed) return { session: toView(replayed), streak: await streakAt(deps.db, user, now) };
  // Read before the transaction: PGlite's one connection is the transaction's until it ends.
  const { startedAt, endedAt } = await checkTimes(deps, device, input, now);
  const { taskTitle, category } = input.taskId
    ? await sessionTask(deps, user, input.taskId)
    : { taskTitle: LOCKIN_COPY.defaultTaskTitle, category: DEFAULT_CATEGORY };
  const timeZone = await storableZone(deps.db, user.timeZone);
  return deps.db.transaction(async (tx) => {
    // One record of a user's offline sessions at a time, so two replays cannot both miss the
    // other's overlap (or both insert the same id).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`lockin-offline:${user.id}`}, 0))`);
    const recorded = await findSession(tx, user.id, id);
    if (recorded) return { session: toView(recorded), streak: await streakAt(tx, user, now) };
    if ((await recordedStretches(tx, user.id, startedAt, endedAt)).length > 0)
      throw new AppError('CONFLICT', LOCKIN_MESSAGES.overlaps);
    const completed = input.outcome === 'completed';
    const elapsed = minutesFromSeconds((endedAt.getTime() - startedAt.getTime()) / 1000);
    const rows = await tx
      .insert(lockInSessions)
      .values({
        userId: user.id,
        id,
        taskTitle,
        category,
        goalText: input.goalText?.trim() || null,
        goalMinutes: input.goalMinutes,
        actualMinutes: completed ? input.goalMinutes : Math.min(elapsed, input.goalMinutes),
        status: input.outcome,
        completed,
        quitEarly: !completed,
        quitReason: completed ? null : (input.reason ?? null),
        timeZone,
        startedAt,
        endsAt: new Date(startedAt.getTime() + input.goalMinutes * 60_000),
        endedAt,
        // Over before the server heard of it: nothing left to remind anyone of.
        endNotifiedAt: now,
      })
      .returning();
    return { session: toView(requireRow(rows, 'offline session')), streak: await streakAt(tx, user, now) };
  });
}

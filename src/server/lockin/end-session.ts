// Ending a Lock-In session, completed (at zero) or quit (early). The end is one
// `update … where status = 'active' returning`, so of a completion and a quit racing on two
// connections exactly one changes the row; the other finds it ended and answers like a repeat
// (same outcome) or a conflict (the other outcome).
import { and, eq } from 'drizzle-orm';
import { LOCKIN_MESSAGES, type CompletionResult, type QuitReason, minutesFromSeconds } from '../../shared/lockin';
import type { Db, Tx } from '../db/client';
import { lockInSessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import {
  findSession,
  type LockInUser,
  notFound,
  type SessionRow,
  streakAt,
  toView,
  windowMinutes,
} from './lockin.service';

/**
 * How early (by the server's clock) a completion may arrive before the countdown's end: covers
 * the request's travel time and a browser clock a little ahead of ours, and nothing more, so a
 * session cannot be "completed" long before its time to grow a streak.
 */
export const COMPLETION_GRACE_MS = 30_000;

export interface EndInput {
  id: string;
  outcome: 'completed' | 'quit';
  /** Already rounded (section 9); checked against 0..goal here. */
  actualMinutes?: number | null;
  reason?: QuitReason | null;
  /** The focus-session shape also finds a session by its alias. */
  byAlias?: boolean;
  /** The field named by a range error (the focus shape calls it durationMinutes). */
  actualField?: string;
}

/** Ends the active `row` with these figures: the ended row, or none when it was no longer active as read. */
export async function finishRow(
  tx: Db | Tx,
  user: LockInUser,
  row: SessionRow,
  outcome: 'completed' | 'quit',
  actualMinutes: number,
  reason: QuitReason | null,
  endedAt: Date,
): Promise<SessionRow | undefined> {
  // Changes the row only while it is still active: of two ends racing, exactly one changes it.
  const [ended] = await tx
    .update(lockInSessions)
    .set({
      status: outcome,
      completed: outcome === 'completed',
      quitEarly: outcome === 'quit',
      quitReason: outcome === 'quit' ? reason : null,
      actualMinutes,
      endedAt,
    })
    .where(
      and(
        eq(lockInSessions.userId, user.id),
        eq(lockInSessions.id, row.id),
        eq(lockInSessions.status, 'active'),
        // The minutes were worked out from this start and goal: a row restored under the same id
        // since it was read is not ended with them.
        eq(lockInSessions.startedAt, row.startedAt),
        eq(lockInSessions.goalMinutes, row.goalMinutes),
      ),
    )
    .returning();
  return ended;
}

/**
 * Ends a running session as completed (at zero) or quit (early). Only the owner reaches it
 * (another user's id is 404). Repeating the same end answers the recorded session unchanged;
 * the other end after one has been recorded is a 409 (status only moves forward).
 */
export async function endSession(deps: AppDeps, user: LockInUser, input: EndInput): Promise<CompletionResult> {
  const now = deps.clock.now();
  const db = deps.db;
  const row = await findSession(db, user.id, input.id, input.byAlias);
  if (!row) throw notFound();
  claimedMinutes(row, input, now);
  if (row.status === 'active') {
    const done = await endActive(db, user, row, input, now);
    if (done) return done;
  }
  // Ended already (before, or by a request that won the race just now).
  const current = await findSession(db, user.id, row.id);
  if (!current) throw notFound(); // deleted (with its account) since it was read above
  if (current.status === input.outcome) return { session: toView(current), streak: await streakAt(db, user, now) };
  // Restored under the same id, still running, since it was read: ended as it is now stored.
  if (current.status === 'active') {
    const done = await endActive(db, user, current, input, now);
    if (done) return done;
  }
  throw new AppError('CONFLICT', LOCKIN_MESSAGES.alreadyEnded);
}

/** The minutes an end claims for `row` (checked against 0..goal, whatever its status) and those that passed. */
function claimedMinutes(row: SessionRow, input: EndInput, now: Date): { claimed: number; elapsed: number } {
  // What really passed by the server's clock, rounded as the spec rounds a client's measure.
  const elapsed = minutesFromSeconds((now.getTime() - row.startedAt.getTime()) / 1000);
  const claimed = input.actualMinutes ?? (input.outcome === 'completed' ? row.goalMinutes : elapsed);
  if (!Number.isInteger(claimed) || claimed < 0 || claimed > row.goalMinutes) {
    throw new AppError('BAD_REQUEST', LOCKIN_MESSAGES.actualRange(row.goalMinutes, input.actualField));
  }
  return { claimed, elapsed };
}

/** The actual minutes and end time an end of the active `row` records, or the refusal it gets. */
function plannedEnd(row: SessionRow, input: EndInput, now: Date): { actual: number; endedAt: Date } {
  const { claimed, elapsed } = claimedMinutes(row, input, now);
  if (input.outcome === 'completed' && now.getTime() < row.endsAt.getTime() - COMPLETION_GRACE_MS) {
    throw new AppError('CONFLICT', LOCKIN_MESSAGES.notYetEnded);
  }
  return {
    // A quit stores at most the minutes that passed: a claim of 119 one second in is 0. A
    // completion at most the countdown's span (less than the goal for a late joiner of a room).
    actual: input.outcome === 'quit' ? Math.min(claimed, elapsed) : Math.min(claimed, windowMinutes(row)),
    endedAt: input.outcome === 'completed' && now > row.endsAt ? row.endsAt : now,
  };
}

/** Ends the active `row` as planned, with the streak after it; null when the guarded UPDATE found it no longer so. */
async function endActive(
  db: Db,
  user: LockInUser,
  row: SessionRow,
  input: EndInput,
  now: Date,
): Promise<CompletionResult | null> {
  const { actual, endedAt } = plannedEnd(row, input, now);
  const ended = await finishRow(db, user, row, input.outcome, actual, input.reason ?? null, endedAt);
  return ended ? { session: toView(ended), streak: await streakAt(db, user, now) } : null;
}

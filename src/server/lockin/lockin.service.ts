// The Lock-In rules: one running session per user, times stamped by the server's clock, status
// only moving forward (active → completed | quit), actual minutes between 0 and the goal, and
// the streak advanced in the same transaction as the completion, in the user's time zone.
// Plain functions of (deps, user, input), shared by the tRPC procedures and both REST shapes.
//
// Concurrency: the end of a session is one `update … where status = 'active' returning`, so of a
// completion and a quit racing on two connections exactly one changes the row; the other finds
// it ended and answers like a repeat (same outcome) or a conflict (the other outcome). The
// partial unique index on status = 'active' keeps a second start from creating a second session.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { DEFAULT_CATEGORY, LOCAL_HISTORY_IMPORT_DAYS, LOCAL_HISTORY_LIMIT } from '../../shared/constants';
import { localDate, safeTimeZone } from '../../shared/local-date';
import {
  isAllowedDuration,
  LOCKIN_COPY,
  LOCKIN_MESSAGES,
  type CompletionResult,
  type LockInSessionView,
  type QuitReason,
  type RunningSession,
  type SessionStatus,
  type StreakView,
  minutesFromSeconds,
} from '../../shared/lockin';
import type { LocalSession } from '../../shared/lockin-input';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { readStreak } from './streak';
import { issueSyncStamp } from './sync-stamp';
import { preparedPerDatabase } from '../db/prepared';
import { requireRow } from '../db/rows';
import { dailyTasks, lockInSessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError, fieldLabel } from '../http/errors';
import { isPremium } from '../plans/plan-status';

export interface LockInUser {
  id: string;
  timeZone: string;
}

type SessionRow = typeof lockInSessions.$inferSelect;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/**
 * How early (by the server's clock) a completion may arrive before the countdown's end: covers
 * the request's travel time and a browser clock a little ahead of ours, and nothing more, so a
 * session cannot be "completed" long before its time to grow a streak.
 */
export const COMPLETION_GRACE_MS = 30_000;
/** A second REST shape recording the same session arrives right after the first. */
const ALIAS_WINDOW_MS = 60_000;

const notFound = () => new AppError('NOT_FOUND', LOCKIN_MESSAGES.notFound);

export function toView(row: SessionRow): LockInSessionView {
  return {
    id: row.id,
    taskTitle: row.taskTitle,
    category: row.category,
    goalText: row.goalText,
    goalMinutes: row.goalMinutes,
    actualMinutes: row.actualMinutes,
    status: row.status as SessionStatus,
    completed: row.completed,
    quitEarly: row.quitEarly,
    quitReason: (row.quitReason as QuitReason | null) ?? null,
    startTime: row.startedAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    completedAt: row.endedAt ? row.endedAt.toISOString() : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

async function findRunning(tx: Db | Tx, userId: string): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(lockInSessions)
    .where(and(eq(lockInSessions.userId, userId), eq(lockInSessions.status, 'active')))
    .limit(1);
  return row;
}

/** Finds a session by its id, or (for the focus-session shape) by the alias it was given. */
export async function findSession(
  tx: Db | Tx,
  userId: string,
  id: string,
  byAlias = false,
): Promise<SessionRow | undefined> {
  const match = byAlias ? or(eq(lockInSessions.id, id), eq(lockInSessions.aliasId, id)) : eq(lockInSessions.id, id);
  const [row] = await tx
    .select()
    .from(lockInSessions)
    .where(and(eq(lockInSessions.userId, userId), match))
    .limit(1);
  return row;
}

const runningSession = preparedPerDatabase((db) =>
  db
    .select()
    .from(lockInSessions)
    .where(and(eq(lockInSessions.userId, sql.placeholder('userId')), eq(lockInSessions.status, 'active')))
    .limit(1)
    .prepare('running_session'),
);

/** The running session (if any) with the server's clock, so another device or a reload resumes it. */
export async function getRunning(deps: AppDeps, user: LockInUser): Promise<RunningSession> {
  const [row] = await runningSession(deps.db).execute({ userId: user.id });
  const now = deps.clock.now();
  return {
    session: row ? toView(row) : null,
    serverNow: now.toISOString(),
    syncStamp: await issueSyncStamp(deps.db, user.id, now),
  };
}

export async function listSessions(
  deps: AppDeps,
  user: LockInUser,
  input: { limit?: number } = {},
): Promise<LockInSessionView[]> {
  const rows = await deps.db
    .select()
    .from(lockInSessions)
    .where(eq(lockInSessions.userId, user.id))
    .orderBy(desc(lockInSessions.startedAt), desc(lockInSessions.createdAt))
    .limit(input.limit ?? 100);
  return rows.map(toView);
}

/** The streak as of `now` in the user's zone (derived from the completed sessions: streak.ts). */
export function streakAt(db: Db | Tx, user: LockInUser, now: Date): Promise<StreakView> {
  const timeZone = safeTimeZone(user.timeZone);
  return readStreak(db, user.id, timeZone, localDate(now, timeZone));
}

export async function getStreak(deps: AppDeps, user: LockInUser): Promise<StreakView> {
  return streakAt(deps.db, user, deps.clock.now());
}

// ---------------------------------------------------------------------------------------------
// Starting

/**
 * Per-task Lock-In from Today's Focus (premium): the session takes the task's title and category.
 * 403 for a free user, 404 for a task not on the user's list.
 */
export async function sessionTask(
  deps: AppDeps,
  user: LockInUser,
  taskId: string,
): Promise<{ taskTitle: string; category: string }> {
  if (!(await isPremium(deps, user.id))) throw new AppError('FORBIDDEN', LOCKIN_MESSAGES.premiumTask);
  const [task] = await deps.db
    .select({ title: dailyTasks.title, category: dailyTasks.category })
    .from(dailyTasks)
    .where(and(eq(dailyTasks.userId, user.id), eq(dailyTasks.id, taskId)));
  if (!task) throw new AppError('NOT_FOUND', LOCKIN_MESSAGES.taskNotFound);
  return { taskTitle: task.title, category: task.category };
}

export interface StartInput {
  goalMinutes: number;
  goalText?: string | null;
  taskTitle?: string;
  category?: string;
  /** Per-task Lock-In from Today's Focus (premium): title and category come from the task. */
  taskId?: string;
  /** The focus-session shape's client id ('focus_…'); otherwise the server makes one. */
  clientId?: string;
}

export type StartResult = { session: LockInSessionView; created: boolean };

/**
 * Starts a session now (server clock). A session still marked running whose end has passed (the
 * tab was closed at zero) is completed first, so it is neither lost nor blocking. Another one
 * still running answers 409 naming it, and the client offers to resume it.
 */
export async function startSession(deps: AppDeps, user: LockInUser, input: StartInput): Promise<StartResult> {
  if (!isAllowedDuration(input.goalMinutes))
    throw new AppError('BAD_REQUEST', `${fieldLabel(['goalMinutes'])} must be one of the offered durations`);
  const { taskTitle, category } = input.taskId
    ? await sessionTask(deps, user, input.taskId)
    : {
        taskTitle: input.taskTitle?.trim() || LOCKIN_COPY.defaultTaskTitle,
        category: input.category?.trim() || DEFAULT_CATEGORY,
      };

  const now = deps.clock.now();
  const values = {
    userId: user.id,
    id: input.clientId ?? crypto.randomUUID(),
    taskTitle,
    category,
    goalText: input.goalText?.trim() || null,
    goalMinutes: input.goalMinutes,
    status: 'active' as const,
    startedAt: now,
    endsAt: new Date(now.getTime() + input.goalMinutes * MINUTE_MS),
  };
  // The common start, with no session running, is one statement. When one is (still counting
  // down, or past its end and not yet completed), the one-active index refuses this insert and
  // the transaction below decides. A start carrying a focus id always takes that path: the id
  // may name a session already recorded, running or not.
  if (!input.clientId) {
    try {
      const row = requireRow(await deps.db.insert(lockInSessions).values(values).returning(), 'new session');
      return { session: toView(row), created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  const attempt = () =>
    deps.db.transaction(async (tx): Promise<StartResult> => {
      if (input.clientId) {
        // A repeated POST of the same focus session answers the one already recorded.
        const existing = await findSession(tx, user.id, input.clientId, true);
        if (existing) return { session: toView(existing), created: false };
      }
      const running = await findRunning(tx, user.id);
      // The same focus id committed by a concurrent request between the two reads above.
      if (running && input.clientId && (running.id === input.clientId || running.aliasId === input.clientId))
        return { session: toView(running), created: false };
      if (running) {
        if (running.endsAt.getTime() <= now.getTime()) {
          await finishRow(tx, user, running, 'completed', running.goalMinutes, null, running.endsAt, now);
        } else {
          const attached = await attachOtherShape(tx, user.id, running, input, now);
          if (attached) return { session: toView(attached), created: false };
          throw new AppError('CONFLICT', LOCKIN_MESSAGES.alreadyRunning);
        }
      }
      const rows = await tx.insert(lockInSessions).values(values).returning();
      return { session: toView(requireRow(rows, 'new session')), created: true };
    });
  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // Two starts at once: the one-active index (or the focus id) let only one in. Looked at again
  // now that it is committed, a repeat of the same focus id or the other REST shape of the same
  // session finds it and answers it, as it would have a moment later; any other start is a 409.
  try {
    return await attempt();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', LOCKIN_MESSAGES.alreadyRunning);
    throw error;
  }
}

/**
 * The spec's client records one session through both REST shapes. The second POST, arriving
 * within a minute for the same goal while the first is running, names the same session: a focus
 * id is kept as the session's alias; a lock-in POST after a focus POST gets the focus session.
 */
async function attachOtherShape(
  tx: Tx,
  userId: string,
  running: SessionRow,
  input: StartInput,
  now: Date,
): Promise<SessionRow | null> {
  if (running.goalMinutes !== input.goalMinutes) return null;
  if (now.getTime() - running.startedAt.getTime() > ALIAS_WINDOW_MS) return null;
  const runningIsFocus = running.id.startsWith('focus_');
  const startIsFocus = input.clientId !== undefined;
  if (runningIsFocus === startIsFocus || running.aliasId !== null) return null;
  const alias = input.clientId ?? running.id; // the focus id when this start is the focus POST
  const [row] = await tx
    .update(lockInSessions)
    .set({ aliasId: alias })
    .where(and(eq(lockInSessions.userId, userId), eq(lockInSessions.id, running.id)))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Ending

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

async function finishRow(
  tx: Db | Tx,
  user: LockInUser,
  row: SessionRow,
  outcome: 'completed' | 'quit',
  actualMinutes: number,
  reason: QuitReason | null,
  endedAt: Date,
  now: Date,
): Promise<CompletionResult | null> {
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
  if (!ended) return null;
  return { session: toView(ended), streak: await streakAt(tx, user, now) };
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
    // A quit stores at most the minutes that passed: a claim of 119 one second in is 0.
    actual: input.outcome === 'quit' ? Math.min(claimed, elapsed) : claimed,
    endedAt: input.outcome === 'completed' && now > row.endsAt ? row.endsAt : now,
  };
}

/** Ends the active `row` as planned; null when the guarded UPDATE found it no longer so. */
function endActive(db: Db, user: LockInUser, row: SessionRow, input: EndInput, now: Date) {
  const { actual, endedAt } = plannedEnd(row, input, now);
  return finishRow(db, user, row, input.outcome, actual, input.reason ?? null, endedAt, now);
}

// ---------------------------------------------------------------------------------------------
// A visitor's browser history, imported after sign-up or sign-in

export interface ImportResult {
  imported: number;
  /** Already in the account (an earlier import) or invalid. */
  skipped: number;
  streak: StreakView;
}

/**
 * Imports the sessions a visitor ran in this browser. Each becomes an ended session with id
 * 'local_<id>', so importing the same history twice adds nothing. Times are the browser's own
 * (the server never saw these sessions): only those of the last LOCAL_HISTORY_IMPORT_DAYS days,
 * never in the future. Completed ones count for the streak like any other completed session.
 */
export async function importLocalSessions(
  deps: AppDeps,
  user: LockInUser,
  sessions: LocalSession[],
): Promise<ImportResult> {
  const now = deps.clock.now();
  const valid = sessions
    .slice(0, LOCAL_HISTORY_LIMIT)
    .map((s) => ({ s, start: new Date(s.timestamp), goal: minutesFromSeconds(s.duration) }))
    .filter(
      ({ s, start, goal }) =>
        isAllowedDuration(goal) &&
        s.actualDuration <= s.duration &&
        start.getTime() <= now.getTime() &&
        // The browser's own record, never seen by the server: only recent history is taken.
        start.getTime() >= now.getTime() - LOCAL_HISTORY_IMPORT_DAYS * DAY_MS,
    )
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  return deps.db.transaction(async (tx) => {
    let imported = 0;
    for (const { s, start, goal } of valid) {
      const actual = Math.min(goal, minutesFromSeconds(s.actualDuration));
      const endedAt = new Date(Math.min(now.getTime(), start.getTime() + s.actualDuration * 1000));
      const inserted = await tx
        .insert(lockInSessions)
        .values({
          userId: user.id,
          id: `local_${s.id}`,
          taskTitle: s.taskName?.trim() || LOCKIN_COPY.defaultTaskTitle,
          category: DEFAULT_CATEGORY,
          goalText: s.goal?.trim() || null,
          goalMinutes: goal,
          actualMinutes: actual,
          status: s.completed ? 'completed' : 'quit',
          completed: s.completed,
          quitEarly: !s.completed,
          quitReason: s.completed ? null : (s.quitReason ?? null),
          startedAt: start,
          endsAt: new Date(start.getTime() + goal * MINUTE_MS),
          endedAt,
        })
        .onConflictDoNothing()
        .returning({ id: lockInSessions.id });
      if (inserted.length > 0) imported += 1;
    }
    return { imported, skipped: sessions.length - imported, streak: await streakAt(tx, user, now) };
  });
}

// Starting a Lock-In session: now, by the server's clock. A session still marked running whose end
// has passed is completed first; another one still running is a 409. The partial unique index on
// status = 'active' keeps two starts at once from creating two sessions.
import { storableZone } from '../db/pg-zones';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_CATEGORY } from '../../shared/constants';
import { isAllowedDuration, LOCKIN_COPY, LOCKIN_MESSAGES, type LockInSessionView } from '../../shared/lockin';
import type { Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { requireRow } from '../db/rows';
import { lockInSessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError, fieldLabel } from '../http/errors';
import { finishRow } from './end-session';
import {
  findRunning,
  findSession,
  type LockInUser,
  MINUTE_MS,
  type SessionRow,
  sessionTask,
  toView,
  windowMinutes,
} from './lockin.service';

/** A second REST shape recording the same session arrives right after the first. */
const ALIAS_WINDOW_MS = 60_000;

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
    timeZone: await storableZone(deps.db, user.timeZone),
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
          await finishRow(tx, user, running, 'completed', windowMinutes(running), null, running.endsAt);
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

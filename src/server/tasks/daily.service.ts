// Today's Focus: up to 5 tasks for the day, ticked off, carried over by the daily reset.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DAILY_TASK_LIMIT } from '../../shared/constants';
import { TOASTS, taskAlreadyAdded } from '../../shared/copy';
import type { DailyList, DailyResetResult, DailyTaskWrite } from '../../shared/tasks';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { bankTasks, dailyResetState, dailyTasks, taskCompletions } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { localDate, safeTimeZone } from '../../shared/local-date';
import { isResetDue } from './daily-reset';
import {
  notFound,
  bankColumns,
  dailyColumns,
  toDailyTask,
  lockAndReset,
  readDaily,
  sortDaily,
  findDaily,
  type DailyRow,
  type TaskUser,
} from './task-store';

// ---------------------------------------------------------------------------------------------
// Today's Focus

/**
 * Reads Today's Focus, running the daily reset first when it is due (reported only then). One
 * lock-free query reads the reset state and the list together; only when a reset is due (or there
 * is no state yet) does it take the user's lock and run the reset.
 */
export async function listDaily(deps: AppDeps, user: TaskUser): Promise<DailyList> {
  const now = deps.clock.now();
  const state = await readDailyState(deps.db, user.id);
  const timeZone = safeTimeZone(user.timeZone);
  const today = localDate(now, timeZone);
  if (state && !isResetDue(state.lastResetAt, now, timeZone, today)) {
    return { tasks: sortDaily(state.rows, user, now, today), reset: null, lastReset: state.lastResetAt.toISOString() };
  }
  return deps.db.transaction(async (tx) => {
    const locked = await lockAndReset(tx, user, now);
    return { tasks: await readDaily(tx, user, now), reset: locked.reset, lastReset: locked.lastResetAt.toISOString() };
  });
}

const dailyState = preparedPerDatabase((db) =>
  db
    .select({ lastResetAt: dailyResetState.lastResetAt, task: dailyColumns })
    .from(dailyResetState)
    .leftJoin(dailyTasks, eq(dailyTasks.userId, dailyResetState.userId))
    .where(eq(dailyResetState.userId, sql.placeholder('userId')))
    .prepare('daily_state'),
);

/** The list's rows and last reset time; none before the user's first read. */
async function readDailyState(db: Db, userId: string): Promise<{ lastResetAt: Date; rows: DailyRow[] } | undefined> {
  const rows = await dailyState(db).execute({ userId });
  const lastResetAt = rows[0]?.lastResetAt;
  if (!lastResetAt) return undefined;
  return { lastResetAt, rows: rows.flatMap((r) => (r.task ? [r.task] : [])) };
}

/** Runs the daily reset if it is due; null when it was not. */
export async function runDailyReset(deps: AppDeps, user: TaskUser): Promise<DailyResetResult | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => (await lockAndReset(tx, user, now)).reset);
}

/**
 * Puts bank tasks on Today's Focus, all or nothing. A due reset runs first, so yesterday's list
 * never counts against today's limit and a task added today is not carried over as yesterday's.
 */
export async function addToDaily(deps: AppDeps, user: TaskUser, input: { ids: string[] }): Promise<DailyList> {
  const now = deps.clock.now();
  const ids = [...new Set(input.ids)];
  return deps.db.transaction(async (tx) => {
    const state = await lockAndReset(tx, user, now);
    const current = await tx
      .select({ id: dailyTasks.id, title: dailyTasks.title })
      .from(dailyTasks)
      .where(eq(dailyTasks.userId, user.id));
    const onList = new Map(current.map((t) => [t.id, t.title]));
    for (const id of ids) {
      const title = onList.get(id);
      if (title !== undefined) throw new AppError('CONFLICT', taskAlreadyAdded(title).description);
    }
    const sources = await tx
      .select(bankColumns)
      .from(bankTasks)
      .where(and(eq(bankTasks.userId, user.id), inArray(bankTasks.id, ids)));
    const byId = new Map(sources.map((t) => [t.id, t]));
    const picked = ids.map((id) => byId.get(id));
    if (!picked.every((source) => source !== undefined)) throw notFound();
    if (current.length + ids.length > DAILY_TASK_LIMIT) {
      throw new AppError('LIMIT_REACHED', TOASTS.dailyTaskLimitReached.description);
    }
    const plannedOn = localDate(now, safeTimeZone(user.timeZone));
    await tx.insert(dailyTasks).values(
      picked.map((source) => ({
        userId: user.id,
        id: source.id,
        title: source.title,
        description: source.description,
        category: source.category,
        createdAt: source.createdAt,
        addedAt: now,
        plannedOn,
      })),
    );
    return { tasks: await readDaily(tx, user, now), reset: state.reset, lastReset: state.lastResetAt.toISOString() };
  });
}

export async function removeFromDaily(
  deps: AppDeps,
  user: TaskUser,
  input: { id: string },
): Promise<{ id: string; reset: DailyResetResult | null }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { reset } = await lockAndReset(tx, user, now);
    const [deleted] = await tx
      .delete(dailyTasks)
      .where(and(eq(dailyTasks.userId, user.id), eq(dailyTasks.id, input.id)))
      .returning({ id: dailyTasks.id });
    if (!deleted) throw notFound();
    return { id: deleted.id, reset };
  });
}

/**
 * Ticks or unticks a Today's Focus entry. Completing records a row in task_completions (the
 * history analytics reads after the reset drops the entry); unticking erases the completion being
 * undone (its stored time), not an earlier day's of the same task. Repeating the same state
 * changes nothing. The common path is three statements under the user's lock: the entry is changed
 * only from the other state and read back from the change, and the completion being undone is
 * found by the entry's own time in the same statement that erases it.
 */
export async function setDailyCompleted(
  deps: AppDeps,
  user: TaskUser,
  input: { id: string },
  completed: boolean,
): Promise<DailyTaskWrite> {
  const now = deps.clock.now();
  const timeZone = safeTimeZone(user.timeZone);
  const today = localDate(now, timeZone);
  return deps.db.transaction(async (tx) => {
    const { reset } = await lockAndReset(tx, user, now);
    const entry = and(eq(dailyTasks.userId, user.id), eq(dailyTasks.id, input.id));
    if (!completed) {
      const undone = tx
        .select({ at: dailyTasks.completedAt })
        .from(dailyTasks)
        .where(and(entry, eq(dailyTasks.completed, true)));
      await tx
        .delete(taskCompletions)
        .where(
          and(
            eq(taskCompletions.userId, user.id),
            eq(taskCompletions.taskId, input.id),
            inArray(taskCompletions.completedAt, undone),
          ),
        );
    }
    const [changed] = await tx
      .update(dailyTasks)
      .set({ completed, completedAt: completed ? now : null })
      .where(and(entry, eq(dailyTasks.completed, !completed)))
      .returning(dailyColumns);
    if (!changed) {
      // Not on the list, or already in this state.
      const row = await findDaily(tx, user.id, input.id);
      if (!row) throw notFound();
      return { ...toDailyTask(row, today, timeZone), reset };
    }
    if (completed) {
      await tx.insert(taskCompletions).values({
        userId: user.id,
        taskId: changed.id,
        title: changed.title,
        category: changed.category,
        plannedOn: changed.plannedOn,
        completedAt: now,
      });
    }
    return { ...toDailyTask(changed, today, timeZone), reset };
  });
}

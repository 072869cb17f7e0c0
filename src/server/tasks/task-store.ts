// What the task services share: the user they act for, the row shapes and their mapping to the
// API's tasks, and the per-user lock with the daily reset that every write starts with.
//
// Concurrency: every write starts by locking the user's daily_reset_state row (`select … for
// update`). On PostgreSQL that serialises a user's task writes across connections and processes,
// so counts checked inside the transaction (10 bank tasks, 5 daily tasks) stay true when the
// transaction commits; other users never wait. Reads take no lock: reading Today's Focus locks
// only on the rare read that finds a daily reset due (or the user's first read), so a user's
// parallel reads run in parallel.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { TASK_MESSAGES, type BankTask, type DailyResetResult, type DailyTask } from '../../shared/tasks';
import type { Tx } from '../db/client';
import { bankTasks, dailyResetState, dailyTasks } from '../db/schema';
import { AppError } from '../http/errors';
import type { PlanUser } from '../plans/plan-status';
import { daysCarriedOverOn, localDate, safeTimeZone } from '../../shared/local-date';
import { compareDaily, isResetDue, planReset } from './daily-reset';

/** What the tasks domain needs to know about the signed-in user. */
export interface TaskUser extends PlanUser {
  timeZone: string;
}

export const notFound = () => new AppError('NOT_FOUND', TASK_MESSAGES.notFound);

// ---------------------------------------------------------------------------------------------
// Row shapes and mapping

export const bankColumns = {
  id: bankTasks.id,
  title: bankTasks.title,
  description: bankTasks.description,
  category: bankTasks.category,
  createdAt: bankTasks.createdAt,
};
export type BankRow = { id: string; title: string; description: string | null; category: string; createdAt: Date };

export const dailyColumns = {
  id: dailyTasks.id,
  title: dailyTasks.title,
  description: dailyTasks.description,
  category: dailyTasks.category,
  createdAt: dailyTasks.createdAt,
  addedAt: dailyTasks.addedAt,
  completed: dailyTasks.completed,
  completedAt: dailyTasks.completedAt,
  isCarryOver: dailyTasks.isCarryOver,
  carryOverDate: dailyTasks.carryOverDate,
  plannedOn: dailyTasks.plannedOn,
  seq: dailyTasks.seq,
};
export type DailyRow = BankRow & {
  addedAt: Date;
  completed: boolean;
  completedAt: Date | null;
  isCarryOver: boolean;
  carryOverDate: Date | null;
  plannedOn: string;
  seq: number;
};

export function toBankTask(row: BankRow): BankTask {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    created: row.createdAt.toISOString(),
  };
}

/** `today`: the user's local date now, worked out once for the whole list. */
export function toDailyTask(row: DailyRow, today: string, timeZone: string): DailyTask {
  return {
    ...toBankTask(row),
    completed: row.completed,
    isCarryOver: row.isCarryOver,
    carryOverDate: row.carryOverDate ? row.carryOverDate.toISOString() : null,
    plannedOn: row.plannedOn,
    daysCarriedOver: daysCarriedOverOn(row, today, timeZone),
  };
}

// ---------------------------------------------------------------------------------------------
// The per-user lock and the daily reset

/**
 * Creates the user's reset-state row on first use (lastResetAt = now: a first read is no reset)
 * and locks it for the rest of the transaction: the upsert rewrites the row with its own value,
 * which locks it like `for update`. Returns the last reset time.
 */
export async function lockUser(tx: Tx, userId: string, now: Date): Promise<Date> {
  const [row] = await tx
    .insert(dailyResetState)
    .values({ userId, lastResetAt: now })
    .onConflictDoUpdate({ target: dailyResetState.userId, set: { lastResetAt: sql`${dailyResetState.lastResetAt}` } })
    .returning({ lastResetAt: dailyResetState.lastResetAt });
  if (!row) throw new Error('daily_reset_state row missing after upsert');
  return row.lastResetAt;
}

export interface LockedState {
  lastResetAt: Date;
  reset: DailyResetResult | null;
}

/** Locks the user and runs the daily reset when it is due. Call first in every Today's Focus write. */
export async function lockAndReset(tx: Tx, user: TaskUser, now: Date): Promise<LockedState> {
  const lastResetAt = await lockUser(tx, user.id, now);
  if (!isResetDue(lastResetAt, now, safeTimeZone(user.timeZone))) return { lastResetAt, reset: null };

  const rows = await tx.select(dailyColumns).from(dailyTasks).where(eq(dailyTasks.userId, user.id));
  const plan = planReset(rows, lastResetAt);
  if (plan.remove.length > 0) {
    await tx.delete(dailyTasks).where(and(eq(dailyTasks.userId, user.id), inArray(dailyTasks.id, plan.remove)));
  }
  for (const carried of plan.carry) {
    await tx
      .update(dailyTasks)
      .set({ isCarryOver: true, carryOverDate: carried.carryOverDate })
      .where(and(eq(dailyTasks.userId, user.id), eq(dailyTasks.id, carried.id)));
  }
  await tx.update(dailyResetState).set({ lastResetAt: now }).where(eq(dailyResetState.userId, user.id));
  return { lastResetAt: now, reset: { removed: plan.removed, carriedOver: plan.carriedOver } };
}

export async function readDaily(tx: Tx, user: TaskUser, now: Date): Promise<DailyTask[]> {
  const rows = await tx.select(dailyColumns).from(dailyTasks).where(eq(dailyTasks.userId, user.id));
  return sortDaily(rows, user, now);
}

/** `today`: the local date of `now`, when the caller already has it. */
export function sortDaily(rows: readonly DailyRow[], user: TaskUser, now: Date, today?: string): DailyTask[] {
  const timeZone = safeTimeZone(user.timeZone);
  // One local date for the request, not one per task (formatToParts is the costly part of a read).
  const day = today ?? localDate(now, timeZone);
  return rows
    .map((row) => ({ row, task: toDailyTask(row, day, timeZone) }))
    .sort((a, b) =>
      compareDaily(
        {
          completed: a.row.completed,
          daysCarriedOver: a.task.daysCarriedOver ?? 0,
          addedAt: a.row.addedAt,
          seq: a.row.seq,
        },
        {
          completed: b.row.completed,
          daysCarriedOver: b.task.daysCarriedOver ?? 0,
          addedAt: b.row.addedAt,
          seq: b.row.seq,
        },
      ),
    )
    .map(({ task }) => task);
}

export async function findDaily(tx: Tx, userId: string, id: string): Promise<DailyRow | undefined> {
  const [row] = await tx
    .select(dailyColumns)
    .from(dailyTasks)
    .where(and(eq(dailyTasks.userId, userId), eq(dailyTasks.id, id)));
  return row;
}

export function emptyToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

// The task rules: Task Bank, Today's Focus, custom categories, completion history and the daily
// reset. Plain functions of (deps, user, input), shared by the tRPC procedures and the REST shims.
//
// Concurrency: every write (and every read of Today's Focus, which may run the reset) starts by
// locking the user's daily_reset_state row (`select … for update`). On PostgreSQL that serialises
// a user's task writes across connections and processes, so counts checked inside the transaction
// (10 bank tasks, 5 daily tasks) stay true when the transaction commits; other users never wait.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { BUILT_IN_CATEGORIES, DAILY_TASK_LIMIT, DEFAULT_CATEGORY, FREE_BANK_LIMIT } from '../../shared/constants';
import { TOASTS, taskAlreadyAdded } from '../../shared/copy';
import {
  TASK_MESSAGES,
  type BankList,
  type BankTask,
  type CreateBankTaskInput,
  type DailyList,
  type DailyResetResult,
  type DailyTask,
  type UpdateBankTaskInput,
} from '../../shared/tasks';
import type { Tx } from '../db/client';
import { bankTasks, customCategories, dailyResetState, dailyTasks, taskCompletions } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { daysCarriedOver, localDate, safeTimeZone } from '../../shared/local-date';
import { compareDaily, isResetDue, planReset } from './daily-reset';
import { isPremium } from './plan';

/** What the tasks domain needs to know about the signed-in user. */
export interface TaskUser {
  id: string;
  timeZone: string;
}

/** A read-only transaction that sees one snapshot, so a list and its counts agree. */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

const notFound = () => new AppError('NOT_FOUND', TASK_MESSAGES.notFound);

// ---------------------------------------------------------------------------------------------
// Row shapes and mapping

const bankColumns = {
  id: bankTasks.id,
  title: bankTasks.title,
  description: bankTasks.description,
  category: bankTasks.category,
  createdAt: bankTasks.createdAt,
};
type BankRow = { id: string; title: string; description: string | null; category: string; createdAt: Date };

const dailyColumns = {
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
type DailyRow = BankRow & {
  addedAt: Date;
  completed: boolean;
  completedAt: Date | null;
  isCarryOver: boolean;
  carryOverDate: Date | null;
  plannedOn: string;
  seq: number;
};

function toBankTask(row: BankRow): BankTask {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    created: row.createdAt.toISOString(),
  };
}

function toDailyTask(row: DailyRow, now: Date, timeZone: string): DailyTask {
  return {
    ...toBankTask(row),
    completed: row.completed,
    isCarryOver: row.isCarryOver,
    carryOverDate: row.carryOverDate ? row.carryOverDate.toISOString() : null,
    plannedOn: row.plannedOn,
    daysCarriedOver: daysCarriedOver(row, now, timeZone),
  };
}

// ---------------------------------------------------------------------------------------------
// The per-user lock and the daily reset

/**
 * Creates the user's reset-state row on first use (lastResetAt = now: a first read is no reset)
 * and locks it for the rest of the transaction. Returns the last reset time.
 */
async function lockUser(tx: Tx, userId: string, now: Date): Promise<Date> {
  await tx.insert(dailyResetState).values({ userId, lastResetAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select({ lastResetAt: dailyResetState.lastResetAt })
    .from(dailyResetState)
    .where(eq(dailyResetState.userId, userId))
    .for('update');
  if (!row) throw new Error('daily_reset_state row missing after upsert');
  return row.lastResetAt;
}

interface LockedState {
  lastResetAt: Date;
  reset: DailyResetResult | null;
}

/** Locks the user and runs the daily reset when it is due. Call first in every Today's Focus write. */
async function lockAndReset(tx: Tx, user: TaskUser, now: Date): Promise<LockedState> {
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

async function readDaily(tx: Tx, user: TaskUser, now: Date): Promise<DailyTask[]> {
  const rows = await tx.select(dailyColumns).from(dailyTasks).where(eq(dailyTasks.userId, user.id));
  const timeZone = safeTimeZone(user.timeZone);
  return rows
    .map((row) => ({ row, task: toDailyTask(row, now, timeZone) }))
    .sort((a, b) =>
      compareDaily(
        { completed: a.row.completed, daysCarriedOver: a.task.daysCarriedOver ?? 0, addedAt: a.row.addedAt, seq: a.row.seq },
        { completed: b.row.completed, daysCarriedOver: b.task.daysCarriedOver ?? 0, addedAt: b.row.addedAt, seq: b.row.seq },
      ),
    )
    .map(({ task }) => task);
}

async function findDaily(tx: Tx, userId: string, id: string): Promise<DailyRow | undefined> {
  const [row] = await tx
    .select(dailyColumns)
    .from(dailyTasks)
    .where(and(eq(dailyTasks.userId, userId), eq(dailyTasks.id, id)));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Task Bank

async function bankLimit(deps: AppDeps, userId: string): Promise<number | null> {
  return (await isPremium(deps, userId)) ? null : FREE_BANK_LIMIT;
}

export async function listBank(deps: AppDeps, user: TaskUser, input: { category?: string } = {}): Promise<BankList> {
  const limit = await bankLimit(deps, user.id);
  const filter = input.category
    ? and(eq(bankTasks.userId, user.id), eq(bankTasks.category, input.category))
    : eq(bankTasks.userId, user.id);
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select(bankColumns)
      .from(bankTasks)
      .where(filter)
      .orderBy(desc(bankTasks.createdAt), desc(bankTasks.seq));
    const counts = await tx
      .select({ category: bankTasks.category, count: count() })
      .from(bankTasks)
      .where(eq(bankTasks.userId, user.id))
      .groupBy(bankTasks.category)
      .orderBy(asc(bankTasks.category));
    const categories = await readCustomCategories(tx, user.id);
    return {
      tasks: rows.map(toBankTask),
      total: counts.reduce((sum, c) => sum + Number(c.count), 0),
      categoryCounts: counts.map((c) => ({ category: c.category, count: Number(c.count) })),
      customCategories: categories,
      limit,
    };
  }, SNAPSHOT);
}

async function insertBankTask(tx: Tx, deps: AppDeps, user: TaskUser, input: CreateBankTaskInput, limit: number | null) {
  if (limit !== null) {
    const [row] = await tx.select({ n: count() }).from(bankTasks).where(eq(bankTasks.userId, user.id));
    if (Number(row?.n ?? 0) >= limit) throw new AppError('LIMIT_REACHED', TOASTS.taskLimitReached.description);
  }
  const [created] = await tx
    .insert(bankTasks)
    .values({
      userId: user.id,
      id: input.id,
      title: input.title.trim(),
      description: emptyToNull(input.description),
      category: input.category?.trim() || DEFAULT_CATEGORY,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning(bankColumns);
  if (!created) throw new AppError('CONFLICT', TASK_MESSAGES.duplicateId);
  return toBankTask(created);
}

export async function createBankTask(deps: AppDeps, user: TaskUser, input: CreateBankTaskInput): Promise<BankTask> {
  const limit = await bankLimit(deps, user.id);
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id, deps.clock.now());
    const [existing] = await tx
      .select({ id: bankTasks.id })
      .from(bankTasks)
      .where(and(eq(bankTasks.userId, user.id), eq(bankTasks.id, input.id)));
    if (existing) throw new AppError('CONFLICT', TASK_MESSAGES.duplicateId);
    return insertBankTask(tx, deps, user, input, limit);
  });
}

/**
 * The spec's `POST /api/tasks`: registers a task the client already holds. Idempotent: a task the
 * user already has is answered as it is (created: false); otherwise it is created under the bank
 * rules.
 */
export async function registerTask(
  deps: AppDeps,
  user: TaskUser,
  input: CreateBankTaskInput,
): Promise<{ task: BankTask; created: boolean }> {
  const limit = await bankLimit(deps, user.id);
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id, deps.clock.now());
    const [existing] = await tx
      .select(bankColumns)
      .from(bankTasks)
      .where(and(eq(bankTasks.userId, user.id), eq(bankTasks.id, input.id)));
    if (existing) return { task: toBankTask(existing), created: false };
    return { task: await insertBankTask(tx, deps, user, input, limit), created: true };
  });
}

/**
 * Edits a bank task. If the task is also on Today's Focus, its copy there gets the same title,
 * description and category, so the user sees the edit everywhere; its day state is untouched.
 */
export async function updateBankTask(deps: AppDeps, user: TaskUser, input: UpdateBankTaskInput): Promise<BankTask> {
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id, deps.clock.now());
    const fields = {
      title: input.title.trim(),
      description: emptyToNull(input.description),
      category: input.category.trim() || DEFAULT_CATEGORY,
    };
    const [updated] = await tx
      .update(bankTasks)
      .set(fields)
      .where(and(eq(bankTasks.userId, user.id), eq(bankTasks.id, input.id)))
      .returning(bankColumns);
    if (!updated) throw notFound();
    await tx
      .update(dailyTasks)
      .set(fields)
      .where(and(eq(dailyTasks.userId, user.id), eq(dailyTasks.id, input.id)));
    return toBankTask(updated);
  });
}

/** Removes a task from the bank only: a copy on Today's Focus stays until done or removed. */
export async function deleteBankTask(deps: AppDeps, user: TaskUser, input: { id: string }): Promise<{ id: string }> {
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id, deps.clock.now());
    const [deleted] = await tx
      .delete(bankTasks)
      .where(and(eq(bankTasks.userId, user.id), eq(bankTasks.id, input.id)))
      .returning({ id: bankTasks.id });
    if (!deleted) throw notFound();
    return { id: deleted.id };
  });
}

// ---------------------------------------------------------------------------------------------
// Today's Focus

/** Reads Today's Focus, running the daily reset first when it is due (reported only then). */
export async function listDaily(deps: AppDeps, user: TaskUser): Promise<DailyList> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const state = await lockAndReset(tx, user, now);
    return { tasks: await readDaily(tx, user, now), reset: state.reset, lastReset: state.lastResetAt.toISOString() };
  });
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
export async function addToDaily(deps: AppDeps, user: TaskUser, input: { ids: string[] }): Promise<DailyTask[]> {
  const now = deps.clock.now();
  const ids = [...new Set(input.ids)];
  return deps.db.transaction(async (tx) => {
    await lockAndReset(tx, user, now);
    const current = await tx
      .select({ id: dailyTasks.id, title: dailyTasks.title })
      .from(dailyTasks)
      .where(eq(dailyTasks.userId, user.id));
    const onList = new Map(current.map((t) => [t.id, t.title]));
    const duplicate = ids.find((id) => onList.has(id));
    if (duplicate !== undefined) {
      throw new AppError('CONFLICT', taskAlreadyAdded(onList.get(duplicate)!).description);
    }
    const sources = await tx
      .select(bankColumns)
      .from(bankTasks)
      .where(and(eq(bankTasks.userId, user.id), inArray(bankTasks.id, ids)));
    const byId = new Map(sources.map((t) => [t.id, t]));
    if (ids.some((id) => !byId.has(id))) throw notFound();
    if (current.length + ids.length > DAILY_TASK_LIMIT) {
      throw new AppError('LIMIT_REACHED', TOASTS.dailyTaskLimitReached.description);
    }
    const plannedOn = localDate(now, safeTimeZone(user.timeZone));
    await tx.insert(dailyTasks).values(
      ids.map((id) => {
        const source = byId.get(id)!;
        return {
          userId: user.id,
          id,
          title: source.title,
          description: source.description,
          category: source.category,
          createdAt: source.createdAt,
          addedAt: now,
          plannedOn,
        };
      }),
    );
    return readDaily(tx, user, now);
  });
}

export async function removeFromDaily(deps: AppDeps, user: TaskUser, input: { id: string }): Promise<{ id: string }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockAndReset(tx, user, now);
    const [deleted] = await tx
      .delete(dailyTasks)
      .where(and(eq(dailyTasks.userId, user.id), eq(dailyTasks.id, input.id)))
      .returning({ id: dailyTasks.id });
    if (!deleted) throw notFound();
    return { id: deleted.id };
  });
}

/**
 * Ticks or unticks a Today's Focus entry. Completing records a row in task_completions (the
 * history analytics reads after the reset drops the entry); unticking erases that row. Repeating
 * the same state changes nothing.
 */
export async function setDailyCompleted(
  deps: AppDeps,
  user: TaskUser,
  input: { id: string },
  completed: boolean,
): Promise<DailyTask> {
  const now = deps.clock.now();
  const timeZone = safeTimeZone(user.timeZone);
  return deps.db.transaction(async (tx) => {
    await lockAndReset(tx, user, now);
    const row = await findDaily(tx, user.id, input.id);
    if (!row) throw notFound();
    if (row.completed === completed) return toDailyTask(row, now, timeZone);

    if (completed) {
      await tx.insert(taskCompletions).values({
        userId: user.id,
        taskId: row.id,
        title: row.title,
        category: row.category,
        plannedOn: row.plannedOn,
        completedAt: now,
      });
    } else if (row.completedAt) {
      await tx
        .delete(taskCompletions)
        .where(
          and(
            eq(taskCompletions.userId, user.id),
            eq(taskCompletions.taskId, row.id),
            eq(taskCompletions.completedAt, row.completedAt),
          ),
        );
    }
    const [updated] = await tx
      .update(dailyTasks)
      .set({ completed, completedAt: completed ? now : null })
      .where(and(eq(dailyTasks.userId, user.id), eq(dailyTasks.id, row.id)))
      .returning(dailyColumns);
    return toDailyTask(updated!, now, timeZone);
  });
}

// ---------------------------------------------------------------------------------------------
// Custom categories

async function readCustomCategories(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: customCategories.name })
    .from(customCategories)
    .where(eq(customCategories.userId, userId))
    .orderBy(asc(customCategories.createdAt), asc(customCategories.name));
  return rows.map((r) => r.name);
}

const BUILT_IN = new Set<string>(BUILT_IN_CATEGORIES);

/** Adds a custom category: trimmed, non-empty, not already a built-in or custom one (case-sensitive). */
export async function addCategory(deps: AppDeps, user: TaskUser, input: { name: string }): Promise<string[]> {
  const name = input.name.trim();
  const invalid = () => new AppError('BAD_REQUEST', TOASTS.invalidCategory.description);
  if (name === '' || BUILT_IN.has(name)) throw invalid();
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id, deps.clock.now());
    const [inserted] = await tx
      .insert(customCategories)
      .values({ userId: user.id, name, createdAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ name: customCategories.name });
    if (!inserted) throw invalid();
    return readCustomCategories(tx, user.id);
  });
}

/** Removes a custom category; bank tasks in it keep their category text. */
export async function removeCategory(deps: AppDeps, user: TaskUser, input: { name: string }): Promise<string[]> {
  const name = input.name.trim();
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id, deps.clock.now());
    const [deleted] = await tx
      .delete(customCategories)
      .where(and(eq(customCategories.userId, user.id), eq(customCategories.name, name)))
      .returning({ name: customCategories.name });
    if (!deleted) throw new AppError('NOT_FOUND', TASK_MESSAGES.categoryNotFound);
    return readCustomCategories(tx, user.id);
  });
}

function emptyToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

// The Task Bank: reusable tasks, 10 on the free plan, listed newest first with per-category counts.
import { and, count, desc, eq } from 'drizzle-orm';
import { DEFAULT_CATEGORY, FREE_BANK_LIMIT } from '../../shared/constants';
import { TOASTS } from '../../shared/copy';
import {
  TASK_MESSAGES,
  type BankList,
  type BankTask,
  type CreateBankTaskInput,
  type UpdateBankTaskInput,
} from '../../shared/tasks';
import type { Tx } from '../db/client';
import { bankTasks, dailyTasks } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { isPremium, type PlanUser } from '../plans/plan-status';
import { readCustomCategories } from './categories.service';
import { notFound, bankColumns, toBankTask, lockUser, emptyToNull, type TaskUser } from './task-store';

// ---------------------------------------------------------------------------------------------
// Task Bank

async function bankLimit(deps: AppDeps, user: PlanUser): Promise<number | null> {
  return (await isPremium(deps, user)) ? null : FREE_BANK_LIMIT;
}

/** Categories in code-point order, as the client lists them. */
const byCategory = (a: { category: string }, b: { category: string }) =>
  a.category < b.category ? -1 : a.category > b.category ? 1 : 0;

export async function listBank(deps: AppDeps, user: TaskUser, input: { category?: string } = {}): Promise<BankList> {
  const limit = await bankLimit(deps, user);
  // One read of the whole bank gives the list and its counts, so they always agree.
  const rows = await deps.db
    .select(bankColumns)
    .from(bankTasks)
    .where(eq(bankTasks.userId, user.id))
    .orderBy(desc(bankTasks.createdAt), desc(bankTasks.seq));
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
  const shown = input.category ? rows.filter((row) => row.category === input.category) : rows;
  return {
    tasks: shown.map(toBankTask),
    total: rows.length,
    categoryCounts: [...counts].map(([category, count]) => ({ category, count })).sort(byCategory),
    customCategories: await readCustomCategories(deps.db, user.id),
    limit,
  };
}

async function insertBankTask(tx: Tx, user: TaskUser, input: CreateBankTaskInput, now: Date) {
  const [created] = await tx
    .insert(bankTasks)
    .values({
      userId: user.id,
      id: input.id,
      title: input.title.trim(),
      description: emptyToNull(input.description),
      category: input.category?.trim() || DEFAULT_CATEGORY,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning(bankColumns);
  if (!created) throw new AppError('CONFLICT', TASK_MESSAGES.duplicateId);
  return toBankTask(created);
}

/** Refuses a new task once the user's bank holds `limit` (none: no limit). */
function checkBankLimit(tasks: number, limit: number | null): void {
  if (limit !== null && tasks >= limit) throw new AppError('LIMIT_REACHED', TOASTS.taskLimitReached.description);
}

/** The bank's task count, and whether `id` is one of them. */
async function bankCount(tx: Tx, userId: string, id: string): Promise<{ tasks: number; taken: boolean }> {
  const rows = await tx.select({ id: bankTasks.id }).from(bankTasks).where(eq(bankTasks.userId, userId));
  return { tasks: rows.length, taken: rows.some((row) => row.id === id) };
}

export async function createBankTask(deps: AppDeps, user: TaskUser, input: CreateBankTaskInput): Promise<BankTask> {
  const limit = await bankLimit(deps, user);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id, now);
    const { tasks, taken } = await bankCount(tx, user.id, input.id);
    // A taken id is a conflict even when the bank is full.
    if (taken) throw new AppError('CONFLICT', TASK_MESSAGES.duplicateId);
    checkBankLimit(tasks, limit);
    return insertBankTask(tx, user, input, now);
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
  const limit = await bankLimit(deps, user);
  return deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id, deps.clock.now());
    const [existing] = await tx
      .select(bankColumns)
      .from(bankTasks)
      .where(and(eq(bankTasks.userId, user.id), eq(bankTasks.id, input.id)));
    if (existing) return { task: toBankTask(existing), created: false };
    if (limit !== null) {
      const [bank] = await tx.select({ tasks: count() }).from(bankTasks).where(eq(bankTasks.userId, user.id));
      checkBankLimit(Number(bank?.tasks ?? 0), limit);
    }
    return { task: await insertBankTask(tx, user, input, deps.clock.now()), created: true };
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

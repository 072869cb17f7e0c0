// The Task Bank: reusable tasks, 10 on the free plan, listed newest first with per-category counts.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
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
import { commitWithNextStatement } from '../db/commit-with-next';
import { reusableStatement } from '../db/reusable-statements';
import { requireRow } from '../db/rows';
import { bankTasks, dailyTasks } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { isPremium } from '../plans/plan-status';
import { readCustomCategories } from './categories.service';
import {
  SNAPSHOT,
  notFound,
  bankColumns,
  toBankTask,
  lockUser,
  behindLock,
  emptyToNull,
  type BankRow,
  type TaskUser,
} from './task-store';

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

const insertBankTaskStatement = reusableStatement((db) =>
  db
    .insert(bankTasks)
    .values({
      userId: sql.placeholder('userId'),
      id: sql.placeholder('id'),
      title: sql.placeholder('title'),
      description: sql.placeholder('description'),
      category: sql.placeholder('category'),
      createdAt: sql.placeholder('createdAt'),
    })
    .onConflictDoNothing()
    .returning(bankColumns)
    .prepare('insert_bank_task'),
);

async function insertBankTask(tx: Tx, deps: AppDeps, user: TaskUser, input: CreateBankTaskInput) {
  const [created] = await insertBankTaskStatement(tx, {
    userId: user.id,
    id: input.id,
    title: input.title.trim(),
    description: emptyToNull(input.description),
    category: input.category?.trim() || DEFAULT_CATEGORY,
    createdAt: deps.clock.now(),
  });
  if (!created) throw new AppError('CONFLICT', TASK_MESSAGES.duplicateId);
  return toBankTask(created);
}

/** Refuses a new task once the user's bank holds `limit` (none: no limit). */
function checkBankLimit(tasks: number, limit: number | null): void {
  if (limit !== null && tasks >= limit) throw new AppError('LIMIT_REACHED', TOASTS.taskLimitReached.description);
}

/** A value filled in on each run of a statement built once. */
const p = sql.placeholder;

/**
 * Creates a bank task if its id is free and the bank is below `limit` (null: no limit), and
 * answers with what decided it: the bank's count and whether the id was taken, beside the new
 * row (none when refused). One statement, so under the lock a create is the lock and this
 * statement with COMMIT (one round trip on PostgreSQL, no read of its own). The count and the
 * check see the rows as they were before the statement. `seq` is an identity column, so the
 * insert-select names its next value and says so (`overriding system value`).
 */
const createWithinLimitStatement = reusableStatement((db) => {
  const bank = db.$with('bank').as(
    db
      .select({
        tasks: sql<number>`count(*)::int`.as('tasks'),
        taken: sql<boolean>`coalesce(bool_or(${bankTasks.id} = ${p('id')}), false)`.as('taken'),
      })
      .from(bankTasks)
      .where(eq(bankTasks.userId, p('userId'))),
  );
  const insert = db.insert(bankTasks).select(
    sql`select ${p('userId')}, ${p('id')}, ${p('title')}, ${p('description')}, ${p('category')},
          ${p('createdAt')}::timestamptz, nextval(pg_get_serial_sequence('bank_tasks', 'seq'))
        from ${bank}
        where not ${bank.taken} and (${p('limit')}::int is null or ${bank.tasks} < ${p('limit')}::int)`,
  );
  // Drizzle's insert-select drops `.overridingSystemValue()` (it passes the flag on in values()
  // only), so it is set on the built insert. Without it every create fails (all bank tests).
  (insert as unknown as { config: { overridingSystemValue_: boolean } }).config.overridingSystemValue_ = true;
  const inserted = db.$with('inserted').as(insert.onConflictDoNothing().returning(bankColumns));
  return db
    .with(bank, inserted)
    .select({
      tasks: bank.tasks,
      taken: bank.taken,
      id: inserted.id,
      title: inserted.title,
      description: inserted.description,
      category: inserted.category,
      createdAt: inserted.createdAt,
    })
    .from(bank)
    .leftJoin(inserted, sql`true`)
    .prepare('create_bank_task');
});

export async function createBankTask(deps: AppDeps, user: TaskUser, input: CreateBankTaskInput): Promise<BankTask> {
  const limit = await bankLimit(deps, user.id);
  const now = deps.clock.now();
  const [, outcome] = await deps.db.transaction(async (tx) => {
    const locked = lockUser(tx, user.id, now);
    commitWithNextStatement(tx);
    return Promise.all([
      locked,
      createWithinLimitStatement(tx, {
        userId: user.id,
        id: input.id,
        title: input.title.trim(),
        description: emptyToNull(input.description),
        category: input.category?.trim() || DEFAULT_CATEGORY,
        createdAt: now.toISOString(),
        limit,
      }),
    ]);
  });
  const { tasks, taken, ...created } = requireRow(outcome, 'bank count');
  // A taken id is a conflict even when the bank is full.
  if (taken) throw new AppError('CONFLICT', TASK_MESSAGES.duplicateId);
  checkBankLimit(tasks, limit);
  // Neither refused, yet nothing inserted (`on conflict do nothing`): the id is taken after all.
  if (created.id === null) throw new AppError('CONFLICT', TASK_MESSAGES.duplicateId);
  return toBankTask(created as BankRow);
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
    if (limit !== null) {
      const [bank] = await tx.select({ tasks: count() }).from(bankTasks).where(eq(bankTasks.userId, user.id));
      checkBankLimit(Number(bank?.tasks ?? 0), limit);
    }
    return { task: await insertBankTask(tx, deps, user, input), created: true };
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

const deleteBankTaskStatement = reusableStatement((db) =>
  db
    .delete(bankTasks)
    .where(and(eq(bankTasks.userId, sql.placeholder('userId')), eq(bankTasks.id, sql.placeholder('id'))))
    .returning({ id: bankTasks.id })
    .prepare('delete_bank_task'),
);

/** Removes a task from the bank only: a copy on Today's Focus stays until done or removed. */
export async function deleteBankTask(deps: AppDeps, user: TaskUser, input: { id: string }): Promise<{ id: string }> {
  return deps.db.transaction(async (tx) => {
    // The lock's statement has been sent when the read is: the delete is the last, and commits.
    const [, [deleted]] = await behindLock(lockUser(tx, user.id, deps.clock.now()), () => {
      commitWithNextStatement(tx);
      return deleteBankTaskStatement(tx, { userId: user.id, id: input.id });
    });
    if (!deleted) throw notFound();
    return { id: deleted.id };
  });
}

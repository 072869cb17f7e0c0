// Custom categories beside the built-in ones.
import { and, asc, count, eq } from 'drizzle-orm';
import { BUILT_IN_CATEGORIES, CUSTOM_CATEGORY_LIMIT } from '../../shared/constants';
import { TOASTS } from '../../shared/copy';
import { TASK_MESSAGES } from '../../shared/tasks';
import type { Db, Tx } from '../db/client';
import { customCategories } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { lockUser, type TaskUser } from './task-store';

// ---------------------------------------------------------------------------------------------
// Custom categories

export async function readCustomCategories(tx: Db | Tx, userId: string): Promise<string[]> {
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
    const [held] = await tx.select({ n: count() }).from(customCategories).where(eq(customCategories.userId, user.id));
    if ((held?.n ?? 0) >= CUSTOM_CATEGORY_LIMIT)
      throw new AppError('BAD_REQUEST', TASK_MESSAGES.categoryLimit(CUSTOM_CATEGORY_LIMIT));
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

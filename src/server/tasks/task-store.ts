// What the task services share: the user they act for, the row shapes and their mapping to the
// API's tasks, and the per-user lock with the daily reset that every write starts with.
//
// Concurrency: every write starts by locking the user's daily_reset_state row (`select … for
// update`). On PostgreSQL that serialises a user's task writes across connections and processes,
// so counts checked inside the transaction (10 bank tasks, 5 daily tasks) stay true when the
// transaction commits; other users never wait. Reads take no lock: reading Today's Focus locks
// only on the rare read that finds a daily reset due (or the user's first read), so a user's
// parallel reads run in parallel. Taking the lock also tells the process's cache of the list
// (daily-cache.ts) that a write is under way, so no caller can forget to invalidate it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { TASK_MESSAGES, type BankTask, type DailyResetResult, type DailyTask } from '../../shared/tasks';
import type { Tx } from '../db/client';
import { transactionEndHook } from '../db/commit-with-next';
import { reusableStatement } from '../db/reusable-statements';
import { bankTasks, dailyResetState, dailyTasks } from '../db/schema';
import { AppError } from '../http/errors';
import { daysCarriedOverOn, localDate, safeTimeZone } from '../../shared/local-date';
import { dailyCache } from './daily-cache';
import { analyticsCache } from '../insights/analytics-cache';
import { compareDaily, isResetDue, planReset } from './daily-reset';
import { RecentMap } from '../../shared/recent-map';
import { toMillisecond } from '../db/timestamps';

/** What the tasks domain needs to know about the signed-in user. */
export interface TaskUser {
  id: string;
  timeZone: string;
}

/** A read-only transaction that sees one snapshot, so a list and its counts agree. */
export const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

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

const lockUserStatement = reusableStatement((db) =>
  db
    .insert(dailyResetState)
    .values({ userId: sql.placeholder('userId'), lastResetAt: sql.placeholder('now') })
    .onConflictDoUpdate({ target: dailyResetState.userId, set: { lastResetAt: sql`${dailyResetState.lastResetAt}` } })
    .returning({
      lastResetAt: dailyResetState.lastResetAt,
      txid: sql<string>`txid_current()::text`,
      // Set before the row's trigger runs (it runs at the statement's end): see drizzle/0014.
      marked: sql<string>`set_config('lockin.marked', ${sql.placeholder('marked')}, true)`,
      othersListen: sql<boolean>`exists (select 1 from cache_listeners where name <> current_setting('application_name'))`,
    })
    .prepare('lock_user'),
);

/**
 * Creates the user's reset-state row on first use (lastResetAt = now: a first read is no reset)
 * and locks it for the rest of the transaction. Returns the last reset time.
 *
 * One statement: the upsert rewrites the row with its own value, which locks it like `for update`
 * and fires its trigger (drizzle/0007), and this process's caches (the list, the analytics answer)
 * are told now, with the transaction's id, to stop serving the user's entry until that commit.
 * The marks are lifted when the transaction ends, and unless another LockIn process listens the
 * transaction announces nothing: on PostgreSQL its commit then keeps its place in the group commit
 * (drizzle/0014), and PGlite (one process) never announces it. Otherwise every process hears of
 * the commit by its NOTIFY, which lifts this process's marks.
 */
export async function lockUser(tx: Tx, userId: string, now: Date): Promise<Date> {
  const atEnd = transactionEndHook(tx);
  const [row] = await lockUserStatement(tx, { userId, now, marked: atEnd ? userId : '' });
  if (!row) throw new Error('daily_reset_state row missing after upsert');
  dailyCache.writeStarted(userId, row.txid);
  analyticsCache.writeStarted(userId, row.txid);
  if (atEnd && !row.othersListen) {
    atEnd(() => {
      dailyCache.writeCommitted(userId, row.txid);
      analyticsCache.writeCommitted(userId, row.txid);
    });
  }
  lastResets.set(userId, row.lastResetAt);
  return row.lastResetAt;
}

/**
 * Each user's last reset time as this process last saw it under the lock, so a write can tell
 * before it sends anything that no reset is due and send its change with the lock in one go. Only
 * a guess: a write that relies on it makes its change conditional on the stored time still being
 * this one (another process may have reset since). Bounded: beyond this many users the oldest are
 * forgotten and their next write takes the slower path that learns it again.
 */
const LAST_RESETS_KEPT = 10_000;
const lastResets = new RecentMap<string, Date>(LAST_RESETS_KEPT);

/** The user's last reset time as last seen here, when it says no reset is due `now` (else undefined). */
export function knownResetNotDue(user: TaskUser, now: Date, today: string): Date | undefined {
  const lastResetAt = lastResets.get(user.id);
  return lastResetAt && !isResetDue(lastResetAt, now, safeTimeZone(user.timeZone), today) ? lastResetAt : undefined;
}

/**
 * A condition for a change sent with the lock: the user's stored last reset is still `known` (to
 * the millisecond, as JavaScript's dates hold it).
 */
export const lastResetStill = (known: ReturnType<typeof sql.placeholder>) =>
  sql`(select ${toMillisecond(dailyResetState.lastResetAt)} from ${dailyResetState} where ${dailyResetState.userId} = ${sql.placeholder('userId')}) = ${known}::timestamptz`;

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
  lastResets.set(user.id, now);
  return { lastResetAt: now, reset: { removed: plan.removed, carriedOver: plan.carriedOver } };
}

/**
 * Sends `read` right behind `lock` on the transaction's connection without waiting for the lock's
 * answer: a connection runs its statements in the order they were sent, so the read runs with the
 * lock held, and the two cost one round trip (on PGlite, one hop to its thread) instead of two.
 * `lock` must be called before this (its statement is sent as it is called), and `read` must send
 * its statement as it is called too (a query, not work that awaits something first).
 */
export function behindLock<L, T>(lock: Promise<L>, read: () => Promise<T>): Promise<[L, T]> {
  return Promise.all([lock, read()]);
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

/** One of the user's Today's Focus entries, in a statement built once: values `userId` and `id`. */
export const dailyEntryOfUser = () =>
  and(eq(dailyTasks.userId, sql.placeholder('userId')), eq(dailyTasks.id, sql.placeholder('id')));

const findDailyStatement = reusableStatement((db) =>
  db.select(dailyColumns).from(dailyTasks).where(dailyEntryOfUser()).prepare('find_daily'),
);

export async function findDaily(tx: Tx, userId: string, id: string): Promise<DailyRow | undefined> {
  const [row] = await findDailyStatement(tx, { userId, id });
  return row;
}

export function emptyToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

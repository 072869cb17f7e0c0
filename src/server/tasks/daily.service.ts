// Today's Focus: up to 5 tasks for the day, ticked off, carried over by the daily reset.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import { DAILY_TASK_LIMIT } from '../../shared/constants';
import { TOASTS, taskAlreadyAdded } from '../../shared/copy';
import type { DailyList, DailyResetResult, DailyTaskWrite } from '../../shared/tasks';
import type { Db, Tx } from '../db/client';
import { commitWithNextStatement } from '../db/commit-with-next';
import { requireRow } from '../db/rows';
import { reusableStatement } from '../db/reusable-statements';
import { bankTasks, dailyResetState, dailyTasks, taskCompletions } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { localDate, safeTimeZone } from '../../shared/local-date';
import { dailyCache, type DailyState } from './daily-cache';
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
  dailyEntryOfUser,
  behindLock,
  knownResetNotDue,
  lastResetStill,
  lockUser,
  type DailyRow,
  type TaskUser,
} from './task-store';

// ---------------------------------------------------------------------------------------------
// Today's Focus

/**
 * Reads Today's Focus, running the daily reset first when it is due (reported only then). The
 * rows and the last reset time come from the process's cache (daily-cache.ts) or else from one
 * lock-free query of the reset state and the list together; whether a reset is due and the days
 * carried over are decided here, per request, from them, the clock and the user's zone. Only when
 * a reset is due (or there is no state yet) does it take the user's lock and run the reset.
 */
export async function listDaily(deps: AppDeps, user: TaskUser): Promise<DailyList> {
  const now = deps.clock.now();
  const state = dailyCache.get(deps.db, user.id) ?? (await readDailyState(deps.db, user.id));
  const timeZone = safeTimeZone(user.timeZone);
  const today = localDate(now, timeZone);
  if (state && !isResetDue(state.lastResetAt, now, timeZone, today))
    return answerFor(state, user, now, today, timeZone);
  return deps.db.transaction(async (tx) => {
    const locked = await lockAndReset(tx, user, now);
    return { tasks: await readDaily(tx, user, now), reset: locked.reset, lastReset: locked.lastResetAt.toISOString() };
  });
}

/**
 * The answer for a state is a pure function of its rows, the user's local date and zone, so it is
 * kept beside the state (weakly: it goes when the cache drops the state) and made again only when
 * the day or the zone changed. Sorting and shaping the rows was a tenth of a cached read. Every
 * read of the day shares it, and nothing on the server changes an answer once made; it is not
 * frozen because JSON.stringify leaves its fast path for frozen objects (4x slower in Bun).
 */
const answers = new WeakMap<DailyState, { today: string; timeZone: string; list: DailyList }>();

function answerFor(state: DailyState, user: TaskUser, now: Date, today: string, timeZone: string): DailyList {
  const kept = answers.get(state);
  if (kept && kept.today === today && kept.timeZone === timeZone) return kept.list;
  const list: DailyList = {
    tasks: sortDaily(state.rows, user, now, today),
    reset: null,
    lastReset: state.lastResetAt.toISOString(),
  };
  answers.set(state, { today, timeZone, list });
  return list;
}

/** The list's rows and last reset time from the database (cached when nothing intervened); none before the first read. */
async function readDailyState(db: Db, userId: string): Promise<DailyState | undefined> {
  const readStartedAt = dailyCache.snapshot();
  const rows = await db
    .select({ lastResetAt: dailyResetState.lastResetAt, task: dailyColumns })
    .from(dailyResetState)
    .leftJoin(dailyTasks, eq(dailyTasks.userId, dailyResetState.userId))
    .where(eq(dailyResetState.userId, userId));
  const lastResetAt = rows[0]?.lastResetAt;
  if (!lastResetAt) return undefined;
  const state = { lastResetAt, rows: rows.flatMap((r) => (r.task ? [r.task] : [])) };
  dailyCache.set(db, userId, state, readStartedAt);
  return state;
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
 * The entry after the change: the changed row, or the entry as it was when `changed` changed
 * nothing (already in that state, or the stored last reset is no longer the one the write
 * assumed; the rest of a statement sees the rows as they were before it). A tick's statement
 * answers with it, so the write needs no read of its own. A WITH of its own because Drizzle
 * parenthesises each side of a UNION, and the CTEs before it would not reach the second side.
 */
const entryAfter = (db: Db | Tx, changed: WithSubqueryWithSelection<typeof dailyColumns, 'changed'>) =>
  db.$with('entry').as(
    db
      .select()
      .from(changed)
      .unionAll(
        db
          .select(dailyColumns)
          .from(dailyTasks)
          .where(and(dailyEntryOfUser(), sql`not exists (select 1 from ${changed})`)),
      ),
  );

/**
 * Ticks an entry that is not ticked yet, and records the completion in task_completions (the
 * history analytics reads after the reset drops the entry) from the changed row itself, so the
 * statement needs nothing read before it: the entry and its history row in one statement (two
 * data-modifying CTEs), built once (reusable-statements.ts); times are given as ISO text. Changes
 * nothing unless the user's stored last reset is still `known` (see setDailyCompleted). Returns
 * the changed row, or none.
 */
const completeStatement = reusableStatement((db) => {
  const changed = db.$with('changed').as(
    db
      .update(dailyTasks)
      .set({ completed: true, completedAt: sql`${sql.placeholder('now')}` })
      .where(and(dailyEntryOfUser(), eq(dailyTasks.completed, false), lastResetStill(sql.placeholder('known'))))
      .returning(dailyColumns),
  );
  const history = db.$with('history').as(
    db.insert(taskCompletions).select((qb) =>
      qb
        .select({
          // Insert-select lists every column; the serial's own default, spelled out.
          id: sql<number>`nextval(pg_get_serial_sequence('task_completions', 'id'))`.as('id'),
          userId: sql<string>`${sql.placeholder('userId')}`.as('user_id'),
          taskId: changed.id,
          title: changed.title,
          category: changed.category,
          plannedOn: changed.plannedOn,
          completedAt: sql<Date>`${sql.placeholder('now')}::timestamptz`.as('completed_at'),
        })
        .from(changed),
    ),
  );
  const entry = entryAfter(db, changed);
  return db.with(changed, history, entry).select().from(entry).prepare('complete_daily');
});

/**
 * Unticks a ticked entry, under the same condition, and erases the completion being undone (its
 * time, as stored before this statement), not an earlier day's of the same task. An entry without
 * a completion time (an old or imported row) matches no history row.
 */
const uncompleteStatement = reusableStatement((db) => {
  const changed = db.$with('changed').as(
    db
      .update(dailyTasks)
      .set({ completed: false, completedAt: null })
      .where(and(dailyEntryOfUser(), eq(dailyTasks.completed, true), lastResetStill(sql.placeholder('known'))))
      .returning(dailyColumns),
  );
  const history = db.$with('history').as(
    db.delete(taskCompletions).where(
      and(
        eq(taskCompletions.userId, sql.placeholder('userId')),
        eq(taskCompletions.taskId, sql.placeholder('id')),
        // Sub-selects in a statement see the rows as they were before it.
        sql`${taskCompletions.completedAt} = (select ${dailyTasks.completedAt} from ${dailyTasks} where ${dailyEntryOfUser()})`,
        sql`exists (select 1 from ${changed})`,
      ),
    ),
  );
  const entry = entryAfter(db, changed);
  return db.with(changed, history, entry).select().from(entry).prepare('uncomplete_daily');
});

/**
 * Ticks or unticks a Today's Focus entry. Completing records a row in task_completions; unticking
 * erases that row. Repeating the same state changes nothing.
 *
 * Most writes find no reset due: when this process has seen the user's last reset (under the lock)
 * and it says none is due now, the lock and the change leave together with COMMIT (one round
 * trip; on PGlite the database is not held across a hop to this thread and back), and the change
 * answers with the entry whether it changed it or not. The change is conditional on the stored
 * last reset still being the one seen: if another process reset the list since, nothing changes
 * and the write goes the path that runs the reset.
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
  const answer = (row: DailyRow, reset: DailyResetResult | null) => ({ ...toDailyTask(row, today, timeZone), reset });
  const change = completed ? completeStatement : uncompleteStatement;
  const values = (known: Date) => ({
    userId: user.id,
    id: input.id,
    now: now.toISOString(),
    known: known.toISOString(),
  });

  const known = knownResetNotDue(user, now, today);
  if (known) {
    const sent = await deps.db.transaction(async (tx) => {
      const locked = lockUser(tx, user.id, now);
      commitWithNextStatement(tx);
      const [lastResetAt, [row]] = await Promise.all([locked, change(tx, values(known))]);
      return { stillKnown: lastResetAt.getTime() === known.getTime(), row };
    });
    if (sent.stillKnown) {
      if (!sent.row) throw notFound();
      return answer(sent.row, null);
    }
  }

  return deps.db.transaction(async (tx) => {
    const [{ lastResetAt, reset }, read] = await behindLock(lockAndReset(tx, user, now), () =>
      findDaily(tx, user.id, input.id),
    );
    // A reset (at most once a day) changed the list after that read: read the entry again.
    const row = reset ? await findDaily(tx, user.id, input.id) : read;
    if (!row) throw notFound();
    if (row.completed === completed) return answer(row, reset);
    commitWithNextStatement(tx);
    return answer(requireRow(await change(tx, values(lastResetAt)), 'daily task'), reset);
  });
}

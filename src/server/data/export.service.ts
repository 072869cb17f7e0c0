// Everything of one user's, as one JSON document or as two CSV tables. Both stream: rows are read
// in keyset pages (EXPORT_PAGE_SIZE) and written as they come, so a long history never sits in
// memory whole. No transaction spans the stream: on PGlite (one connection) a slow download would
// hold every other request up; each page is its own consistent read instead.
import { and, asc, eq, gt, or } from 'drizzle-orm';
import {
  EXPORT_FORMAT,
  EXPORT_PAGE_SIZE,
  EXPORT_VERSION,
  type CsvTable,
  type ExportCompletion,
  type ExportFocusSession,
} from '../../shared/data';
import type { Db } from '../db/client';
import {
  bankTasks,
  customCategories,
  dailyResetState,
  dailyTasks,
  lockInSessions,
  oauthAccounts,
  taskCompletions,
  users,
} from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { loadOnce } from '../load-once';
import { readStreak } from '../lockin/streak';
import { localDate, safeTimeZone } from '../../shared/local-date';
import { getPlanStatus } from '../plans/plan-status';
import { bankColumns, dailyColumns } from '../tasks/task-store';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

// ---------------------------------------------------------------------------------------------
// Keyset pages: each query starts after the last row of the previous one (no OFFSET scans).

const sessionColumns = {
  id: lockInSessions.id,
  aliasId: lockInSessions.aliasId,
  taskTitle: lockInSessions.taskTitle,
  category: lockInSessions.category,
  goalText: lockInSessions.goalText,
  goalMinutes: lockInSessions.goalMinutes,
  actualMinutes: lockInSessions.actualMinutes,
  status: lockInSessions.status,
  completed: lockInSessions.completed,
  quitEarly: lockInSessions.quitEarly,
  quitReason: lockInSessions.quitReason,
  startedAt: lockInSessions.startedAt,
  endsAt: lockInSessions.endsAt,
  endedAt: lockInSessions.endedAt,
};
interface SessionRow {
  id: string;
  aliasId: string | null;
  taskTitle: string;
  category: string;
  goalText: string | null;
  goalMinutes: number;
  actualMinutes: number | null;
  status: string;
  completed: boolean;
  quitEarly: boolean;
  quitReason: string | null;
  startedAt: Date;
  endsAt: Date;
  endedAt: Date | null;
}

/** Every focus session of the user, oldest first, in pages keyed on (started_at, id). */
async function* sessionPages(db: Db, userId: string): AsyncGenerator<SessionRow[]> {
  let after: { startedAt: Date; id: string } | null = null;
  for (;;) {
    const rows: SessionRow[] = await db
      .select(sessionColumns)
      .from(lockInSessions)
      .where(
        after
          ? and(
              eq(lockInSessions.userId, userId),
              or(
                gt(lockInSessions.startedAt, after.startedAt),
                and(eq(lockInSessions.startedAt, after.startedAt), gt(lockInSessions.id, after.id)),
              ),
            )
          : eq(lockInSessions.userId, userId),
      )
      .orderBy(asc(lockInSessions.startedAt), asc(lockInSessions.id))
      .limit(EXPORT_PAGE_SIZE);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_SIZE) return;
    after = { startedAt: last.startedAt, id: last.id };
  }
}

function toExportSession(row: SessionRow): ExportFocusSession {
  return {
    id: row.id,
    aliasId: row.aliasId,
    taskTitle: row.taskTitle,
    category: row.category,
    goalText: row.goalText,
    goalMinutes: row.goalMinutes,
    actualMinutes: row.actualMinutes,
    status: row.status as ExportFocusSession['status'],
    completed: row.completed,
    quitEarly: row.quitEarly,
    quitReason: row.quitReason,
    startedAt: row.startedAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    endedAt: iso(row.endedAt),
  };
}

/** The completed-task history, oldest first, keyed on its serial id. */
async function* completionPages(db: Db, userId: string): AsyncGenerator<ExportCompletion[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: taskCompletions.id,
        taskId: taskCompletions.taskId,
        title: taskCompletions.title,
        category: taskCompletions.category,
        plannedOn: taskCompletions.plannedOn,
        completedAt: taskCompletions.completedAt,
      })
      .from(taskCompletions)
      .where(and(eq(taskCompletions.userId, userId), gt(taskCompletions.id, after)))
      .orderBy(asc(taskCompletions.id))
      .limit(EXPORT_PAGE_SIZE);
    if (rows.length > 0) {
      yield rows.map((r) => ({
        taskId: r.taskId,
        title: r.title,
        category: r.category,
        plannedOn: r.plannedOn,
        completedAt: r.completedAt.toISOString(),
      }));
    }
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_SIZE) return;
    after = last.id;
  }
}

/** The tasks domain's bank columns plus the identity column the pages are keyed on. */
const bankPageColumns = { ...bankColumns, seq: bankTasks.seq };

/** The Task Bank in creation order, keyed on its identity column. */
async function* bankPages(db: Db, userId: string) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select(bankPageColumns)
      .from(bankTasks)
      .where(and(eq(bankTasks.userId, userId), gt(bankTasks.seq, after)))
      .orderBy(asc(bankTasks.seq))
      .limit(EXPORT_PAGE_SIZE);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_SIZE) return;
    after = last.seq;
  }
}

async function readDaily(db: Db, userId: string) {
  // Today's Focus holds at most five tasks: one read, in the tasks domain's columns and order.
  return db.select(dailyColumns).from(dailyTasks).where(eq(dailyTasks.userId, userId)).orderBy(asc(dailyTasks.seq));
}

// ---------------------------------------------------------------------------------------------
// JSON

/**
 * The export document, written as a stream of text chunks: the small parts first in one piece,
 * then the two lists that grow without bound (sessions, completion history) page by page.
 */
export async function* exportJsonChunks(deps: AppDeps, userId: string): AsyncGenerator<string> {
  const { db } = deps;
  // Explicit columns: the password hash never leaves the server (conventions, habit 4).
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      timeZone: users.timeZone,
      createdAt: users.createdAt,
      hasPassword: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) throw new AppError('NOT_FOUND', 'Account not found');
  const providers = await db
    .select({ provider: oauthAccounts.provider })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(asc(oauthAccounts.provider));
  const [reset] = await db
    .select({ lastResetAt: dailyResetState.lastResetAt })
    .from(dailyResetState)
    .where(eq(dailyResetState.userId, userId));
  const daily = await readDaily(db, userId);
  const categories = await db
    .select({ name: customCategories.name, createdAt: customCategories.createdAt })
    .from(customCategories)
    .where(eq(customCategories.userId, userId))
    .orderBy(asc(customCategories.createdAt), asc(customCategories.name));
  // For information: an import never takes it back (the streak is derived from the sessions).
  const zone = safeTimeZone(profile.timeZone);
  const streak = await readStreak(db, userId, zone, localDate(deps.clock.now(), zone));
  const plan = await getPlanStatus(deps, userId);

  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: deps.clock.now().toISOString(),
    profile: {
      id: profile.id,
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      profileImageUrl: profile.profileImageUrl,
      timeZone: profile.timeZone,
      createdAt: profile.createdAt.toISOString(),
      signInMethods: [...(profile.hasPassword ? ['password'] : []), ...providers.map((p) => p.provider)],
    },
    plan,
    daily: {
      lastResetAt: iso(reset?.lastResetAt ?? null),
      tasks: daily.map((t) => ({
        id: t.id,
        title: t.title,
        description: t.description,
        category: t.category,
        createdAt: t.createdAt.toISOString(),
        addedAt: t.addedAt.toISOString(),
        completed: t.completed,
        completedAt: iso(t.completedAt),
        isCarryOver: t.isCarryOver,
        carryOverDate: iso(t.carryOverDate),
        plannedOn: t.plannedOn,
      })),
    },
    customCategories: categories.map((c) => ({ name: c.name, createdAt: c.createdAt.toISOString() })),
    streak: { current: streak.current, lastDay: streak.lastDay },
  };
  // Drop the closing brace of the head object and continue with the streamed lists.
  yield JSON.stringify(head, null, 2).slice(0, -2);

  yield* jsonArray('bank', bankPages(db, userId), (r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    createdAt: r.createdAt.toISOString(),
  }));
  yield* jsonArray('focusSessions', sessionPages(db, userId), toExportSession);
  yield* jsonArray('completions', completionPages(db, userId), (c) => c);
  yield '\n}\n';
}

async function* jsonArray<R, T>(key: string, pages: AsyncGenerator<R[]>, map: (row: R) => T): AsyncGenerator<string> {
  yield `,\n  ${JSON.stringify(key)}: [`;
  let first = true;
  for await (const page of pages) {
    let chunk = '';
    for (const row of page) {
      chunk += `${first ? '' : ','}\n    ${JSON.stringify(map(row))}`;
      first = false;
    }
    yield chunk;
  }
  yield first ? ']' : '\n  ]';
}

// ---------------------------------------------------------------------------------------------
// CSV (RFC 4180: CRLF records, fields quoted when they hold a comma, quote or line break, quotes
// doubled; UTF-8 with a byte-order mark so spreadsheet programs read emoji and accents right).

export const TASK_CSV_COLUMNS = [
  'list',
  'id',
  'title',
  'description',
  'category',
  'created_at',
  'added_at',
  'completed',
  'completed_at',
  'is_carry_over',
  'carry_over_date',
  'planned_on',
] as const;

export const SESSION_CSV_COLUMNS = [
  'id',
  'task_title',
  'category',
  'goal_text',
  'goal_minutes',
  'actual_minutes',
  'status',
  'completed',
  'quit_early',
  'quit_reason',
  'started_at',
  'ends_at',
  'ended_at',
] as const;

type CsvValue = string | number | boolean | null;

/** csv-stringify loads with the first CSV export, not with every process. */
const loadCsv = loadOnce(() => import('csv-stringify/sync'));
type Stringify = Awaited<ReturnType<typeof loadCsv>>['stringify'];

function csvRows(stringify: Stringify, rows: CsvValue[][]): string {
  return stringify(rows, {
    record_delimiter: 'windows',
    // csv-stringify quotes a field holding its record delimiter (CRLF) but not a lone LF or CR:
    // RFC 4180 wants every line break inside quotes, or other readers split the row in two.
    quoted_match: /[\r\n]/,
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
}

async function* taskCsvChunks(db: Db, userId: string): AsyncGenerator<string> {
  const { stringify } = await loadCsv();
  // Header first, alone: an empty account still gets a file a spreadsheet opens with its columns.
  yield `\uFEFF${stringify([[...TASK_CSV_COLUMNS]], { record_delimiter: 'windows' })}`;
  for await (const page of bankPages(db, userId)) {
    yield csvRows(
      stringify,
      page.map((t) => [
        'bank',
        t.id,
        t.title,
        t.description,
        t.category,
        t.createdAt.toISOString(),
        null,
        null,
        null,
        null,
        null,
        null,
      ]),
    );
  }
  const daily = await readDaily(db, userId);
  if (daily.length > 0) {
    yield csvRows(
      stringify,
      daily.map((t) => [
        'daily',
        t.id,
        t.title,
        t.description,
        t.category,
        t.createdAt.toISOString(),
        t.addedAt.toISOString(),
        t.completed,
        iso(t.completedAt),
        t.isCarryOver,
        iso(t.carryOverDate),
        t.plannedOn,
      ]),
    );
  }
}

async function* sessionCsvChunks(db: Db, userId: string): AsyncGenerator<string> {
  const { stringify } = await loadCsv();
  yield `\uFEFF${stringify([[...SESSION_CSV_COLUMNS]], { record_delimiter: 'windows' })}`;
  for await (const page of sessionPages(db, userId)) {
    yield csvRows(
      stringify,
      page.map((s) => [
        s.id,
        s.taskTitle,
        s.category,
        s.goalText,
        s.goalMinutes,
        s.actualMinutes,
        s.status,
        s.completed,
        s.quitEarly,
        s.quitReason,
        s.startedAt.toISOString(),
        s.endsAt.toISOString(),
        iso(s.endedAt),
      ]),
    );
  }
}

export function exportCsvChunks(deps: AppDeps, userId: string, table: CsvTable): AsyncGenerator<string> {
  return table === 'tasks' ? taskCsvChunks(deps.db, userId) : sessionCsvChunks(deps.db, userId);
}

/**
 * A byte stream over a chunk generator that pulls one chunk per read, so a slow client slows the
 * database reads instead of making the server buffer the whole file. Cancelling stops the reads.
 */
export function toByteStream(
  chunks: AsyncGenerator<string>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The file name a download is saved under: lockin-export-2026-11-22.json, lockin-sessions-….csv. */
export function exportFileName(what: 'json' | CsvTable, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return what === 'json' ? `lockin-export-${day}.json` : `lockin-${what}-${day}.csv`;
}

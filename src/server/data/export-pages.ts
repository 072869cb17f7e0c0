// The rows an export reads, in keyset pages (EXPORT_PAGE_SIZE): each query starts after the last
// row of the previous one, so a long history never sits in memory whole and no OFFSET scans. No
// transaction spans a download: on PGlite (one connection) a slow one would hold every other
// request up; each page is its own consistent read instead.
import { and, asc, eq, gt, or } from 'drizzle-orm';
import { EXPORT_PAGE_SIZE, type ExportCompletion, type ExportFocusSession } from '../../shared/data';
import type { Db } from '../db/client';
import { bankTasks, dailyTasks, lockInSessions, taskCompletions } from '../db/schema';
import { bankColumns, dailyColumns } from '../tasks/task-store';
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const sessionColumns = {
  id: lockInSessions.id,
  aliasId: lockInSessions.aliasId,
  roomId: lockInSessions.roomId,
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
  timeZone: lockInSessions.timeZone,
  imported: lockInSessions.imported,
};
export interface SessionRow {
  id: string;
  aliasId: string | null;
  roomId: string | null;
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
  timeZone: string;
  imported: boolean;
}

/** Every focus session of the user, oldest first, in pages keyed on (started_at, id). */
export async function* sessionPages(db: Db, userId: string): AsyncGenerator<SessionRow[]> {
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

export function toExportSession(row: SessionRow): ExportFocusSession {
  return {
    id: row.id,
    aliasId: row.aliasId,
    roomId: row.roomId,
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
    timeZone: row.timeZone,
    // Kept in the file so a signed export of an account never turns another file's sessions into counted ones.
    ...(row.imported ? { imported: true } : {}),
  };
}

/** The completed-task history, oldest first, keyed on its serial id. */
export async function* completionPages(db: Db, userId: string): AsyncGenerator<ExportCompletion[]> {
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
export const bankPageColumns = { ...bankColumns, seq: bankTasks.seq };

/** The Task Bank in creation order, keyed on its identity column. */
export async function* bankPages(db: Db, userId: string) {
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

export async function readDaily(db: Db, userId: string) {
  // Today's Focus holds at most five tasks: one read, in the tasks domain's columns and order.
  return db.select(dailyColumns).from(dailyTasks).where(eq(dailyTasks.userId, userId)).orderBy(asc(dailyTasks.seq));
}

// Lock-In sessions as the user sees them: the running one, the history, the streak, and the task
// a per-task session is for. Starting is start-session.ts, ending end-session.ts, a visitor's
// browser history local-history.ts, an offline session offline-session.ts. The rules: one running
// session per user, times stamped by the server's clock, status only moving forward (active →
// completed | quit), actual minutes between 0 and the goal, the streak derived from the completed
// sessions in the user's time zone. Plain functions of (deps, user, input), shared by the tRPC
// procedures and both REST shapes.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { localDate, safeTimeZone } from '../../shared/local-date';
import {
  minutesFromSeconds,
  LOCKIN_MESSAGES,
  type LockInSessionView,
  type QuitReason,
  type RunningSession,
  type SessionStatus,
  type StreakView,
} from '../../shared/lockin';
import type { Db, Tx } from '../db/client';
import { readStreak, readStreakReport } from './streak';
import type { StreakCalendarView } from '../../shared/streak';
import { type Device, issueSyncStamp } from './sync-stamp';
import { preparedPerDatabase } from '../db/prepared';
import { dailyTasks, lockInSessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { isPremium, type PlanUser } from '../plans/plan-status';
export interface LockInUser extends PlanUser {
  timeZone: string;
}

export type SessionRow = typeof lockInSessions.$inferSelect;

export const MINUTE_MS = 60_000;

/**
 * The minutes a session's countdown spans: its goal, or less for one that joined a room late (it
 * ends with the room). A completion never records more than this.
 */
export function windowMinutes(row: Pick<SessionRow, 'startedAt' | 'endsAt' | 'goalMinutes'>): number {
  return Math.min(row.goalMinutes, minutesFromSeconds((row.endsAt.getTime() - row.startedAt.getTime()) / 1000));
}

export const notFound = () => new AppError('NOT_FOUND', LOCKIN_MESSAGES.notFound);

export function toView(row: SessionRow): LockInSessionView {
  return {
    id: row.id,
    taskTitle: row.taskTitle,
    category: row.category,
    goalText: row.goalText,
    goalMinutes: row.goalMinutes,
    actualMinutes: row.actualMinutes,
    status: row.status as SessionStatus,
    completed: row.completed,
    quitEarly: row.quitEarly,
    quitReason: (row.quitReason as QuitReason | null) ?? null,
    startTime: row.startedAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    completedAt: row.endedAt ? row.endedAt.toISOString() : null,
    ...(row.roomId ? { roomId: row.roomId } : {}),
    ...(row.imported ? { imported: true as const } : {}),
  };
}

export async function findRunning(tx: Db | Tx, userId: string): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(lockInSessions)
    .where(and(eq(lockInSessions.userId, userId), eq(lockInSessions.status, 'active')))
    .limit(1);
  return row;
}

/** Finds a session by its id, or (for the focus-session shape) by the alias it was given. */
export async function findSession(
  tx: Db | Tx,
  userId: string,
  id: string,
  byAlias = false,
): Promise<SessionRow | undefined> {
  const match = byAlias ? or(eq(lockInSessions.id, id), eq(lockInSessions.aliasId, id)) : eq(lockInSessions.id, id);
  const [row] = await tx
    .select()
    .from(lockInSessions)
    .where(and(eq(lockInSessions.userId, userId), match))
    .limit(1);
  return row;
}

const runningSession = preparedPerDatabase((db) =>
  db
    .select()
    .from(lockInSessions)
    .where(and(eq(lockInSessions.userId, sql.placeholder('userId')), eq(lockInSessions.status, 'active')))
    .limit(1)
    .prepare('running_session'),
);

/** The running session (if any) with the server's clock, so another device or a reload resumes it. */
export async function getRunning(deps: AppDeps, user: LockInUser, device: Device): Promise<RunningSession> {
  const [row] = await runningSession(deps.db).execute({ userId: user.id });
  const now = deps.clock.now();
  return {
    session: row ? toView(row) : null,
    serverNow: now.toISOString(),
    syncStamp: await issueSyncStamp(deps.db, device, now),
  };
}

export async function listSessions(
  deps: AppDeps,
  user: LockInUser,
  input: { limit?: number } = {},
): Promise<LockInSessionView[]> {
  const rows = await deps.db
    .select()
    .from(lockInSessions)
    .where(eq(lockInSessions.userId, user.id))
    .orderBy(desc(lockInSessions.startedAt), desc(lockInSessions.createdAt))
    .limit(input.limit ?? 100);
  return rows.map(toView);
}

/** The streak as of `now` in the user's zone (derived from the completed sessions: streak.ts). */
export function streakAt(db: Db | Tx, user: LockInUser, now: Date): Promise<StreakView> {
  return readStreak(db, user.id, localDate(now, safeTimeZone(user.timeZone)));
}

export async function getStreak(deps: AppDeps, user: LockInUser): Promise<StreakView> {
  return streakAt(deps.db, user, deps.clock.now());
}

/** One month of the streak calendar: each day's status, with the streak as of today. */
export async function getStreakCalendar(
  deps: AppDeps,
  user: LockInUser,
  wanted: string | undefined,
): Promise<StreakCalendarView> {
  const today = localDate(deps.clock.now(), safeTimeZone(user.timeZone));
  const month = wanted ?? today.slice(0, 7);
  const { days, ...streak } = await readStreakReport(deps.db, user.id, today);
  return {
    month,
    today,
    firstMonth: days[0]?.date.slice(0, 7) ?? null,
    days: days.filter((d) => d.date.startsWith(`${month}-`)),
    streak,
  };
}

export async function sessionTask(
  deps: AppDeps,
  user: LockInUser,
  taskId: string,
): Promise<{ taskTitle: string; category: string }> {
  if (!(await isPremium(deps, user))) throw new AppError('FORBIDDEN', LOCKIN_MESSAGES.premiumTask);
  const [task] = await deps.db
    .select({ title: dailyTasks.title, category: dailyTasks.category })
    .from(dailyTasks)
    .where(and(eq(dailyTasks.userId, user.id), eq(dailyTasks.id, taskId)));
  if (!task) throw new AppError('NOT_FOUND', LOCKIN_MESSAGES.taskNotFound);
  return { taskTitle: task.title, category: task.category };
}

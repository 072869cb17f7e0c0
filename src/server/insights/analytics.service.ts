// The analytics dashboard's figures, computed in SQL in the user's own time zone. Every query
// aggregates in the database and returns at most a few hundred rows (a 7 × 24 heatmap, one row
// per category, seven days), so a history of any length never travels into JavaScript.
//
// Definitions (see docs/decisions/2026-11-22-analytics-figures.md):
// - a session counts once it has ended ('completed' or 'quit'); a running one is left out;
// - focus time is the minutes actually focused in ended sessions, quit ones included;
// - sessions belong to the local day, weekday and hour in which they started;
// - tasks completed come from the completion history (task_completions), which outlives the
//   daily reset; a task's completion delay is the local days from its due date to its completion;
// - 'this week' runs Monday to Sunday in the user's zone.
import { type SQL, sql } from 'drizzle-orm';
import { OVERDUE_TOP, RECENT_ACTIVITY_DAYS } from '../../shared/constants';
import {
  type ActivityDay,
  type Analytics,
  type BasicAnalytics,
  bestFocusHours,
  type CategoryStat,
  type HeatmapCell,
  type OverdueTask,
  type PremiumAnalytics,
  type QuitInsights,
  type WeeklyStats,
} from '../../shared/insights';
import { addDays, daysBetween, localDate, safeTimeZone, utcDate } from '../../shared/local-date';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { historyOf, type StreakHistoryRow, streakHistorySql } from '../lockin/streak';
import { streakOf } from '../../shared/streak';
import type { AppDeps } from '../deps';
import { isPremium, type PlanUser } from '../plans/plan-status';

export interface InsightsUser extends PlanUser {
  timeZone: string;
}

/** The Monday of the week holding a local date. */
export function weekStart(date: string): string {
  const weekday = (utcDate(date).getUTCDay() + 6) % 7; // Monday 0
  return addDays(date, -weekday);
}

/** The instant a local date begins in the zone, as SQL (DST-correct: PostgreSQL resolves it). */
const localMidnight = (date: string, tz: string) => sql`(${date}::timestamp at time zone ${tz})`;

interface Calendar {
  tz: string;
  today: string;
  weekStart: string;
  /** First of the seven days of recent activity. */
  recentStart: string;
  /** Earliest of weekStart and recentStart: one indexed range read serves both. */
  windowStart: string;
}

function calendarOf(user: InsightsUser, now: Date): Calendar {
  const tz = safeTimeZone(user.timeZone);
  const today = localDate(now, tz);
  const ws = weekStart(today);
  const recentStart = addDays(today, -(RECENT_ACTIVITY_DAYS - 1));
  return {
    tz,
    today,
    weekStart: ws,
    recentStart,
    // biome-ignore lint/complexity/useMathMinMax: these are YYYY-MM-DD strings (ordered as text); Math.min would give NaN
    windowStart: ws < recentStart ? ws : recentStart,
  };
}

// ---------------------------------------------------------------------------------------------
// Queries

interface DayRow {
  day: string;
  completed: number;
  quit: number;
  minutes: number;
}

/** Ended sessions per local day since the window start (indexed on user_id, started_at). */
function sessionsByDay(userId: string, cal: Calendar): SQL {
  return sql`select (started_at at time zone ${cal.tz})::date::text as day,
          count(*) filter (where status = 'completed')::int as completed,
          count(*) filter (where status = 'quit')::int as quit,
          coalesce(sum(actual_minutes), 0)::int as minutes
        from lock_in_sessions
        where user_id = ${userId} and status in ('completed', 'quit')
          and started_at >= ${localMidnight(cal.windowStart, cal.tz)}
        group by 1`;
}

/** Task completions per local day since the window start. */
interface TaskDayRow {
  day: string;
  tasks: number;
}

function tasksByDay(userId: string, cal: Calendar): SQL {
  return sql`select (completed_at at time zone ${cal.tz})::date::text as day, count(*)::int as tasks
        from task_completions
        where user_id = ${userId} and completed_at >= ${localMidnight(cal.windowStart, cal.tz)}
        group by 1`;
}

interface TaskTotals {
  tasks: number;
  avgDelay: number | null;
}

function taskTotals(userId: string, cal: Calendar): SQL {
  return sql`select count(*)::int as tasks,
          avg(greatest(0, (completed_at at time zone ${cal.tz})::date - planned_on))::float8 as "avgDelay"
        from task_completions where user_id = ${userId}`;
}

/** The streak as Lock-In shows it (lockin/streak.ts), from the history read with the view's other figures. */
function currentStreak(row: StreakHistoryRow, cal: Calendar): number {
  return streakOf(historyOf(row), cal.today).current;
}

interface SessionTotals {
  completed: number;
  quit: number;
  minutes: number;
}

/** The free view's all-time figures: one aggregate row over the user's rollups. */
function sessionTotals(userId: string): SQL {
  return sql`select coalesce(sum(completed), 0)::int as completed,
          coalesce(sum(quit), 0)::int as quit,
          coalesce(sum(minutes), 0)::int as minutes
        from insights_session_rollups where user_id = ${userId}`;
}

/**
 * Runs several reads as one statement, each answered as a JSON column (`one`: its single row;
 * `many`: its rows, in order). On PGlite every statement is a trip to the database's thread and a
 * parse and plan of its own; one statement is also one snapshot, so the figures agree.
 */
async function readTogether<T extends Record<string, unknown>>(
  db: Db,
  reads: { [K in keyof T]: { one: SQL } | { many: SQL } },
): Promise<T> {
  const columns = Object.entries(reads).map(([name, read]) =>
    'one' in read
      ? sql`(select row_to_json(r) from (${read.one}) r) as ${sql.identifier(name)}`
      : sql`(select coalesce(json_agg(r), '[]'::json) from (${read.many}) r) as ${sql.identifier(name)}`,
  );
  const [row] = await rowsOf<T>(db, sql`select ${sql.join(columns, sql`, `)}`);
  if (!row) throw new Error('readTogether answered no row');
  return row;
}

interface BreakdownRow {
  gCategory: number;
  gCell: number;
  gReason: number;
  category: string | null;
  day: number | null;
  hour: number | null;
  reason: string | null;
  sessions: number;
  completed: number;
  quit: number;
  minutes: number;
}

/**
 * The user's ended sessions grouped four ways at once (GROUPING SETS): the totals, per category,
 * per local weekday × hour (heatmap and quit hours), and per quit reason. It reads the rollups
 * (insights_session_rollups: sessions already summed per local weekday, hour, category and
 * reason by triggers), so its cost does not grow with the length of the history.
 */
function sessionBreakdown(userId: string): SQL {
  // Categories and quit reasons are free text (a REST start's category, an imported file's
  // reasons), so their sets are cut in SQL to the BREAKDOWN_TOP largest by minutes and by quits:
  // the answer and what this request holds stay bounded however many distinct names there are.
  // The totals row and the at most 168 heatmap cells are always kept.
  return sql`select * from (
          select grouping(category)::int as "gCategory", grouping(day, hour)::int as "gCell",
            grouping(reason)::int as "gReason",
            category, day::int as day, hour::int as hour, reason,
            sum(sessions)::int as sessions,
            sum(completed)::int as completed,
            sum(quit)::int as quit,
            sum(minutes)::int as minutes,
            row_number() over (partition by grouping(category), grouping(reason)
              order by sum(minutes) desc, sum(quit) desc, category, reason) as "byMinutes",
            row_number() over (partition by grouping(category), grouping(reason)
              order by sum(quit) desc, sum(minutes) desc, category, reason) as "byQuit"
          from insights_session_rollups
          where user_id = ${userId}
          group by grouping sets ((), (category), (day, hour), (reason))
        ) ranked
        where ("gCategory" <> 0 and "gReason" <> 0)
          or "byMinutes" <= ${BREAKDOWN_TOP} or "byQuit" <= ${BREAKDOWN_TOP}`;
}

/** Completed tasks per category, for the categories the dashboard lists (at most BREAKDOWN_TOP). */
async function tasksByCategory(db: Db, userId: string, categories: string[]): Promise<Map<string, number>> {
  if (categories.length === 0) return new Map();
  const rows = await rowsOf<{ category: string; tasks: number }>(
    db,
    sql`select category, count(*)::int as tasks from task_completions
        where user_id = ${userId} and category in (${sql.join(
          categories.map((c) => sql`${c}`),
          sql`, `,
        )})
        group by category`,
  );
  return new Map(rows.map((r) => [r.category, r.tasks]));
}

interface OverdueRow {
  id: string;
  title: string;
  category: string;
  dueDate: string;
  total: number;
}

/**
 * Unfinished tasks on Today's Focus whose due date (the day first planned) is before today; the
 * oldest first. Reading planned_on rather than the carry-over flag keeps the answer right on a new
 * day before the list's daily reset has run.
 */
function overdue(userId: string, cal: Calendar): SQL {
  return sql`select id, title, category, planned_on::text as "dueDate",
          (count(*) over ())::int as total
        from daily_tasks
        where user_id = ${userId} and not completed and planned_on < ${cal.today}::date
        order by planned_on asc, seq asc
        limit ${OVERDUE_TOP}`;
}

// ---------------------------------------------------------------------------------------------
// Shaping

function weekly(days: DayRow[], taskDays: TaskDayRow[], cal: Calendar): WeeklyStats {
  const inWeek = (d: string) => d >= cal.weekStart && d <= cal.today;
  const week = days.filter((d) => inWeek(d.day));
  return {
    sessionsThisWeek: week.reduce((a, d) => a + d.completed, 0),
    tasksCompletedThisWeek: taskDays.filter((d) => inWeek(d.day)).reduce((a, d) => a + d.tasks, 0),
    focusTimeThisWeek: week.reduce((a, d) => a + d.minutes, 0),
    sessionsEndedEarlyThisWeek: week.reduce((a, d) => a + d.quit, 0),
  };
}

function recentActivity(days: DayRow[], taskDays: TaskDayRow[], cal: Calendar): ActivityDay[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const tasksOn = new Map(taskDays.map((d) => [d.day, d.tasks]));
  return Array.from({ length: RECENT_ACTIVITY_DAYS }, (_, i) => {
    const date = addDays(cal.recentStart, i);
    const d = byDay.get(date);
    return {
      date,
      sessionsCompleted: d?.completed ?? 0,
      focusTime: d?.minutes ?? 0,
      tasksCompleted: tasksOn.get(date) ?? 0,
    };
  });
}

const QUIT_TOP = 3;
/** Categories and quit reasons listed at most (far more than a chart can show). */
export const BREAKDOWN_TOP = 100;
const NO_REASON = 'No reason given';

function shapeBreakdown(rows: BreakdownRow[]) {
  const totals = rows.find((r) => r.gCategory !== 0 && r.gCell !== 0 && r.gReason !== 0);
  const categoryRows = rows.filter((r) => r.gCategory === 0);
  // A column is never null inside its own grouping set (the rollup's columns are NOT NULL); the
  // guards say so to the compiler.
  const cellRows = rows.filter(
    (r): r is BreakdownRow & { day: number; hour: number } => r.gCell === 0 && r.day !== null && r.hour !== null,
  );
  const reasonRows = rows.filter(
    (r): r is BreakdownRow & { reason: string } => r.gReason === 0 && r.reason !== null && r.quit > 0,
  );

  const categoryStats: CategoryStat[] = categoryRows
    .filter((r) => r.minutes > 0)
    .map((r) => ({
      category: r.category ?? 'General',
      focusTime: r.minutes,
      completionRate: r.sessions > 0 ? Math.round((r.completed / r.sessions) * 100) : 0,
      // Filled from task_completions by the caller (tasksByCategory).
      tasksCompleted: 0,
      sessionsCompleted: r.completed,
    }))
    .sort((a, b) => b.focusTime - a.focusTime || a.category.localeCompare(b.category))
    .slice(0, BREAKDOWN_TOP);

  const heatmap: HeatmapCell[] = cellRows
    .filter((r) => r.completed > 0)
    .map((r) => ({ day: r.day, hour: r.hour, count: r.completed }))
    .sort((a, b) => a.day - b.day || a.hour - b.hour);

  const quitByHour = new Map<number, number>();
  for (const r of cellRows) if (r.quit > 0) quitByHour.set(r.hour, (quitByHour.get(r.hour) ?? 0) + r.quit);
  const quitInsights: QuitInsights = {
    total: totals?.quit ?? 0,
    reasons: reasonRows
      .map((r) => ({ reason: r.reason === '' ? NO_REASON : r.reason, count: r.quit }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
      .slice(0, BREAKDOWN_TOP),
    hours: [...quitByHour]
      .map(([hour, count]) => ({ hour, count }))
      .sort((a, b) => b.count - a.count || a.hour - b.hour)
      .slice(0, QUIT_TOP),
    categories: categoryRows
      .filter((r) => r.quit > 0)
      .map((r) => ({ category: r.category ?? 'General', count: r.quit, rate: Math.round((r.quit / r.sessions) * 100) }))
      .sort((a, b) => b.count - a.count || b.rate - a.rate || a.category.localeCompare(b.category))
      .slice(0, QUIT_TOP),
  };

  return {
    completed: totals?.completed ?? 0,
    quit: totals?.quit ?? 0,
    minutes: totals?.minutes ?? 0,
    sessions: totals?.sessions ?? 0,
    categoryStats,
    heatmap,
    quitInsights,
  };
}

// ---------------------------------------------------------------------------------------------
// The service

/** What both views read: the recent days' sessions and tasks, the tasks' totals, the streak's history. */
type CommonReads = {
  days: DayRow[];
  taskDays: TaskDayRow[];
  tasks: TaskTotals;
  streak: StreakHistoryRow;
};

const commonReads = (userId: string, cal: Calendar) => ({
  days: { many: sessionsByDay(userId, cal) },
  taskDays: { many: tasksByDay(userId, cal) },
  tasks: { one: taskTotals(userId, cal) },
  streak: { one: streakHistorySql(userId) },
});

/**
 * GET /api/analytics and the dashboard: the four basic figures (plus this week's) for everyone,
 * every other field only for a premium user. Each view's reads go out as one statement (the premium
 * view's tasks per category follow in a second: they need the breakdown's categories).
 */
export async function getAnalytics(deps: AppDeps, user: InsightsUser): Promise<Analytics> {
  const premium = await isPremium(deps, user);
  const cal = calendarOf(user, deps.clock.now());
  const db = deps.db;

  if (!premium) {
    const { totals, days, taskDays, tasks, streak } = await readTogether<CommonReads & { totals: SessionTotals }>(db, {
      ...commonReads(user.id, cal),
      totals: { one: sessionTotals(user.id) },
    });
    const { sessionsEndedEarlyThisWeek: _hidden, ...weeklyStats } = weekly(days, taskDays, cal);
    const basic: BasicAnalytics = {
      premium: false,
      totalFocusTime: totals.minutes,
      dailyStreak: currentStreak(streak, cal),
      totalSessionsCompleted: totals.completed,
      tasksCompleted: tasks.tasks,
      weeklyStats,
    };
    return basic;
  }

  const { breakdownRows, days, taskDays, tasks, streak, overdueRows } = await readTogether<
    CommonReads & { breakdownRows: BreakdownRow[]; overdueRows: OverdueRow[] }
  >(db, {
    ...commonReads(user.id, cal),
    breakdownRows: { many: sessionBreakdown(user.id) },
    overdueRows: { many: overdue(user.id, cal) },
  });
  const b = shapeBreakdown(breakdownRows);
  const tasksIn = await tasksByCategory(
    db,
    user.id,
    b.categoryStats.map((c) => c.category),
  );
  for (const stat of b.categoryStats) stat.tasksCompleted = tasksIn.get(stat.category) ?? 0;
  const overdueTasks: OverdueTask[] = overdueRows.map((r) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    dueDate: r.dueDate,
    daysOverdue: daysBetween(r.dueDate, cal.today),
  }));
  const result: PremiumAnalytics = {
    premium: true,
    totalFocusTime: b.minutes,
    dailyStreak: currentStreak(streak, cal),
    totalSessionsCompleted: b.completed,
    tasksCompleted: tasks.tasks,
    sessionsEndedEarly: b.quit,
    avgSessionDuration: b.sessions > 0 ? Math.round(b.minutes / b.sessions) : 0,
    tasksOverdue: overdueRows[0]?.total ?? 0,
    avgCompletionDelay: Math.round(tasks.avgDelay ?? 0),
    weeklyStats: weekly(days, taskDays, cal),
    categoryStats: b.categoryStats,
    recentActivity: recentActivity(days, taskDays, cal),
    overdueTasks,
    heatmap: b.heatmap,
    bestHours: bestFocusHours(b.heatmap),
    quitInsights: b.quitInsights,
  };
  return result;
}

// Insights shared by server and client: the analytics response, the AI suggestion shape and
// the pure rules both sides use (heatmap levels, overdue colours, the best-hours sentence).
import { HEATMAP_STEPS, OVERDUE_ORANGE_DAYS, OVERDUE_RED_DAYS } from './constants';
import { utcDate } from './local-date';

// ---------------------------------------------------------------------------------------------
// Analytics response

/** The four figures every signed-in user gets (the free 'Quick Analytics' view). */
export interface BasicAnalytics {
  premium: false;
  totalFocusTime: number;
  dailyStreak: number;
  totalSessionsCompleted: number;
  tasksCompleted: number;
  /** The same figures for this week (Monday to Sunday in the user's zone), for the period toggle. */
  weeklyStats: WeeklyStats;
}

export interface WeeklyStats {
  sessionsThisWeek: number;
  tasksCompletedThisWeek: number;
  focusTimeThisWeek: number;
  /** Beyond the spec's three: the premium view's fifth card in 'This Week'. */
  sessionsEndedEarlyThisWeek?: number;
}

export interface CategoryStat {
  category: string;
  focusTime: number;
  /** Completed sessions / all ended sessions of the category, in percent (whole number). */
  completionRate: number;
  /** Completed tasks (Today's Focus check-offs) of the category, as the field's name says. */
  tasksCompleted: number;
  /** Completed Lock-In sessions of the category. */
  sessionsCompleted: number;
}

export interface ActivityDay {
  /** The user's local date, YYYY-MM-DD. */
  date: string;
  sessionsCompleted: number;
  focusTime: number;
  tasksCompleted: number;
}

export interface OverdueTask {
  id: string;
  title: string;
  category: string;
  /** The local day the task was first put on Today's Focus, YYYY-MM-DD. */
  dueDate: string;
  daysOverdue: number;
}

/** Completed sessions started in one weekday (0 = Monday … 6 = Sunday) and local hour. */
export interface HeatmapCell {
  day: number;
  hour: number;
  count: number;
}

export interface QuitInsights {
  total: number;
  reasons: { reason: string; count: number }[];
  /** Local start hours with the most quits, most first (top 3). */
  hours: { hour: number; count: number }[];
  /** Categories with the most quits, with the share of that category's sessions that were quit. */
  categories: { category: string; count: number; rate: number }[];
}

export interface PremiumAnalytics extends Omit<BasicAnalytics, 'premium'> {
  premium: true;
  sessionsEndedEarly: number;
  /** Average minutes of an ended session, rounded. */
  avgSessionDuration: number;
  tasksOverdue: number;
  /** Average whole days from a task's due date to its completion, rounded. */
  avgCompletionDelay: number;
  categoryStats: CategoryStat[];
  recentActivity: ActivityDay[];
  overdueTasks: OverdueTask[];
  heatmap: HeatmapCell[];
  bestHours: BestHours;
  quitInsights: QuitInsights;
}

export type Analytics = BasicAnalytics | PremiumAnalytics;

export const INSIGHTS_COPY = {
  loading: 'Loading your productivity data...',
  errorTitle: 'Failed to load analytics data',
  errorText: 'Please try again later or check your connection',
  categoryEmptyTitle: 'No category data available',
  categoryEmptyText: 'Complete some focus sessions to see your category breakdown',
  activityEmptyTitle: 'No activity data available',
  activityEmptyText: 'Complete some sessions to see your trends',
  overdueEmptyTitle: 'All caught up!',
  overdueEmptyText: 'No overdue tasks at the moment',
  heatmapEmpty: 'Complete some Lock-In sessions to see your focus patterns',
  heatmapError: 'Failed to load focus heatmap data',
  quitEmpty: 'No sessions ended early yet. When you end one early, the reasons and times show here.',
} as const;

// ---------------------------------------------------------------------------------------------
// Heatmap and overdue rules (spec section 4 and 9)

/** 0 for an empty cell, 1–4 up to each step of HEATMAP_STEPS, 5 above the last: six legend steps. */
export function heatmapLevel(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  const intensity = count / max;
  const step = HEATMAP_STEPS.findIndex((s) => intensity <= s);
  return step === -1 ? HEATMAP_STEPS.length + 1 : step + 1;
}

export type OverdueColour = 'yellow' | 'orange' | 'red';

/** 7 days or more red, 3 to 6 orange, below 3 yellow. */
export function overdueColour(daysOverdue: number): OverdueColour {
  if (daysOverdue >= OVERDUE_RED_DAYS) return 'red';
  if (daysOverdue >= OVERDUE_ORANGE_DAYS) return 'orange';
  return 'yellow';
}

export const daysOverdueLabel = (days: number) => (days === 1 ? '1 day overdue' : `${days} days overdue`);

// ---------------------------------------------------------------------------------------------
// Best focus hours

/** Completed sessions the heatmap needs before it names a best time. */
export const BEST_HOURS_MIN_SESSIONS = 10;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const WEEKDAYS_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export type BestHours =
  | { ready: true; day: number; startHour: number; endHour: number; sentence: string }
  | { ready: false; needed: number; sentence: string };

function partOfDay(hour: number): string {
  if (hour >= 5 && hour < 12) return 'mornings';
  if (hour >= 12 && hour < 17) return 'afternoons';
  if (hour >= 17 && hour < 21) return 'evenings';
  return 'nights';
}

/** '3pm', '12am' … for an hour 0–24. */
export function hourLabel(hour: number): string {
  const h = hour % 24;
  const suffix = h < 12 ? 'am' : 'pm';
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve}${suffix}`;
}

/** '9–11am' when both ends share am/pm, '11am–1pm' otherwise. */
export function hourRange(start: number, end: number): string {
  const a = hourLabel(start);
  const b = hourLabel(end);
  if (a.slice(-2) === b.slice(-2)) return `${a.slice(0, -2)}–${b}`;
  return `${a}–${b}`;
}

/**
 * The two-hour window (one hour when the next is empty) of one weekday with the most completed
 * sessions; ties go to the earlier day and hour. Below BEST_HOURS_MIN_SESSIONS it says how many
 * more it needs instead of guessing from a handful.
 */
export function bestFocusHours(cells: HeatmapCell[]): BestHours {
  // Week-hours flat, day-major; an hour past 23 reads as empty so a window never spills into the next day.
  const counts = new Array<number>(7 * 24).fill(0);
  const at = (day: number, hour: number) => (hour < 24 ? (counts[day * 24 + hour] ?? 0) : 0);
  let total = 0;
  for (const c of cells) {
    if (c.day < 0 || c.day > 6 || c.hour < 0 || c.hour > 23 || c.count <= 0) continue;
    counts[c.day * 24 + c.hour] = at(c.day, c.hour) + c.count;
    total += c.count;
  }
  if (total < BEST_HOURS_MIN_SESSIONS) {
    const needed = BEST_HOURS_MIN_SESSIONS - total;
    return {
      ready: false,
      needed,
      sentence: `Complete ${needed} more focus ${needed === 1 ? 'session' : 'sessions'} to find your best focus hours.`,
    };
  }
  let best = { day: 0, hour: 0, sum: -1 };
  for (let day = 0; day < 7; day++) {
    for (let hour = 0; hour < 24; hour++) {
      const sum = at(day, hour) + at(day, hour + 1);
      if (sum > best.sum) best = { day, hour, sum };
    }
  }
  const first = at(best.day, best.hour);
  const startHour = first > 0 ? best.hour : best.hour + 1;
  const endHour = first > 0 && at(best.day, best.hour + 1) > 0 ? best.hour + 2 : startHour + 1;
  const sentence = `You focus best on ${WEEKDAYS[best.day]} ${partOfDay(startHour)}, ${hourRange(startHour, endHour)}`;
  return { ready: true, day: best.day, startHour, endHour, sentence };
}

// ---------------------------------------------------------------------------------------------
// Formatting

/** 'Mon, Nov 3' for a YYYY-MM-DD local date. */
export function dayLabel(date: string): string {
  return utcDate(date).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

// ---------------------------------------------------------------------------------------------
// AI suggestions

/** Bounds on what a suggestions request may carry: the prompt and the work stay small. */
export const AI_MAX_TASKS = 60;
export const AI_MAX_CATEGORIES = 40;
export const AI_SUGGESTION_COUNT = 5;
export const AI_TIMEOUT_MS = 15_000;
export const AI_RATE_LIMIT = { limit: 10, windowMs: 60 * 60_000 } as const;

export interface AiSuggestion {
  title: string;
  description: string;
  category: string;
}

/** The spec's single placeholder on any failure. */
export const AI_FAILURE_SUGGESTION: AiSuggestion = {
  title: 'Unable to generate suggestions',
  description: 'Please try again later',
  category: 'General',
};

// ---------------------------------------------------------------------------------------------
// Calendar feed

export interface CalendarFeedInfo {
  /** The subscription URL, or null when the user has none (or revoked it). */
  url: string | null;
}

// The Lock-In model both sides speak: the rules that must agree on client and server (rounding,
// the streak rule, streak levels), the answer shapes and the copy of the session screens. The
// inputs' zod schemas are in lockin-input.ts.
import { LOCK_IN_DURATIONS_MINUTES, OFFLINE_SYNC_MAX_AGE_DAYS } from './constants';
import { daysBetween } from './local-date';
import { fieldLabel } from './field-label';
import type { StreakView } from './streak';

// ---------------------------------------------------------------------------------------------
// Rounding (spec section 9)

/** Goal minutes = duration seconds / 60, rounded; actual minutes = elapsed seconds / 60, rounded. */
/** How a session is named in lists: the goal the user typed, else its task's title, else 'Focus Session'. */
export function sessionTitle(goal: string | null | undefined, taskTitle: string | null | undefined): string {
  return goal?.trim() || taskTitle?.trim() || LOCKIN_COPY.defaultTaskTitle;
}

export function minutesFromSeconds(seconds: number): number {
  return Math.round(Math.max(0, seconds) / 60);
}

/** The goal must be one of the offered durations. */
export function isAllowedDuration(minutes: number): boolean {
  return (LOCK_IN_DURATIONS_MINUTES as readonly number[]).includes(minutes);
}

// ---------------------------------------------------------------------------------------------
// A visitor's streak, kept in the browser (spec section 4 'Streak'; decisions 8: a last day
// before yesterday reads 0). A signed-in user's streak is streak.ts's rule.

export interface StreakState {
  current: number;
  /** Local date (YYYY-MM-DD) of the last completed session, or null. */
  lastDay: string | null;
}

/**
 * The streak after a session completed on local day `day`: the same day leaves it unchanged,
 * the day after the last one adds 1, anything else starts again at 1. A day before the last one
 * (an imported older session) changes nothing.
 */
export function advanceStreak(state: StreakState, day: string): StreakState {
  if (state.lastDay === null) return { current: 1, lastDay: day };
  const gap = daysBetween(state.lastDay, day);
  if (gap < 0) return state;
  if (gap === 0) return { current: Math.max(1, state.current), lastDay: day };
  if (gap === 1) return { current: state.current + 1, lastDay: day };
  return { current: 1, lastDay: day };
}

/** The streak as shown today: one whose last day is before yesterday has ended and reads 0. */
export function currentStreak(state: StreakState, today: string): number {
  if (state.lastDay === null) return 0;
  return daysBetween(state.lastDay, today) <= 1 ? state.current : 0;
}

export const STREAK_LEVELS = [
  { name: 'Beginner', min: 0 },
  { name: 'Starter', min: 3 },
  { name: 'Achiever', min: 7 },
  { name: 'Champion', min: 14 },
  { name: 'Master', min: 30 },
] as const;
export type StreakLevelName = (typeof STREAK_LEVELS)[number]['name'];

/** Beginner 0–2, Starter 3–6, Achiever 7–13, Champion 14–29, Master 30+. */
export function streakLevel(days: number): StreakLevelName {
  let level: StreakLevelName = 'Beginner';
  for (const l of STREAK_LEVELS) if (days >= l.min) level = l.name;
  return level;
}

/** The milestone bar cycles every 7 days: how far into the current week-long cycle, 0..7. */
export const STREAK_MILESTONE_DAYS = 7;
export function milestoneProgress(days: number): { filled: number; nextMilestone: number } {
  if (days <= 0) return { filled: 0, nextMilestone: STREAK_MILESTONE_DAYS };
  const filled = days % STREAK_MILESTONE_DAYS === 0 ? STREAK_MILESTONE_DAYS : days % STREAK_MILESTONE_DAYS;
  const nextMilestone = Math.ceil(days / STREAK_MILESTONE_DAYS) * STREAK_MILESTONE_DAYS;
  return { filled, nextMilestone: filled === STREAK_MILESTONE_DAYS ? days + STREAK_MILESTONE_DAYS : nextMilestone };
}

// ---------------------------------------------------------------------------------------------
// Quit reasons (decisions 8) and focus time display

export const QUIT_REASONS = ['Distracted', 'Interrupted', 'Tired', 'Finished early', 'Other'] as const;
export type QuitReason = (typeof QUIT_REASONS)[number];

/** Focus time in minutes shown as 'Xh Ym' or 'Ym' (spec section 9). */
export function formatFocusTime(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  return h > 0 ? `${h}h ${m % 60}m` : `${m}m`;
}

/** The seven motivational messages; the celebration shows one at random. */
export const MOTIVATIONAL_MESSAGES = [
  'You showed up and did the work. That is how big things get done.',
  'Focus is a muscle, and you just made it stronger.',
  'One session at a time: this is what progress looks like.',
  'Distractions knocked, and you did not answer. Well done!',
  'Deep work done. Take a breath, you earned it.',
  'Consistency beats intensity, and you are building both.',
  'Your future self will thank you for this session.',
] as const;

export const LOCKIN_COPY = {
  modalTitle: 'Lock-In Mode',
  /** The celebration's streak badge: '1-day streak', '12-day streak'. */
  streakBadge: (days: number) => `${days}-day streak`,
  defaultTaskTitle: 'Focus Session',
  continue: 'Continue',
  cancel: 'Cancel',
  startSession: 'Start Session',
  quitTitle: 'End your session early?',
  keepGoing: 'Keep Going',
  endEarly: 'End Early',
  completeTitle: 'Session Complete!',
  startAnother: 'Start Another Session',
  viewStats: 'View Stats',
  close: 'Close',
  statsTitle: 'Focus Stats',
  streakTitle: 'Daily Streak',
  imported: 'Imported',
  endedEarlyToast: (minutes: number, goal: number) => ({
    title: 'Session ended early',
    description: `${formatFocusTime(minutes)} of ${formatFocusTime(goal)} focused. Start again whenever you are ready.`,
  }),
  importedHint: 'From a file this LockIn did not sign: kept in your history, not counted toward your streak',
  stillFocused: 'Still focused? Your Lock-In session is running.',
  welcomeBack: 'Welcome back! Stay focused.',
  offlineSession:
    "You're offline: this session is kept on this device and saved to your account when you're back online.",
  lockIn: 'Lock In',
  tryFocus: 'Try a focus session',
} as const;

// ---------------------------------------------------------------------------------------------
// Answers

export type SessionStatus = 'active' | 'completed' | 'quit';

export interface LockInSessionView {
  id: string;
  taskTitle: string;
  category: string;
  goalText: string | null;
  goalMinutes: number;
  actualMinutes: number | null;
  status: SessionStatus;
  completed: boolean;
  quitEarly: boolean;
  quitReason: QuitReason | null;
  /** ISO, server clock. */
  startTime: string;
  /** ISO: when the countdown reaches zero. */
  endsAt: string;
  /** ISO: when it actually ended, or null while running. */
  completedAt: string | null;
  /** The Focus-together room that started it (present only then). */
  roomId?: string;
  /** From a file this server did not sign: history only, never counted toward the streak (present only then). */
  imported?: true;
}

export interface RunningSession {
  session: LockInSessionView | null;
  /** The server's clock when it answered, so a browser with a wrong clock can correct it. */
  serverNow: string;
  /**
   * Signed proof of serverNow for this user: a session run offline after this answer sends it
   * back, and may not have started before it.
   */
  syncStamp: string;
}

export type { StreakView } from './streak';

export interface CompletionResult {
  session: LockInSessionView;
  streak: StreakView;
}

export const LOCKIN_MESSAGES = {
  notFound: 'Session not found',
  alreadyRunning: 'A Lock-In session is already running',
  alreadyEnded: 'This session has already ended',
  notYetEnded: 'This session has not reached its end yet',
  actualRange: (goal: number, field = 'actualMinutes') => `${fieldLabel([field])} must be between 0 and ${goal}`,
  taskNotFound: 'Task not found',
  premiumTask: 'Lock-In on a task needs LockIn Premium',
  badSyncStamp: `${fieldLabel(['syncStamp'])} is not valid or is older than ${OFFLINE_SYNC_MAX_AGE_DAYS} days`,
  supersededSyncStamp: `${fieldLabel(['syncStamp'])} is older than this device's latest sync: only the latest counts`,
  startBeforeSync: `${fieldLabel(['startTime'])} must not be before the last sync`,
  endInFuture: `${fieldLabel(['endTime'])} must not be in the future`,
  longerThanGoal: `${fieldLabel(['endTime'])} must be after the start and at most the goal later`,
  shorterThanGoal: 'A completed session must last its goal',
  overlaps: 'This session overlaps one already recorded',
  historyAlreadyImported:
    'Focus sessions from a browser were already added to this account; that can be done once, so these stay in this browser.',
} as const;

// The Lock-In model both sides speak: the rules that must agree on client and server (rounding,
// the streak rule, streak levels), the zod schemas of every Lock-In input, the answer shapes and
// the copy of the session screens.
import { z } from 'zod';
import {
  CATEGORY_MAX_LENGTH,
  LOCAL_HISTORY_LIMIT,
  LOCK_IN_DURATIONS_MINUTES,
  OFFLINE_SYNC_MAX_AGE_DAYS,
  TITLE_MAX_LENGTH,
} from './constants';
import { daysBetween } from './local-date';
import { fieldLabel, textField } from './text';

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
// Streak (spec section 4 'Streak'; decisions 8: a last day before yesterday reads 0)

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
  stillFocused: 'Still focused? Your Lock-In session is running.',
  welcomeBack: 'Welcome back! Stay focused.',
  offlineSession:
    "You're offline: this session is kept on this device and saved to your account when you're back online.",
  lockIn: 'Lock In',
  tryFocus: 'Try a focus session',
} as const;

// ---------------------------------------------------------------------------------------------
// Inputs

export const goalMinutesField = z
  .number({ error: 'must be a number of minutes' })
  .transform((n) => Math.round(n))
  .refine(isAllowedDuration, { message: `must be one of ${LOCK_IN_DURATIONS_MINUTES.join(', ')}` });

/** Minutes are rounded as section 9 says; the range against the goal is checked by the service. */
const minutesField = z
  .number({ error: 'must be a number of minutes' })
  .refine(Number.isFinite, 'must be a number of minutes')
  .transform((n) => Math.round(n));

export const sessionIdSchema = textField().trim().min(1, 'is required').max(100);
export const taskTitleSchema = textField().trim().min(1, 'is required').max(TITLE_MAX_LENGTH);
export const lockInCategorySchema = textField().trim().min(1, 'is required').max(CATEGORY_MAX_LENGTH);
export const goalTextSchema = textField().trim().max(TITLE_MAX_LENGTH);
export const quitReasonSchema = z.enum(QUIT_REASONS, { error: `must be one of ${QUIT_REASONS.join(', ')}` });

export const startSessionInput = z.object({
  goalMinutes: goalMinutesField,
  /** Optional free text typed in the setup step. */
  goalText: goalTextSchema.optional(),
  /** Per-task Lock-In (premium): the server reads the task's title and category itself. */
  taskId: sessionIdSchema.optional(),
});

export const completeSessionInput = z.object({ id: sessionIdSchema, actualMinutes: minutesField });
export const quitSessionInput = z.object({
  id: sessionIdSchema,
  actualMinutes: minutesField,
  reason: quitReasonSchema.nullish(),
});
/**
 * A session run while the browser was offline, sent when the network returns. Its times are the
 * client's estimate of the server's clock; the service bounds them (see recordOfflineSession).
 */
export const offlineSessionInput = z.object({
  /** The client's id for the session, so a replay records it once. */
  id: z.uuid({ error: 'must be a UUID' }),
  goalMinutes: goalMinutesField,
  goalText: goalTextSchema.optional(),
  /** Per-task Lock-In (premium), as in startSessionInput. */
  taskId: sessionIdSchema.optional(),
  startTime: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }),
  endTime: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }),
  outcome: z.enum(['completed', 'quit'], { error: 'must be completed or quit' }),
  reason: quitReasonSchema.nullish(),
  /** The stamp of the client's last answer from the server (RunningSession.syncStamp). */
  syncStamp: textField().trim().min(1, 'is required').max(200),
});
export type OfflineSessionInput = z.infer<typeof offlineSessionInput>;
export const listSessionsInput = z.object({ limit: z.number().int().min(1).max(500).optional() }).optional();

/** A visitor's session as the browser keeps it (spec section 3, local session history). */
export const localSessionSchema = z.object({
  id: z.union([textField().trim().min(1, 'is required').max(100), z.number().int().transform(String)]),
  /** ISO time the session started. */
  // Not before 1970: PostgreSQL has no year 0, so '0000-…' was a 500 instead of a 400.
  timestamp: z.iso
    .datetime({ offset: true, error: 'must be an ISO date-time' })
    .refine((value) => Date.parse(value) >= 0, 'must not be before 1970'),
  /** Goal in seconds. */
  duration: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
  /** Elapsed seconds. */
  actualDuration: z
    .number()
    .min(0)
    .max(24 * 3600),
  taskName: textField().trim().max(TITLE_MAX_LENGTH).optional(),
  goal: textField().trim().max(TITLE_MAX_LENGTH).nullish(),
  completed: z.boolean(),
  /** Why a visitor ended early, as a signed-in user's quit records it. */
  quitReason: quitReasonSchema.nullish(),
});
export type LocalSession = z.infer<typeof localSessionSchema>;
export const importLocalInput = z.object({
  sessions: z.array(localSessionSchema).max(LOCAL_HISTORY_LIMIT, `must hold at most ${LOCAL_HISTORY_LIMIT} sessions`),
});

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

export interface StreakView {
  current: number;
  lastDay: string | null;
  level: StreakLevelName;
}

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
  startBeforeSync: `${fieldLabel(['startTime'])} must not be before the last sync`,
  endInFuture: `${fieldLabel(['endTime'])} must not be in the future`,
  longerThanGoal: `${fieldLabel(['endTime'])} must be after the start and at most the goal later`,
  shorterThanGoal: 'A completed session must last its goal',
  overlaps: 'This session overlaps one already recorded',
} as const;

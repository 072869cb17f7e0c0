// The Lock-In inputs the server validates: zod schemas kept apart from shared/lockin.ts (rules,
// copy and answer shapes), so the client, which never parses with them, does not load zod with
// its first page.
import { z } from 'zod';
import { CATEGORY_MAX_LENGTH, LOCAL_HISTORY_LIMIT, LOCK_IN_DURATIONS_MINUTES, TITLE_MAX_LENGTH } from './constants';
import { isAllowedDuration, QUIT_REASONS } from './lockin';
import { textField } from './text';

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

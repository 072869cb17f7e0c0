// The task model both sides speak: zod schemas for every input the server accepts and the
// shapes it answers. The server validates with these; the client builds requests with them.
import { z } from 'zod';
import { CATEGORY_MAX_LENGTH, DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from './constants';
import { canonicalTimeZone, TIME_ZONE_MAX_LENGTH } from './local-date';
import { textField } from './text';

export const taskIdSchema = textField().trim().min(1, 'is required').max(100);
export const categoryNameSchema = textField().trim().min(1, 'is required').max(CATEGORY_MAX_LENGTH);

export const createBankTaskInput = z.object({
  id: taskIdSchema,
  title: textField().trim().min(1, 'is required').max(TITLE_MAX_LENGTH),
  description: textField().trim().max(DESCRIPTION_MAX_LENGTH).optional(),
  category: categoryNameSchema.optional(),
});
export type CreateBankTaskInput = z.infer<typeof createBankTaskInput>;

export const updateBankTaskInput = z.object({
  id: taskIdSchema,
  title: textField().trim().min(1, 'is required').max(TITLE_MAX_LENGTH),
  description: textField().trim().max(DESCRIPTION_MAX_LENGTH).optional(),
  category: categoryNameSchema,
});
export type UpdateBankTaskInput = z.infer<typeof updateBankTaskInput>;

export const taskRefInput = z.object({ id: taskIdSchema });
export const addToDailyInput = z.object({ ids: z.array(taskIdSchema).min(1, 'must name at least one task').max(5) });
export const listBankInput = z.object({ category: categoryNameSchema.optional() }).optional();
export const categoryInput = z.object({ name: textField().max(CATEGORY_MAX_LENGTH) });
/**
 * The browser's IANA zone, so 'today' is the user's today. Stored (and cached) under the name Intl
 * resolves it to, whatever the letter case sent; UTC offsets and unknown names are refused.
 */
export const timeZoneSchema = textField()
  .max(TIME_ZONE_MAX_LENGTH, `must be at most ${TIME_ZONE_MAX_LENGTH} characters`)
  .transform((value, ctx) => {
    const canonical = canonicalTimeZone(value);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone' });
      return z.NEVER;
    }
    return canonical;
  });

/** A Task Bank item as the API answers it. */
export interface BankTask {
  id: string;
  title: string;
  description: string | null;
  category: string;
  /** ISO timestamp */
  created: string;
}

/** A Today's Focus entry: the bank fields plus the day's state. */
export interface DailyTask extends BankTask {
  completed: boolean;
  isCarryOver: boolean;
  /** ISO timestamp of the reset that carried it over, or null. */
  carryOverDate: string | null;
  /** The user's local date (YYYY-MM-DD) it was first put on Today's Focus. */
  plannedOn: string;
  /**
   * Whole days since carryOverDate in the user's zone (0 if completed or not carried over), as the
   * server computed it when answering. Optional so optimistic client copies need not invent it.
   */
  daysCarriedOver?: number;
}

export interface DailyResetResult {
  /** Completed tasks dropped by the reset. */
  removed: number;
  /** Incomplete tasks kept and marked carried over. */
  carriedOver: number;
}

/**
 * A tick or untick of a Today's Focus entry: the entry, plus the daily reset that write ran first
 * (null when none was due), so the client announces a reset whichever request performed it.
 */
export type DailyTaskWrite = DailyTask & { reset: DailyResetResult | null };

export interface DailyList {
  tasks: DailyTask[];
  /** Present when this read (or this write) ran a due reset, so the client can toast it. */
  reset: DailyResetResult | null;
  /** ISO timestamp of the last reset. */
  lastReset: string;
}

export interface BankList {
  tasks: BankTask[];
  /** Total count ignoring the filter, for 'n tasks' / 'n / 10 tasks'. */
  total: number;
  /** Counts per category in use, for the filter dropdown. */
  categoryCounts: { category: string; count: number }[];
  /** The user's custom categories, oldest first. */
  customCategories: string[];
  /** null = unlimited (premium). */
  limit: number | null;
}

/** Messages the tasks API answers with (the limit messages are the spec's toast texts). */
export const TASK_MESSAGES = {
  notFound: 'Task not found',
  duplicateId: 'A task with this id already exists',
  categoryNotFound: 'Category not found',
  categoryLimit: (limit: number) => `You can keep at most ${limit} custom categories: remove one to add another.`,
} as const;

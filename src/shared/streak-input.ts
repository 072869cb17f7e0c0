// The inputs of the streak calendar and the rest-day setting (zod), apart from streak.ts, whose
// rule and copy the first load carries.
import { z } from 'zod';
import { REST_DAYS_MAX } from './streak';

export const restDaysInput = z.object({
  weekdays: z
    .array(z.number({ error: 'must be a list of weekdays (0 Sunday to 6 Saturday)' }).int().min(0).max(6), {
      error: 'must be a list of weekdays (0 Sunday to 6 Saturday)',
    })
    .max(REST_DAYS_MAX, `can hold at most ${REST_DAYS_MAX} days`)
    .refine((days) => new Set(days).size === days.length, 'must not name a day twice'),
});

/** A month of the calendar, 'YYYY-MM'; none is the month of the user's today. */
export const streakCalendarInput = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month (YYYY-MM)')
    .refine((m) => m >= '1970-01', 'must be 1970 or later')
    .optional(),
});

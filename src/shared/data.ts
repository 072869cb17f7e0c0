// The account export format both sides speak (GET /api/export, POST /api/import), its limits and
// the copy of the 'Your data' card. Version 1; a later version adds fields and bumps the number.
import { z } from 'zod';
import {
  CATEGORY_MAX_LENGTH,
  CUSTOM_CATEGORY_LIMIT,
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from './constants';
import { BLOCK_MODES, BLOCKED_SITES_MAX, normalizeSite } from './blocking';
import { CIRCLE_NAME_MAX_LENGTH } from './circles';
import { planStatusSchema } from './plans';
import { categoryNameSchema, taskIdSchema } from './tasks';
import { textField } from './text';
import { TIME_ZONE_MAX_LENGTH } from './local-date';
import { REST_DAYS_MAX } from './streak';

/** Marks a file as ours: an import refuses anything else before reading further. */
export const EXPORT_FORMAT = 'lockin-export';
export const EXPORT_VERSION = 1;

/**
 * POST /api/import's body bound. The rest of /api keeps 64 KiB; an export with years of focus
 * sessions (about 350 bytes each) needs more. 8 MiB holds ~20,000 sessions with room to spare
 * and bounds what one request makes the server parse and hold (docs/decisions/2026-11-22-data-export-import.md).
 */
/** Longer than any real streak (270 years of days), well inside the integer column. */
export const STREAK_MAX = 100_000;

export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** Per-list bounds inside that size, so a file of tiny rows cannot make one huge transaction. */
export const IMPORT_MAX_ROWS = {
  bank: 10_000,
  daily: 50,
  customCategories: CUSTOM_CATEGORY_LIMIT,
  focusSessions: 20_000,
  restDays: 2_000,
  completions: 50_000,
} as const;

/** Rows a CSV/JSON export reads per query while streaming (keyset pages). */
export const EXPORT_PAGE_SIZE = 500;

// PostgreSQL has no year 0 and JavaScript writes years past 9999 as '+010000': an instant outside
// 1970–9999 would fail in the database (a 500), so it is refused here with a 400 naming the field.
const EARLIEST_MS = Date.UTC(1970, 0, 1);
const LATEST_MS = Date.UTC(10_000, 0, 1);
const YEARS = 'must be between the years 1970 and 9999';
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).refine((value) => {
  const ms = Date.parse(value);
  return ms >= EARLIEST_MS && ms < LATEST_MS;
}, YEARS);
const localDay = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).refine((value) => value >= '1970-01-01', YEARS);
const title = textField().trim().min(1, 'is required').max(TITLE_MAX_LENGTH);
const description = textField().max(DESCRIPTION_MAX_LENGTH).nullable();
const category = textField().trim().min(1, 'is required').max(CATEGORY_MAX_LENGTH);
const minutes = z
  .number()
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(24 * 60, 'must be at most 1440');

export const exportBankTaskSchema = z.object({
  id: taskIdSchema,
  title,
  description,
  category,
  createdAt: isoDate,
});

export const exportDailyTaskSchema = exportBankTaskSchema.extend({
  addedAt: isoDate,
  completed: z.boolean(),
  completedAt: isoDate.nullable(),
  isCarryOver: z.boolean(),
  carryOverDate: isoDate.nullable(),
  plannedOn: localDay,
});

export const SESSION_STATUSES = ['active', 'completed', 'quit'] as const;

export const exportFocusSessionSchema = z.object({
  id: taskIdSchema,
  /** The session's id in the spec's other REST shape (/api/focus-sessions), when a client used both. */
  aliasId: taskIdSchema.nullable().optional(),
  /** The Focus-together room that started it (the room itself is gone a day after it ends). */
  roomId: taskIdSchema.nullable().optional(),
  taskTitle: title,
  category,
  goalText: textField().max(DESCRIPTION_MAX_LENGTH).nullable(),
  goalMinutes: minutes,
  actualMinutes: minutes.nullable(),
  status: z.enum(SESSION_STATUSES),
  completed: z.boolean(),
  quitEarly: z.boolean(),
  quitReason: textField().max(CATEGORY_MAX_LENGTH).nullable(),
  startedAt: isoDate,
  endsAt: isoDate,
  endedAt: isoDate.nullable(),
  /** The zone it was recorded in (its streak day is its local day there); files made before carry none. */
  timeZone: z.string().max(TIME_ZONE_MAX_LENGTH).optional(),
  /** Brought in from a file no server signed: history only, never counted toward a streak. */
  imported: z.boolean().optional(),
});

export const exportCompletionSchema = z.object({
  taskId: taskIdSchema,
  title,
  category,
  plannedOn: localDay,
  completedAt: isoDate,
});

export const exportStreakSchema = z.object({
  // Bounded by the column (integer): a larger number was a 500 from the database.
  current: z.number().int().min(0).max(STREAK_MAX),
  lastDay: localDay.nullable(),
});

/** Read on import only to say whose file it is; never written back (an import keeps the account's profile). */
export const exportProfileSchema = z.object({
  id: z.string(),
  email: z.string().max(EMAIL_MAX_LENGTH),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
  /** 'password' and/or OAuth provider names; never a hash, token or provider id. */
  signInMethods: z.array(z.string()),
});

/** Ids must be unique within each list of a file: a repeated id would import as one row, silently. */
function uniqueBy<T>(key: (row: T) => string, what: string) {
  return (rows: T[], ctx: z.core.$RefinementCtx<T[]>) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const k = key(row);
      if (seen.has(k))
        ctx.addIssue({ code: 'custom', path: [index, what], message: `'${k}' appears twice in the file` });
      seen.add(k);
    });
  };
}

/** The blocked-sites list and mode; the connected browsers are listed for the reader, never imported (each holds its own credential). */
export const exportSiteBlockingSchema = z.object({
  mode: z.enum(BLOCK_MODES),
  sites: z
    .array(
      z
        .string()
        .max(2048, 'must be at most 2048 characters')
        .refine((site) => normalizeSite(site) !== null, "is not a site's domain (such as example.com)"),
    )
    .max(BLOCKED_SITES_MAX),
  /** Listed for the reader; never imported (each connected browser holds a credential of its own). */
  connectedBrowsers: z.array(z.unknown()).max(100).optional(),
});

export const exportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { error: `must be '${EXPORT_FORMAT}' (this is not a LockIn export)` }),
  version: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(EXPORT_VERSION, `is newer than this server understands (${EXPORT_VERSION}); update LockIn first`),
  exportedAt: isoDate,
  profile: exportProfileSchema,
  plan: planStatusSchema.optional(),
  bank: z
    .array(exportBankTaskSchema)
    .max(IMPORT_MAX_ROWS.bank)
    .superRefine(uniqueBy((t) => t.id, 'id')),
  daily: z.object({
    lastResetAt: isoDate.nullable(),
    tasks: z
      .array(exportDailyTaskSchema)
      .max(IMPORT_MAX_ROWS.daily)
      .superRefine(uniqueBy((t) => t.id, 'id')),
  }),
  customCategories: z
    .array(z.object({ name: categoryNameSchema, createdAt: isoDate }))
    .max(IMPORT_MAX_ROWS.customCategories)
    .superRefine(uniqueBy((c) => c.name, 'name')),
  focusSessions: z
    .array(exportFocusSessionSchema)
    .max(IMPORT_MAX_ROWS.focusSessions)
    .superRefine(uniqueBy((s) => s.id, 'id')),
  completions: z.array(exportCompletionSchema).max(IMPORT_MAX_ROWS.completions),
  streak: exportStreakSchema.nullable(),
  /** Rest-day settings with the day each took effect; files made before rest days have none. */
  restDays: z
    .array(
      z.object({
        from: localDay,
        weekdays: z.array(z.number().int().min(0).max(6)).max(REST_DAYS_MAX),
      }),
    )
    .max(IMPORT_MAX_ROWS.restDays)
    .optional(),
  /** This server's signature over the rest of the file (only a signed file's sessions count toward a streak). */
  signature: z.string().max(200).optional(),
  /** Files made before site blocking have none. */
  siteBlocking: exportSiteBlockingSchema.optional(),
  /** Your part in each circle; files made before circles have none. */
  circles: z
    .array(
      z.object({
        id: z.string().max(100),
        name: textField().trim().min(1, 'is required').max(CIRCLE_NAME_MAX_LENGTH),
        role: z.enum(['creator', 'member']),
        joinedAt: isoDate,
        hideMinutes: z.boolean(),
      }),
    )
    .max(100)
    .optional(),
});

export type ExportDocument = z.infer<typeof exportDocumentSchema>;
export type ExportFocusSession = z.infer<typeof exportFocusSessionSchema>;
export type ExportCompletion = z.infer<typeof exportCompletionSchema>;

/** What POST /api/import answers: how many rows of each list were added and how many were already there. */
type ImportCounts = {
  bank: number;
  daily: number;
  customCategories: number;
  focusSessions: number;
  completions: number;
  blockedSites: number;
  /** Circles the file's owner made, made again with the importer as their only member. */
  circles: number;
};

export interface ImportResult {
  added: ImportCounts;
  skipped: ImportCounts;
  /** Blocked sites the importing plan has no room for (the free plan's list is bounded). */
  blockedSitesOverLimit: number;
  /** The file's 'allow only these sites' was not taken: it is a Premium mode. */
  allowOnlyNotImported: boolean;
  /** Circles the importing plan has no room for. */
  circlesOverLimit: number;
  /** Sessions still running in the file: a running session belongs to the server it runs on. */
  skippedRunningSessions: number;
  streakUpdated: boolean;
  /**
   * The file is a LockIn export this server signed and nobody changed: its sessions count toward
   * the streak. Any other file's sessions are kept in history and analytics, marked imported.
   */
  signed: boolean;
}

export const deleteAccountInput = z.object({
  email: textField().trim().min(1, 'is required').max(EMAIL_MAX_LENGTH),
});

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export const CSV_TABLES = ['tasks', 'sessions'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

export const DATA_MESSAGES = {
  emailMismatch: "Email does not match this account's email",
  accountDeleted: 'Your account has been deleted',
  cancelFailed:
    'Your subscription could not be cancelled, so your account was not deleted. Please try again in a few minutes.',
  importTooLarge: (maxMiB: number) => `The file must be at most ${maxMiB} MiB`,
  notJson: 'The file is not valid JSON (choose a LockIn JSON export)',
  bankLimit: (have: number, adding: number, limit: number) =>
    `Your free plan keeps at most ${limit} tasks in the Task Bank: you have ${have} and the file adds ${adding} new ${adding === 1 ? 'one' : 'ones'} (${have + adding}). Nothing was imported. Remove ${have + adding - limit} from the bank or the file, or upgrade to Premium.`,
  categoryLimit: (total: number, limit: number) =>
    `An account keeps at most ${limit} custom categories: with this file it would have ${total}. Nothing was imported.`,
  dailyLimit: (have: number, adding: number, limit: number) =>
    `Today's Focus holds at most ${limit} tasks: you have ${have} and the file adds ${adding} new ${adding === 1 ? 'one' : 'ones'} (${have + adding}). Nothing was imported.`,
} as const;

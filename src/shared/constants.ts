// Every number the product spec fixes lives here, so client and server enforce the same rules.

export const APP_NAME = 'LockIn';

export const PREMIUM_PRICE_USD = 2.99;
export const PREMIUM_PRICE_LABEL = '$2.99/month';
export const TRIAL_DAYS = 7;
/** How long before a trial converts to the paid plan its 'trial ends' mail goes out (Stripe's trial_will_end). */
export const TRIAL_ENDING_NOTICE_DAYS = 3;

export const DAILY_TASK_LIMIT = 5;
export const FREE_BANK_LIMIT = 10;

export const LOCK_IN_DURATIONS_MINUTES = [5, 15, 25, 30, 45, 60, 90, 120] as const;
export const DEFAULT_LOCK_IN_MINUTES = 25;
export const QUIT_CONFIRM_DELAY_SECONDS = 5;
export const HIDDEN_TAB_REMINDER_SECONDS = 30;
export const LOCAL_HISTORY_LIMIT = 50;
/** A visitor's browser history is imported after sign-up only for sessions of the last 30 days. */
export const LOCAL_HISTORY_IMPORT_DAYS = 30;
/**
 * A session run while offline is recorded only if it started after the client's last answer
 * from the server (its sync stamp) and that answer is at most this many days old.
 */
export const OFFLINE_SYNC_MAX_AGE_DAYS = 7;
/**
 * A device's sync window: its stamps from the current window (and, for a session that started
 * before it opened, the window before) count; a new one opens when it asks this long after.
 */
export const SYNC_WINDOW_MS = 10 * 60_000;
/** How far an offline session's client-stamped times may stray from the bounds (clock estimates). */
export const OFFLINE_CLOCK_TOLERANCE_MS = 5_000;
export const FOCUS_STATS_LIMIT = 10;

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the bound only stops abuse of the hash function. */
export const PASSWORD_MAX_LENGTH = 256;
export const MINIMUM_AGE = 13;

export const DAILY_RESET_CHECK_MS = 60_000;
export const JUMP_TO_TOP_THRESHOLD_PX = 300;
export const TOAST_DURATION_MS = 4_000;
/**
 * How long after the signed-in screen mounts the browser's zone is compared with the account's.
 * Reading it builds the page's first DateTimeFormat (ICU's zone data loads: ~50 ms of a phone's
 * main thread), work with no place in start-up; a changed zone is corrected seconds later.
 */
export const TIME_ZONE_SYNC_DELAY_MS = 5_000;

export const SUBSCRIPTION_STATUS_STALE_MS = 10 * 60_000;
export const SUBSCRIPTION_STATUS_GC_MS = 15 * 60_000;
export const ACTIVATION_WAIT_MS = 2_000;
export const SUCCESS_REDIRECT_MS = 3_000;

export const RECENT_ACTIVITY_DAYS = 7;
export const OVERDUE_TOP = 5;
export const OVERDUE_ORANGE_DAYS = 3;
export const OVERDUE_RED_DAYS = 7;
export const CARRY_OVER_RING_DAYS = [1, 3, 7] as const;

export const HEATMAP_STEPS = [0.2, 0.4, 0.6, 0.8] as const;

export const BUILT_IN_CATEGORIES = [
  'General',
  'Work',
  'Personal',
  'Health',
  'Learning',
  'School',
  'Creative',
  'Finance',
  'Social',
  'Family',
  'Urgent',
  'Projects',
] as const;
export const DEFAULT_CATEGORY = 'General';
/** Custom categories per account: far more than a person sorts tasks into, and a bound on the rows. */
export const CUSTOM_CATEGORY_LIMIT = 100;

/** Lengths a person would never exceed; they keep rows and pages bounded. */
export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2_000;
export const CATEGORY_MAX_LENGTH = 40;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const CHART_PALETTE = [
  '#6366f1',
  '#22c55e',
  '#f59e0b',
  '#ef4444',
  '#06b6d4',
  '#a855f7',
  '#ec4899',
  '#84cc16',
] as const;

export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** How long the link that confirms a new email address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
export const SESSION_IDLE_TIMEOUT_MS = 30 * 24 * 60 * 60_000;
export const SESSION_RENEW_WITHIN_MS = 15 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * 24 * 60 * 60_000;
export const SESSION_COOKIE = 'lockin_session';
/** A browser that signed in before (see accounts/trusted-devices.ts). */
export const DEVICE_COOKIE = 'lockin_device';

export const SUPPORT_EMAIL = 'support@lockin.app';

/**
 * The most tRPC calls one HTTP request may carry. The server refuses larger batches with a 400
 * and the client's batch link splits at the same size, so one request can never queue hundreds
 * of reads ahead of other users'.
 */
export const TRPC_MAX_BATCH_SIZE = 10;

/**
 * API requests one process works on at once; up to API_QUEUE_MAX more wait their turn, and beyond
 * that a request is refused with a 503 at once. More at once than the database can answer only
 * makes each slower, and starves the pages and probes that share the process
 * (docs/decisions/2026-11-28-simple-by-design.md).
 */
export const API_CONCURRENCY = 32;
export const API_QUEUE_MAX = 512;
/** The refusal's Retry-After (seconds). */
export const API_BUSY_RETRY_SECONDS = 1;

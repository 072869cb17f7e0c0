import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Null for accounts created through an OAuth provider. */
    passwordHash: text('password_hash'),
    profileImageUrl: text('profile_image_url'),
    /** IANA zone sent by the browser; decides what 'today' means for this user. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Set while the account is being deleted: no checkout may open for it from then on. */
    deletingAt: timestamp('deleting_at', { withTimezone: true }),
    /** What the browser extension does during a session: 'block_listed' sites, or 'allow_only' them (Premium). */
    siteBlockMode: text('site_block_mode').notNull().default('block_listed'),
    /** When the visitor history of this browser was brought in: once per account. */
    localHistoryImportedAt: timestamp('local_history_imported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** Lucia's design: only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When this device's current sync window opened, and the one before it (lockin/sync-stamp.ts). */
    syncWindowAt: timestamp('sync_window_at', { withTimezone: true }),
    previousSyncWindowAt: timestamp('previous_sync_window_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index('oauth_accounts_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Browsers that signed in to an account before (OWASP's 'device cookies'): a sign-in that shows
 * one is counted against that device alone, never against the account's per-email limit, so an
 * attacker guessing the password cannot lock the owner out. Only the cookie's SHA-256 is stored.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId, t.lastUsedAt)],
);

/**
 * A requested change of email, waiting for the link mailed to the new address (one per user; a
 * new request replaces it). The email changes only when that link is opened.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('email_changes_user_idx').on(t.userId)],
);

/** Fixed-window counters kept in the database so every process agrees on a limit. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

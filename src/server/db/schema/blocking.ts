import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** The sites a user's browser extension blocks (or, in 'allow only' mode, the only ones it lets through). */
export const blockedSites = pgTable(
  'blocked_sites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Normalised: lower case, punycode (IDN), no 'www.'; it covers its subdomains. */
    domain: text('domain').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.domain] })],
);

/** Browser extensions connected to an account: each has its own credential, kept as a SHA-256. */
export const extensionTokens = pgTable(
  'extension_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** What the user calls this browser ('Chrome on the laptop'). */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('extension_tokens_hash_idx').on(t.tokenHash), index('extension_tokens_user_idx').on(t.userId)],
);

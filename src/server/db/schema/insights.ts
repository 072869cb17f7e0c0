import { integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A private iCalendar feed per user. The token is the capability in the feed URL; it is kept so
 * Manage Account can show the URL again (as calendar apps' secret addresses are), and regenerating
 * replaces it, which revokes the old URL.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_idx').on(t.token)],
);

/**
 * Ended Lock-In sessions summed per user, local weekday (0 = Monday), local start hour, category
 * and quit reason ('' when none or not quit), in the user's time zone. Kept by database triggers
 * on lock_in_sessions (any writer: the Lock-In service, imports, deletions) and rebuilt for a
 * user whose time zone changes (drizzle/0004_insights_rollups.sql), so the dashboard's all-time
 * figures read at most a few hundred rows instead of every session.
 */
export const insightsSessionRollups = pgTable(
  'insights_session_rollups',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    hour: smallint('hour').notNull(),
    category: text('category').notNull(),
    reason: text('reason').notNull(),
    sessions: integer('sessions').notNull(),
    completed: integer('completed').notNull(),
    quit: integer('quit').notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.hour, t.category, t.reason] })],
);

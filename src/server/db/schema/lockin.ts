import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Every Lock-In session of a signed-in user, behind both REST shapes of the spec
 * (/api/lock-in-sessions and /api/focus-sessions). Ids are unique per user: server-made for
 * lock-in sessions, the client's 'focus_…' id for focus sessions.
 */
export const lockInSessions = pgTable(
  'lock_in_sessions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /**
     * The other REST shape's id for the same session: a client of the spec records one session
     * through both /api/lock-in-sessions and /api/focus-sessions; the focus id is kept here so
     * both PUTs reach the one row and the session counts once.
     */
    aliasId: text('alias_id'),
    taskTitle: text('task_title').notNull(),
    category: text('category').notNull().default('General'),
    /** Optional free-text goal the user typed in the setup step. */
    goalText: text('goal_text'),
    goalMinutes: integer('goal_minutes').notNull(),
    /** Null until the session ends. */
    actualMinutes: integer('actual_minutes'),
    /** 'active', 'completed' or 'quit'; only moves forward. */
    status: text('status').notNull().default('active'),
    completed: boolean('completed').notNull().default(false),
    quitEarly: boolean('quit_early').notNull().default(false),
    /** Distracted, Interrupted, Tired, Finished early, Other, or null. */
    quitReason: text('quit_reason'),
    /** Server clock. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** startedAt + goal: when the countdown reaches zero. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When the 'session complete' push went out (or was claimed to): each session's once. */
    endNotifiedAt: timestamp('end_notified_at', { withTimezone: true }),
    /** The Focus-together room this session was started by (no foreign key: a room is gone a day after it ends). */
    roomId: text('room_id'),
    /**
     * The zone the session was recorded in: its streak day is its local day there, so a trip
     * never re-reads an earlier day in the new zone (docs/decisions/2026-11-28-fair-streaks.md).
     */
    timeZone: text('time_zone').notNull(),
    /**
     * Brought in from a file this server did not sign: kept in history and analytics, never
     * counted toward streaks, freezes, levels or anything shown to other people.
     */
    imported: boolean('imported').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    // The push sweep's question: running sessions past their end, not yet notified.
    index('lock_in_sessions_end_push_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'active' and ${t.endNotifiedAt} is null`),
    index('lock_in_sessions_user_started_idx').on(t.userId, t.startedAt),
    index('lock_in_sessions_user_status_idx').on(t.userId, t.status),
    uniqueIndex('lock_in_sessions_user_alias_idx').on(t.userId, t.aliasId),
    // One running session per user.
    uniqueIndex('lock_in_sessions_one_active_idx').on(t.userId).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * The weekdays a user rests on, each setting with the local day it took effect (the day after it
 * was chosen): a change never rewrites the days before it.
 */
export const restDaySettings = pgTable(
  'rest_day_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /** Bit d set for weekday d (0 Sunday … 6 Saturday). */
    weekdays: smallint('weekdays').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.effectiveFrom] }),
    check('rest_day_settings_weekdays_check', sql`${t.weekdays} between 0 and 127`),
  ],
);

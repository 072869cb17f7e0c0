import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A Focus-together room (issue #49): a host's invitation to lock in at one instant for one goal.
 * Each member's focus is an ordinary Lock-In session (lock_in_sessions.room_id); the room holds
 * only the plan, the invite and who is in it, and is gone a day after it ends.
 */
export const focusRooms = pgTable(
  'focus_rooms',
  {
    id: text('id').primaryKey(),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The circle it was started for: its members may join without an invite. */
    circleId: text('circle_id').references((): AnyPgColumn => focusCircles.id, { onDelete: 'set null' }),
    goalMinutes: integer('goal_minutes').notNull(),
    /** Strict: one give-up fails the room. Kind: the room says how many finished. */
    strict: boolean('strict').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Set once the members' sessions were started (at startsAt). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The short code read aloud; null once the invite is revoked. */
    code: text('code'),
    /** Bumped by each revocation: the invite link is an HMAC over the room and this (rooms/invites.ts). */
    inviteVersion: integer('invite_version').notNull().default(0),
    inviteRevoked: boolean('invite_revoked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('focus_rooms_code_idx').on(t.code),
    index('focus_rooms_circle_idx').on(t.circleId),
    index('focus_rooms_host_idx').on(t.hostId),
    index('focus_rooms_starts_idx').on(t.startsAt),
    index('focus_rooms_ends_idx').on(t.endsAt),
  ],
);

/** Who is in a room, and what each brings: the task they focus on and whether others may see its title. */
export const focusRoomMembers = pgTable(
  'focus_room_members',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => focusRooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    taskTitle: text('task_title').notNull(),
    category: text('category').notNull(),
    shareTask: boolean('share_task').notNull().default(false),
    /** The member's Lock-In session once the room (or the member, joining late) started it. */
    sessionId: text('session_id'),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('focus_room_members_user_idx').on(t.userId)],
);

/**
 * A circle: people who focus together regularly (issue #49). Its creator invites by link and may
 * remove members; anyone may leave. It shows who is focusing now and each member's minutes this
 * week (unless they hide theirs), and starts rooms its members are told of.
 */
export const focusCircles = pgTable(
  'focus_circles',
  {
    id: text('id').primaryKey(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Bumped to end every invite link at once (rooms/invites.ts signs the circle and this). */
    inviteVersion: integer('invite_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('focus_circles_creator_idx').on(t.creatorId)],
);

export const focusCircleMembers = pgTable(
  'focus_circle_members',
  {
    circleId: text('circle_id')
      .notNull()
      .references(() => focusCircles.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** This member's minutes this week are not shown to the circle. */
    hideMinutes: boolean('hide_minutes').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] }), index('focus_circle_members_user_idx').on(t.userId)],
);

import { bigint, boolean, date, index, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const owner = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Reusable tasks; ids come from the client and are unique per user. */
export const bankTasks = pgTable(
  'bank_tasks',
  {
    userId: owner(),
    id: text('id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category').notNull().default('General'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: breaks ties between tasks created in the same millisecond. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('bank_tasks_user_created_idx').on(t.userId, t.createdAt)],
);

/** Today's Focus entries: a copy of the bank task plus the day's state. */
export const dailyTasks = pgTable(
  'daily_tasks',
  {
    userId: owner(),
    id: text('id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category').notNull().default('General'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    isCarryOver: boolean('is_carry_over').notNull().default(false),
    carryOverDate: timestamp('carry_over_date', { withTimezone: true }),
    /** The user's local day this task was first put on Today's Focus: its due date. */
    plannedOn: date('planned_on', { mode: 'string' }).notNull(),
    /** Insertion order: several tasks added in one call share addedAt but keep the order asked for. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

export const customCategories = pgTable(
  'custom_categories',
  {
    userId: owner(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/** When the user's daily list was last reset; one row per user. */
export const dailyResetState = pgTable('daily_reset_state', {
  userId: owner().primaryKey(),
  lastResetAt: timestamp('last_reset_at', { withTimezone: true }).notNull(),
});

/** Completed-task history kept after the daily reset drops the entry, for analytics. */
export const taskCompletions = pgTable(
  'task_completions',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    taskId: text('task_id').notNull(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    plannedOn: date('planned_on', { mode: 'string' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('task_completions_user_completed_idx').on(t.userId, t.completedAt)],
);

import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * One subscription row per user (demo or Stripe). No card data is ever stored: only the
 * provider's ids and the dates and flags the plan rule reads.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'demo' or 'stripe'. */
    provider: text('provider').notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    /** Provider status: trialing, active, past_due, canceled, incomplete, unpaid… or 'none'. */
    status: text('status').notNull().default('none'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    hasUsedTrial: boolean('has_used_trial').notNull().default(false),
    hasPaymentMethod: boolean('has_payment_method').notNull().default(false),
    cancelReason: text('cancel_reason'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** When the 'trial ends in three days' mail went out for the running trial (demo provider). */
    trialEndingMailedAt: timestamp('trial_ending_mailed_at', { withTimezone: true }),
    /** When (ms) the newest provider state applied was read from the provider: an older read never rolls back a newer one. */
    providerUpdatedAt: bigint('provider_updated_at', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_subscription_idx').on(t.subscriptionId),
    index('subscriptions_customer_idx').on(t.customerId),
  ],
);

/** Checkout sessions this server created (demo or Stripe), so activation can check ownership. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** 'trial' or 'paid'. */
    mode: text('mode').notNull(),
    /** 'open', 'complete' or 'expired'. */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

/** Provider (Stripe) events already applied: webhook deliveries are idempotent. */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

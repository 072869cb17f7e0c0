// Writes to the one subscription row per user. Every change takes the row's lock first, so two
// requests (a double click, a webhook racing the success page) apply one after the other.
import { and, eq, isNull } from 'drizzle-orm';
import { type PaymentProviderKind, PLAN_MESSAGES } from '../../shared/plans';
import type { Tx } from '../db/client';
import { requireRow } from '../db/rows';
import { subscriptions, users } from '../db/schema';
import { AppError } from '../http/errors';
import type { SubscriptionRow } from './plan-status';

/**
 * Holds the user row (FOR SHARE) for the rest of the transaction, or refuses when the account is
 * gone or being deleted: a checkout is recorded only for an account that stays. Deletion marks the
 * row (an UPDATE, which waits for this lock) before it cancels at the provider, so a checkout
 * recorded under the lock is one the deletion then finds and ends, and one recorded after is refused.
 */
export async function lockCheckoutOwner(tx: Tx, userId: string): Promise<void> {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletingAt)))
    .for('share');
  if (!owner) throw new AppError('CONFLICT', PLAN_MESSAGES.accountClosing);
}

/** Locks the user's subscription row for the rest of the transaction, creating an empty one first. */
export async function lockSubscription(
  tx: Tx,
  userId: string,
  provider: PaymentProviderKind,
): Promise<SubscriptionRow> {
  await tx.insert(subscriptions).values({ userId, provider }).onConflictDoNothing({ target: subscriptions.userId });
  const rows = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  return requireRow(rows, 'subscription');
}

export type SubscriptionPatch = Partial<Omit<typeof subscriptions.$inferInsert, 'userId' | 'createdAt'>>;

export async function updateSubscription(tx: Tx, userId: string, patch: SubscriptionPatch, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ ...patch, updatedAt: now })
    .where(eq(subscriptions.userId, userId));
}

/** The provider's view of one subscription, in our terms (no card data). */
export interface ProviderSubscription {
  id: string;
  customerId: string | null;
  status: string;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  hasPaymentMethod: boolean;
  canceledAt: Date | null;
  /** The LockIn user the subscription was created for (Stripe metadata), if the provider kept it. */
  userId: string | null;
}

/** Statuses in which the provider may still bill the subscription, or bill it again. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set([
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'incomplete',
  'paused',
]);

/**
 * Stores a subscription as the provider reported it, read at `version` (ms). A read older than the
 * one stored never rolls the row back; a report about another subscription than the stored one
 * replaces it only when that one is over or the new one is live (a late event about an old,
 * cancelled subscription cannot end a newer one).
 */
export async function storeProviderSubscription(
  tx: Tx,
  userId: string,
  provider: PaymentProviderKind,
  sub: ProviderSubscription,
  version: number,
  now: Date,
): Promise<'applied' | 'stale'> {
  const row = await lockSubscription(tx, userId, provider);
  if (row.providerUpdatedAt !== null && version < row.providerUpdatedAt && row.subscriptionId === sub.id)
    return 'stale';
  if (
    row.subscriptionId &&
    row.subscriptionId !== sub.id &&
    LIVE_STATUSES.has(row.status) &&
    !LIVE_STATUSES.has(sub.status)
  )
    return 'stale';
  await updateSubscription(
    tx,
    userId,
    {
      provider,
      customerId: sub.customerId ?? row.customerId,
      subscriptionId: sub.id,
      status: sub.status,
      trialEndsAt: sub.trialEndsAt,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      // Once a trial has run it has been used, whatever happens to the subscription later.
      hasUsedTrial: row.hasUsedTrial || sub.trialEndsAt !== null,
      hasPaymentMethod: sub.hasPaymentMethod,
      canceledAt: sub.canceledAt ?? row.canceledAt,
      providerUpdatedAt: Math.max(version, row.providerUpdatedAt ?? 0),
    },
    now,
  );
  return 'applied';
}

// The ONE rule that decides a user's plan from the stored subscription and the clock. Every
// premium check on the server (tasks' bank limit, Lock-In per task, analytics, AI, the feed)
// goes through getPlanStatus / isPremium, and GET /api/auth/user's `premium` is its `premium`.
import { eq, sql } from 'drizzle-orm';
import { PREMIUM_PRICE_USD } from '../../shared/constants';
import { FREE_PLAN_STATUS } from '../../shared/free-plan';
import type { PlanStatus, SubscriptionDetails } from '../../shared/plans';
import type { AppDeps } from '../deps';
import type { Db, Tx } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { subscriptions } from '../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The stored cancellation reason of a demo plan set to end because the demo checkout is off (demo-off.ts). */
export const DEMO_OFF_REASON = 'The demo checkout was turned off on this server';

/** Statuses in which a paid period that has not ended gives Premium. */
const PAID_STATUSES = new Set(['active', 'past_due']);

export const PREMIUM_PRICE_CENTS = Math.round(PREMIUM_PRICE_USD * 100);

/** `date` plus `months` calendar months (UTC), the day clamped to the month's last day (Jan 31 → Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const day = date.getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The end of the paid period running at `now`. The demo provider has no billing system to report
 * renewals, so a demo plan that is not cancelling renews itself every month from its stored period
 * end (counted from that anchor, so Jan 31 → Feb 28 → Mar 31, never drifting). Stripe reports its
 * own renewals (webhooks), so its stored date is taken as is.
 */
export function currentPeriodEnd(row: SubscriptionRow, now: Date): Date | null {
  const end = row.currentPeriodEnd;
  if (!end) return null;
  if (row.provider !== 'demo' || row.cancelAtPeriodEnd || !(PAID_STATUSES.has(row.status) || hasCard(row))) return end;
  let months = 0;
  let next = end;
  while (next.getTime() <= now.getTime()) {
    months += 1;
    next = addMonths(end, months);
  }
  return next;
}

/** A trial with a payment method: it converts to the paid plan at its end (demo: by itself; Stripe: reports it). */
const hasCard = (row: SubscriptionRow) => row.status === 'trialing' && row.hasPaymentMethod;

export function decidePlanStatus(row: SubscriptionRow | undefined, now: Date): PlanStatus {
  if (!row) return FREE_PLAN_STATUS;
  const t = now.getTime();
  const trialEndsAt = row.trialEndsAt ? row.trialEndsAt.toISOString() : null;
  const base: PlanStatus = {
    ...FREE_PLAN_STATUS,
    trialEndsAt,
    hasUsedFreeTrial: row.hasUsedTrial,
    subscriptionStatus: row.status === 'none' ? null : row.status,
  };

  if (row.status === 'trialing') {
    const running = row.trialEndsAt !== null && row.trialEndsAt.getTime() > t;
    if (running) return { ...base, premium: true, trialActive: true };
    // Without a payment method a trial lapses to the free plan and the trial-ended banner shows;
    // with one it converts at its end and is read as the paid plan below.
    if (!row.hasPaymentMethod) return { ...base, trialExpired: true, subscriptionStatus: 'expired' };
  }
  if (PAID_STATUSES.has(row.status) || hasCard(row)) {
    // A cancelling plan stays premium until its period ends; one that renews stays premium
    // (demo: renews itself; Stripe: says so by webhook when it stops).
    const end = currentPeriodEnd(row, now);
    const periodOver = row.cancelAtPeriodEnd && end !== null && end.getTime() <= t;
    if (!periodOver)
      return {
        ...base,
        premium: true,
        hasSubscription: true,
        subscriptionStatus: row.status === 'trialing' ? 'active' : row.status,
      };
    return { ...base, subscriptionStatus: 'canceled' };
  }
  // canceled, incomplete, unpaid, none…: free. A cancelled trial ended by the user's own choice,
  // so it shows no 'trial ended' banner.
  return base;
}

/** What Manage Account shows, from the same row and clock as the plan status. */
export function describeSubscription(row: SubscriptionRow | undefined, now: Date): SubscriptionDetails {
  const plan = decidePlanStatus(row, now);
  if (!row || row.status === 'none') {
    return {
      nextBilling: null,
      status: null,
      trialActive: false,
      trialEndsAt: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      hasPaymentMethod: false,
      amountCents: 0,
      provider: null,
    };
  }
  const periodEnd = plan.hasSubscription ? currentPeriodEnd(row, now) : null;
  let nextBilling: Date | null = null;
  if (plan.trialActive) {
    // The first charge comes when the trial ends, and only if a payment method is on file.
    nextBilling = row.hasPaymentMethod && !row.cancelAtPeriodEnd ? row.trialEndsAt : null;
  } else if (plan.hasSubscription && !row.cancelAtPeriodEnd) {
    nextBilling = periodEnd;
  }
  return {
    nextBilling: nextBilling ? nextBilling.toISOString() : null,
    status: plan.subscriptionStatus,
    trialActive: plan.trialActive,
    trialEndsAt: plan.trialEndsAt,
    currentPeriodEnd: periodEnd ? periodEnd.toISOString() : null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    hasPaymentMethod: row.hasPaymentMethod,
    amountCents: plan.hasSubscription ? PREMIUM_PRICE_CENTS : 0,
    provider: row.provider === 'stripe' ? 'stripe' : 'demo',
    ...(row.provider === 'demo' && row.cancelReason === DEMO_OFF_REASON && plan.premium ? { endsWithDemo: true } : {}),
  };
}

export async function readSubscription(db: Db | Tx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

const planRow = preparedPerDatabase((db) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('plan_row'),
);

export async function getPlanStatus(deps: AppDeps, userId: string): Promise<PlanStatus> {
  const [row] = await planRow(deps.db).execute({ userId });
  return decidePlanStatus(row, deps.clock.now());
}

/**
 * A user as the services know them. `subscription`, when set, is the user's row as this request
 * read it with its session (accounts/sessions.ts): isPremium decides from it without a read of
 * its own. Undefined: not read yet.
 */
export interface PlanUser {
  id: string;
  subscription?: SubscriptionRow | null;
}

/** The user's plan, from the row read with the session when there is one. */
export async function planStatusOf(deps: AppDeps, user: PlanUser): Promise<PlanStatus> {
  if (user.subscription === undefined) return getPlanStatus(deps, user.id);
  return decidePlanStatus(user.subscription ?? undefined, deps.clock.now());
}

export async function isPremium(deps: AppDeps, user: PlanUser): Promise<boolean> {
  return (await planStatusOf(deps, user)).premium;
}

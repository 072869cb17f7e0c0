// The plan rules: who may start a trial, when a checkout is needed, what activation checks and what
// cancelling means. Plain functions of (deps, user, input) shared by the REST shims and tRPC; the
// plan itself is decided by plan-status.ts and carried out by the payment provider.
import type {
  ActivatePremiumResponse,
  CreateSubscriptionResponse,
  PlanStatus,
  SubscriptionDetails,
} from '../../shared/plans';
import { desc, eq } from 'drizzle-orm';
import { checkoutSessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { hitRateLimit, type RateLimitRule } from '../http/rate-limit';
import { paymentProvider } from '../integrations/payments';
import { decidePlanStatus, describeSubscription, getPlanStatus, readSubscription } from './plan-status';

export interface PlanUser {
  id: string;
  email: string;
}

export const PLAN_MESSAGES = {
  sessionNotFound: 'Checkout session not found',
  checkoutIncomplete: 'Checkout is not complete yet',
  checkoutExpired: 'This checkout was cancelled or has expired',
  nothingToCancel: 'You have no subscription to cancel',
  alreadyCancelling: 'Your subscription is already set to end at the close of the billing period',
} as const;

/** Each checkout is a row here and, with Stripe, a call out: a person never needs more than this. */
const CHECKOUTS_PER_USER: RateLimitRule = { name: 'checkout:user', limit: 30, windowMs: 60 * 60_000 };
/**
 * With Stripe each activation is a call out (the session is re-read), and Stripe's rate limit is
 * the whole app's: one user calling in a loop must not use it up. The success page calls once.
 */
export const ACTIVATIONS_PER_USER: RateLimitRule = { name: 'activate:user', limit: 30, windowMs: 60 * 60_000 };

export async function subscriptionStatus(deps: AppDeps, user: PlanUser): Promise<PlanStatus> {
  return getPlanStatus(deps, user.id);
}

export async function subscriptionDetails(deps: AppDeps, user: PlanUser): Promise<SubscriptionDetails> {
  return describeSubscription(await readSubscription(deps.db, user.id), deps.clock.now());
}

/**
 * Starts a checkout, or answers `status: 'active'` when there is nothing to buy. A user on a trial
 * without a payment method (demo) may still check out: that is 'Add Payment Method' and 'Upgrade to
 * Premium Now'. The 7-day trial is offered only to a user who never had one.
 */
export async function createSubscription(deps: AppDeps, user: PlanUser): Promise<CreateSubscriptionResponse> {
  const row = await readSubscription(deps.db, user.id);
  const plan = decidePlanStatus(row, deps.clock.now());
  if (plan.premium && !(plan.trialActive && !row?.hasPaymentMethod)) return { status: 'active' };
  await hitRateLimit(deps, CHECKOUTS_PER_USER, user.id);
  const { url } = await paymentProvider(deps).createCheckout(deps, user, { trial: !(row?.hasUsedTrial ?? false) });
  return { checkoutUrl: url };
}

/**
 * The success page's call: confirms with the provider that this user's checkout session is
 * complete and brings the plan up to date. Idempotent; the success URL alone never grants
 * Premium, and a made-up or another user's session id answers 404 and changes nothing. Without a
 * session id the user's latest checkout is confirmed (the spec's client sends no body).
 */
export async function activatePremium(
  deps: AppDeps,
  user: PlanUser,
  sessionId: string | undefined,
): Promise<ActivatePremiumResponse> {
  await hitRateLimit(deps, ACTIVATIONS_PER_USER, user.id);
  const id = sessionId ?? (await latestCheckoutId(deps, user.id));
  if (!id) throw new AppError('NOT_FOUND', PLAN_MESSAGES.sessionNotFound);
  const state = await paymentProvider(deps).confirmCheckout(deps, user.id, id);
  if (state === null) throw new AppError('NOT_FOUND', PLAN_MESSAGES.sessionNotFound);
  if (state === 'open') throw new AppError('CONFLICT', PLAN_MESSAGES.checkoutIncomplete);
  if (state === 'expired') throw new AppError('CONFLICT', PLAN_MESSAGES.checkoutExpired);
  const plan = await getPlanStatus(deps, user.id);
  return { premium: plan.premium, plan };
}

async function latestCheckoutId(deps: AppDeps, userId: string): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.userId, userId))
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  return row?.id;
}

/**
 * Cancels the user's plan: a paid plan stays premium until its period ends; a trial ends at once.
 * The optional reason is stored.
 */
export async function cancelSubscription(
  deps: AppDeps,
  user: PlanUser,
  input: { reason?: string | null } = {},
): Promise<PlanStatus> {
  const row = await readSubscription(deps.db, user.id);
  const plan = decidePlanStatus(row, deps.clock.now());
  if (!row || !plan.premium) throw new AppError('CONFLICT', PLAN_MESSAGES.nothingToCancel);
  if (plan.hasSubscription && row.cancelAtPeriodEnd) throw new AppError('CONFLICT', PLAN_MESSAGES.alreadyCancelling);
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  await paymentProvider(deps).cancel(deps, user.id, { atPeriodEnd: !plan.trialActive, reason });
  return getPlanStatus(deps, user.id);
}

/**
 * Ends a user's subscription at once, whatever it is (for account deletion: nothing may be billed
 * after the account is gone). Does nothing when there is no live subscription.
 */
export async function cancelSubscriptionImmediately(deps: AppDeps, userId: string): Promise<void> {
  const row = await readSubscription(deps.db, userId);
  if (!row || row.status === 'canceled' || row.status === 'none') return;
  // A lapsed demo plan has nothing left to stop; a live Stripe subscription is always told.
  if (row.provider === 'demo' && !decidePlanStatus(row, deps.clock.now()).premium) return;
  if (row.provider === 'stripe' && !row.subscriptionId) return;
  try {
    await paymentProvider(deps).cancel(deps, userId, { atPeriodEnd: false, reason: 'account deleted' });
  } catch (error) {
    // A cancel that raced this one ended the plan first: there is nothing left to stop.
    if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
  }
}

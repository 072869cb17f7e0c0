// The plan rules: who may start a trial, when a checkout is needed, what activation checks and what
// cancelling means. Plain functions of (deps, user, input) shared by the REST shims and tRPC; the
// plan itself is decided by plan-status.ts and carried out by the payment provider.
import {
  type ActivatePremiumResponse,
  type CreateSubscriptionResponse,
  type PlanStatus,
  type SubscriptionDetails,
  PLAN_MESSAGES,
} from '../../shared/plans';
import { desc, eq } from 'drizzle-orm';
import { checkoutSessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { hitRateLimit, type RateLimitRule } from '../http/rate-limit';
import { paymentProvider, providerOfRow, requirePaymentProvider } from './payments';
import { decidePlanStatus, describeSubscription, getPlanStatus, planStatusOf, readSubscription } from './plan-status';

export interface PlanUser {
  id: string;
  email: string;
}

/** Each checkout is a row here and, with Stripe, a call out: a person never needs more than this. */
const CHECKOUTS_PER_USER: RateLimitRule = { name: 'checkout:user', limit: 30, windowMs: 60 * 60_000 };
/**
 * With Stripe each activation is a call out (the session is re-read), and Stripe's rate limit is
 * the whole app's: one user calling in a loop must not use it up. The success page calls once.
 */
export const ACTIVATIONS_PER_USER: RateLimitRule = { name: 'activate:user', limit: 30, windowMs: 60 * 60_000 };

export async function subscriptionStatus(deps: AppDeps, user: PlanUser): Promise<PlanStatus> {
  return planStatusOf(deps, user);
}

export async function subscriptionDetails(deps: AppDeps, user: PlanUser): Promise<SubscriptionDetails> {
  return describeSubscription(await readSubscription(deps.db, user.id), deps.clock.now());
}

/**
 * Starts a checkout, or answers `status: 'active'` when there is nothing to buy. During a trial
 * without a payment method the checkout adds a card to that trial ('Add Payment Method', and
 * 'Upgrade to Premium' while it runs): the trial goes on and billing starts at its end, never a
 * second subscription beside it. The 7-day trial is offered only to a user who never had one.
 */
export async function createSubscription(deps: AppDeps, user: PlanUser): Promise<CreateSubscriptionResponse> {
  const provider = requirePaymentProvider(deps);
  const row = await readSubscription(deps.db, user.id);
  const plan = decidePlanStatus(row, deps.clock.now());
  const needsCard = plan.trialActive && !row?.hasPaymentMethod;
  if (plan.premium && !needsCard) return { status: 'active' };
  await hitRateLimit(deps, CHECKOUTS_PER_USER, user.id);
  const purpose = needsCard ? 'card' : row?.hasUsedTrial ? 'paid' : 'trial';
  const result = await provider.createCheckout(deps, user, { purpose });
  return 'url' in result ? { checkoutUrl: result.url } : { status: 'active' };
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
  const state = await requirePaymentProvider(deps).confirmCheckout(deps, user.id, id);
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
  await providerOfRow(deps, row).cancel(deps, user.id, { atPeriodEnd: !plan.trialActive, reason });
  return getPlanStatus(deps, user.id);
}

/**
 * Ends at once every live subscription the provider holds for the user, whatever our row says
 * (for account deletion: nothing may be billed after the account is gone).
 */
export async function cancelSubscriptionImmediately(deps: AppDeps, userId: string): Promise<void> {
  const provider = paymentProvider(deps);
  // With payments off there is no provider that could bill anyone.
  if (!provider) return;
  await provider.cancelEverything(deps, userId);
}

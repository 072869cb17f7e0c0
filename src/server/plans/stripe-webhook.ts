// POST /api/stripe/webhook: Stripe is the source of truth when configured. Every delivery is
// verified against the raw body's signature, applied at most once (provider_events, inserted in
// the same transaction as the change, so even two concurrent deliveries of one event have one
// effect), and never rolls a newer state back: the subscription is re-read from Stripe rather than
// taken from the event, and stored only if that read is not older than the one already stored.
// An event is bound to the user whose Stripe customer it is about, never to ids in its metadata.
import type Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { checkoutSessions, providerEvents, subscriptions, users } from '../db/schema';
import { sendTrialEndingMail } from './trial-ending';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import {
  applyCompletedSession,
  expireQuietly,
  isMissingAtStripe,
  markComplete,
  stripeClient,
  toProviderSubscription,
} from './stripe-provider';
import { LIVE_STATUSES, storeProviderSubscription, type ProviderSubscription } from './subscription-store';

export const WEBHOOK_MESSAGES = {
  notConfigured: 'Stripe is not configured',
  noSecret: 'STRIPE_WEBHOOK_SECRET is not set: webhooks cannot be verified',
  missingSignature: 'stripe-signature: header is missing',
  badSignature: 'stripe-signature: signature does not match the payload',
} as const;

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'stale';

interface Plan {
  userId: string | null;
  subscription: ProviderSubscription | null;
  checkoutSessionId: string | null;
  /** Read at (ms): orders concurrent handlers' views of one subscription. */
  version: number;
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);
const CHECKOUT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export async function handleStripeWebhook(
  deps: AppDeps,
  payload: Uint8Array,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const config = deps.config.stripe;
  if (!config) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notConfigured);
  if (!config.webhookSecret) throw new AppError('INTERNAL', WEBHOOK_MESSAGES.noSecret);
  if (!signature) throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.missingSignature);
  const stripe = await stripeClient(config);
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(Buffer.from(payload), signature, config.webhookSecret);
  } catch {
    throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.badSignature);
  }

  // Cheap early exit for a plain redelivery; the insert below is what guarantees one effect.
  const [seen] = await deps.db
    .select({ id: providerEvents.id })
    .from(providerEvents)
    .where(eq(providerEvents.id, event.id))
    .limit(1);
  if (seen) return 'duplicate';

  // Talk to Stripe before opening the transaction: no lock is held across the network.
  const plan = await planEvent(deps, stripe, event);
  const now = deps.clock.now();
  let outcome: WebhookOutcome;
  try {
    outcome = await applyPlan(deps, event, plan, now);
  } catch (error) {
    if (!(error instanceof AccountGone)) throw error;
    // Deleted between planEvent's read and the transaction (which rolled back, event and all):
    // what LockIn made for it is ended at Stripe as on the other orphan paths. Should Stripe fail
    // here, the 500 brings a redelivery, which finds no user and takes the orphan path.
    if (plan.subscription) {
      const current = await stripe.subscriptions.retrieve(plan.subscription.id);
      await cancelOrphan(deps, stripe, toProviderSubscription(current));
    }
    return 'ignored';
  }

  if (
    outcome !== 'duplicate' &&
    event.type === 'customer.subscription.trial_will_end' &&
    plan.userId &&
    plan.subscription
  ) {
    // After the commit, so only the delivery that recorded the event mails. A mail failure is
    // logged, not retried: the event is already applied.
    await sendTrialEndingMail(deps, plan.userId, plan.subscription.trialEndsAt).catch((error: unknown) =>
      deps.log.error(`trial_will_end mail for ${plan.userId} failed`, error),
    );
  }
  return outcome;
}

/** Thrown inside the transaction when the event's account is gone: nothing of the event is kept. */
class AccountGone extends Error {}

/** Records the event and applies its plan, in one transaction. */
function applyPlan(deps: AppDeps, event: Stripe.Event, plan: Plan, now: Date): Promise<WebhookOutcome> {
  return deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const inserted = await tx
      .insert(providerEvents)
      .values({ id: event.id, type: event.type, processedAt: now })
      .onConflictDoNothing({ target: providerEvents.id })
      .returning({ id: providerEvents.id });
    if (inserted.length === 0) return 'duplicate';
    if (!plan.userId) return 'ignored';
    // Held until commit: a deletion waits for this transaction, or this one finds the account gone.
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, plan.userId)).for('key share');
    if (!owner) throw new AccountGone();
    let result: WebhookOutcome = 'ignored';
    if (plan.subscription)
      result = await storeProviderSubscription(tx, plan.userId, 'stripe', plan.subscription, plan.version, now);
    if (plan.checkoutSessionId) {
      await markComplete(tx, plan.userId, plan.checkoutSessionId, now);
      result = result === 'ignored' ? 'applied' : result;
    }
    return result;
  });
}

const IGNORE = (version: number): Plan => ({ userId: null, subscription: null, checkoutSessionId: null, version });

/**
 * What an event means for which user. The user is always the one whose stored Stripe customer the
 * object belongs to (never a user id carried in the event's metadata or client_reference_id), and
 * the subscription is re-read from Stripe: one Stripe no longer has (404) is acknowledged and
 * ignored, never applied from the event's own copy.
 */
async function planEvent(deps: AppDeps, stripe: Stripe, event: Stripe.Event): Promise<Plan> {
  const version = Date.now();
  if (CHECKOUT_EVENTS.has(event.type)) {
    const sent = event.data.object as Stripe.Checkout.Session;
    // Only a checkout this server opened, for the user it opened it for, and only while the
    // session's customer is that user's customer.
    const [own] = await deps.db
      .select({ userId: checkoutSessions.userId, customerId: subscriptions.customerId })
      .from(checkoutSessions)
      .innerJoin(subscriptions, eq(subscriptions.userId, checkoutSessions.userId))
      .where(and(eq(checkoutSessions.id, sent.id), eq(checkoutSessions.provider, 'stripe')))
      .limit(1);
    if (!own?.customerId || idOf(sent.customer) !== own.customerId) {
      if (!own) await endOrphanedCheckout(deps, stripe, sent.id);
      deps.log.warn(
        `stripe ${event.type} ${event.id}: checkout ${sent.id} is not one of its customer's checkouts here`,
      );
      return IGNORE(version);
    }
    try {
      const session = await stripe.checkout.sessions.retrieve(sent.id);
      if (session.status !== 'complete') return IGNORE(version);
      const subscription = await applyCompletedSession(stripe, session, own.customerId);
      if (!subscription) return IGNORE(version);
      return { userId: own.userId, subscription, checkoutSessionId: session.id, version };
    } catch (error) {
      if (isMissingAtStripe(error)) return IGNORE(version);
      throw error;
    }
  }
  let subscriptionId: string | null = null;
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    subscriptionId = (event.data.object as Stripe.Subscription).id;
  } else if (INVOICE_EVENTS.has(event.type)) {
    const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
    subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
  }
  if (!subscriptionId) return IGNORE(version);
  let subscription: ProviderSubscription;
  try {
    subscription = toProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId));
  } catch (error) {
    if (!isMissingAtStripe(error)) throw error;
    deps.log.warn(`stripe ${event.type} ${event.id}: Stripe has no subscription ${subscriptionId}; ignored`);
    return IGNORE(version);
  }
  const userId = await userByCustomer(deps, subscription.customerId);
  if (!userId) {
    deps.log.warn(`stripe ${event.type} ${event.id}: no LockIn user for subscription ${subscription.id}`);
    if (await isOrphan(deps, subscription.userId)) await cancelOrphan(deps, stripe, subscription);
  }
  return { userId, subscription, checkoutSessionId: null, version };
}

/**
 * True when LockIn made the object for a user (its metadata names one) who no longer exists: an
 * account deleted while its checkout was still open. Objects another app made on the same Stripe
 * account carry no LockIn user and are never touched.
 */
async function isOrphan(deps: AppDeps, userId: string | null | undefined): Promise<boolean> {
  if (!userId) return false;
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return !user;
}

/** A checkout LockIn opened for an account that is gone: expired if open, its subscription cancelled if paid. */
async function endOrphanedCheckout(deps: AppDeps, stripe: Stripe, sessionId: string): Promise<void> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isMissingAtStripe(error)) return;
    throw error;
  }
  if (!(await isOrphan(deps, session.metadata?.userId))) return;
  if (session.status === 'open') {
    await expireQuietly(stripe, session.id);
    deps.log.warn(`stripe: expired checkout ${session.id}: its LockIn account no longer exists`);
    return;
  }
  const subscriptionId = idOf(session.subscription);
  if (session.status !== 'complete' || !subscriptionId) return;
  await cancelOrphan(deps, stripe, toProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId)));
}

/** Ends a subscription of an account that is gone, unless it has ended already. */
async function cancelOrphan(deps: AppDeps, stripe: Stripe, sub: ProviderSubscription): Promise<void> {
  if (!LIVE_STATUSES.has(sub.status)) return;
  await stripe.subscriptions.cancel(sub.id, { cancellation_details: { comment: 'account deleted' } });
  deps.log.warn(`stripe: cancelled subscription ${sub.id}: its LockIn account no longer exists`);
}

async function userByCustomer(deps: AppDeps, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const [row] = await deps.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId))
    .limit(1);
  return row?.userId ?? null;
}

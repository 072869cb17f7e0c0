// Stripe Checkout (subscription mode for the trial and the paid plan, setup mode for a card added
// to a running trial) and the subscription calls the plans domain makes, through the official
// SDK. Stripe is asked, not our row, whether the customer already has a live subscription or an
// open checkout, so one user never ends up with two subscriptions billing side by side.
// STRIPE_API_BASE points the SDK at another base URL (tests: a local stand-in of Stripe's HTTP
// API) using the SDK's own host/port/protocol options.
import type Stripe from 'stripe';
import { TRIAL_DAYS } from '../../shared/constants';
import { ROUTES } from '../../shared/routes';
import type { Config } from '../config';
import type { Tx } from '../db/client';
import { and, count, eq } from 'drizzle-orm';
import { checkoutSessions } from '../db/schema';
import { AppError } from '../http/errors';
import {
  LIVE_STATUSES,
  lockCheckoutOwner,
  lockSubscription,
  storeProviderSubscription,
  updateSubscription,
  type ProviderSubscription,
} from './subscription-store';
import { readSubscription } from './plan-status';
import type { CheckoutPurpose, PaymentProvider } from './payment-provider';

export type StripeConfig = NonNullable<Config['stripe']>;

const clients = new WeakMap<StripeConfig, Promise<Stripe>>();

/** The SDK is loaded with the first call to Stripe (~9 MiB): a server on the demo checkout never holds it. */
export function stripeClient(config: StripeConfig): Promise<Stripe> {
  let client = clients.get(config);
  if (!client) {
    const base = config.apiBase ? new URL(config.apiBase) : null;
    client = import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(config.secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          ...(base
            ? {
                protocol: base.protocol.replace(':', '') as 'http' | 'https',
                host: base.hostname,
                port: base.port ? Number(base.port) : base.protocol === 'https:' ? 443 : 80,
              }
            : {}),
        }),
    );
    clients.set(config, client);
  }
  return client;
}

const seconds = (value: number | null | undefined): Date | null => (value ? new Date(value * 1000) : null);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** Stripe's subscription in our terms. The period end moved onto subscription items in 2025 API versions. */
export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const legacy = sub as unknown as { current_period_end?: number | null };
  const periodEnd = sub.items?.data?.[0]?.current_period_end ?? legacy.current_period_end ?? null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer),
    status: sub.status,
    trialEndsAt: seconds(sub.trial_end),
    currentPeriodEnd: seconds(periodEnd),
    cancelAtPeriodEnd: sub.cancel_at_period_end || (sub.cancel_at != null && sub.status !== 'canceled'),
    hasPaymentMethod: sub.default_payment_method != null || sub.default_source != null,
    canceledAt: seconds(sub.canceled_at),
    userId: sub.metadata?.userId ?? null,
  };
}

/** Subscription statuses Stripe may still bill, or bill again. */
const isLive = (sub: ProviderSubscription) => LIVE_STATUSES.has(sub.status);

/** Live at Stripe, yet no Premium here and nothing a checkout can pay: the user would be stuck. */
const STUCK_STATUSES: ReadonlySet<string> = new Set(['paused', 'unpaid', 'incomplete']);
const isStuck = (sub: ProviderSubscription) => STUCK_STATUSES.has(sub.status);

/** The Stripe-side error for an id Stripe does not know (or no longer has). */
export const isMissingAtStripe = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const sdk = () => stripeClient(config);

  /** One Stripe customer per user, reused for every checkout; the key makes two first checkouts create one. */
  async function ensureCustomer(
    deps: Parameters<PaymentProvider['createCheckout']>[0],
    user: { id: string; email: string },
  ) {
    const stored = (await readSubscription(deps.db, user.id))?.customerId;
    if (stored) return stored;
    const stripe = await sdk();
    const customer = await stripe.customers.create(
      { email: user.email, metadata: { userId: user.id } },
      { idempotencyKey: `lockin-customer-${user.id}` },
    );
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await lockCheckoutOwner(tx, user.id);
      const row = await lockSubscription(tx, user.id, 'stripe');
      if (!row.customerId) await updateSubscription(tx, user.id, { provider: 'stripe', customerId: customer.id }, now);
    });
    return customer.id;
  }

  /** Every subscription of the customer that Stripe may bill, newest first. */
  async function liveSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const subs: ProviderSubscription[] = [];
    const stripe = await sdk();
    for await (const sub of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
      const ours = toProviderSubscription(sub);
      if (isLive(ours)) subs.push(ours);
    }
    return subs;
  }

  return {
    kind: 'stripe',

    async createCheckout(deps, user, options) {
      let purpose: CheckoutPurpose = options.purpose;
      const stripe = await sdk();
      const customerId = await ensureCustomer(deps, user);
      const now = deps.clock.now();
      // The idempotency key's count is read before Stripe is asked for open checkouts. Two
      // concurrent requests then either read the same count (the same key: Stripe answers both
      // with one session) or the later one read it after the earlier recorded its session, and so
      // lists that session below and hands it back. Read after the listing, a session recorded in
      // between gave the later request a new key and a second open checkout: two subscriptions.
      const attempt = await checkoutCount(deps, user.id);
      // Stripe, not our row, says whether the customer already has a subscription: a checkout
      // completed in another tab whose webhook has not arrived yet must not be bought twice.
      const subs = await liveSubscriptions(customerId);
      // One that can neither give Premium nor be paid through a checkout (paused, unpaid,
      // incomplete) is cancelled, so the checkout below replaces it instead of being refused.
      for (const stuck of subs.filter(isStuck)) {
        const version = Date.now();
        const ended = await stripe.subscriptions.cancel(stuck.id, {
          cancellation_details: { comment: `replaced by a new checkout (was ${stuck.status})` },
        });
        await deps.db.transaction((tx) =>
          storeProviderSubscription(tx, user.id, 'stripe', toProviderSubscription(ended), version, now),
        );
      }
      const live = subs.find((sub) => !isStuck(sub));
      let trialToCard: ProviderSubscription | null = null;
      if (live) {
        const version = Date.now();
        await deps.db.transaction((tx) => storeProviderSubscription(tx, user.id, 'stripe', live, version, now));
        if (live.status !== 'trialing' || live.hasPaymentMethod) return { status: 'active' };
        purpose = 'card';
        trialToCard = live;
      } else if (purpose === 'card') {
        // The trial our row knows of is no longer live at Stripe: what is left to buy is the plan.
        purpose = 'paid';
      }

      // An open checkout for the same thing is handed back (a double click, a second tab); any
      // other open one is expired, so it can never complete beside the new one.
      let reusable: Stripe.Checkout.Session | null = null;
      for await (const open of stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 })) {
        const same =
          open.metadata?.purpose === purpose &&
          open.metadata?.userId === user.id &&
          (purpose !== 'card' || open.metadata?.subscriptionId === trialToCard?.id);
        if (same && open.url && !reusable) reusable = open;
        else await expireQuietly(stripe, open.id);
      }
      if (reusable?.url) {
        await recordSession(deps, stripe, user.id, reusable.id, purpose, now);
        return { sessionId: reusable.id, url: reusable.url };
      }

      const successUrl = `${deps.config.appUrl}${ROUTES.subscribeSuccess}?session_id={CHECKOUT_SESSION_ID}`;
      const cancelUrl = `${deps.config.appUrl}${ROUTES.subscribe}?cancelled=true`;
      const idempotencyKey = `lockin-checkout-${user.id}-${purpose}-${attempt}`;
      const metadata = { userId: user.id, purpose, ...(trialToCard ? { subscriptionId: trialToCard.id } : {}) };
      const session =
        purpose === 'card'
          ? await stripe.checkout.sessions.create(
              {
                mode: 'setup',
                customer: customerId,
                currency: 'usd',
                client_reference_id: user.id,
                metadata,
                setup_intent_data: { metadata },
                success_url: successUrl,
                cancel_url: cancelUrl,
              },
              { idempotencyKey },
            )
          : await stripe.checkout.sessions.create(
              {
                mode: 'subscription',
                customer: customerId,
                client_reference_id: user.id,
                metadata,
                line_items: [{ price: config.priceId, quantity: 1 }],
                subscription_data: {
                  metadata: { userId: user.id },
                  ...(purpose === 'trial' ? { trial_period_days: TRIAL_DAYS } : {}),
                },
                success_url: successUrl,
                cancel_url: cancelUrl,
              },
              { idempotencyKey },
            );
      if (!session.url) throw new AppError('INTERNAL', 'Stripe returned a checkout session without a URL');
      await recordSession(deps, stripe, user.id, session.id, purpose, now);
      return { sessionId: session.id, url: session.url };
    },

    async confirmCheckout(deps, userId, sessionId) {
      // Only sessions this server created for this user are asked about: a made-up id or
      // another user's never reaches Stripe and grants nothing.
      const [own] = await deps.db
        .select({ id: checkoutSessions.id })
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.id, sessionId),
            eq(checkoutSessions.userId, userId),
            eq(checkoutSessions.provider, 'stripe'),
          ),
        )
        .limit(1);
      if (!own) return null;
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const customerId = (await readSubscription(deps.db, userId))?.customerId ?? null;
      if (session.client_reference_id !== userId || !customerId || idOf(session.customer) !== customerId) return null;
      if (session.status !== 'complete') return session.status === 'expired' ? 'expired' : 'open';
      const sub = await applyCompletedSession(stripe, session, customerId);
      const now = deps.clock.now();
      const version = Date.now();
      await deps.db.transaction(async (tx) => {
        if (sub) await storeProviderSubscription(tx, userId, 'stripe', sub, version, now);
        await markComplete(tx, userId, session.id, now);
      });
      return 'complete';
    },

    async cancel(deps, userId, { atPeriodEnd, reason }) {
      const row = await readSubscription(deps.db, userId);
      if (!row?.subscriptionId) throw new AppError('CONFLICT', 'You have no subscription to cancel');
      const details = reason ? { cancellation_details: { comment: reason } } : {};
      const version = Date.now();
      const stripe = await sdk();
      const sub = atPeriodEnd
        ? await stripe.subscriptions.update(row.subscriptionId, { cancel_at_period_end: true, ...details })
        : await stripe.subscriptions.cancel(row.subscriptionId, details);
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await storeProviderSubscription(tx, userId, 'stripe', toProviderSubscription(sub), version, now);
        await updateSubscription(tx, userId, { cancelReason: reason, canceledAt: now }, now);
      });
    },

    async cancelEverything(deps, userId) {
      const customerId = (await readSubscription(deps.db, userId))?.customerId;
      if (!customerId) return;
      const stripe = await sdk();
      // Open checkouts first: one completed after this point would start a new subscription.
      for await (const open of stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 }))
        await expireQuietly(stripe, open.id);
      for (const sub of await liveSubscriptions(customerId)) {
        await stripe.subscriptions.cancel(sub.id, { cancellation_details: { comment: 'account deleted' } });
      }
    },
  };
}

/** Expires an open checkout session; one that completed or expired meanwhile is left as it is. */
export async function expireQuietly(stripe: Stripe, sessionId: string): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== 400 && status !== 404) throw error;
  }
}

async function checkoutCount(deps: Parameters<PaymentProvider['createCheckout']>[0], userId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.provider, 'stripe')));
  return row?.n ?? 0;
}

/**
 * Records a checkout Stripe opened for the user, under the owner lock. For an account that is
 * being deleted (or is gone) the checkout is expired at Stripe instead, so it can never be paid.
 */
async function recordSession(
  deps: Parameters<PaymentProvider['createCheckout']>[0],
  stripe: Stripe,
  userId: string,
  sessionId: string,
  purpose: CheckoutPurpose,
  now: Date,
): Promise<void> {
  try {
    await deps.db.transaction(async (tx) => {
      await lockCheckoutOwner(tx, userId);
      await tx
        .insert(checkoutSessions)
        .values({ id: sessionId, userId, provider: 'stripe', mode: purpose, createdAt: now })
        .onConflictDoNothing({ target: checkoutSessions.id });
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') await expireQuietly(stripe, sessionId);
    throw error;
  }
}

export async function markComplete(tx: Tx, userId: string, sessionId: string, now: Date): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ status: 'complete', completedAt: now })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)));
}

/**
 * What a completed checkout session of `customerId` means, as Stripe has it now: the subscription
 * it started (re-read, so a stale copy never wins), or, for a setup session, the running trial with
 * the new card made its default payment method (the trial goes on; billing starts at its end).
 * Anything that belongs to another customer is refused: null, nothing is applied.
 */
export async function applyCompletedSession(
  stripe: Stripe,
  session: Stripe.Checkout.Session,
  customerId: string,
): Promise<ProviderSubscription | null> {
  if (idOf(session.customer) !== customerId) return null;
  if (session.mode === 'setup') {
    const intentId = idOf(session.setup_intent);
    const subscriptionId = session.metadata?.subscriptionId;
    if (!intentId || !subscriptionId) return null;
    const intent = await stripe.setupIntents.retrieve(intentId);
    const paymentMethod = idOf(intent.payment_method);
    if (!paymentMethod || idOf(intent.customer) !== customerId) return null;
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    if (idOf(current.customer) !== customerId) return null;
    await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethod } });
    return toProviderSubscription(
      await stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethod }),
    );
  }
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return null;
  const sub = toProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId));
  return sub.customerId === customerId ? sub : null;
}

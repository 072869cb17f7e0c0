// Stripe Checkout (subscription mode) and the subscription calls the plans domain makes, through
// the official SDK. STRIPE_API_BASE points the SDK at another base URL (tests: a local stand-in
// of Stripe's HTTP API) using the SDK's own host/port/protocol options.
import Stripe from 'stripe';
import { TRIAL_DAYS } from '../../shared/constants';
import { ROUTES } from '../../shared/routes';
import type { Config } from '../config';
import { and, eq } from 'drizzle-orm';
import { checkoutSessions } from '../db/schema';
import { AppError } from '../http/errors';
import {
  lockSubscription,
  storeProviderSubscription,
  updateSubscription,
  type ProviderSubscription,
} from '../plans/subscription-store';
import { readSubscription } from '../plans/plan-status';
import type { PaymentProvider } from './payments';

export type StripeConfig = NonNullable<Config['stripe']>;

const clients = new WeakMap<StripeConfig, Stripe>();

export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    const base = config.apiBase ? new URL(config.apiBase) : null;
    client = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
            host: base.hostname,
            port: base.port ? Number(base.port) : base.protocol === 'https:' ? 443 : 80,
          }
        : {}),
    });
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

/** The calendar day (UTC) in idempotency keys: a retry the same day gets the same session back. */
const dayKey = (now: Date) => now.toISOString().slice(0, 10);

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = () => stripeClient(config);

  return {
    kind: 'stripe',

    async createCheckout(deps, user, { trial }) {
      if (!config.priceId) throw new AppError('INTERNAL', 'Payments are not set up: STRIPE_PRICE_ID is missing');
      const now = deps.clock.now();
      // One Stripe customer per user, reused for every checkout. The idempotency key makes two
      // simultaneous first checkouts create one customer.
      let customerId = (await readSubscription(deps.db, user.id))?.customerId ?? null;
      if (!customerId) {
        const customer = await stripe().customers.create(
          { email: user.email, metadata: { userId: user.id } },
          { idempotencyKey: `lockin-customer-${user.id}` },
        );
        customerId = customer.id;
        await deps.db.transaction(async (tx) => {
          const row = await lockSubscription(tx, user.id, 'stripe');
          if (!row.customerId)
            await updateSubscription(tx, user.id, { provider: 'stripe', customerId: customer.id }, now);
        });
      }
      const mode = trial ? 'trial' : 'paid';
      const session = await stripe().checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customerId,
          client_reference_id: user.id,
          metadata: { userId: user.id },
          line_items: [{ price: config.priceId, quantity: 1 }],
          subscription_data: {
            metadata: { userId: user.id },
            ...(trial ? { trial_period_days: TRIAL_DAYS } : {}),
          },
          success_url: `${deps.config.appUrl}${ROUTES.subscribeSuccess}?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${deps.config.appUrl}${ROUTES.subscribe}?cancelled=true`,
        },
        // A double click (or a retry the same day) returns the same open session instead of a second one.
        { idempotencyKey: `lockin-checkout-${user.id}-${customerId}-${mode}-${dayKey(now)}` },
      );
      if (!session.url) throw new AppError('INTERNAL', 'Stripe returned a checkout session without a URL');
      await deps.db
        .insert(checkoutSessions)
        .values({ id: session.id, userId: user.id, provider: 'stripe', mode, createdAt: now })
        .onConflictDoNothing({ target: checkoutSessions.id });
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
      const session = await stripe().checkout.sessions.retrieve(sessionId);
      if (session.client_reference_id !== userId) return null;
      if (session.status !== 'complete') return session.status === 'expired' ? 'expired' : 'open';
      await syncCheckoutSession(deps, userId, session, config);
      return 'complete';
    },

    async cancel(deps, userId, { atPeriodEnd, reason }) {
      const row = await readSubscription(deps.db, userId);
      if (!row?.subscriptionId) throw new AppError('CONFLICT', 'You have no subscription to cancel');
      const details = reason ? { cancellation_details: { comment: reason } } : {};
      const version = Date.now();
      const sub = atPeriodEnd
        ? await stripe().subscriptions.update(row.subscriptionId, { cancel_at_period_end: true, ...details })
        : await stripe().subscriptions.cancel(row.subscriptionId, details);
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await storeProviderSubscription(tx, userId, 'stripe', toProviderSubscription(sub), version, now);
        await updateSubscription(tx, userId, { cancelReason: reason, canceledAt: now }, now);
      });
    },
  };
}

/**
 * Applies a completed checkout session: marks our record complete and stores the subscription
 * as Stripe reports it now (re-read, so a stale copy never wins).
 */
export async function syncCheckoutSession(
  deps: Parameters<PaymentProvider['confirmCheckout']>[0],
  userId: string,
  session: Stripe.Checkout.Session,
  config: StripeConfig,
): Promise<void> {
  const subscriptionId = idOf(session.subscription);
  const now = deps.clock.now();
  const version = Date.now();
  const sub = subscriptionId
    ? toProviderSubscription(await stripeClient(config).subscriptions.retrieve(subscriptionId))
    : null;
  await deps.db.transaction(async (tx) => {
    if (sub) await storeProviderSubscription(tx, userId, 'stripe', sub, version, now);
    await tx
      .update(checkoutSessions)
      .set({ status: 'complete', completedAt: now })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.userId, userId)));
  });
}

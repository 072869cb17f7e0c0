// Account deletion with Stripe: the real Stripe SDK, pointed at the local stand-in of Stripe's
// HTTP API, ends every live subscription the customer has at Stripe (not only the one our row
// knows of) and expires its open checkouts before anything is deleted; when Stripe fails, the
// account stays whole.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { subscriptions, users } from '../../src/server/db/schema';
import { type TestContext, createTestContext } from '../support/app';
import { tracesOf } from '../support/data';
import { createUser, signedInClient } from '../support/factories';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-standin';
import { stripeClient } from '../../src/server/plans/stripe-provider';

let ctx: TestContext;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: 'whsec_delete' });
  ctx = await createTestContext({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PRICE_ID: 'price_standin',
      STRIPE_WEBHOOK_SECRET: 'whsec_delete',
      STRIPE_API_BASE: stripe.url,
    },
  });
}, 120_000);

afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

function stripeConfig() {
  const config = ctx.deps.config.stripe;
  if (!config) throw new Error('Stripe is not configured');
  return config;
}

/** A user whose row knows one live subscription; Stripe may hold more for the same customer. */
async function stripeUser() {
  const user = await createUser(ctx);
  const customer = `cus_${user.id.slice(0, 8)}`;
  stripe.customers.set(customer, {
    id: customer,
    object: 'customer',
    email: user.email,
    metadata: {},
    invoice_settings: { default_payment_method: null },
  });
  const stored = stripe.addSubscription(customer);
  await ctx.deps.db.insert(subscriptions).values({
    userId: user.id,
    provider: 'stripe',
    customerId: customer,
    subscriptionId: stored.id,
    status: 'active',
    currentPeriodEnd: new Date(ctx.clock.now().getTime() + 20 * 86_400_000),
    hasPaymentMethod: true,
  });
  return { user, customer, stored, client: await signedInClient(ctx, user) };
}

test('every live subscription of the customer at Stripe is cancelled and its open checkouts expired, then every row goes', async () => {
  const { user, customer, stored, client } = await stripeUser();
  // A trial our row no longer names (an earlier checkout) and one that already ended.
  const forgotten = stripe.addSubscription(customer, { trialDays: 7, paymentMethod: false });
  const ended = stripe.addSubscription(customer, { status: 'canceled' });
  const otherCustomer = stripe.addSubscription('cus_someone_else');
  // An open checkout that could otherwise still be completed after the account is gone.
  const open = await (await stripeClient(stripeConfig())).checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price: 'price_standin', quantity: 1 }],
    success_url: 'http://localhost:3000/subscribe-success',
  });

  stripe.requests.length = 0;
  const res = await client.delete('/api/auth/account', { email: user.email });
  expect(res.status).toBe(200);
  expect(stripe.subscriptions.get(stored.id)?.status).toBe('canceled');
  expect(stripe.subscriptions.get(forgotten.id)?.status).toBe('canceled');
  expect(stripe.subscriptions.get(otherCustomer.id)?.status).toBe('active');
  // Already over: not cancelled again.
  expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path.endsWith(ended.id))).toBe(false);
  expect(stripe.sessions.get(open.id)?.status).toBe('expired');
  expect(Object.values(await tracesOf(ctx, user)).every((n) => n === 0)).toBe(true);
});

test('when Stripe cannot cancel, nothing is deleted and the answer says why', async () => {
  const { user, stored, client } = await stripeUser();
  stripe.outage = true;
  try {
    const res = await client.delete('/api/auth/account', { email: user.email });
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      'Your subscription could not be cancelled, so your account was not deleted. Please try again in a few minutes.',
    );
  } finally {
    stripe.outage = false;
  }
  expect((await ctx.deps.db.select().from(users).where(eq(users.id, user.id))).length).toBe(1);
  expect((await client.get('/api/auth/user')).status).toBe(200);
  const [sub] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  expect(sub?.status).toBe('active');
  expect(stripe.subscriptions.get(stored.id)?.status).toBe('active');
}, 60_000);

test('a checkout being opened while the account is deleted is expired at Stripe, and its request answers 409, not 500', async () => {
  const user = await createUser(ctx);
  const client = await signedInClient(ctx, user);
  const deleter = await signedInClient(ctx, user);
  // Stripe has made the checkout; its answer is held until the deletion has run.
  const { atStripe, release } = holdAtStripe('POST', /^\/v1\/checkout\/sessions$/);
  try {
    const checkout = client.post('/api/create-subscription');
    await atStripe;
    const deleted = await deleter.delete('/api/auth/account', { email: user.email });
    expect(deleted.status).toBe(200);
    release();
    const res = await checkout;
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This account is being deleted, so no checkout was opened.');
  } finally {
    stripe.holdAnswer = null;
    release();
  }
  const made = [...stripe.sessions.values()].filter((s) => s.metadata.userId === user.id);
  expect(made.length).toBe(1);
  expect(made.every((s) => s.status === 'expired')).toBe(true);
  expect(ctx.log.lines.filter((l) => l.includes('foreign key'))).toEqual([]);
}, 60_000);

test('an account being deleted opens no checkout', async () => {
  const { user, customer, client } = await stripeUser();
  await ctx.deps.db.update(users).set({ deletingAt: ctx.clock.now() }).where(eq(users.id, user.id));
  await ctx.deps.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, user.id));
  for (const sub of stripe.subscriptions.values()) if (sub.customer === customer) sub.status = 'canceled';
  const before = stripe.sessions.size;
  const res = await client.post('/api/create-subscription');
  expect(res.status).toBe(409);
  expect([...stripe.sessions.values()].slice(before).every((s) => s.status === 'expired')).toBe(true);
});

/** Resolves when Stripe is asked `method path`; that answer waits until `release()`. */
function holdAtStripe(method: string, path: RegExp) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reached: () => void = () => {};
  const atStripe = new Promise<void>((resolve) => {
    reached = resolve;
  });
  stripe.holdAnswer = (m, p) => {
    if (m !== method || !path.test(p)) return undefined;
    stripe.holdAnswer = null;
    reached();
    return held;
  };
  return { atStripe, release };
}

async function deliverWebhook(event: { payload: string; signature: string }) {
  return ctx.app.request('http://localhost:3000/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
}

/** A checkout completed at Stripe whose checkout.session.completed is not delivered yet. */
async function completedCheckout() {
  const user = await createUser(ctx);
  const client = await signedInClient(ctx, user);
  const opened = await client.post<{ checkoutUrl: string }>('/api/create-subscription');
  expect(opened.status).toBe(200);
  const sessionId = opened.body.checkoutUrl.split('/').pop()!;
  const sub = stripe.completeCheckout(sessionId);
  const event = await stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!);
  return { user, client, sub, event };
}

/**
 * Delivers `event` and, while the webhook waits for Stripe's answer about its checkout, runs
 * `meanwhile`; answers the delivery's status.
 */
async function deliverWhileStripeAnswers(
  event: { payload: string; signature: string },
  meanwhile: () => Promise<unknown>,
): Promise<number> {
  const hold = holdAtStripe('GET', /^\/v1\/checkout\/sessions\/cs_/);
  try {
    const delivery = deliverWebhook(event);
    await hold.atStripe;
    await meanwhile();
    hold.release();
    return (await delivery).status;
  } finally {
    stripe.holdAnswer = null;
    hold.release();
  }
}

describe('a webhook that races the deletion of its account', () => {
  test('deleted through the API while the webhook talks to Stripe: 2xx, the subscription ends, no foreign-key error', async () => {
    const { user, client, sub, event } = await completedCheckout();
    const status = await deliverWhileStripeAnswers(event, async () => {
      expect((await client.delete('/api/auth/account', { email: user.email })).status).toBe(200);
    });
    expect(status).toBe(200);
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('canceled');
    expect(await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
    expect(ctx.log.lines.filter((l) => l.includes('foreign key'))).toEqual([]);
  }, 60_000);

  test('gone before its transaction with the subscription still live at Stripe: the webhook cancels it and answers 2xx', async () => {
    const { user, sub, event } = await completedCheckout();
    // The row goes without the deletion's own cancel (say, a checkout completed after it listed them).
    const status = await deliverWhileStripeAnswers(event, () => ctx.deps.db.delete(users).where(eq(users.id, user.id)));
    expect(status).toBe(200);
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('canceled');
    expect(ctx.log.lines.filter((l) => l.includes('foreign key'))).toEqual([]);
  }, 60_000);
});

describe('the deletion mark', () => {
  test('is set before the provider is asked to cancel: a checkout opened meanwhile is refused', async () => {
    const { user, client } = await stripeUser();
    // Free here, while Stripe still has a live subscription for the deletion to cancel.
    await ctx.deps.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, user.id));
    const other = await signedInClient(ctx, user);
    const hold = holdAtStripe('DELETE', /^\/v1\/subscriptions\//);
    try {
      const deletion = client.delete('/api/auth/account', { email: user.email });
      await hold.atStripe;
      const checkout = await other.post('/api/create-subscription');
      expect(checkout.status).toBe(409);
      expect(checkout.body.message).toBe('This account is being deleted, so no checkout was opened.');
      hold.release();
      expect((await deletion).status).toBe(200);
    } finally {
      stripe.holdAnswer = null;
      hold.release();
    }
  }, 60_000);

  test('is lifted when cancelling fails: the account can buy again', async () => {
    const { user, client } = await stripeUser();
    await ctx.deps.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, user.id));
    stripe.outage = true;
    try {
      expect((await client.delete('/api/auth/account', { email: user.email })).status).toBe(500);
    } finally {
      stripe.outage = false;
    }
    for (const sub of stripe.subscriptions.values())
      if (sub.customer === `cus_${user.id.slice(0, 8)}`) sub.status = 'canceled';
    const checkout = await client.post<{ checkoutUrl: string }>('/api/create-subscription');
    expect(checkout.status).toBe(200);
    expect(checkout.body.checkoutUrl).toStartWith('https://checkout.stripe.test/');
  }, 60_000);
});

describe('what LockIn made for an account that is gone is ended at Stripe, not ignored', () => {
  async function deliver(event: { payload: string; signature: string }) {
    const res = await ctx.app.request('http://localhost:3000/api/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    expect(res.status).toBe(200);
  }
  const goneUser = () => `gone-${crypto.randomUUID()}`;
  async function checkoutFor(userId: string) {
    const sdk = await stripeClient(stripeConfig());
    const customer = await sdk.customers.create({ email: 'gone@example.com', metadata: { userId } });
    return sdk.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: userId,
      metadata: { userId, purpose: 'paid' },
      line_items: [{ price: 'price_standin', quantity: 1 }],
      subscription_data: { metadata: { userId } },
      success_url: 'http://localhost:3000/subscribe-success',
    });
  }

  test('a completed checkout: the subscription it started is cancelled', async () => {
    const session = await checkoutFor(goneUser());
    const sub = stripe.completeCheckout(session.id);
    await deliver(await stripe.signedEvent('checkout.session.completed', stripe.sessions.get(session.id)!));
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('canceled');
  });

  test('a subscription event: the subscription is cancelled', async () => {
    const session = await checkoutFor(goneUser());
    const sub = stripe.completeCheckout(session.id);
    await deliver(await stripe.signedEvent('customer.subscription.created', sub));
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('canceled');
  });

  test("another app's subscription on the same Stripe account (no LockIn user in it) is left alone", async () => {
    const sub = stripe.addSubscription('cus_another_app');
    await deliver(await stripe.signedEvent('customer.subscription.updated', sub));
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('active');
  });
});

// Billing that never double-charges, with the real `stripe` SDK against the local stand-in of
// Stripe's HTTP API: 'Add Payment Method' during a trial attaches a card to that trial (setup-mode
// Checkout) and the trial runs on; a new checkout first asks Stripe for the customer's live
// subscriptions and open checkouts (reused or expired, never left to complete beside a new one);
// webhooks are bound to the user whose Stripe customer they are about.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../src/server/db/schema';
import type { PlanStatus, SubscriptionDetails } from '../../src/shared/plans';
import type { TestClient, TestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { startStripeContext, type StripeStandIn } from '../support/stripe-standin';

const WEBHOOK_SECRET = 'whsec_billing';
const START = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 60 * 60_000;

let ctx: TestContext;
let stripe: StripeStandIn;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, stripe, close } = await startStripeContext({ webhookSecret: WEBHOOK_SECRET, now: START }));
}, 120_000);
afterAll(() => close());
beforeEach(() => ctx.clock.set(START));

async function newClient() {
  const user = await createUser(ctx);
  return { client: await signedInClient(ctx, user), userId: user.id };
}

async function status(client: TestClient): Promise<PlanStatus> {
  return (await client.get<PlanStatus>('/api/subscription-status')).body;
}

/** create-subscription → the hosted page's session id. */
async function checkout(client: TestClient): Promise<string> {
  const res = await client.post<{ checkoutUrl: string }>('/api/create-subscription');
  expect(res.status).toBe(200);
  expect(res.body.checkoutUrl).toStartWith('https://checkout.stripe.test/c/pay/');
  return res.body.checkoutUrl.split('/').pop()!;
}

async function deliver(event: { payload: string; signature: string }) {
  const res = await ctx.app.request('http://localhost:3000/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
  return { status: res.status, body: (await res.json()) as { outcome?: string } };
}

async function rowOf(userId: string) {
  const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

const liveOf = (customer: string | null | undefined) =>
  [...stripe.subscriptions.values()].filter(
    (s) => s.customer === customer && !['canceled', 'incomplete_expired'].includes(s.status),
  );

/** A user on a card-less Stripe trial, activated by the success page. */
async function trialUser() {
  const user = await newClient();
  const sessionId = await checkout(user.client);
  const sub = stripe.completeCheckout(sessionId, { paymentMethod: false });
  expect((await user.client.post('/api/activate-premium', { sessionId })).status).toBe(200);
  const customer = (await rowOf(user.userId))!.customerId!;
  return { ...user, sub, customer };
}

describe('Add Payment Method during a trial', () => {
  test('a setup-mode checkout attaches the card to the same subscription; the trial runs on, billing starts at its end', async () => {
    const { client, userId, sub, customer } = await trialUser();
    ctx.clock.set(new Date(START.getTime() + 2 * DAY));
    expect((await client.get<SubscriptionDetails>('/api/subscription-details')).body.nextBilling).toBeNull();

    const before = stripe.requests.length;
    const setup = await checkout(client);
    const created = stripe.requests
      .slice(before)
      .find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(created?.body).toMatchObject({
      mode: 'setup',
      customer,
      currency: 'usd',
      client_reference_id: userId,
      metadata: { userId, purpose: 'card', subscriptionId: sub.id },
      setup_intent_data: { metadata: { subscriptionId: sub.id } },
    });
    expect(created?.body).not.toHaveProperty('line_items');

    const intent = stripe.completeSetup(setup);
    const activated = await client.post<{ plan: PlanStatus }>('/api/activate-premium', { sessionId: setup });
    expect(activated.status).toBe(200);
    // The card is the customer's and the subscription's default; the trial was not ended.
    expect(stripe.customers.get(customer)?.invoice_settings.default_payment_method).toBe(intent.payment_method);
    const atStripe = stripe.subscriptions.get(sub.id)!;
    expect(atStripe).toMatchObject({ status: 'trialing', default_payment_method: intent.payment_method });
    expect(atStripe.trial_end).toBe(Math.floor((START.getTime() + 7 * DAY) / 1000));
    expect(liveOf(customer).map((s) => s.id)).toEqual([sub.id]);
    expect(activated.body.plan).toMatchObject({ premium: true, trialActive: true, hasSubscription: false });
    expect((await client.get<SubscriptionDetails>('/api/subscription-details')).body).toMatchObject({
      trialActive: true,
      hasPaymentMethod: true,
      nextBilling: new Date(START.getTime() + 7 * DAY).toISOString(),
      amountCents: 0,
    });
    expect(await rowOf(userId)).toMatchObject({ subscriptionId: sub.id, status: 'trialing', hasPaymentMethod: true });
    // Nothing more to buy.
    expect((await client.post('/api/create-subscription')).body).toEqual({ status: 'active' });
  });

  test('the setup session’s checkout.session.completed webhook attaches the card without the success page', async () => {
    const { client, sub, customer } = await trialUser();
    const setup = await checkout(client);
    const intent = stripe.completeSetup(setup);
    const res = await deliver(await stripe.signedEvent('checkout.session.completed', stripe.sessions.get(setup)!));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'applied' } as never });
    expect(stripe.subscriptions.get(sub.id)).toMatchObject({
      status: 'trialing',
      default_payment_method: intent.payment_method,
    });
    expect(liveOf(customer)).toHaveLength(1);
    expect((await status(client)).trialActive).toBe(true);
  });
});

describe('one live subscription, one open checkout', () => {
  test('a trial checkout opened yesterday and still open is handed back, not doubled', async () => {
    const { client, userId } = await newClient();
    const first = await checkout(client);
    ctx.clock.set(new Date(START.getTime() + DAY + 60_000));
    const second = await checkout(client);
    expect(second).toBe(first);
    const customer = (await rowOf(userId))!.customerId;
    expect([...stripe.sessions.values()].filter((s) => s.customer === customer)).toHaveLength(1);
  });

  test('a checkout completed elsewhere whose webhook has not arrived: the next one finds the live subscription at Stripe and buys nothing', async () => {
    const { client, userId } = await newClient();
    const first = await checkout(client);
    const sub = stripe.completeCheckout(first); // paid in another tab; no webhook, no success page yet
    const before = stripe.sessions.size;
    expect((await client.post('/api/create-subscription')).body).toEqual({ status: 'active' });
    expect(stripe.sessions.size).toBe(before);
    expect(await rowOf(userId)).toMatchObject({ subscriptionId: sub.id, status: 'trialing' });
    expect((await status(client)).premium).toBe(true);
  });

  test('an open checkout for another purpose is expired at Stripe when a new one opens, so it can never complete', async () => {
    const { client, userId } = await newClient();
    const trialSession = await checkout(client);
    const customer = (await rowOf(userId))!.customerId!;
    // Meanwhile a card-less trial went live for this customer (another tab's checkout).
    const live = stripe.addSubscription(customer, { trialDays: 7, paymentMethod: false });
    const setup = await checkout(client);
    expect(setup).not.toBe(trialSession);
    expect(stripe.sessions.get(trialSession)?.status).toBe('expired');
    expect(stripe.sessions.get(setup)).toMatchObject({ mode: 'setup', status: 'open' });
    expect(() => stripe.completeCheckout(trialSession)).toThrow(/expired/);
    expect(liveOf(customer).map((s) => s.id)).toEqual([live.id]);
    // Activation of the expired one grants nothing more.
    expect((await client.post('/api/activate-premium', { sessionId: trialSession })).status).toBe(409);
  });
});

describe('webhooks bind to the right user', () => {
  test('checkout.session.completed whose customer is not the user’s grants nothing', async () => {
    const victim = await trialUser();
    const attacker = await newClient();
    const own = await checkout(attacker.client);
    // The attacker's session id, with the victim's customer and subscription.
    const forged = {
      ...stripe.sessions.get(own)!,
      customer: victim.customer,
      subscription: victim.sub.id,
      status: 'complete',
    };
    const res = await deliver(await stripe.signedEvent('checkout.session.completed', forged));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('ignored');
    expect((await status(attacker.client)).premium).toBe(false);
    expect((await rowOf(attacker.userId))?.subscriptionId ?? null).toBeNull();
    // A session this server never opened, naming the attacker in client_reference_id and metadata.
    const unknown = {
      ...forged,
      id: 'cs_test_not_ours',
      customer: victim.customer,
      client_reference_id: attacker.userId,
      metadata: { userId: attacker.userId },
    };
    expect((await deliver(await stripe.signedEvent('checkout.session.completed', unknown))).body.outcome).toBe(
      'ignored',
    );
    // The same with a customer nobody here has: the user named in the event is not believed.
    const stray = { ...unknown, id: 'cs_test_stray', customer: 'cus_test_nobody' };
    expect((await deliver(await stripe.signedEvent('checkout.session.completed', stray))).body.outcome).toBe('ignored');
    expect((await status(attacker.client)).premium).toBe(false);
    expect((await rowOf(victim.userId))?.subscriptionId).toBe(victim.sub.id);
  });

  test('a subscription event names a user only through its Stripe customer, never its metadata', async () => {
    const { client, userId } = await newClient();
    const stranger = stripe.addSubscription('cus_stranger');
    stranger.metadata = { userId };
    const res = await deliver(await stripe.signedEvent('customer.subscription.updated', stranger));
    expect(res.body.outcome).toBe('ignored');
    expect((await status(client)).premium).toBe(false);
  });

  test('an event about a subscription Stripe answers 404 for is acknowledged and ignored, not applied from its body', async () => {
    const { client, userId, sub } = await trialUser();
    const ghost = { ...structuredClone(stripe.subscriptions.get(sub.id)!), id: 'sub_test_gone', status: 'canceled' };
    const res = await deliver(await stripe.signedEvent('customer.subscription.deleted', ghost));
    expect(res).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    expect(await rowOf(userId)).toMatchObject({ subscriptionId: sub.id, status: 'trialing' });
    expect((await status(client)).premium).toBe(true);
  });
});

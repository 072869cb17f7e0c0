// The Stripe path: the real `stripe` SDK against a local stand-in of Stripe's HTTP API, and
// webhooks signed with the SDK's test-header helper. Checkout creation (trial once, customer
// reused, idempotency), activation confirmed with Stripe, cancel at period end and of a trial, and
// webhooks: bad or missing signature, duplicates (also concurrent), out-of-order delivery, the
// raw-body check, and trial_will_end mail through the in-process SMTP server.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { checkoutSessions, providerEvents, subscriptions, users } from '../../src/server/db/schema';
import type { ActivatePremiumResponse, PlanStatus } from '../../src/shared/plans';
import type { TestClient, TestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startStripeContext, type StripeStandIn } from '../support/stripe-standin';

const WEBHOOK_SECRET = 'whsec_test_lockin';
const START = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 60 * 60_000;

let ctx: TestContext;
let stripe: StripeStandIn;
let smtp: TestSmtpServer;
let close: () => Promise<void>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ ctx, stripe, close } = await startStripeContext({
    webhookSecret: WEBHOOK_SECRET,
    now: START,
    env: { SMTP_URL: smtp.url, APP_URL: 'http://localhost:3000' },
  }));
}, 120_000);
afterAll(async () => {
  await close();
  await smtp.close();
});
beforeEach(() => ctx.clock.set(START));

async function newClient() {
  const user = await createUser(ctx, { firstName: 'Grace' });
  return { client: await signedInClient(ctx, user), userId: user.id, email: user.email };
}

async function status(client: TestClient): Promise<PlanStatus> {
  const res = await client.get<PlanStatus>('/api/subscription-status');
  expect(res.status).toBe(200);
  return res.body;
}

async function checkout(client: TestClient): Promise<string> {
  const res = await client.post<{ checkoutUrl: string }>('/api/create-subscription');
  expect(res.status).toBe(200);
  expect(res.body.checkoutUrl).toStartWith('https://checkout.stripe.test/c/pay/');
  return res.body.checkoutUrl.split('/').pop()!;
}

async function deliver(event: { payload: string; signature: string }, signature = event.signature) {
  return ctx.app.request('http://localhost:3000/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: event.payload,
  });
}

async function rowOf(userId: string) {
  const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** A user who finished the hosted checkout and whose checkout.session.completed was delivered. */
async function subscribedUser(options: { paymentMethod?: boolean } = {}) {
  const user = await newClient();
  const sessionId = await checkout(user.client);
  const sub = stripe.completeCheckout(sessionId, options);
  const res = await deliver(await stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!));
  expect(res.status).toBe(200);
  return { ...user, sessionId, subId: sub.id };
}

describe('checkout', () => {
  test('a first checkout: one customer, a subscription-mode session with a 7-day trial, the user’s id attached', async () => {
    const { client, userId, email } = await newClient();
    const before = stripe.requests.length;
    const sessionId = await checkout(client);
    const calls = stripe.requests.slice(before);
    // Stripe is asked for the customer's live subscriptions and open checkouts before a new one.
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers',
      'GET /v1/subscriptions',
      'GET /v1/checkout/sessions',
      'POST /v1/checkout/sessions',
    ]);
    expect(calls[0]!.body).toEqual({ email, metadata: { userId } });
    expect(calls[0]!.idempotencyKey).toBe(`lockin-customer-${userId}`);
    const customer = (await rowOf(userId))!.customerId;
    expect(calls[1]!.body).toMatchObject({ customer, status: 'all' });
    expect(calls[2]!.body).toMatchObject({ customer, status: 'open' });
    const created = calls[3]!.body;
    expect(created).toMatchObject({
      mode: 'subscription',
      client_reference_id: userId,
      metadata: { userId, purpose: 'trial' },
      line_items: [{ price: 'price_premium_monthly', quantity: '1' }],
      subscription_data: { trial_period_days: '7', metadata: { userId } },
      success_url: 'http://localhost:3000/subscribe-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/subscribe?cancelled=true',
    });
    expect(calls[3]!.idempotencyKey).toBe(`lockin-checkout-${userId}-trial-0`);
    const [own] = await ctx.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(own).toMatchObject({ userId, provider: 'stripe', mode: 'trial', status: 'open' });
    // Opening checkout grants nothing.
    expect((await status(client)).premium).toBe(false);
  });

  test('a double click: the same customer and the same session (idempotency keys), one row', async () => {
    const { client, userId } = await newClient();
    const [a, b] = await Promise.all([checkout(client), checkout(client)]);
    expect(a).toBe(b);
    expect([...stripe.customers.values()].filter((c) => c.metadata.userId === userId)).toHaveLength(1);
    expect(await ctx.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId))).toHaveLength(
      1,
    );
  });

  test('a double click whose one request lists open checkouts before the other records its own: still one session', async () => {
    const { client, userId } = await newClient();
    // The first listing of open checkouts is answered (empty) only after the other request has
    // created and recorded its session: the slow request then finds nothing open to reuse.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = true;
    stripe.holdAnswer = (method, path) => {
      if (!holding || method !== 'GET' || path !== '/v1/checkout/sessions') return undefined;
      holding = false;
      return held;
    };
    try {
      const first = checkout(client);
      const second = checkout(client);
      await Promise.race([first, second]);
      release();
      const [a, b] = await Promise.all([first, second]);
      expect(a).toBe(b);
    } finally {
      stripe.holdAnswer = null;
      release();
    }
    const customerId = (await rowOf(userId))!.customerId;
    expect([...stripe.sessions.values()].filter((s) => s.customer === customerId)).toHaveLength(1);
    expect(await ctx.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId))).toHaveLength(
      1,
    );
  });

  test('the customer is reused, and a user who had a trial gets no trial_period_days', async () => {
    const { client, userId, subId } = await subscribedUser();
    const customerId = (await rowOf(userId))!.customerId;
    expect((await client.post('/api/cancel-subscription')).status).toBe(200); // the trial ends at once
    const before = stripe.requests.length;
    await checkout(client);
    const calls = stripe.requests.slice(before).filter((r) => r.method === 'POST');
    expect(calls.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
    expect(calls[0]!.body).toMatchObject({ customer: customerId, subscription_data: expect.any(Object) });
    expect(calls[0]!.body).not.toHaveProperty(['subscription_data', 'trial_period_days']);
    expect(stripe.subscriptions.get(subId)!.status).toBe('canceled');
  });
});

describe('a subscription Stripe holds but nobody can pay (paused, unpaid, incomplete)', () => {
  for (const stuck of ['paused', 'unpaid', 'incomplete']) {
    test(`${stuck}: the plan shows free and a checkout replaces it (the stuck one is cancelled at Stripe)`, async () => {
      const { client, userId, subId } = await subscribedUser({ paymentMethod: true });
      stripe.updateSubscription(subId, { status: stuck });
      await deliver(await stripe.signedEvent('customer.subscription.updated', stripe.subscriptions.get(subId)!));
      expect((await status(client)).premium).toBe(false);

      const sessionId = await checkout(client);
      expect(stripe.subscriptions.get(subId)!.status).toBe('canceled');
      expect(stripe.sessions.get(sessionId)!.subscription_data).not.toHaveProperty('trial_period_days');
      const paid = stripe.completeCheckout(sessionId, { paymentMethod: true });
      await deliver(await stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!));
      expect((await rowOf(userId))!.subscriptionId).toBe(paid.id);
      expect((await status(client)).premium).toBe(true);
    });
  }
});

describe('activation', () => {
  test('confirms with Stripe: open session grants nothing; complete grants the trial; repeat is harmless', async () => {
    const { client, userId } = await newClient();
    const sessionId = await checkout(client);
    const open = await client.post('/api/activate-premium', { sessionId });
    expect(open.status).toBe(409);
    expect((await status(client)).premium).toBe(false);
    // The customer pays; activation arrives before any webhook.
    stripe.completeCheckout(sessionId);
    const done = await client.post<ActivatePremiumResponse>('/api/activate-premium', { sessionId });
    expect(done.status).toBe(200);
    expect(done.body.plan).toMatchObject({
      premium: true,
      trialActive: true,
      subscriptionStatus: 'trialing',
      hasUsedFreeTrial: true,
    });
    expect(done.body.plan.trialEndsAt).toBe(new Date(START.getTime() + 7 * DAY).toISOString());
    expect((await client.post('/api/activate-premium', { sessionId })).body.plan).toEqual(done.body.plan);
    const row = await rowOf(userId);
    expect(row).toMatchObject({ provider: 'stripe', status: 'trialing', hasPaymentMethod: true });
    // With a card on file the next billing is the trial's end.
    expect((await client.get('/api/subscription-details')).body).toMatchObject({
      nextBilling: done.body.plan.trialEndsAt,
      amountCents: 0,
    });
    // Already premium with a card: nothing to buy.
    expect((await client.post('/api/create-subscription')).body).toEqual({ status: 'active' });
  });

  test('a made-up or another user’s session id never reaches Stripe and grants nothing', async () => {
    const a = await newClient();
    const b = await newClient();
    const bSession = await checkout(b.client);
    stripe.completeCheckout(bSession);
    const before = stripe.requests.length;
    expect((await a.client.post('/api/activate-premium', { sessionId: bSession })).status).toBe(404);
    expect((await a.client.post('/api/activate-premium', { sessionId: 'cs_test_madeup' })).status).toBe(404);
    expect(stripe.requests.length).toBe(before);
    expect((await status(a.client)).premium).toBe(false);
  });
});

describe('webhooks', () => {
  test('a bad or missing signature answers 400 and changes nothing', async () => {
    const { client, userId } = await newClient();
    const sessionId = await checkout(client);
    stripe.completeCheckout(sessionId);
    const event = await stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!);
    const forged = await deliver(event, event.signature.replace(/v1=[0-9a-f]{4}/, 'v1=0000'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ message: 'stripe-signature: signature does not match the payload' });
    const missing = await ctx.app.request('http://localhost:3000/api/stripe/webhook', {
      method: 'POST',
      body: event.payload,
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'stripe-signature: header is missing' });
    // The signature covers the exact bytes: the same JSON re-serialised with other spacing fails.
    const reformatted = await deliver({
      payload: JSON.stringify(JSON.parse(event.payload), null, 2),
      signature: event.signature,
    });
    expect(reformatted.status).toBe(400);
    expect((await status(client)).premium).toBe(false);
    expect(await ctx.deps.db.select().from(providerEvents).where(eq(providerEvents.id, event.id))).toHaveLength(0);
    expect((await rowOf(userId))?.subscriptionId ?? null).toBeNull();
  });

  test('checkout.session.completed makes the user premium without the success page', async () => {
    const { client, userId, subId } = await subscribedUser();
    expect(await status(client)).toMatchObject({ premium: true, trialActive: true });
    expect((await rowOf(userId))!.subscriptionId).toBe(subId);
  });

  test('a duplicate delivery, sequential or concurrent, has one effect', async () => {
    const { client, userId, subId } = await subscribedUser();
    const willEnd = await stripe.signedEvent('customer.subscription.trial_will_end', stripe.subscriptions.get(subId)!);
    const mailsBefore = smtp.messages.length;
    const answers = await Promise.all([deliver(willEnd), deliver(willEnd), deliver(willEnd)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const outcomes = await Promise.all(answers.map(async (r) => (await r.json()).outcome));
    expect(outcomes.filter((o) => o !== 'duplicate')).toHaveLength(1);
    expect((await (await deliver(willEnd)).json()).outcome).toBe('duplicate');
    await smtp.waitForMail((m) => m.subject.includes('trial ends'));
    await Bun.sleep(300); // a second mail, if one were coming, would arrive by now
    const [user] = await ctx.deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const email = user!.email;
    expect(smtp.messages.slice(mailsBefore).filter((m) => m.to.includes(email))).toHaveLength(1);
    expect(await ctx.deps.db.select().from(providerEvents).where(eq(providerEvents.id, willEnd.id))).toHaveLength(1);
    expect((await status(client)).premium).toBe(true);
  });

  test('trial_will_end mails the user three days before the trial converts, with the date and the price', async () => {
    const { userId, subId, email } = await subscribedUser();
    ctx.clock.set(new Date(START.getTime() + 4 * DAY));
    await deliver(await stripe.signedEvent('customer.subscription.trial_will_end', stripe.subscriptions.get(subId)!));
    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toBe('Your LockIn Premium trial ends Tuesday, March 17, 2026');
    expect(mail.text).toContain('Hi Grace,');
    expect(mail.text).toContain('Your 7-day free trial of LockIn Premium ends on Tuesday, March 17, 2026.');
    expect(mail.text).toContain('$2.99/month');
    expect(mail.text).toContain('http://localhost:3000/manage-subscription');
    expect(mail.html).toContain('href="http://localhost:3000/manage-subscription"');
    expect((await rowOf(userId))!.status).toBe('trialing');
  });

  test('out of order: an older "updated" delivered after "deleted" does not bring the subscription back', async () => {
    const { client, subId } = await subscribedUser();
    const activeCopy = structuredClone(stripe.updateSubscription(subId, { status: 'active', trial_end: null }));
    const updated = await stripe.signedEvent('customer.subscription.updated', activeCopy);
    stripe.updateSubscription(subId, { status: 'canceled', canceled_at: Math.floor(START.getTime() / 1000) });
    const deleted = await stripe.signedEvent('customer.subscription.deleted', stripe.subscriptions.get(subId)!);
    expect((await deliver(deleted)).status).toBe(200);
    expect((await status(client)).premium).toBe(false);
    // The older event arrives late: the subscription is re-read from Stripe, still cancelled.
    expect((await deliver(updated)).status).toBe(200);
    expect(await status(client)).toMatchObject({ premium: false, subscriptionStatus: 'canceled' });
  });

  test('a late event about an old, cancelled subscription does not end the new one', async () => {
    const first = await subscribedUser();
    await first.client.post('/api/cancel-subscription'); // the trial ends, subscription 1 cancelled
    const oldDeleted = await stripe.signedEvent(
      'customer.subscription.deleted',
      stripe.subscriptions.get(first.subId)!,
    );
    const sessionId = await checkout(first.client);
    const second = stripe.completeCheckout(sessionId);
    await deliver(await stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!));
    expect(await status(first.client)).toMatchObject({
      premium: true,
      hasSubscription: true,
      subscriptionStatus: 'active',
    });
    await deliver(oldDeleted);
    expect((await rowOf(first.userId))!.subscriptionId).toBe(second.id);
    expect((await status(first.client)).premium).toBe(true);
  });

  test('invoice.paid after a renewal moves the period on; invoice.payment_failed keeps past_due premium until Stripe ends it', async () => {
    const { client, userId, subId } = await subscribedUser();
    const renewedTo = Math.floor((START.getTime() + 40 * DAY) / 1000);
    stripe.updateSubscription(subId, { status: 'active', current_period_end: renewedTo });
    const invoice = {
      id: 'in_test_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: subId } },
    };
    expect((await deliver(await stripe.signedEvent('invoice.paid', invoice))).status).toBe(200);
    expect((await rowOf(userId))!.currentPeriodEnd?.getTime()).toBe(renewedTo * 1000);
    expect(await status(client)).toMatchObject({ premium: true, hasSubscription: true, subscriptionStatus: 'active' });
    stripe.updateSubscription(subId, { status: 'past_due' });
    await deliver(await stripe.signedEvent('invoice.payment_failed', { ...invoice, id: 'in_test_2' }));
    expect(await status(client)).toMatchObject({ premium: true, subscriptionStatus: 'past_due' });
    stripe.updateSubscription(subId, { status: 'unpaid' });
    await deliver(await stripe.signedEvent('customer.subscription.updated', stripe.subscriptions.get(subId)!));
    expect(await status(client)).toMatchObject({ premium: false, subscriptionStatus: 'unpaid' });
  });

  test('events for unknown customers and of other types are recorded and ignored', async () => {
    const stray = await stripe.signedEvent('customer.subscription.updated', {
      id: 'sub_unknown',
      object: 'subscription',
      customer: 'cus_unknown',
      status: 'active',
      metadata: {},
      items: { object: 'list', data: [] },
    });
    const res = await deliver(stray);
    expect(res.status).toBe(200);
    expect((await res.json()).outcome).toBe('ignored');
    const other = await deliver(await stripe.signedEvent('charge.succeeded', { id: 'ch_1', object: 'charge' }));
    expect((await other.json()).outcome).toBe('ignored');
  });
});

describe('cancel', () => {
  test('a paid plan cancels at period end: premium until then, free after; the reason goes to Stripe too', async () => {
    const { client, userId, subId } = await subscribedUser();
    const periodEnd = Math.floor((START.getTime() + 30 * DAY) / 1000);
    stripe.updateSubscription(subId, {
      status: 'active',
      trial_end: Math.floor(START.getTime() / 1000),
      current_period_end: periodEnd,
    });
    await deliver(await stripe.signedEvent('customer.subscription.updated', stripe.subscriptions.get(subId)!));
    const res = await client.post('/api/cancel-subscription', { reason: 'Too expensive' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ premium: true, hasSubscription: true });
    expect(stripe.subscriptions.get(subId)).toMatchObject({
      cancel_at_period_end: true,
      status: 'active',
      cancellation_details: { comment: 'Too expensive' },
    });
    expect(await rowOf(userId)).toMatchObject({ cancelAtPeriodEnd: true, cancelReason: 'Too expensive' });
    expect((await client.get('/api/subscription-details')).body).toMatchObject({
      cancelAtPeriodEnd: true,
      nextBilling: null,
    });
    // The period ends: free even before Stripe's customer.subscription.deleted arrives…
    ctx.clock.set(new Date(periodEnd * 1000));
    const fresh = await signedInClient(ctx, { id: userId });
    expect(await status(fresh)).toMatchObject({ premium: false, hasSubscription: false });
    // …and still free after it.
    stripe.updateSubscription(subId, { status: 'canceled', canceled_at: periodEnd });
    await deliver(await stripe.signedEvent('customer.subscription.deleted', stripe.subscriptions.get(subId)!));
    expect(await status(fresh)).toMatchObject({ premium: false, subscriptionStatus: 'canceled' });
  });

  test('a trial is cancelled at Stripe at once and premium ends at once', async () => {
    const { client, subId } = await subscribedUser();
    expect((await client.post('/api/cancel-subscription')).body).toMatchObject({ premium: false, trialActive: false });
    expect(stripe.subscriptions.get(subId)!.status).toBe('canceled');
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${subId}` });
  });
});

describe('the demo checkout is off when Stripe is configured', () => {
  test('its procedures answer 404', async () => {
    const { client } = await newClient();
    expect((await client.query('plans.demoCheckout.get', { session: 'demo_cs_x' })).status).toBe(404);
  });
});

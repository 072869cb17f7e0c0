// The plan life cycle over HTTP with the built-in demo checkout (no Stripe configured): free →
// trial → cancel; trial expiry by moving the clock; one trial per user; paid → cancel at period
// end → free when the period ends; monthly renewal; activation that never trusts the success URL;
// the premium flag in GET /api/auth/user; 403 for free users on premium-only features; bad input.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { checkoutSessions, subscriptions, users } from '../../src/server/db/schema';
import { cancelSubscriptionImmediately } from '../../src/server/plans/plans.service';
import { decidePlanStatus } from '../../src/server/plans/plan-status';
import { FREE_PLAN_STATUS } from '../../src/shared/free-plan';
import type { PlanStatus, SubscriptionDetails } from '../../src/shared/plans';
import { type TestClient, type TestContext, TestClient as Client, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { makePremium } from '../support/plans';
import { lastMailTo } from '../support/mail-log';
import { mailDemoTrialsEnding } from '../../src/server/plans/trial-ending';

const START = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 60 * 60_000;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: START });
}, 120_000);
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.set(START));

async function newClient(): Promise<{ client: TestClient; userId: string; email: string }> {
  const user = await createUser(ctx);
  return { client: await signedInClient(ctx, user), userId: user.id, email: user.email };
}

async function status(client: TestClient): Promise<PlanStatus> {
  const res = await client.get<PlanStatus>('/api/subscription-status');
  expect(res.status).toBe(200);
  return res.body;
}

async function details(client: TestClient): Promise<SubscriptionDetails> {
  const res = await client.get<SubscriptionDetails>('/api/subscription-details');
  expect(res.status).toBe(200);
  return res.body;
}

async function premiumFlag(client: TestClient): Promise<boolean> {
  const res = await client.get<{ premium: boolean }>('/api/auth/user');
  expect(res.status).toBe(200);
  return res.body.premium;
}

/** create-subscription → the demo checkout URL's session id. */
async function startCheckout(client: TestClient): Promise<string> {
  const res = await client.post<{ checkoutUrl: string }>('/api/create-subscription');
  expect(res.status).toBe(200);
  const url = new URL(res.body.checkoutUrl);
  expect(url.origin).toBe('http://localhost:3000');
  expect(url.pathname).toBe('/demo-checkout');
  return url.searchParams.get('session')!;
}

async function completeCheckout(client: TestClient, session: string) {
  return client.mutate('plans.demoCheckout.complete', { session });
}

/** The whole demo flow: checkout, the demo page's button, the success page's activation. */
async function subscribe(client: TestClient): Promise<string> {
  const session = await startCheckout(client);
  expect((await completeCheckout(client, session)).status).toBe(200);
  const activated = await client.post('/api/activate-premium', { sessionId: session });
  expect(activated.status).toBe(200);
  expect(activated.body.premium).toBe(true);
  return session;
}

describe('visitors', () => {
  test('every plan call answers 401 and nothing is created', async () => {
    const anonymous = new Client(ctx.app);
    for (const [method, path] of [
      ['GET', '/api/subscription-status'],
      ['GET', '/api/subscription-details'],
      ['POST', '/api/create-subscription'],
      ['POST', '/api/activate-premium'],
      ['POST', '/api/cancel-subscription'],
    ] as const) {
      const res = await anonymous.request(method, path);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect(res.body.message).toBe('Not signed in');
    }
    expect((await anonymous.query('plans.demoCheckout.get', { session: 'demo_cs_x' })).status).toBe(401);
  });
});

describe('free user', () => {
  test('status has every flag false/null and details are empty', async () => {
    const { client } = await newClient();
    expect(await status(client)).toEqual(FREE_PLAN_STATUS);
    expect(await details(client)).toEqual({
      nextBilling: null,
      status: null,
      trialActive: false,
      trialEndsAt: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      hasPaymentMethod: false,
      amountCents: 0,
      provider: null,
    });
    expect(await premiumFlag(client)).toBe(false);
    const cancel = await client.post('/api/cancel-subscription');
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('You have no subscription to cancel');
  });

  test('an account being deleted opens no checkout (409), and its open one can no longer be completed', async () => {
    const { client, userId: id } = await newClient();
    const open = await startCheckout(client);
    // What account deletion does first: from here no checkout opens; deletion then expires the open one.
    await ctx.deps.db.update(users).set({ deletingAt: ctx.clock.now() }).where(eq(users.id, id));
    const res = await client.post('/api/create-subscription');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This account is being deleted, so no checkout was opened.');
    await cancelSubscriptionImmediately(ctx.deps, id);
    expect((await completeCheckout(client, open)).status).toBe(409);
    await ctx.deps.db.update(users).set({ deletingAt: null }).where(eq(users.id, id));
  });

  test('a subscription stuck unpaid, paused or incomplete shows free and can be paid through a new checkout', async () => {
    for (const stuck of ['unpaid', 'paused', 'incomplete']) {
      const { client, userId } = await newClient();
      await ctx.deps.db.insert(subscriptions).values({
        userId,
        provider: 'demo',
        subscriptionId: `demo_sub_${stuck}`,
        status: stuck,
        hasUsedTrial: true,
        currentPeriodEnd: new Date(ctx.clock.now().getTime() + 86_400_000),
      });
      expect((await status(client)).premium).toBe(false);
      const session = await startCheckout(client);
      expect((await client.query<{ mode: string }>('plans.demoCheckout.get', { session })).body.mode).toBe('paid');
      expect((await completeCheckout(client, session)).status).toBe(200);
      expect((await status(client)).premium).toBe(true);
    }
  });

  test('the first checkout is a 7-day trial on the demo page', async () => {
    const { client, email } = await newClient();
    const session = await startCheckout(client);
    const view = await client.query('plans.demoCheckout.get', { session });
    expect(view.status).toBe(200);
    expect(view.body).toEqual({ id: session, mode: 'trial', status: 'open', email, trialEndsAt: null });
    // Opening the checkout grants nothing.
    expect((await status(client)).premium).toBe(false);
  });
});

describe('trial', () => {
  test('free → trial → cancel: premium at once, then free at once; the reason is stored', async () => {
    const { client, userId } = await newClient();
    const session = await subscribe(client);
    const trial = await status(client);
    expect(trial).toEqual({
      premium: true,
      trialActive: true,
      trialExpired: false,
      trialEndsAt: new Date(START.getTime() + 7 * DAY).toISOString(),
      hasSubscription: false,
      subscriptionStatus: 'trialing',
      hasUsedFreeTrial: true,
    });
    expect(await premiumFlag(client)).toBe(true);
    const d = await details(client);
    expect(d).toMatchObject({
      status: 'trialing',
      trialActive: true,
      nextBilling: null,
      hasPaymentMethod: false,
      amountCents: 0,
      provider: 'demo',
    });

    // Activation is idempotent: a second call (a reload of the success page) changes nothing.
    const again = await client.post('/api/activate-premium', { sessionId: session });
    expect(again.status).toBe(200);
    expect(again.body.plan).toEqual(trial);

    // Already on a trial without a payment method: checkout is still offered (Add Payment Method).
    expect((await client.post('/api/create-subscription')).body.checkoutUrl).toContain('/demo-checkout?session=');

    const cancelled = await client.post('/api/cancel-subscription', { reason: '  Too busy this month  ' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      premium: false,
      trialActive: false,
      trialExpired: false,
      hasUsedFreeTrial: true,
    });
    expect(await premiumFlag(client)).toBe(false);
    const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row!.cancelReason).toBe('Too busy this month');
    expect(row!.status).toBe('canceled');
    expect(row!.canceledAt?.toISOString()).toBe(START.toISOString());
  });

  test('three days before a trial with a card converts, one mail with the date, the price and a cancel link', async () => {
    const { client, email } = await newClient();
    await subscribe(client);
    // Add Payment Method: the trial will convert.
    const card = await startCheckout(client);
    expect((await completeCheckout(client, card)).status).toBe(200);
    const mailed = () => ctx.log.lines.filter((l) => l.includes(`To: ${email}\n`) && l.includes('trial ends')).length;

    ctx.clock.set(new Date(START.getTime() + 4 * DAY - 60_000));
    await mailDemoTrialsEnding(ctx.deps);
    expect(mailed()).toBe(0);
    ctx.clock.set(new Date(START.getTime() + 4 * DAY + 60_000));
    await mailDemoTrialsEnding(ctx.deps);
    expect(mailed()).toBe(1);
    const mail = lastMailTo(ctx, email) ?? '';
    expect(mail).toContain('Subject: Your LockIn Premium trial ends Tuesday, March 17, 2026');
    expect(mail).toContain('ends on Tuesday, March 17, 2026');
    expect(mail).toContain('$2.99/month');
    expect(mail).toContain('no card is charged');
    expect(mail).toContain('http://localhost:3000/manage-subscription?cancel=1');
    // Once: a later sweep (or another process's) sends nothing more.
    await mailDemoTrialsEnding(ctx.deps);
    expect(mailed()).toBe(1);
  });

  test('a trial without a card, or one being cancelled, gets no trial-ending mail (nothing will be charged)', async () => {
    const { client, email } = await newClient();
    await subscribe(client);
    ctx.clock.set(new Date(START.getTime() + 5 * DAY));
    await mailDemoTrialsEnding(ctx.deps);
    expect(lastMailTo(ctx, email) ?? '').not.toContain('trial ends');
  });

  test('a trial without a payment method expires to free with trialExpired when the clock passes its end', async () => {
    const { client } = await newClient();
    await subscribe(client);
    ctx.clock.set(new Date(START.getTime() + 7 * DAY - 1000));
    expect((await status(client)).trialActive).toBe(true);
    ctx.clock.set(new Date(START.getTime() + 7 * DAY));
    const expired = await status(client);
    expect(expired).toMatchObject({
      premium: false,
      trialActive: false,
      trialExpired: true,
      hasSubscription: false,
      hasUsedFreeTrial: true,
    });
    expect(await premiumFlag(client)).toBe(false);
    expect((await details(client)).nextBilling).toBeNull();
    // Cancelling an expired trial: nothing to cancel.
    expect((await client.post('/api/cancel-subscription')).status).toBe(409);
  });

  test('a second trial is refused: the next checkout is paid, and the completed trial session changes nothing again', async () => {
    const { client } = await newClient();
    const first = await subscribe(client);
    await client.post('/api/cancel-subscription');
    const second = await startCheckout(client);
    expect((await client.query('plans.demoCheckout.get', { session: second })).body.mode).toBe('paid');
    const replay = await completeCheckout(client, first);
    expect(replay.status).toBe(200);
    expect((await status(client)).premium).toBe(false);
  });

  test('one open checkout per user: a second request hands back the open one, completed at once it gives one trial', async () => {
    const { client, userId } = await newClient();
    const a = await startCheckout(client);
    const b = await startCheckout(client);
    expect(b).toBe(a);
    const results = await Promise.all([completeCheckout(client, a), completeCheckout(client, a)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const sessions = await ctx.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.status).toBe('complete');
    expect((await status(client)).trialActive).toBe(true);
  });

  test('a checkout left open for something else is expired by a new one and can no longer complete', async () => {
    const { client, userId } = await newClient();
    const spare = 'demo_cs_spare_paid';
    await ctx.deps.db
      .insert(checkoutSessions)
      .values({ id: spare, userId, provider: 'demo', mode: 'paid', createdAt: START });
    const first = await startCheckout(client);
    // The new checkout expired the stray one: it can no longer be completed.
    expect((await completeCheckout(client, first)).status).toBe(200);
    const replay = await completeCheckout(client, spare);
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe('This checkout session has been cancelled. Start again from the subscribe page.');
  });

  test('Add Payment Method during a trial keeps the trial: the card joins it and billing starts when it ends', async () => {
    const { client, userId } = await newClient();
    await subscribe(client);
    ctx.clock.set(new Date(START.getTime() + 2 * DAY));
    expect((await details(client)).nextBilling).toBeNull();
    const card = await startCheckout(client);
    const view = await client.query('plans.demoCheckout.get', { session: card });
    expect(view.body).toMatchObject({ mode: 'card', trialEndsAt: '2026-03-17T12:00:00.000Z' });
    expect((await completeCheckout(client, card)).status).toBe(200);
    const activated = await client.post('/api/activate-premium', { sessionId: card });
    expect(activated.status).toBe(200);
    // The trial runs on to its end: nothing is charged before then.
    expect(await status(client)).toMatchObject({ premium: true, trialActive: true, hasSubscription: false });
    expect(await details(client)).toMatchObject({
      trialActive: true,
      trialEndsAt: '2026-03-17T12:00:00.000Z',
      nextBilling: '2026-03-17T12:00:00.000Z',
      hasPaymentMethod: true,
      amountCents: 0,
    });
    // One subscription, the trial's own.
    const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row?.status).toBe('trialing');
    // With a card there is nothing left to buy.
    expect((await client.post('/api/create-subscription')).body).toEqual({ status: 'active' });

    // The trial ends: the paid plan takes over and renews monthly from that day.
    ctx.clock.set(new Date('2026-03-20T12:00:00Z'));
    expect(await status(client)).toMatchObject({
      premium: true,
      trialActive: false,
      trialExpired: false,
      hasSubscription: true,
      subscriptionStatus: 'active',
    });
    expect(await details(client)).toMatchObject({ nextBilling: '2026-04-17T12:00:00.000Z', amountCents: 299 });
    // Cancelling now keeps Premium to the end of the period that runs, then ends it.
    expect((await client.post('/api/cancel-subscription')).status).toBe(200);
    expect(await details(client)).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2026-04-17T12:00:00.000Z',
    });
    ctx.clock.set(new Date('2026-04-18T12:00:00Z'));
    const [ended] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(decidePlanStatus(ended, ctx.clock.now()).premium).toBe(false);
  });

  test('a card checkout whose trial ended meanwhile adds nothing', async () => {
    const { client } = await newClient();
    await subscribe(client);
    const card = await startCheckout(client);
    ctx.clock.set(new Date(START.getTime() + 8 * DAY));
    const res = await completeCheckout(client, card);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Your trial is no longer running, so there is no trial to add a card to. Start again from the subscribe page.',
    );
    expect(await status(client)).toMatchObject({ premium: false, trialExpired: true });
  });
});

describe('paid plan', () => {
  async function paidClient() {
    const c = await newClient();
    await subscribe(c.client);
    await c.client.post('/api/cancel-subscription'); // uses up the trial
    await subscribe(c.client); // the paid plan
    return c;
  }

  test('renews monthly until cancelled; cancel keeps premium to the period end, then free', async () => {
    const paid = await paidClient();
    const { userId } = paid;
    let client = paid.client;
    // Sessions end after 30 idle days: sign in again after each jump of the clock.
    const travel = async (to: string) => {
      ctx.clock.set(new Date(to));
      client = await signedInClient(ctx, { id: userId });
    };
    expect(await details(client)).toMatchObject({
      status: 'active',
      nextBilling: '2026-04-10T12:00:00.000Z',
      amountCents: 299,
    });
    // A month later the demo plan has renewed itself.
    await travel('2026-04-20T00:00:00Z');
    expect(await status(client)).toMatchObject({ premium: true, hasSubscription: true });
    expect((await details(client)).nextBilling).toBe('2026-05-10T12:00:00.000Z');

    const cancelled = await client.post('/api/cancel-subscription', { reason: 'Switching apps' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ premium: true, hasSubscription: true });
    const d = await details(client);
    expect(d).toMatchObject({
      cancelAtPeriodEnd: true,
      nextBilling: null,
      currentPeriodEnd: '2026-05-10T12:00:00.000Z',
    });
    // Cancelling twice is refused and changes nothing.
    const twice = await client.post('/api/cancel-subscription');
    expect(twice.status).toBe(409);
    expect(
      (await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!.cancelReason,
    ).toBe('Switching apps');

    await travel('2026-05-10T11:59:59Z');
    expect((await status(client)).premium).toBe(true);
    await travel('2026-05-10T12:00:00Z');
    const after = await status(client);
    expect(after).toMatchObject({
      premium: false,
      hasSubscription: false,
      trialExpired: false,
      subscriptionStatus: 'canceled',
    });
    expect(await premiumFlag(client)).toBe(false);
    // Free again: the next checkout is paid (the trial was used).
    const session = await startCheckout(client);
    expect((await client.query('plans.demoCheckout.get', { session })).body.mode).toBe('paid');
  });
});

describe('activation never trusts the success URL', () => {
  test('a made-up session id, another user’s session and an unfinished session grant nothing', async () => {
    const a = await newClient();
    const b = await newClient();
    const bSession = await startCheckout(b.client);
    const made = await a.client.post('/api/activate-premium', { sessionId: 'demo_cs_madeup' });
    expect(made.status).toBe(404);
    expect(made.body.message).toBe('Checkout session not found');
    expect((await a.client.post('/api/activate-premium', { sessionId: bSession })).status).toBe(404);
    // Another user's session cannot be read, completed or cancelled either.
    expect((await a.client.query('plans.demoCheckout.get', { session: bSession })).status).toBe(404);
    expect((await completeCheckout(a.client, bSession)).status).toBe(404);
    expect((await a.client.mutate('plans.demoCheckout.cancel', { session: bSession })).status).toBe(404);
    // b's own, unfinished: 409, still free.
    const open = await b.client.post('/api/activate-premium', { sessionId: bSession });
    expect(open.status).toBe(409);
    expect(open.body.message).toBe('Checkout is not complete yet');
    expect((await status(a.client)).premium).toBe(false);
    expect((await status(b.client)).premium).toBe(false);
  });

  test('a cancelled demo checkout cannot be completed afterwards', async () => {
    const { client } = await newClient();
    const session = await startCheckout(client);
    expect((await client.mutate('plans.demoCheckout.cancel', { session })).status).toBe(200);
    const late = await completeCheckout(client, session);
    expect(late.status).toBe(409);
    expect((await client.post('/api/activate-premium', { sessionId: session })).status).toBe(409);
    expect((await status(client)).premium).toBe(false);
  });

  test('without a session id the latest own checkout is confirmed (the spec sends no body)', async () => {
    const { client } = await newClient();
    const session = await startCheckout(client);
    await completeCheckout(client, session);
    const res = await client.post('/api/activate-premium');
    expect(res.status).toBe(200);
    expect(res.body.premium).toBe(true);
  });
});

describe('limits and the Stripe-only webhook', () => {
  test('checkouts are bounded per user: the 31st within an hour answers 429', async () => {
    const { client } = await newClient();
    for (let i = 0; i < 30; i++) expect((await client.post('/api/create-subscription')).status).toBe(200);
    const refused = await client.post('/api/create-subscription');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    ctx.clock.set(new Date(START.getTime() + 61 * 60_000));
    expect((await client.post('/api/create-subscription')).status).toBe(200);
  });

  test('without Stripe the webhook path answers 404 and records nothing', async () => {
    const res = await new Client(ctx.app).request(
      'POST',
      '/api/stripe/webhook',
      { id: 'evt_1', type: 'checkout.session.completed' },
      { 'stripe-signature': 't=1,v1=00' },
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Stripe is not configured' });
  });
});

describe('bad input', () => {
  test('400 naming the field, nothing changes', async () => {
    const { client } = await newClient();
    await subscribe(client);
    const long = await client.post('/api/cancel-subscription', { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Reason must be at most 500 characters');
    const nul = await client.post('/api/cancel-subscription', { reason: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe('Reason must not contain NUL characters');
    const badId = await client.post('/api/activate-premium', { sessionId: '../../etc' });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toStartWith('Session ID ');
    const json = await client.request('POST', '/api/cancel-subscription', '{not json');
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('The request body must be valid JSON');
    expect((await client.query('plans.demoCheckout.get', { session: '' })).status).toBe(400);
    expect((await status(client)).trialActive).toBe(true);
  });
});

describe('premium-only features', () => {
  test('AI suggestions (a real premium feature) follow the life cycle: 403 free, 200 on a trial, 403 once it expired', async () => {
    const { client } = await newClient();
    const ask = () =>
      client.post('/api/ai-suggestions', {
        tasks: [{ title: 'Draft the report', category: 'Work' }],
        categories: ['Work'],
      });
    const free = await ask();
    expect(free.status).toBe(403);
    expect(typeof free.body.message).toBe('string');
    await subscribe(client);
    expect((await ask()).status).toBe(200);
    ctx.clock.set(new Date(START.getTime() + 7 * DAY));
    expect((await ask()).status).toBe(403);
  });

  test('the 11th bank task: 403 for a free user, allowed on a trial, 403 again once the trial expired', async () => {
    const { client } = await newClient();
    for (let i = 0; i < 10; i++)
      expect((await client.mutate('tasks.bank.create', { id: `t${i}`, title: `T${i}` })).status).toBe(200);
    const refused = await client.mutate('tasks.bank.create', { id: 't10', title: 'T10' });
    expect(refused.status).toBe(403);
    await subscribe(client);
    expect((await client.mutate('tasks.bank.create', { id: 't10', title: 'T10' })).status).toBe(200);
    ctx.clock.set(new Date(START.getTime() + 7 * DAY));
    expect((await client.mutate('tasks.bank.create', { id: 't11', title: 'T11' })).status).toBe(403);
  });
});

describe('cancelSubscriptionImmediately (account deletion)', () => {
  test('ends a paid plan at once, and does nothing for a free user', async () => {
    const paid = await newClient();
    await makePremium(ctx.deps, paid.userId, 'active');
    await cancelSubscriptionImmediately(ctx.deps, paid.userId);
    expect(await status(paid.client)).toMatchObject({ premium: false, subscriptionStatus: 'canceled' });
    const real = await newClient();
    await subscribe(real.client);
    await cancelSubscriptionImmediately(ctx.deps, real.userId);
    expect(await status(real.client)).toMatchObject({ premium: false, subscriptionStatus: 'canceled' });
    const free = await newClient();
    await cancelSubscriptionImmediately(ctx.deps, free.userId);
    expect(await status(free.client)).toEqual(FREE_PLAN_STATUS);
  });
});

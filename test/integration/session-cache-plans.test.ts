// The subscription row behind `premium` is cached beside the session, so GET /api/auth/user makes
// no query, and every subscription write in this process drops it at once: checkout, activation,
// cancel, a Stripe webhook. The trigger's NOTIFY is switched off where that is what is shown, so
// the answers prove the in-process drop, not the notification. Time passing needs no drop: the
// plan is decided from the cached row and the request's clock. Runs on PGlite and (TEST_DATABASE_URL)
// on PostgreSQL; two processes are in session-cache-processes.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { sessionCache } from '../../src/server/accounts/session-cache';
import { subscriptions } from '../../src/server/db/schema';
import { forgetCachedPlan, getPlanStatus } from '../../src/server/plans/plan-status';
import { type TestClient, type TestContext, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { withTriggersOff } from '../support/notify-triggers';
import { startStripeContext, type StripeStandIn } from '../support/stripe-standin';

const START = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 60 * 60_000;
const WEBHOOK_SECRET = 'whsec_test_plan_cache';

let demo: TestContext;
let withStripe: TestContext;
let stripe: StripeStandIn;

let closeStripe: () => Promise<void>;

beforeAll(async () => {
  demo = await createTestContext({ now: START });
  ({
    ctx: withStripe,
    stripe,
    close: closeStripe,
  } = await startStripeContext({
    webhookSecret: WEBHOOK_SECRET,
    now: START,
    env: { APP_URL: 'http://localhost:3000' },
  }));
}, 120_000);
afterAll(async () => {
  await demo.close();
  await closeStripe();
});

async function signedIn(ctx: TestContext): Promise<{ client: TestClient; userId: string }> {
  const user = await createUser(ctx);
  const client = await signedInClient(ctx, user);
  return { client, userId: user.id };
}

async function premium(client: TestClient): Promise<boolean> {
  const res = await client.get<{ premium: boolean }>('/api/auth/user');
  expect(res.status).toBe(200);
  return res.body.premium;
}

/** Runs `body` with the subscriptions trigger off: only the in-process drop can tell the cache. */
const withoutNotify = (ctx: TestContext, body: () => Promise<void>) =>
  withTriggersOff(ctx.deps.db, [['subscriptions', 'subscriptions_notify_changed']], body);

const cachedRow = (ctx: TestContext, userId: string) => sessionCache.getPlan(ctx.deps.db, userId);

/** create-subscription → the demo page's button → the success page's activation. */
async function demoSubscribe(client: TestClient): Promise<void> {
  const created = await client.post<{ checkoutUrl: string }>('/api/create-subscription');
  expect(created.status).toBe(200);
  const session = new URL(created.body.checkoutUrl).searchParams.get('session')!;
  expect(await premium(client)).toBe(false); // opening a checkout grants nothing
  expect((await client.mutate('plans.demoCheckout.complete', { session })).status).toBe(200);
  expect(await premium(client)).toBe(true); // the demo page's confirmation already shows
  const activated = await client.post<{ premium: boolean }>('/api/activate-premium', { sessionId: session });
  expect(activated.status).toBe(200);
  expect(activated.body.premium).toBe(true);
}

describe('the plan beside the session', () => {
  test('GET /api/auth/user answers premium from the cache, without reading subscriptions', async () => {
    const { client, userId } = await signedIn(demo);
    expect(await premium(client)).toBe(false);
    expect(cachedRow(demo, userId)?.row).toBeNull(); // a free user's absence of a row is cached too
    await withoutNotify(demo, async () => {
      // Written behind the app's back with the trigger off: nothing tells the cache, so an
      // answer that still says free came from it, not from a round trip.
      await demo.deps.db.insert(subscriptions).values({
        userId,
        provider: 'demo',
        status: 'active',
        currentPeriodEnd: new Date(START.getTime() + 30 * DAY),
        hasPaymentMethod: true,
      });
      expect(await premium(client)).toBe(false);
    });
    forgetCachedPlan(userId);
    expect(await premium(client)).toBe(true);
    expect(cachedRow(demo, userId)?.row?.status).toBe('active');
  });

  test('checkout, activation and cancel each show on the very next request', async () => {
    const { client, userId } = await signedIn(demo);
    await withoutNotify(demo, async () => {
      await demoSubscribe(client);
      // A trial: cancelling ends it at once.
      expect((await client.post('/api/cancel-subscription')).status).toBe(200);
      expect(await premium(client)).toBe(false);
      // Paid this time (the trial is used): premium again at once, then cancelling keeps it to the period's end.
      await demoSubscribe(client);
      expect((await client.post('/api/cancel-subscription')).status).toBe(200);
      expect(await premium(client)).toBe(true);
      expect(
        (await client.get<{ cancelAtPeriodEnd: boolean }>('/api/subscription-details')).body.cancelAtPeriodEnd,
      ).toBe(true);
    });
    // Those writes' commits were never announced (trigger off), so the row is still read afresh
    // each time rather than cached (the marks lapse after the TTL): a slower answer, never a stale one.
    await premium(client);
    expect(cachedRow(demo, userId)).toBeUndefined();
  });

  test('with notifications on, a write is announced and the new row is cached again', async () => {
    const { client, userId } = await signedIn(demo);
    expect(await premium(client)).toBe(false);
    await demoSubscribe(client);
    expect(await eventuallyCached(demo, userId)).toBe(true);
    expect(cachedRow(demo, userId)?.row?.status).toBe('trialing');
    // Straight SQL, as an operator would: the trigger tells the cache.
    await demo.deps.db.execute(sql`update subscriptions set status = 'canceled' where user_id = ${userId}`);
    expect(await eventually(async () => (await premium(client)) === false)).toBe(true);
  });

  test('a trial ends by the clock: the cached row is judged at each request’s time', async () => {
    const { client, userId } = await signedIn(demo);
    await demoSubscribe(client); // a 7-day trial without a payment method
    expect(await eventuallyCached(demo, userId)).toBe(true);
    try {
      demo.clock.set(new Date(START.getTime() + 7 * DAY - 60_000));
      expect(await premium(client)).toBe(true);
      demo.clock.set(new Date(START.getTime() + 7 * DAY + 1));
      expect(await premium(client)).toBe(false);
      expect(cachedRow(demo, userId)?.row?.status).toBe('trialing'); // no write, no drop: the same row
    } finally {
      demo.clock.set(START);
    }
  });

  test('a paid plan cancelled at period end stays premium until the period ends, then not', async () => {
    const { client, userId } = await signedIn(demo);
    await demoSubscribe(client);
    expect((await client.post('/api/cancel-subscription')).status).toBe(200); // trial over
    await demoSubscribe(client); // paid, period to START + 1 month
    expect((await client.post('/api/cancel-subscription')).status).toBe(200);
    expect(await eventuallyCached(demo, userId)).toBe(true);
    const end = new Date(cachedRow(demo, userId)!.row!.currentPeriodEnd!);
    try {
      // A month on the session would have expired: ask the plan rule directly, as every premium check does.
      demo.clock.set(new Date(end.getTime() - 1));
      expect((await getPlanStatus(demo.deps, userId)).premium).toBe(true);
      demo.clock.set(end);
      expect((await getPlanStatus(demo.deps, userId)).premium).toBe(false);
      expect(cachedRow(demo, userId)?.row?.cancelAtPeriodEnd).toBe(true);
    } finally {
      demo.clock.set(START);
    }
  });

  test('a Stripe webhook that ends the subscription shows on the next request', async () => {
    const { client, userId } = await signedIn(withStripe);
    const created = await client.post<{ checkoutUrl: string }>('/api/create-subscription');
    expect(created.status).toBe(200);
    const sessionId = created.body.checkoutUrl.split('/').pop()!;
    expect(await premium(client)).toBe(false);
    expect(cachedRow(withStripe, userId) !== undefined).toBe(true);
    await withoutNotify(withStripe, async () => {
      const sub = stripe.completeCheckout(sessionId, { paymentMethod: true });
      const completed = await stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!);
      expect((await deliver(completed)).status).toBe(200);
      expect(await premium(client)).toBe(true);
      stripe.updateSubscription(sub.id as string, {
        status: 'canceled',
        canceled_at: Math.floor(START.getTime() / 1000),
      });
      const deleted = await stripe.signedEvent('customer.subscription.deleted', stripe.subscriptions.get(sub.id)!);
      expect((await deliver(deleted)).status).toBe(200);
      expect(await premium(client)).toBe(false);
    });
  });

  test('the plan cache is bounded like the sessions beside it', async () => {
    const { client } = await signedIn(demo);
    await premium(client);
    expect(sessionCache.planSize).toBeGreaterThan(0);
    expect(sessionCache.planSize).toBeLessThanOrEqual(10_000);
  });
});

async function deliver(event: { payload: string; signature: string }) {
  return withStripe.app.request('http://localhost:3000/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
}

/** Waits (up to a second) for a NOTIFY: PGlite delivers at once, PostgreSQL within milliseconds. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 1000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await Bun.sleep(10);
  }
}

/** Reads the plan until it is cached again (once the write's commit has been announced). */
function eventuallyCached(ctx: TestContext, userId: string): Promise<boolean> {
  return eventually(async () => {
    await getPlanStatus(ctx.deps, userId);
    return cachedRow(ctx, userId) !== undefined;
  });
}

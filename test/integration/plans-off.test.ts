// A production start without Stripe and without DEMO_CHECKOUT=true has no payment provider: the
// demo checkout would hand out Premium for nothing, so buying is refused with a 503 that says why,
// and the client learns it from plans.payments.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { checkoutSessions, subscriptions } from '../../src/server/db/schema';
import { endDemoPlansWhenDemoIsOff } from '../../src/server/plans/demo-off';
import type { SubscriptionDetails } from '../../src/shared/plans';
import { PAYMENT_MESSAGES } from '../../src/server/plans/payments';
import { type TestContext, TestClient, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';

let production: TestContext;
let demo: TestContext;

beforeAll(async () => {
  production = await createTestContext({ env: { NODE_ENV: 'production', MAIL_TO_LOG: 'true' } });
  demo = await createTestContext({ env: { NODE_ENV: 'production', MAIL_TO_LOG: 'true', DEMO_CHECKOUT: 'true' } });
}, 120_000);
afterAll(async () => {
  await production.close();
  await demo.close();
});

test('production without Stripe: create-subscription answers 503 with a message and opens nothing', async () => {
  const client = await signedInClient(production, await createUser(production));
  const res = await client.post('/api/create-subscription');
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ message: PAYMENT_MESSAGES.off });
  const trpc = await client.mutate('plans.createSubscription');
  expect(trpc.status).toBe(503);
  expect((await client.get('/api/subscription-status')).body.premium).toBe(false);
  expect(await production.deps.db.select().from(checkoutSessions)).toHaveLength(0);
  // The demo page's calls are gone too.
  expect((await client.mutate('plans.demoCheckout.complete', { session: 'demo_cs_x' })).status).toBe(404);
});

test('plans.payments tells visitors and users which checkout runs: none, demo', async () => {
  expect((await new TestClient(production.app).query('plans.payments')).body).toEqual({ provider: null });
  expect((await new TestClient(demo.app).query('plans.payments')).body).toEqual({ provider: 'demo' });
});

test('production with DEMO_CHECKOUT=true keeps the demo checkout', async () => {
  const client = await signedInClient(demo, await createUser(demo));
  const res = await client.post<{ checkoutUrl: string }>('/api/create-subscription');
  expect(res.status).toBe(200);
  expect(new URL(res.body.checkoutUrl).pathname).toBe('/demo-checkout');
});

describe('demo plans once the demo checkout is off', () => {
  const DAY = 86_400_000;
  async function demoUser(row: Partial<typeof subscriptions.$inferInsert>) {
    const user = await createUser(production);
    await production.deps.db.insert(subscriptions).values({
      userId: user.id,
      provider: 'demo',
      subscriptionId: `demo_sub_${user.id}`,
      hasUsedTrial: true,
      ...row,
    });
    return { user, client: await signedInClient(production, user) };
  }

  test('a paid demo plan ends at its next renewal instead of renewing for free, and Manage Account says so', async () => {
    const now = production.clock.now();
    // Bought two and a half months ago: it renewed itself twice; the running period ends in about two weeks.
    const { client } = await demoUser({
      status: 'active',
      hasPaymentMethod: true,
      currentPeriodEnd: new Date(now.getTime() - 75 * DAY + 30 * DAY),
    });
    const before = (await client.get<SubscriptionDetails>('/api/subscription-details')).body;
    expect(before.cancelAtPeriodEnd).toBe(false);
    const renewal = Date.parse(before.currentPeriodEnd ?? '');
    expect(renewal).toBeGreaterThan(now.getTime());

    expect(await endDemoPlansWhenDemoIsOff(production.deps)).toBeGreaterThanOrEqual(1);
    const after = (await client.get<SubscriptionDetails>('/api/subscription-details')).body;
    expect(after).toMatchObject({ cancelAtPeriodEnd: true, nextBilling: null, endsWithDemo: true });
    expect(Date.parse(after.currentPeriodEnd ?? '')).toBe(renewal);
    expect((await client.get('/api/subscription-status')).body.premium).toBe(true);
    // Run again (another process, another start): nothing changes.
    expect(await endDemoPlansWhenDemoIsOff(production.deps)).toBe(0);

    production.clock.set(new Date(renewal + 1000));
    try {
      expect((await client.get('/api/subscription-status')).body.premium).toBe(false);
    } finally {
      production.clock.set(now);
    }
  });

  test('a demo trial with a card ends with the trial instead of converting', async () => {
    const now = production.clock.now();
    const trialEndsAt = new Date(now.getTime() + 2 * DAY);
    const { client } = await demoUser({
      status: 'trialing',
      hasPaymentMethod: true,
      trialEndsAt,
      currentPeriodEnd: trialEndsAt,
    });
    await endDemoPlansWhenDemoIsOff(production.deps);
    expect((await client.get<SubscriptionDetails>('/api/subscription-details')).body).toMatchObject({
      trialActive: true,
      nextBilling: null,
      endsWithDemo: true,
    });
    production.clock.set(new Date(trialEndsAt.getTime() + 1000));
    try {
      expect((await client.get('/api/subscription-status')).body.premium).toBe(false);
    } finally {
      production.clock.set(now);
    }
  });

  test('a demo plan can still be cancelled with payments off (no 503)', async () => {
    const now = production.clock.now();
    const { client } = await demoUser({
      status: 'active',
      hasPaymentMethod: true,
      currentPeriodEnd: new Date(now.getTime() + 10 * DAY),
    });
    const res = await client.post('/api/cancel-subscription');
    expect(res.status).toBe(200);
    expect((await client.get<SubscriptionDetails>('/api/subscription-details')).body.cancelAtPeriodEnd).toBe(true);
  });
});

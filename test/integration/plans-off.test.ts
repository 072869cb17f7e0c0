// A production start without Stripe and without DEMO_CHECKOUT=true has no payment provider: the
// demo checkout would hand out Premium for nothing, so buying is refused with a 503 that says why,
// and the client learns it from plans.payments.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { checkoutSessions } from '../../src/server/db/schema';
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

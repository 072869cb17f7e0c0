// Account deletion with a Stripe subscription: the real Stripe SDK, pointed at a local stand-in
// of Stripe's HTTP API, is asked to cancel at once before anything is deleted; when Stripe fails,
// the account stays whole.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { subscriptions, users } from '../../src/server/db/schema';
import { type TestContext, createTestContext } from '../support/app';
import { tracesOf } from '../support/data';
import { createUser, signedInClient } from '../support/factories';

let ctx: TestContext;
let stripe: ReturnType<typeof Bun.serve>;
const calls: string[] = [];
let failing = false;

beforeAll(async () => {
  stripe = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url);
      calls.push(`${req.method} ${url.pathname}`);
      if (failing) return Response.json({ error: { type: 'api_error', message: 'Stripe is down' } }, { status: 500 });
      const match = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
      if (req.method === 'DELETE' && match) {
        const now = Math.floor(Date.now() / 1000);
        return Response.json({
          id: match[1],
          object: 'subscription',
          customer: 'cus_standin',
          status: 'canceled',
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: now,
          trial_end: null,
          default_payment_method: 'pm_1',
          items: { object: 'list', data: [{ id: 'si_1', current_period_end: now }] },
          metadata: {},
        });
      }
      return Response.json(
        { error: { type: 'invalid_request_error', message: `no route ${req.method} ${url.pathname}` } },
        { status: 404 },
      );
    },
  });
  ctx = await createTestContext({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PRICE_ID: 'price_standin',
      STRIPE_API_BASE: `http://127.0.0.1:${stripe.port}`,
    },
  });
}, 120_000);

afterAll(async () => {
  await ctx.close();
  stripe.stop(true);
});

async function stripeUser(subscriptionId: string) {
  const user = await createUser(ctx);
  await ctx.deps.db.insert(subscriptions).values({
    userId: user.id,
    provider: 'stripe',
    customerId: 'cus_standin',
    subscriptionId,
    status: 'active',
    currentPeriodEnd: new Date(ctx.clock.now().getTime() + 20 * 86_400_000),
    hasPaymentMethod: true,
  });
  return { user, client: await signedInClient(ctx, user) };
}

test('a live Stripe subscription is cancelled at once, then every row goes', async () => {
  calls.length = 0;
  const { user, client } = await stripeUser('sub_live_1');
  const res = await client.delete('/api/auth/account', { email: user.email });
  expect(res.status).toBe(200);
  expect(calls).toEqual(['DELETE /v1/subscriptions/sub_live_1']);
  expect(Object.values(await tracesOf(ctx, user)).every((n) => n === 0)).toBe(true);
});

test('when Stripe cannot cancel, nothing is deleted and the answer says why', async () => {
  calls.length = 0;
  failing = true;
  try {
    const { user, client } = await stripeUser('sub_live_2');
    const res = await client.delete('/api/auth/account', { email: user.email });
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      'Your subscription could not be cancelled, so your account was not deleted. Please try again in a few minutes.',
    );
    expect(calls.length).toBeGreaterThan(0);
    expect((await ctx.deps.db.select().from(users).where(eq(users.id, user.id))).length).toBe(1);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const [sub] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(sub?.status).toBe('active');
  } finally {
    failing = false;
  }
}, 30_000);

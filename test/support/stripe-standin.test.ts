// The stand-in answers the real `stripe` SDK the way Stripe's API does, for each call LockIn makes:
// if it drifted from Stripe, the billing tests built on it would prove nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Stripe from 'stripe';
import { startStripeStandIn, type StripeStandIn } from './stripe-standin';

let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn({ webhookSecret: 'whsec_standin' });
  const base = new URL(standIn.url);
  stripe = new Stripe('sk_test_standin', {
    protocol: 'http',
    host: base.hostname,
    port: Number(base.port),
    maxNetworkRetries: 0,
  });
});
afterAll(() => standIn.close());

async function customer() {
  return stripe.customers.create({ email: 'ada@example.com', metadata: { userId: 'u1' } });
}

describe('Checkout Sessions', () => {
  test('setup mode: created with a currency, completed into a Setup Intent whose card the SDK reads back', async () => {
    const { id: cus } = await customer();
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: cus,
      currency: 'usd',
      setup_intent_data: { metadata: { subscriptionId: 'sub_1' } },
      success_url: 'http://localhost/ok',
    });
    expect(session).toMatchObject({ mode: 'setup', status: 'open', customer: cus, setup_intent: null });
    const intent = standIn.completeSetup(session.id);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', setup_intent: intent.id });
    const read = await stripe.setupIntents.retrieve(intent.id);
    expect(read).toMatchObject({ status: 'succeeded', customer: cus, metadata: { subscriptionId: 'sub_1' } });
    expect(read.payment_method).toStartWith('pm_');
  });

  test('setup mode without a currency or payment method types is refused as Stripe refuses it', async () => {
    const { id: cus } = await customer();
    const error = await stripe.checkout.sessions
      .create({ mode: 'setup', customer: cus, success_url: 'http://localhost/ok' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Stripe.errors.StripeError).param).toBe('currency');
  });

  test('listed by customer and status; expired once, then no longer open and not completable', async () => {
    const { id: cus } = await customer();
    const make = () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: cus,
        line_items: [{ price: 'price_1', quantity: 1 }],
        success_url: 'http://localhost/ok',
      });
    const a = await make();
    const b = await make();
    const open = await stripe.checkout.sessions.list({ customer: cus, status: 'open' });
    expect(open.data.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect(open.has_more).toBe(false);
    expect((await stripe.checkout.sessions.expire(a.id)).status).toBe('expired');
    const again = await stripe.checkout.sessions.expire(a.id).catch((e: unknown) => e);
    expect((again as Stripe.errors.StripeError).statusCode).toBe(400);
    expect((await stripe.checkout.sessions.list({ customer: cus, status: 'open' })).data.map((s) => s.id)).toEqual([
      b.id,
    ]);
    expect(() => standIn.completeCheckout(a.id)).toThrow(/expired/);
  });
});

describe('subscriptions and customers', () => {
  test('listed by customer: status=all includes canceled ones, the default leaves them out; auto-paging works', async () => {
    const { id: cus } = await customer();
    const live = standIn.addSubscription(cus, { trialDays: 7, paymentMethod: false });
    const gone = standIn.addSubscription(cus, { status: 'canceled' });
    standIn.addSubscription('cus_other');
    const all: string[] = [];
    for await (const sub of stripe.subscriptions.list({ customer: cus, status: 'all', limit: 100 })) all.push(sub.id);
    expect(all.sort()).toEqual([live.id, gone.id].sort());
    expect((await stripe.subscriptions.list({ customer: cus })).data.map((s) => s.id)).toEqual([live.id]);
  });

  test('a default payment method set on the subscription and on the customer is read back', async () => {
    const { id: cus } = await customer();
    const sub = standIn.addSubscription(cus, { trialDays: 7, paymentMethod: false });
    const updated = await stripe.subscriptions.update(sub.id, { default_payment_method: 'pm_card_1' });
    expect(updated).toMatchObject({ status: 'trialing', default_payment_method: 'pm_card_1' });
    const c = await stripe.customers.update(cus, { invoice_settings: { default_payment_method: 'pm_card_1' } });
    expect(c.invoice_settings.default_payment_method).toBe('pm_card_1');
    const missing = await stripe.customers.update('cus_missing', { metadata: {} }).catch((e: unknown) => e);
    expect((missing as Stripe.errors.StripeError).statusCode).toBe(404);
  });

  test('an outage answers 500 to every call', async () => {
    standIn.outage = true;
    try {
      const error = await stripe.customers.create({}).catch((e: unknown) => e);
      expect((error as Stripe.errors.StripeError).statusCode).toBe(500);
    } finally {
      standIn.outage = false;
    }
  });
});

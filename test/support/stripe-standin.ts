// A local stand-in for the part of Stripe's HTTP API that LockIn calls, so tests run the real
// `stripe` SDK (pointed here with STRIPE_API_BASE) over real HTTP: customers (create, update),
// Checkout Sessions (create in subscription or setup mode, retrieve, list, expire), Setup Intents
// (retrieve) and subscriptions (retrieve, list by customer, update, cancel). Idempotency keys replay the
// first answer, like Stripe's. Tests drive what would happen on Stripe's side (a customer paying
// on the hosted page, a renewal) with the helpers and sign webhook events with the SDK's helper.
import Stripe from 'stripe';
import { createTestContext, type TestContext } from './app';

/** A form body as Stripe's encoding nests it (`a[b][0][c]=v`): strings inside objects and arrays. */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue | undefined;
}

/** The nested object under a form key, or an empty one when the key was not sent. */
const fieldsOf = (value: FormValue | undefined): FormObject =>
  value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : {};
const textOf = (value: FormValue | undefined): string | null => (typeof value === 'string' ? value : null);

export interface StandInCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: FormObject;
  invoice_settings: { default_payment_method: string | null };
}

export interface StandInSetupIntent {
  id: string;
  object: 'setup_intent';
  customer: string | null;
  status: 'succeeded';
  payment_method: string;
  metadata: FormObject;
}

/** A Checkout Session as the stand-in keeps it; what the SDK sent is passed through. */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: FormValue | undefined;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  currency: string | null;
  setup_intent: string | null;
  setup_intent_data: FormObject;
  client_reference_id: string | null;
  metadata: FormObject;
  subscription: string | null;
  success_url: FormValue | undefined;
  cancel_url: FormValue | undefined;
  url: string;
  line_items_requested: FormValue | undefined;
  subscription_data: FormObject;
}

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string | null;
  status: string;
  trial_start: number | null;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at?: number;
  cancellation_details?: FormValue;
  default_payment_method: string | null;
  default_source: null;
  metadata: FormObject;
  items: {
    object: 'list';
    data: { id: string; object: 'subscription_item'; current_period_start: number; current_period_end: number }[];
  };
}

/** What Stripe may change on its own; current_period_end is the first item's. */
export type SubscriptionPatch = Partial<Omit<StandInSubscription, 'id' | 'object' | 'items'>> & {
  current_period_end?: number;
};

export interface StripeStandIn {
  url: string;
  /** Every request the SDK made: method, path, form body (nested), idempotency key. */
  requests: { method: string; path: string; body: FormObject; idempotencyKey: string | null }[];
  customers: Map<string, StandInCustomer>;
  sessions: Map<string, StandInSession>;
  subscriptions: Map<string, StandInSubscription>;
  setupIntents: Map<string, StandInSetupIntent>;
  /** While true every call answers 500, as during an outage at Stripe. */
  outage: boolean;
  /**
   * Called with each request once its answer is decided; a promise returned holds that answer back
   * until it settles (a slow network between two concurrent requests, made deterministic).
   */
  holdAnswer: ((method: string, path: string) => Promise<void> | undefined) | null;
  /**
   * What a customer finishing the hosted page does. Subscription mode: a subscription (trialing if
   * the session asked for a trial). Setup mode: a succeeded Setup Intent holding a new card (the
   * answer is then undefined). Stripe refuses to complete a session that is not open.
   */
  completeCheckout(sessionId: string, options?: { paymentMethod?: boolean }): StandInSubscription;
  completeSetup(sessionId: string): StandInSetupIntent;
  /** A subscription the customer already has at Stripe (made outside this app's flow, or by an earlier checkout). */
  addSubscription(
    customer: string,
    options?: { status?: string; trialDays?: number; paymentMethod?: boolean },
  ): StandInSubscription;
  /** Changes a subscription as Stripe would on its own (renewal, payment failure, trial end). */
  updateSubscription(id: string, patch: SubscriptionPatch): StandInSubscription;
  /** A signed webhook delivery for `type` about `object`: the body and its stripe-signature header. */
  signedEvent(
    type: string,
    object: object,
    options?: { id?: string; created?: number },
  ): Promise<{ payload: string; signature: string; id: string }>;
  close(): Promise<void>;
}

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(text: string): FormObject {
  const out: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: FormObject | FormValue[] = out;
    parts.forEach((part, i) => {
      const next = parts[i + 1];
      const held = Array.isArray(node) ? node[Number(part)] : node[part];
      const child: FormValue =
        next === undefined
          ? value
          : held !== undefined && typeof held === 'object'
            ? held
            : /^\d+$/.test(next)
              ? []
              : {};
      if (Array.isArray(node)) node[Number(part)] = child;
      else node[part] = child;
      if (typeof child === 'object') node = child;
    });
  }
  return out;
}

const DAY = 24 * 60 * 60;

export async function startStripeStandIn(options: {
  webhookSecret: string;
  now?: () => number;
}): Promise<StripeStandIn> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const customers = new Map<string, StandInCustomer>();
  const sessions = new Map<string, StandInSession>();
  const subscriptions = new Map<string, StandInSubscription>();
  const setupIntents = new Map<string, StandInSetupIntent>();
  const replays = new Map<string, { status: number; body: object }>();
  const requests: StripeStandIn['requests'] = [];
  let counter = 0;
  const nextId = (prefix: string) =>
    `${prefix}_test_${(++counter).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

  const list = (data: object[]) => ({
    status: 200,
    body: { object: 'list', data, has_more: false, url: '/v1/list' },
  });
  const invalid = (message: string, param?: string) => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } },
  });

  const notFound = (what: string, id: string) => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}: '${id}'`,
        param: 'id',
      },
    },
  });

  function handle(method: string, path: string, body: FormObject): { status: number; body: object } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer: StandInCustomer = {
        id: nextId('cus'),
        object: 'customer',
        email: textOf(body.email),
        metadata: fieldsOf(body.metadata),
        invoice_settings: { default_payment_method: null },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((m = path.match(/^\/v1\/customers\/([^/]+)$/)) && method === 'POST') {
      const id = m[1] ?? '';
      const customer = customers.get(id);
      if (!customer) return notFound('customer', id);
      const pm = textOf(fieldsOf(body.invoice_settings).default_payment_method);
      if (pm) customer.invoice_settings.default_payment_method = pm;
      return { status: 200, body: customer };
    }
    if ((m = path.match(/^\/v1\/setup_intents\/([^/]+)$/)) && method === 'GET') {
      const id = m[1] ?? '';
      const intent = setupIntents.get(id);
      return intent ? { status: 200, body: intent } : notFound('setup_intent', id);
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const customer = textOf(body.customer);
      const status = textOf(body.status);
      return list(
        [...sessions.values()].filter(
          (s) => (!customer || s.customer === customer) && (!status || s.status === status),
        ),
      );
    }
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)) && method === 'POST') {
      const id = m[1] ?? '';
      const session = sessions.get(id);
      if (!session) return notFound('checkout.session', id);
      if (session.status !== 'open') return invalid(`Only Checkout Sessions with a status of open can be expired.`);
      session.status = 'expired';
      return { status: 200, body: session };
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const customer = textOf(body.customer);
      const status = textOf(body.status);
      // Stripe's default list leaves out canceled subscriptions; status=all includes them.
      return list(
        [...subscriptions.values()].filter(
          (sub) =>
            (!customer || sub.customer === customer) &&
            (status === 'all' ? true : status ? sub.status === status : sub.status !== 'canceled'),
        ),
      );
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = textOf(body.customer);
      if (customer && !customers.has(customer)) return notFound('customer', customer);
      if (body.mode === 'setup' && !textOf(body.currency) && !body.payment_method_types)
        return invalid('currency is required in setup mode when payment_method_types is not set', 'currency');
      const id = nextId('cs');
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer,
        currency: textOf(body.currency),
        setup_intent: null,
        setup_intent_data: fieldsOf(body.setup_intent_data),
        client_reference_id: textOf(body.client_reference_id),
        metadata: fieldsOf(body.metadata),
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        line_items_requested: body.line_items,
        subscription_data: fieldsOf(body.subscription_data),
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === 'GET') {
      const id = m[1] ?? '';
      const session = sessions.get(id);
      return session ? { status: 200, body: session } : notFound('checkout.session', id);
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const id = m[1] ?? '';
      const sub = subscriptions.get(id);
      if (!sub) return notFound('subscription', id);
      if (method === 'GET') return { status: 200, body: sub };
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        const pm = textOf(body.default_payment_method);
        if (pm) sub.default_payment_method = pm;
        if (body.cancellation_details) sub.cancellation_details = body.cancellation_details;
        return { status: 200, body: sub };
      }
      if (method === 'DELETE') {
        sub.status = 'canceled';
        sub.canceled_at = now();
        sub.ended_at = now();
        if (body.cancellation_details) sub.cancellation_details = body.cancellation_details;
        return { status: 200, body: sub };
      }
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url);
      const sent = req.method === 'GET' ? '' : await req.text();
      const text = sent || url.search.slice(1);
      const body = parseStripeForm(text);
      const key = req.headers.get('idempotency-key');
      requests.push({ method: req.method, path: url.pathname, body, idempotencyKey: key });
      if (standIn.outage)
        return Response.json({ error: { type: 'api_error', message: 'Stripe is down' } }, { status: 500 });
      if (!req.headers.get('authorization')?.startsWith('Bearer sk_')) {
        return Response.json(
          { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
          { status: 401 },
        );
      }
      // The SDK adds its own retry keys to every POST; only a replay of the same key returns the first answer.
      const replayKey = key ? `${req.method} ${url.pathname} ${key}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      const answer = replay ?? handle(req.method, url.pathname, body);
      if (replayKey && !replay && answer.status < 500) replays.set(replayKey, answer);
      await standIn.holdAnswer?.(req.method, url.pathname);
      return Response.json(answer.body, { status: answer.status, headers: { 'request-id': `req_${counter}` } });
    },
  });

  function openSession(sessionId: string, mode: 'subscription' | 'setup'): StandInSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.mode !== mode) throw new Error(`session ${sessionId} is in ${String(session.mode)} mode`);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}: it cannot be completed`);
    return session;
  }

  function newSubscription(
    customer: string,
    options: { trialDays: number; paymentMethod: boolean; metadata: FormObject },
  ): StandInSubscription {
    const start = now();
    const trialEnd = options.trialDays > 0 ? start + options.trialDays * DAY : null;
    const sub: StandInSubscription = {
      id: nextId('sub'),
      object: 'subscription',
      customer,
      status: trialEnd ? 'trialing' : 'active',
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      default_payment_method: options.paymentMethod ? nextId('pm') : null,
      default_source: null,
      metadata: options.metadata,
      items: {
        object: 'list',
        data: [
          {
            id: nextId('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: trialEnd ?? start + 30 * DAY,
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  const standIn: StripeStandIn = {
    outage: false,
    holdAnswer: null,
    url: `http://127.0.0.1:${server.port}`,
    requests,
    customers,
    sessions,
    subscriptions,
    setupIntents,
    completeCheckout(sessionId, { paymentMethod = true } = {}) {
      const session = openSession(sessionId, 'subscription');
      const trialDays = Number(session.subscription_data.trial_period_days ?? 0);
      if (!session.customer) throw new Error(`session ${sessionId} has no customer`);
      const sub = newSubscription(session.customer, {
        trialDays,
        paymentMethod,
        metadata: fieldsOf(session.subscription_data.metadata),
      });
      Object.assign(session, {
        status: 'complete',
        payment_status: trialDays > 0 ? 'no_payment_required' : 'paid',
        subscription: sub.id,
      });
      return sub;
    },
    completeSetup(sessionId) {
      const session = openSession(sessionId, 'setup');
      const intent: StandInSetupIntent = {
        id: nextId('seti'),
        object: 'setup_intent',
        customer: session.customer,
        status: 'succeeded',
        payment_method: nextId('pm'),
        metadata: fieldsOf(session.setup_intent_data.metadata),
      };
      setupIntents.set(intent.id, intent);
      Object.assign(session, { status: 'complete', payment_status: 'no_payment_required', setup_intent: intent.id });
      return intent;
    },
    addSubscription(customer, { status, trialDays = 0, paymentMethod = true } = {}) {
      const sub = newSubscription(customer, { trialDays, paymentMethod, metadata: {} });
      if (status) sub.status = status;
      return sub;
    },
    updateSubscription(id, patch) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      const { current_period_end, ...rest } = patch;
      Object.assign(sub, rest);
      const item = sub.items.data[0];
      if (current_period_end !== undefined && item) item.current_period_end = current_period_end;
      return sub;
    },
    async signedEvent(type, object, eventOptions = {}) {
      const id = eventOptions.id ?? nextId('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: eventOptions.created ?? now(),
        type,
        livemode: false,
        data: { object: structuredClone(object) },
      });
      const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: options.webhookSecret });
      return { payload, signature, id };
    },
    async close() {
      await server.stop(true);
    },
  };
  return standIn;
}

/**
 * The app configured for Stripe against a fresh stand-in whose clock is the app's test clock (so
 * trial ends and periods line up): what every Stripe test file starts from.
 */
export async function startStripeContext(
  options: { webhookSecret?: string; now?: Date; env?: Record<string, string> } = {},
): Promise<{ ctx: TestContext; stripe: StripeStandIn; webhookSecret: string; close(): Promise<void> }> {
  const webhookSecret = options.webhookSecret ?? 'whsec_test_lockin';
  let ctx: TestContext | undefined;
  const stripe = await startStripeStandIn({
    webhookSecret,
    now: () => Math.floor((ctx?.clock.now() ?? new Date()).getTime() / 1000),
  });
  ctx = await createTestContext({
    now: options.now,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_lockin',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_ID: 'price_premium_monthly',
      STRIPE_API_BASE: stripe.url,
      ...options.env,
    },
  });
  const app = ctx;
  return {
    ctx: app,
    stripe,
    webhookSecret,
    async close() {
      await app.close();
      await stripe.close();
    },
  };
}

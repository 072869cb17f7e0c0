// REST shims of the spec's plan calls (section 7) and Stripe's webhook, over plans.service.
import { Hono } from 'hono';
import { activatePremiumInput, cancelSubscriptionInput } from '../../shared/plans';
import type { AppDeps } from '../deps';
import { type AppEnv, requireAuth } from '../http/auth-middleware';
import { readJson } from '../http/validate';
import * as plans from './plans.service';
import { handleStripeWebhook } from './stripe-webhook';

export function plansRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/subscription-status', async (c) => c.json(await plans.subscriptionStatus(deps, requireAuth(c).user)));

  app.get('/subscription-details', async (c) => c.json(await plans.subscriptionDetails(deps, requireAuth(c).user)));

  app.post('/create-subscription', async (c) => {
    const { user } = requireAuth(c);
    return c.json(await plans.createSubscription(deps, user));
  });

  app.post('/activate-premium', async (c) => {
    const { user } = requireAuth(c);
    const body = await readJson(c, activatePremiumInput);
    return c.json(await plans.activatePremium(deps, user, body?.sessionId ?? body?.session_id));
  });

  app.post('/cancel-subscription', async (c) => {
    const { user } = requireAuth(c);
    const body = await readJson(c, cancelSubscriptionInput);
    return c.json(await plans.cancelSubscription(deps, user, body ?? {}));
  });

  // Signature-verified instead of same-origin checked (app.ts exempts this path). The raw bytes
  // are verified: a parsed-and-reserialised body would not match Stripe's signature.
  app.post('/stripe/webhook', async (c) => {
    const payload = new Uint8Array(await c.req.arrayBuffer());
    const outcome = await handleStripeWebhook(deps, payload, c.req.header('stripe-signature'));
    return c.json({ received: true, outcome });
  });

  return app;
}

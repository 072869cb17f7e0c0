// Web Push's REST calls: the server's public key, a browser's subscription (201) and its removal,
// and a test notification to every device of the signed-in user.
import { Hono } from 'hono';
import { PUSH_MESSAGES, pushSubscriptionInput, pushUnsubscribeInput } from '../../shared/push';
import { ROUTES } from '../../shared/routes';
import type { AppDeps } from '../deps';
import { type AppEnv, requireAuth } from '../http/auth-middleware';
import { AppError } from '../http/errors';
import { hitRateLimit, RATE_LIMITS } from '../http/rate-limit';
import { readJson } from '../http/validate';
import { sendToUser, subscribe, unsubscribe } from './push.service';
import { getVapidKeys } from './vapid';

export function pushRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/push/vapid-public-key', async (c) => c.json({ publicKey: (await getVapidKeys(deps)).publicKey }));

  app.post('/push/subscriptions', async (c) => {
    const { user, session } = requireAuth(c);
    await subscribe(deps, user.id, await readJson(c, pushSubscriptionInput), session.id);
    return c.json({ ok: true }, 201);
  });

  app.delete('/push/subscriptions', async (c) => {
    const { user } = requireAuth(c);
    await unsubscribe(deps, user.id, (await readJson(c, pushUnsubscribeInput)).endpoint);
    return c.body(null, 204);
  });

  app.post('/push/test', async (c) => {
    const { user } = requireAuth(c);
    // Each test is one request per device to outside services: a few per user are plenty.
    await hitRateLimit(deps, RATE_LIMITS.pushTestPerUser, user.id);
    const outcome = await sendToUser(deps, user.id, {
      title: PUSH_MESSAGES.testTitle,
      body: PUSH_MESSAGES.testBody,
      url: ROUTES.home,
      tag: 'lockin-test',
    });
    if (outcome.sent + outcome.failed === 0) throw new AppError('BAD_REQUEST', PUSH_MESSAGES.noSubscriptions);
    return c.json(outcome);
  });

  return app;
}

// REST shims of the spec's insights calls (GET /api/analytics, POST /api/ai-suggestions) and the
// calendar feed's public address, over the same services as the tRPC procedures.
import { Hono } from 'hono';
import { aiSuggestionsInput } from '../../shared/insights-input';
import type { AppDeps } from '../deps';
import { type AppEnv, requireAuth } from '../http/auth-middleware';
import { AppError } from '../http/errors';
import { readJson } from '../http/validate';
import { suggestTasks } from './ai-suggestions.service';
import { getAnalytics } from './analytics.service';
import { CALENDAR_MESSAGES, renderFeed } from './calendar.service';

/** Tokens are 43 base64url characters; anything else is not a feed address. */
const FEED_FILE = /^([A-Za-z0-9_-]{20,100})\.ics$/;

export function insightsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/analytics', async (c) => {
    const { user } = requireAuth(c);
    return c.json(await getAnalytics(deps, user));
  });

  app.post('/ai-suggestions', async (c) => {
    const { user } = requireAuth(c);
    const input = await readJson(c, aiSuggestionsInput);
    return c.json(await suggestTasks(deps, user, input));
  });

  // The token in the path is the credential: calendar apps send no cookie.
  app.get('/calendar/:file', async (c) => {
    const token = FEED_FILE.exec(c.req.param('file'))?.[1];
    if (!token) throw new AppError('NOT_FOUND', CALENDAR_MESSAGES.notFound);
    const body = await renderFeed(deps, token);
    return c.body(body, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="lockin.ics"',
      // A revoked or regenerated feed must stop answering at once: no copy may be kept anywhere.
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
  });

  return app;
}

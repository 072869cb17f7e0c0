// GET /api/extension/state: the browser extension's check, with its own credential in the
// Authorization header (never the user's cookie). 401 tells it to ask to be connected again.
import { Hono } from 'hono';
import { BLOCKING_MESSAGES, EXTENSION_STATE_PATH } from '../../shared/blocking';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/auth-middleware';
import { AppError } from '../http/errors';
import { extensionState } from './blocking.service';

export function blockingRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(EXTENSION_STATE_PATH.replace(/^\/api/, ''), async (c) => {
    const token = /^Bearer ([\w-]{1,100})$/.exec(c.req.header('authorization') ?? '')?.[1];
    const state = token ? await extensionState(deps, token) : null;
    if (!state) throw new AppError('UNAUTHORIZED', BLOCKING_MESSAGES.reconnect);
    c.header('cache-control', 'no-store');
    return c.json(state);
  });
  return routes;
}

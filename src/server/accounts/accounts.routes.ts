import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/auth-middleware';

export function accountsRoutes(_deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  return routes;
}

import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/auth-middleware';

export function oauthRoutes(_deps: AppDeps): Hono<AppEnv> {
  return new Hono<AppEnv>();
}

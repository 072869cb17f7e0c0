// The part of the app that needs no database: common middleware and the built client. main.ts
// serves pages with it while the database opens, so the first page does not wait for PGlite.
import { Hono } from 'hono';
import { contextStorage } from 'hono/context-storage';
import { routePath } from 'hono/route';
import { LIVE_PATH } from '../../shared/live';
import { isAppPath, ROUTES } from '../../shared/routes';
import type { AppDeps } from '../deps';
import type { AppEnv } from './auth-middleware';
import { AppError } from './errors';
import { RouteLabels } from '../ops/metrics';
import { requestId, requestLog } from '../ops/request-log';
import { apiSecurityHeaders, securityHeaders } from './security';
import type { StaticSite } from './static';

export type ShellDeps = Pick<AppDeps, 'config' | 'log'>;

/**
 * What every response gets, API or page: a request id, the request log, secure headers, JSON
 * errors. The pages' CSP allows the `site` shell's inline styles. `routes` labels requests for the
 * log (it knows the tRPC procedures the log may name).
 */
export function useCommonMiddleware(
  app: Hono<AppEnv>,
  deps: ShellDeps,
  site: Pick<StaticSite, 'styleHashes'>,
  routes = new RouteLabels([]),
): void {
  // Every log line written while a request runs names its id (ops/logger.ts currentRequestId).
  // Not the live stream's: its context would stay held (and its memory with it) for as long as the
  // page is open, and the stream writes no log lines of its own (bench/RESULTS.md, 'Live streams').
  const storage = contextStorage();
  app.use('*', (c, next) => (c.req.path === LIVE_PATH ? next() : storage(c, next)));
  app.use('*', requestId(deps.config.trustProxy));
  if (deps.config.logRequests) app.use('*', requestLog(deps.log, routes));
  // The reset link carries its token in the URL: never leak it in a Referer. Registered before
  // the secure headers so it has the last word on this page.
  app.use(ROUTES.resetPassword, async (c, next) => {
    await next();
    c.res.headers.set('Referrer-Policy', 'no-referrer');
  });
  const pageHeaders = securityHeaders(deps.config.secureCookies, site.styleHashes);
  const apiHeaders = apiSecurityHeaders(deps.config.secureCookies);
  app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? apiHeaders(c, next) : pageHeaders(c, next)));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json({ message: error.message }, error.status as 400);
    }
    // The route pattern, not the path: a path can carry a secret (a calendar feed's token).
    deps.log.error(`${c.req.method} ${routePath(c, c.req.routeIndex)} failed`, error);
    return c.json({ message: 'Internal server error' }, 500);
  });
}

/** The built client: files by name, the page shell for app routes (200) and anything else (404). */
export function serveClient(app: Hono<AppEnv>, site: StaticSite): void {
  app.on(['GET', 'HEAD'], '*', (c) => {
    const asset = site.asset(c);
    if (asset) return asset;
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    return site.page(c, isAppPath(path) ? 200 : 404);
  });
}

/**
 * The pages alone, with no database behind them: main.ts answers page requests with it while
 * the database opens, so the first page is served before PGlite has finished starting.
 */
export function createShellApp(deps: ShellDeps, site: StaticSite): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  useCommonMiddleware(app, deps, site);
  serveClient(app, site);
  return app;
}

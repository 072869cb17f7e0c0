// Builds the Hono app: middleware in order, tRPC at /api/trpc, the spec's REST shims, then the
// client. Exported so tests call app.request() without opening a port.
import { trpcServer } from '@hono/trpc-server';
import type { TRPCError } from '@trpc/server';
import { Hono } from 'hono';
import { z } from 'zod';
import { TRPC_MAX_BATCH_SIZE } from '../shared/constants';
import { accountsRoutes } from './accounts/accounts.routes';
import { oauthRoutes } from './accounts/oauth.routes';
import { AdjustableClock } from './clock';
import type { AppDeps } from './deps';
import { type AppEnv, loadSession } from './http/auth-middleware';
import { admission } from './http/admission';
import { AppError, retryAfterHeaders } from './http/errors';
import { limitBody, sameOriginOnly, UNSAFE_METHODS } from './http/security';
import { serveClient, useCommonMiddleware } from './http/shell';
import { dataRoutes, IMPORT_PATH } from './data/data.routes';
import { createStaticSite, type StaticSite } from './http/static';
import { readJson } from './http/validate';
import { insightsRoutes } from './insights/insights.routes';
import { lockinRoutes } from './lockin/lockin.routes';
import { plansRoutes } from './plans/plans.routes';
import { pushRoutes } from './push/push.routes';
import { blockingRoutes } from './blocking/blocking.routes';
import { liveRoutes } from './live/live.routes';
import { tasksRoutes } from './tasks/tasks.routes';
import { createInnerContext } from './trpc/init';
import { appRouter } from './trpc/router';
import { answerProbe, type Lifecycle, PROBE_PATHS } from './ops/lifecycle';
import { mayReadMetrics, processMetrics, RouteLabels, recordRequests, scrapeMetrics } from './ops/metrics';
import { DB_POOL_MAX } from './db/client';

export interface AppOptions {
  site?: StaticSite;
  /** Paths exempt from the same-origin check (signature-verified webhooks). */
  csrfExempt?: string[];
  /** Readiness as main.ts tracks it; an app built without one (tests) is ready at once. */
  lifecycle?: Lifecycle;
}

/** Route labels for the request log and the metrics: the procedure names are the ones they may use. */
const ROUTES = new RouteLabels(Object.keys(appRouter._def.procedures));

export function createApp(deps: AppDeps, options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const site = options.site ?? createStaticSite();
  const lifecycle = options.lifecycle ?? { ready: true, stopping: false };
  const metrics = processMetrics();
  metrics.dbPoolMax.set(deps.config.databaseUrl ? DB_POOL_MAX : 1);
  app.use('*', recordRequests(metrics, ROUTES));
  useCommonMiddleware(app, deps, site, ROUTES);

  // Probes and metrics first: they touch no database and no session.
  app.on(['GET', 'HEAD'], [PROBE_PATHS.health, PROBE_PATHS.ready], (c) => {
    const answer = answerProbe(c.req.method, c.req.path, lifecycle);
    return answer ?? c.notFound();
  });
  app.get('/metrics', async (c) => {
    if (!mayReadMetrics(c, deps.config.metricsToken))
      return c.json({ message: 'Metrics are readable from this machine only, or with METRICS_TOKEN' }, 403);
    const { body, contentType } = await scrapeMetrics();
    return c.body(body, 200, {
      'content-type': contentType,
      'cache-control': 'no-store',
    });
  });

  // Past the probes and metrics: every other API request waits its turn (http/admission.ts).
  app.use('/api/*', admission());
  // Only requests that change something carry a body or need the same-origin check: reads (GET,
  // HEAD) skip both layers, which is two functions and two promises fewer on every read.
  app.on(UNSAFE_METHODS, '/api/*', limitBody({ exempt: [IMPORT_PATH] }));
  app.on(UNSAFE_METHODS, '/api/*', sameOriginOnly(deps.config.appUrl, options.csrfExempt ?? ['/api/stripe/webhook']));
  app.use('/api/*', loadSession(deps));

  const onError = ({ error, path }: { error: TRPCError; path?: string }) => {
    // AppErrors are expected refusals (409, 403 …) that reach tRPC as INTERNAL until the
    // formatter maps them; only genuine failures belong in the error log.
    if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof AppError)) {
      deps.log.error(`trpc ${path ?? '?'} failed`, error.cause ?? error);
    }
  };
  app.use(
    '/api/trpc/*',
    trpcServer({
      router: appRouter,
      endpoint: '/api/trpc',
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: (_opts, c) => createInnerContext(deps, c.get('auth'), c),
      // tRPC builds its own answer, so the headers go through its hook.
      responseMeta: ({ errors }) => {
        const headers = retryAfterHeaders(errors);
        return headers ? { headers: new Headers(headers) } : {};
      },
      onError,
    }),
  );

  app.route('/api', accountsRoutes(deps));
  app.route('/api', oauthRoutes(deps));
  app.route('/api', tasksRoutes(deps));
  app.route('/api', dataRoutes(deps));
  app.route('/api', lockinRoutes(deps));
  app.route('/api', plansRoutes(deps));
  app.route('/api', insightsRoutes(deps));
  app.route('/api', pushRoutes(deps));
  app.route('/api', blockingRoutes(deps));
  app.route('/api', liveRoutes(deps));

  if (deps.config.testClock && deps.clock instanceof AdjustableClock) {
    const clock = deps.clock;
    app.post('/api/test/clock', async (c) => {
      const { now } = await readJson(c, z.object({ now: z.iso.datetime() }));
      clock.set(new Date(now));
      return c.json({ now: clock.now().toISOString() });
    });
  }

  app.all('/api/*', (c) => c.json({ message: `No API route ${c.req.method} ${c.req.path}` }, 404));

  serveClient(app, site);
  return app;
}

// GET /metrics in Prometheus' text format, with prom-client's own counters, histogram and default
// metrics (event-loop lag, GC, heap, CPU): requests and their latency by route, and the database
// pool's size. Reachable from loopback only (not through a proxy: a forwarded request is not
// local) or with `Authorization: Bearer METRICS_TOKEN`. Labels come from route patterns and known
// procedure names only, so no request can grow the registry.
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from 'hono/bun';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppEnv } from '../http/auth-middleware';

/** Upper bounds (seconds) of the latency histogram's buckets. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  dbPoolMax: Gauge;
}

let shared: Metrics | undefined;

/** One registry per process, as prom-client's default metrics may be registered only once. */
export function processMetrics(): Metrics {
  if (shared) return shared;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'lockin_' });
  shared = {
    registry,
    requests: new Counter({
      name: 'lockin_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'lockin_http_request_duration_seconds',
      help: 'Time to answer, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    dbPoolMax: new Gauge({
      name: 'lockin_db_pool_connections_max',
      help: 'Connections the database pool may open (1 for the embedded database)',
      registers: [registry],
    }),
  };
  return shared;
}

/** The exposition of the process's registry. */
export async function scrapeMetrics(): Promise<{ body: string; contentType: string }> {
  const { registry } = processMetrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

const TRPC_PREFIX = '/api/trpc/';

/**
 * The route pattern of the handler that answered ('/api/lock-in-sessions/:id'), never the raw path
 * with its ids or tokens (a calendar feed's path is its secret). The request log and the metrics
 * both label each request, so it is worked out once per request (kept on the context).
 */
export class RouteLabels {
  /** Procedure name → its label, made once: a request's label is a lookup, not a new string. */
  private readonly procedures: ReadonlyMap<string, string>;

  constructor(procedures: Iterable<string>) {
    this.procedures = new Map([...procedures].map((name) => [name, `trpc:${name}`]));
  }

  /** Call after the handler ran. */
  of(c: Context<AppEnv>): string {
    let route = c.get('route');
    if (route === undefined) {
      route = this.patternOf(c);
      c.set('route', route);
    }
    return route;
  }

  private patternOf(c: Context<AppEnv>): string {
    const path = c.req.path;
    if (path.startsWith(TRPC_PREFIX)) {
      const names = path.slice(TRPC_PREFIX.length);
      const one = this.procedures.get(names);
      if (one) return one;
      // A batch names several procedures; unknown names collapse into one label.
      const batch = names.split(',');
      return batch.length > 1 && batch.every((n) => this.procedures.has(n)) ? 'trpc:batch' : 'trpc:unknown';
    }
    const pattern = routePath(c, c.req.routeIndex);
    if (pattern && pattern !== '/*' && pattern !== '*') return pattern;
    return path.startsWith('/api/') ? '/api/*' : 'page';
  }
}

export function recordRequests(metrics: Metrics, routes: RouteLabels): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const route = routes.of(c);
    const method = c.req.method;
    metrics.requests.inc({ method, route, status: String(c.res.status) });
    metrics.duration.observe({ method, route }, (performance.now() - started) / 1000);
  };
}

/** Loopback without a proxy in between, or the bearer token. */
export function mayReadMetrics(c: Context, token: string | undefined): boolean {
  if (token && c.req.header('authorization') === `Bearer ${token}`) return true;
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded')) return false;
  try {
    const address = getConnInfo(c).remote.address ?? '';
    return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  } catch {
    return false;
  }
}

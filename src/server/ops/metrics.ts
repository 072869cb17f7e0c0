// GET /metrics in Prometheus' text format (prom-client): requests and their latency by route,
// the database pool, event-loop lag and the process's own figures, and the session cache's hits.
// Reachable from loopback only (not through a proxy: a forwarded request is not local) or with
// `Authorization: Bearer METRICS_TOKEN`. Labels come from route patterns and known procedure
// names only, so no request can grow the registry.
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from 'hono/bun';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppEnv } from '../http/auth-middleware';

export interface Metrics {
  registry: Registry;
  requests: Tally<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  cacheLookups: Tally<'cache' | 'result'>;
  dbPoolMax: Gauge;
}

/**
 * A counter whose increments are summed per label set in a Map and handed to prom-client when it
 * is collected (on each scrape). prom-client sorts, hashes and validates the labels on every
 * `inc`: counted that way, the request and cache counters took a tenth of a cached read's CPU.
 * The label sets are bounded (route patterns, statuses, cache names), so the Map is too.
 */
export class Tally<L extends string> {
  readonly counter: Counter<L>;
  private readonly pending = new Map<string, { labels: Record<L, string>; count: number }>();

  constructor(config: { name: string; help: string; labelNames: readonly L[]; registry: Registry }) {
    const pending = this.pending;
    this.counter = new Counter<L>({
      name: config.name,
      help: config.help,
      labelNames: config.labelNames,
      registers: [config.registry],
      collect() {
        for (const { labels, count } of pending.values()) if (count > 0) this.inc(labels, count);
        for (const entry of pending.values()) entry.count = 0;
      },
    });
  }

  /** Counts one under `key`, which names the label set `labels()` makes (called once per key). */
  add(key: string, labels: () => Record<L, string>): void {
    const entry = this.pending.get(key);
    if (entry) entry.count += 1;
    else this.pending.set(key, { labels: labels(), count: 1 });
  }
}

let shared: Metrics | undefined;

/** One registry per process (prom-client's default metrics may be registered only once). */
export function processMetrics(): Metrics {
  if (shared) return shared;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'lockin_', eventLoopMonitoringPrecision: 20 });
  shared = {
    registry,
    requests: new Tally({
      name: 'lockin_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registry,
    }),
    duration: new Histogram({
      name: 'lockin_http_request_duration_seconds',
      help: 'Time to answer, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    cacheLookups: new Tally({
      name: 'lockin_cache_lookups_total',
      help: 'Lookups in the per-process caches, by cache and hit or miss',
      labelNames: ['cache', 'result'] as const,
      registry,
    }),
    dbPoolMax: new Gauge({
      name: 'lockin_db_pool_connections_max',
      help: 'Connections the database pool may open (1 for the embedded database)',
      registers: [registry],
    }),
  };
  return shared;
}

/** Counts a cache lookup (the session cache calls it on every read). */
export function countCacheLookup(cache: string, hit: boolean): void {
  const result = hit ? 'hit' : 'miss';
  shared?.cacheLookups.add(`${cache} ${result}`, () => ({ cache, result }));
}

/**
 * The route pattern of the handler that answered ('/api/lock-in-sessions/:id'), never the raw path
 * with its ids or tokens (a calendar feed's path is its secret). Call after the handler ran.
 */
export function routeOf(c: Context, procedures: ReadonlySet<string>): string {
  // The metrics and the request log both label each request: it is worked out once.
  let route = routes.get(c.req.raw);
  if (route === undefined) {
    route = patternOf(c, procedures);
    routes.set(c.req.raw, route);
  }
  return route;
}

const routes = new WeakMap<Request, string>();

function patternOf(c: Context, procedures: ReadonlySet<string>): string {
  const path = c.req.path;
  if (path.startsWith('/api/trpc/')) {
    // A batch names several procedures; unknown names collapse into one label.
    const names = path.slice('/api/trpc/'.length).split(',');
    const known = names.every((n) => procedures.has(n));
    return known && names.length === 1 ? `trpc:${names[0]}` : known ? 'trpc:batch' : 'trpc:unknown';
  }
  const pattern = routePath(c, c.req.routeIndex);
  if (pattern && pattern !== '/*' && pattern !== '*') return pattern;
  return path.startsWith('/api/') ? '/api/*' : 'page';
}

export function recordRequests(metrics: Metrics, procedures: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const route = routeOf(c, procedures);
    const method = c.req.method;
    const status = c.res.status;
    metrics.requests.add(`${method} ${status} ${route}`, () => ({ method, route, status: String(status) }));
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

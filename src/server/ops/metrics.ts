// GET /metrics in Prometheus' text format (prom-client): requests and their latency by route,
// the database pool, event-loop lag and the process's own figures, and the session cache's hits.
// Reachable from loopback only (not through a proxy: a forwarded request is not local) or with
// `Authorization: Bearer METRICS_TOKEN`. Labels come from route patterns and known procedure
// names only, so no request can grow the registry.
//
// Requests are counted here, in plain Maps, and prom-client is loaded on the first scrape
// (metrics-registry.ts): it and its default metrics were ~4 MiB of every process's idle memory,
// and a process nobody scrapes never needs them (docs/decisions/2026-11-26-idle-modules.md).
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from 'hono/bun';
import { routePath } from 'hono/route';
import type { AppEnv } from '../http/auth-middleware';
import { loadOnce } from '../load-once';

/** Upper bounds (seconds) of the latency histogram's buckets. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5] as const;

export interface Metrics {
  requests: Tally<'method' | 'route' | 'status'>;
  duration: Buckets<'method' | 'route'>;
  cacheLookups: Tally<'cache' | 'result'>;
  /** Connections the database pool may open. */
  dbPoolMax: { value: number };
}

/**
 * Counts per label set, summed in a Map and handed to prom-client's counter when it is collected
 * (on each scrape). prom-client sorts, hashes and validates the labels on every `inc`: counted that
 * way, the request and cache counters took a tenth of a cached read's CPU. The label sets are
 * bounded (route patterns, statuses, cache names), so the Map is too.
 */
export class Tally<L extends string> {
  private readonly pending = new Map<string, { labels: Record<L, string>; count: number }>();

  /** Counts one under `key`, which names the label set `labels()` makes (called once per key). */
  add(key: string, labels: () => Record<L, string>): void {
    const entry = this.pending.get(key);
    if (entry) entry.count += 1;
    else this.pending.set(key, { labels: labels(), count: 1 });
  }

  /** Hands over the counts made since the last drain, once each. */
  drain(take: (labels: Record<L, string>, count: number) => void): void {
    for (const entry of this.pending.values()) {
      if (entry.count > 0) take(entry.labels, entry.count);
      entry.count = 0;
    }
  }
}

export interface BucketCounts<L extends string> {
  labels: Record<L, string>;
  /** Observations per bucket (not cumulative): counts[i] fell in (bounds[i-1], bounds[i]]. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * A histogram's running totals per label set, as prom-client keeps them (a value goes in the first
 * bucket whose bound is at least the value), without its per-observation label hashing. Bounded
 * like Tally.
 */
export class Buckets<L extends string> {
  private readonly entries = new Map<string, BucketCounts<L>>();

  constructor(readonly bounds: readonly number[]) {}

  observe(key: string, labels: () => Record<L, string>, value: number): void {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { labels: labels(), counts: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.entries.set(key, entry);
    }
    const bucket = this.bounds.findIndex((bound) => value <= bound);
    if (bucket >= 0) entry.counts[bucket] = (entry.counts[bucket] ?? 0) + 1;
    entry.sum += value;
    entry.count += 1;
  }

  totals(): IterableIterator<BucketCounts<L>> {
    return this.entries.values();
  }
}

let shared: Metrics | undefined;

/** One set of totals per process, as prom-client's default metrics may be registered only once. */
export function processMetrics(): Metrics {
  shared ??= {
    requests: new Tally(),
    duration: new Buckets(LATENCY_BUCKETS),
    cacheLookups: new Tally(),
    dbPoolMax: { value: 1 },
  };
  return shared;
}

const loadRegistry = loadOnce(async () => (await import('./metrics-registry')).createRegistry(processMetrics()));

/** The exposition: prom-client's registry, made on the first scrape from the totals kept since start. */
export async function scrapeMetrics(): Promise<{ body: string; contentType: string }> {
  const registry = await loadRegistry();
  return { body: await registry.metrics(), contentType: registry.contentType };
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
    metrics.duration.observe(`${method} ${route}`, () => ({ method, route }), (performance.now() - started) / 1000);
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

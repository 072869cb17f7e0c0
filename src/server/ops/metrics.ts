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
  private readonly pending = new Map<string, TallyEntry<L>>();

  /**
   * The running count under `key`, which names the label set `labels()` makes (called once per
   * key). A caller on the request path keeps the entry and adds to `count` itself.
   */
  entry(key: string, labels: () => Record<L, string>): TallyEntry<L> {
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { labels: labels(), count: 0 };
      this.pending.set(key, entry);
    }
    return entry;
  }

  /** Hands over the counts made since the last drain, once each. */
  drain(take: (labels: Record<L, string>, count: number) => void): void {
    for (const entry of this.pending.values()) {
      if (entry.count > 0) take(entry.labels, entry.count);
      entry.count = 0;
    }
  }
}

export interface TallyEntry<L extends string> {
  labels: Record<L, string>;
  /** Counted since the last drain. */
  count: number;
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

  /** The running totals under `key` (labels as Tally's); a caller may keep it and `add` to it. */
  entry(key: string, labels: () => Record<L, string>): BucketCounts<L> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { labels: labels(), counts: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Puts one observation into `entry`'s totals (an entry of this histogram). */
  add(entry: BucketCounts<L>, value: number): void {
    const { bounds } = this;
    for (let i = 0; i < bounds.length; i++) {
      const bound = bounds[i];
      if (bound !== undefined && value <= bound) {
        entry.counts[i] = (entry.counts[i] ?? 0) + 1;
        break;
      }
    }
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

/**
 * Counts a cache's lookups (the session and user caches count every read): made once per cache,
 * so a lookup adds to a kept count and builds no key.
 */
export function cacheLookupCounter(cache: string): (hit: boolean) => void {
  const { cacheLookups } = processMetrics();
  const hits = cacheLookups.entry(`${cache} hit`, () => ({ cache, result: 'hit' }));
  const misses = cacheLookups.entry(`${cache} miss`, () => ({ cache, result: 'miss' }));
  return (hit) => {
    if (hit) hits.count += 1;
    else misses.count += 1;
  };
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

/** A route's totals, per method and status, kept so a request finds them by three lookups on strings it was given. */
type MethodTotals = Map<
  string,
  { duration: BucketCounts<'method' | 'route'>; byStatus: Map<number, TallyEntry<'method' | 'route' | 'status'>> }
>;

export function recordRequests(metrics: Metrics, routes: RouteLabels): MiddlewareHandler<AppEnv> {
  // Bounded as the labels are: route labels, the methods Bun accepts, statuses.
  const byRoute = new Map<string, MethodTotals>();
  const totalsOf = (route: string, method: string) => {
    let byMethod = byRoute.get(route);
    if (!byMethod) {
      byMethod = new Map();
      byRoute.set(route, byMethod);
    }
    let totals = byMethod.get(method);
    if (!totals) {
      totals = {
        duration: metrics.duration.entry(`${method} ${route}`, () => ({ method, route })),
        byStatus: new Map(),
      };
      byMethod.set(method, totals);
    }
    return totals;
  };
  return async (c, next) => {
    const started = performance.now();
    await next();
    const route = routes.of(c);
    const method = c.req.method;
    const status = c.res.status;
    const totals = totalsOf(route, method);
    let requests = totals.byStatus.get(status);
    if (!requests) {
      requests = metrics.requests.entry(`${method} ${status} ${route}`, () => ({
        method,
        route,
        status: String(status),
      }));
      totals.byStatus.set(status, requests);
    }
    requests.count += 1;
    metrics.duration.add(totals.duration, (performance.now() - started) / 1000);
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

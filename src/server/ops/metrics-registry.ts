// prom-client's registry over the totals ops/metrics.ts keeps: loaded on the first scrape. Its
// default metrics (event-loop lag, GC, heap) start then too; the process's CPU time and start time
// are read from the process, so they cover its whole life.
import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type LabelValues,
  type MetricObjectWithValues,
  type MetricType,
  type MetricValueWithName,
  Registry,
} from 'prom-client';
import type { BucketCounts, Buckets, Metrics, Tally } from './metrics';

function counter<L extends string>(registry: Registry, name: string, help: string, labelNames: L[], tally: Tally<L>) {
  return new Counter<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      tally.drain((labels, count) => this.inc(labels, count));
    },
  });
}

/**
 * prom-client's histogram, exposing the bucket totals `Buckets` kept (it has no way to add counts
 * already bucketed): the registry reads `getForPromString` (JSON readers `get`), and both give the
 * values prom-client's own histogram gives, `_bucket` per bound and `+Inf`, then `_sum` and `_count`.
 */
export class BucketedHistogram<L extends string> extends Histogram<L> {
  private readonly config: { name: string; help: string };

  constructor(
    config: { name: string; help: string; labelNames: L[]; registry: Registry },
    private readonly source: Buckets<L>,
  ) {
    super({ ...config, buckets: [...source.bounds], registers: [config.registry] });
    this.config = config;
  }

  override async get(): Promise<MetricObjectWithValues<MetricValueWithName<L>>> {
    return this.getForPromString();
  }

  async getForPromString(): Promise<MetricObjectWithValues<MetricValueWithName<L>>> {
    const values = [...this.source.totals()].flatMap((totals) => this.valuesOf(totals));
    const { name, help } = this.config;
    // prom-client's typings declare `type` a numeric enum; its registry writes the string it holds.
    const type = 'histogram' as unknown as MetricType;
    return { name, help, type, values, aggregator: 'sum', collect: () => undefined };
  }

  private valuesOf({ labels, counts, sum, count }: BucketCounts<L>): MetricValueWithName<L>[] {
    const { name } = this.config;
    const bucket = (le: number | string, value: number) => ({
      labels: { le, ...labels } as LabelValues<L>,
      value,
      metricName: `${name}_bucket`,
    });
    let cumulative = 0;
    return [
      ...this.source.bounds.map((le, i) => {
        cumulative += counts[i] ?? 0;
        return bucket(le, cumulative);
      }),
      bucket('+Inf', count),
      { labels, value: sum, metricName: `${name}_sum` },
      { labels, value: count, metricName: `${name}_count` },
    ];
  }
}

export function createRegistry(metrics: Metrics): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'lockin_', eventLoopMonitoringPrecision: 20 });
  counter(
    registry,
    'lockin_http_requests_total',
    'HTTP requests answered, by method, route pattern and status',
    ['method', 'route', 'status'],
    metrics.requests,
  );
  new BucketedHistogram(
    {
      name: 'lockin_http_request_duration_seconds',
      help: 'Time to answer, by method and route pattern',
      labelNames: ['method', 'route'],
      registry,
    },
    metrics.duration,
  );
  counter(
    registry,
    'lockin_cache_lookups_total',
    'Lookups in the per-process caches, by cache and hit or miss',
    ['cache', 'result'],
    metrics.cacheLookups,
  );
  new Gauge({
    name: 'lockin_db_pool_connections_max',
    help: 'Connections the database pool may open (1 for the embedded database)',
    registers: [registry],
    collect() {
      this.set(metrics.dbPoolMax.value);
    },
  });
  return registry;
}

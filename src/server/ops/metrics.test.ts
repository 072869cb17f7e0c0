// The request totals are kept without prom-client and handed to it on a scrape: what the
// registry prints must be what prom-client's own counter and histogram print for the same requests.
import { describe, expect, test } from 'bun:test';
import { Counter, Histogram, Registry } from 'prom-client';
import { Buckets, LATENCY_BUCKETS, Tally } from './metrics';
import { BucketedHistogram } from './metrics-registry';

const OBSERVED: [string, number][] = [
  ['/a', 0.0004],
  ['/a', 0.001], // on a bound: that bucket (le is inclusive)
  ['/a', 0.0011],
  ['/a', 0.3],
  ['/a', 7], // past the last bound: +Inf only
  ['/b', 0.025],
  ['/b', 0.0249],
];

describe('request latency buckets', () => {
  test('print exactly what prom-client histogram prints for the same observations', async () => {
    const theirs = new Registry();
    const histogram = new Histogram({
      name: 'x_seconds',
      help: 'h',
      labelNames: ['method', 'route'],
      buckets: [...LATENCY_BUCKETS],
      registers: [theirs],
    });
    const ours = new Registry();
    const buckets = new Buckets<'method' | 'route'>(LATENCY_BUCKETS);
    new BucketedHistogram({ name: 'x_seconds', help: 'h', labelNames: ['method', 'route'], registry: ours }, buckets);
    for (const [route, seconds] of OBSERVED) {
      histogram.observe({ method: 'GET', route }, seconds);
      buckets.add(
        buckets.entry(`GET ${route}`, () => ({ method: 'GET', route })),
        seconds,
      );
    }
    const printed = await ours.metrics();
    expect(printed).toBe(await theirs.metrics());
    expect(printed).toContain('x_seconds_bucket{le="0.001",method="GET",route="/a"} 2');
    expect(printed).toContain('x_seconds_bucket{le="2.5",method="GET",route="/a"} 4');
    expect(printed).toContain('x_seconds_bucket{le="+Inf",method="GET",route="/a"} 5');
    expect(printed).toContain('x_seconds_count{method="GET",route="/b"} 2');
    // As JSON: the same values and labels (prom-client adds an empty exemplar to its buckets).
    const json = async (registry: Registry) =>
      JSON.parse(
        JSON.stringify(await registry.getMetricsAsJSON(), (key, value) => (key === 'exemplar' ? undefined : value)),
      );
    expect(await json(ours)).toEqual(await json(theirs));
  });
});

describe('Tally', () => {
  test('hands each count over once, per label set', () => {
    const tally = new Tally<'route'>();
    let made = 0;
    const labels = (route: string) => () => {
      made += 1;
      return { route };
    };
    const count = (route: string) => {
      tally.entry(route, labels(route)).count += 1;
    };
    count('/a');
    count('/a');
    count('/b');
    const counter = new Counter({ name: 'c_total', help: 'h', labelNames: ['route'], registers: [] });
    tally.drain((l, n) => counter.inc(l, n));
    tally.drain((l, n) => counter.inc(l, n));
    expect(made).toBe(2);
    count('/a');
    const seen: [string, number][] = [];
    tally.drain((l, n) => seen.push([l.route, n]));
    expect(seen).toEqual([['/a', 1]]);
  });
});

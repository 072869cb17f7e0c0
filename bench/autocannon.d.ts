// The part of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Stats {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  interface Result {
    url: string;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Stats;
    requests: Stats & { sent: number };
    throughput: Stats;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    /** At most this many requests a second over all connections (each second's share as fast as it goes). */
    overallRate?: number;
    headers?: Record<string, string>;
    method?: string;
    /** A sequence each connection repeats; `context` is that connection's own object. */
    requests?: RequestStep[];
  }
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  type Context = Record<string, unknown>;
  interface RequestStep extends RequestParams {
    setupRequest?: (request: RequestParams, context: Context) => RequestParams;
    onResponse?: (status: number, body: string, context: Context) => void;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

// Samples GET / and GET /api/health on BASE_URL every 100 ms for SECONDS and prints their p99 (ms)
// as JSON: a process of its own, so the load generator's busy event loop is not in its timings.
const [baseUrl = '', seconds = '10'] = process.argv.slice(2);
const until = performance.now() + Number(seconds) * 1000;
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? Number.NaN;

async function sample(path: string): Promise<number[]> {
  const times: number[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    await fetch(`${baseUrl}${path}`)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    times.push(performance.now() - started);
    await Bun.sleep(100);
  }
  return times;
}

const [page, health] = await Promise.all([sample('/'), sample('/api/health')]);
console.log(JSON.stringify({ pageP99: p99(page), healthP99: p99(health), samples: page.length + health.length }));
export {};

// Throughput on loopback: autocannon (50 connections, 10 s each) against LockIn's GET / and an
// unauthenticated API route, each next to a bare Bun.serve hello-world run in the same way in
// the same run, so the ratio says what the app costs over the runtime's floor.
// Usage: bun bench/throughput.ts [seconds=10] [connections=50]
import autocannon from 'autocannon';
import { rmSync } from 'node:fs';
import { freePort, spawnServer, tempDataDir } from '../test/support/process';

const duration = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);

interface Figures {
  reqPerSec: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(url: string): Promise<Figures> {
  // A short warm-up so JIT and caches are settled before the measured run.
  const headers = { 'accept-encoding': 'br, gzip' }; // as a browser sends
  await autocannon({ url, connections, duration: 1, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return { reqPerSec: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

/** A bare Bun.serve in its own process, so it shares the CPUs with autocannon exactly as LockIn does. */
async function startHelloWorld(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const proc = Bun.spawn(
    [
      process.execPath,
      '-e',
      `Bun.serve({ port: ${port}, hostname: '127.0.0.1', fetch: () => new Response('hello world') }); console.log('up')`,
    ],
    { stdout: 'pipe', stderr: 'inherit' },
  );
  await proc.stdout.getReader().read();
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}

const dataDir = tempDataDir('lockin-bench-');
const lockin = await spawnServer({ env: { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_REQUESTS: 'false' } });
await lockin.waitUntilUp({ timeoutMs: 120_000 });
const hello = await startHelloWorld();

const targets = [
  { label: 'GET / (page shell, brotli)', url: `${lockin.url}/` },
  { label: 'GET /api/auth/providers', url: `${lockin.url}/api/auth/providers` },
];

console.log(`LockIn throughput: autocannon, ${connections} connections × ${duration} s on loopback (bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs)`);
console.log(`${'target'.padEnd(30)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(7)}   ${'bare req/s'.padStart(10)} ${'bare p99'.padStart(8)}   ratio`);
try {
  for (const target of targets) {
    const app = await measure(target.url);
    const bare = await measure(hello.url);
    const ratio = app.reqPerSec / bare.reqPerSec;
    const issues = app.non2xx + app.errors > 0 ? `   (${app.non2xx} non-2xx, ${app.errors} errors)` : '';
    console.log(
      `${target.label.padEnd(30)} ${app.reqPerSec.toFixed(0).padStart(9)} ${String(app.p99).padStart(7)}   ${bare.reqPerSec.toFixed(0).padStart(10)} ${String(bare.p99).padStart(8)}   ${(ratio * 100).toFixed(0)}%${issues}`,
    );
  }
} finally {
  await hello.stop();
  await lockin.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

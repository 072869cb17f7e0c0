// Throughput on loopback: autocannon (50 connections, 10 s each) against LockIn's public routes
// and its authenticated reads (GET /api/auth/user and tasks.daily.list, spread over 50 signed-in
// users), on PGlite and on PostgreSQL, each next to a bare Bun.serve hello-world run in the same
// way in the same run, so the ratio says what the app costs over the runtime's floor. The
// server's resident memory is sampled before, during (peak) and after the load.
// Usage: bun bench/throughput.ts [seconds=10] [connections=50] [pglite|postgres|both=both]
//   PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); the bench
//   creates and drops its own database there.
import autocannon from 'autocannon';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { freePort, type ServerProcess, spawnServer, tempDataDir } from '../test/support/process';

const duration = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const which = process.argv[4] ?? 'both';
const USERS = 50;

interface Figures {
  reqPerSec: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface Target {
  label: string;
  path: string;
  /** Cookies to spread over the requests (one per user); none for public routes. */
  cookies?: string[];
}

async function measure(url: string, cookies?: string[], seconds = duration): Promise<Figures> {
  const headers = { 'accept-encoding': 'br, gzip' }; // as a browser sends
  let next = 0;
  // Each request takes the next user's cookie, so the load is spread over every user.
  const requests = cookies
    ? [
        {
          setupRequest: (req: { headers?: Record<string, string> }) => {
            req.headers = { ...req.headers, ...headers, cookie: cookies[next++ % cookies.length]! };
            return req;
          },
        },
      ]
    : undefined;
  const result = await autocannon({ url, connections, duration: seconds, headers, requests } as never);
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function warmAndMeasure(url: string, cookies?: string[]): Promise<Figures> {
  // A short warm-up so JIT and caches are settled before the measured run.
  await measure(url, cookies, 1);
  return measure(url, cookies);
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

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Registers USERS users (each from its own forwarded address, so the per-address limit allows it), each with 3 tasks on Today's Focus. */
async function signUpUsers(server: ServerProcess): Promise<string[]> {
  const cookies: string[] = [];
  const origin = { origin: server.url, 'content-type': 'application/json' };
  for (let i = 0; i < USERS; i++) {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { ...origin, 'x-forwarded-for': `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      body: JSON.stringify({
        email: `bench${i}@example.com`,
        password: 'correct horse battery staple',
        firstName: 'Bench',
        lastName: `User${i}`,
        timeZone: 'Europe/Berlin',
      }),
    });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    cookies.push(cookie);
    const ids: string[] = [];
    for (let t = 0; t < 3; t++) {
      const id = crypto.randomUUID();
      ids.push(id);
      const created = await fetch(`${server.url}/api/trpc/tasks.bank.create`, {
        method: 'POST',
        headers: { ...origin, cookie },
        body: JSON.stringify({ id, title: `Task ${t}`, category: 'Work' }),
      });
      if (!created.ok) throw new Error(`task failed: ${created.status} ${await created.text()}`);
    }
    const added = await fetch(`${server.url}/api/trpc/tasks.daily.add`, {
      method: 'POST',
      headers: { ...origin, cookie },
      body: JSON.stringify({ ids }),
    });
    if (!added.ok) throw new Error(`daily add failed: ${added.status} ${await added.text()}`);
  }
  return cookies;
}

/** The 1-minute load average: the machine is shared, so every figure says how busy it was. */
const load = () => loadavg()[0]!.toFixed(1);

function line(label: string, app: Figures, bare: Figures): string {
  const ratio = app.reqPerSec / bare.reqPerSec;
  const issues = app.non2xx + app.errors > 0 ? `   (${app.non2xx} non-2xx, ${app.errors} errors)` : '';
  return `${label.padEnd(34)} ${app.reqPerSec.toFixed(0).padStart(9)} ${String(app.p99).padStart(7)}   ${bare.reqPerSec.toFixed(0).padStart(10)} ${String(bare.p99).padStart(8)}   ${(ratio * 100).toFixed(1).padStart(5)}%   ${load().padStart(5)}${issues}`;
}

async function runOn(kind: 'pglite' | 'postgres', hello: { url: string }): Promise<void> {
  const dataDir = tempDataDir('lockin-bench-');
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `lockin_bench_${process.pid}`;
  const admin = kind === 'postgres' ? postgres(baseUrl, { max: 1, onnotice: () => {} }) : undefined;
  let databaseUrl: string | undefined;
  if (admin) {
    await admin.unsafe(`drop database if exists ${dbName}`);
    await admin.unsafe(`create database ${dbName}`);
    const u = new URL(baseUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const server = await spawnServer({
    env: {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_REQUESTS: 'false',
      TRUST_PROXY: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  try {
    await server.waitUntilUp({ timeoutMs: 120_000 });
    const cookies = await signUpUsers(server);
    Bun.gc(true);
    await Bun.sleep(1000);
    const rssBefore = rssMiB(server.proc.pid);
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(server.proc.pid));
    }, 100);

    const targets: Target[] = [
      { label: 'GET / (page shell, brotli)', path: '/' },
      { label: 'GET /api/auth/providers', path: '/api/auth/providers' },
      { label: `GET /api/auth/user (${USERS} users)`, path: '/api/auth/user', cookies },
      { label: `tasks.daily.list (${USERS} users)`, path: '/api/trpc/tasks.daily.list', cookies },
    ];
    console.log(`\n[${kind}]`);
    console.log(
      `${'target'.padEnd(34)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(7)}   ${'bare req/s'.padStart(10)} ${'bare p99'.padStart(8)}   ratio    load`,
    );
    for (const target of targets) {
      const app = await warmAndMeasure(`${server.url}${target.path}`, target.cookies);
      const bare = await warmAndMeasure(hello.url);
      console.log(line(target.label, app, bare));
    }
    clearInterval(sampler);
    // Let the server settle (idle timers, GC) before the 'after' figure.
    await Bun.sleep(3000);
    const rssAfter = rssMiB(server.proc.pid);
    console.log(
      `server RSS: before ${rssBefore.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB, after ${rssAfter.toFixed(0)} MiB (after − before ${(rssAfter - rssBefore).toFixed(0)} MiB)`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.unsafe(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const hello = await startHelloWorld();
console.log(
  `LockIn throughput: autocannon, ${connections} connections × ${duration} s on loopback (bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs, load ${load()})`,
);
try {
  if (which === 'both' || which === 'pglite') await runOn('pglite', hello);
  if (which === 'both' || which === 'postgres') await runOn('postgres', hello);
} finally {
  await hello.stop();
}

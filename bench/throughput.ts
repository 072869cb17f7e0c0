// Throughput on loopback: wrk (50 connections, 10 s each) against LockIn's public routes and its
// authenticated reads (GET /api/auth/user, tasks.daily.list and a free user's GET /api/analytics,
// spread over 50 signed-in users), on PGlite and on PostgreSQL, each next to a bare Bun.serve
// hello-world run in the same way in the same run, so the ratio says what the app costs over the
// runtime's floor. Beside req/s, the CPU time the server spent per request (all its threads, so
// PGlite's worker too): steadier than req/s when the machine is shared. The server's resident
// memory is sampled before, during (peak) and after the load.
// Usage: bun bench/throughput.ts [seconds=10] [connections=50] [pglite|postgres|both=both]
//   PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); the bench
//   creates and drops its own database there. Needs wrk (apt-get install wrk).
import {
  type DatabaseKind,
  load,
  peakSampler,
  cpuMicros,
  rssMiB,
  signUpUsers,
  startHelloWorld,
  startLockIn,
} from './support/servers';
import { type WrkFigures, wrk } from './support/wrk';

const duration = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const which = process.argv[4] ?? 'both';
const USERS = 50;

interface Target {
  label: string;
  path: string;
  /** Cookies to spread over the requests (one per user); none for public routes. */
  cookies?: string[];
}

type Measured = WrkFigures & { cpuPerRequest: number };

/** wrk against `url`, with the CPU time the serving process `pid` spent per answered request. */
async function warmAndMeasure(url: string, pid: number, cookies?: string[]): Promise<Measured> {
  // A short warm-up so JIT and caches are settled before the measured run.
  await wrk(url, { seconds: 1, connections, cookies });
  const cpuBefore = cpuMicros(pid);
  const figures = await wrk(url, { seconds: duration, connections, cookies });
  return { ...figures, cpuPerRequest: (cpuMicros(pid) - cpuBefore) / (figures.reqPerSec * duration) };
}

function line(label: string, app: Measured, bare: Measured): string {
  const ratio = app.reqPerSec / bare.reqPerSec;
  const cpuRatio = bare.cpuPerRequest / app.cpuPerRequest;
  const issues = app.non2xx + app.errors > 0 ? `   (${app.non2xx} non-2xx, ${app.errors} errors)` : '';
  return `${label.padEnd(34)} ${app.reqPerSec.toFixed(0).padStart(9)} ${app.p99.toFixed(1).padStart(7)}   ${bare.reqPerSec.toFixed(0).padStart(10)} ${bare.p99.toFixed(1).padStart(8)}   ${(ratio * 100).toFixed(1).padStart(5)}%   ${app.cpuPerRequest.toFixed(0).padStart(6)} ${bare.cpuPerRequest.toFixed(0).padStart(5)} ${(cpuRatio * 100).toFixed(1).padStart(5)}%   ${load().padStart(5)}${issues}`;
}

async function runOn(kind: DatabaseKind, hello: { url: string; pid: number }): Promise<void> {
  const lockin = await startLockIn(kind);
  const { server } = lockin;
  try {
    const cookies = (await signUpUsers(server, USERS)).map((u) => u.cookie);
    Bun.gc(true);
    await Bun.sleep(1000);
    const rssBefore = rssMiB(server.proc.pid);
    const sampler = peakSampler(server.proc.pid);

    const targets: Target[] = [
      { label: 'GET / (page shell, brotli)', path: '/' },
      { label: 'GET /api/auth/providers', path: '/api/auth/providers' },
      { label: `GET /api/auth/user (${USERS} users)`, path: '/api/auth/user', cookies },
      { label: `tasks.daily.list (${USERS} users)`, path: '/api/trpc/tasks.daily.list', cookies },
      { label: `GET /api/analytics (${USERS} free users)`, path: '/api/analytics', cookies },
    ];
    console.log(`\n[${kind}]`);
    console.log(
      `${'target'.padEnd(34)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(7)}   ${'bare req/s'.padStart(10)} ${'bare p99'.padStart(8)}   ratio   µs CPU/req bare  ratio   load`,
    );
    for (const target of targets) {
      const app = await warmAndMeasure(`${server.url}${target.path}`, server.proc.pid, target.cookies);
      const bare = await warmAndMeasure(hello.url, hello.pid);
      console.log(line(target.label, app, bare));
    }
    const peak = sampler.stop();
    // Let the server settle (idle timers, GC) before the 'after' figure.
    await Bun.sleep(3000);
    const rssAfter = rssMiB(server.proc.pid);
    console.log(
      `server RSS: before ${rssBefore.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB, after ${rssAfter.toFixed(0)} MiB (after − before ${(rssAfter - rssBefore).toFixed(0)} MiB)`,
    );
  } finally {
    await lockin.stop();
  }
}

const hello = await startHelloWorld();
console.log(
  `LockIn throughput: wrk, ${connections} connections × ${duration} s on loopback (bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs, load ${load()})`,
);
try {
  if (which === 'both' || which === 'pglite') await runOn('pglite', hello);
  if (which === 'both' || which === 'postgres') await runOn('postgres', hello);
} finally {
  await hello.stop();
}

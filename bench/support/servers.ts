// What the throughput benches share: a bare Bun.serve as the ceiling, LockIn started on PGlite or
// PostgreSQL with signed-in users, and the figures every run reports beside its results.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { freePort, type ServerProcess, serverEntry, spawnServer, tempDataDir } from '../../test/support/process';

export type DatabaseKind = 'pglite' | 'postgres';

/** A bare Bun.serve in its own process, so it shares the CPUs with the load generator exactly as LockIn does. */
export async function startHelloWorld(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
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
    pid: proc.pid,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU time (user + system) the process has used so far, in µs: per request, steadier than req/s on a busy machine. */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime, fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** The 1-minute load average: the machine is shared, so every figure says how busy it was. */
export const load = () => loadavg()[0]!.toFixed(1);

/** Samples a process's RSS every 100 ms; `stop` answers the peak. */
export function peakSampler(pid: number): { stop(): number } {
  let peak = rssMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

export interface BenchUser {
  cookie: string;
  /** The user's three tasks, all on Today's Focus. */
  taskIds: string[];
}

/** Registers `count` users (each from its own forwarded address, so the per-address limit allows it), each with 3 tasks on Today's Focus. */
export async function signUpUsers(server: ServerProcess, count: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  const origin = { origin: server.url, 'content-type': 'application/json' };
  for (let i = 0; i < count; i++) {
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
    const taskIds: string[] = [];
    for (let t = 0; t < 3; t++) {
      const id = crypto.randomUUID();
      taskIds.push(id);
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
      body: JSON.stringify({ ids: taskIds }),
    });
    if (!added.ok) throw new Error(`daily add failed: ${added.status} ${await added.text()}`);
    users.push({ cookie, taskIds });
  }
  return users;
}

export interface BenchServer {
  server: ServerProcess;
  /** The PostgreSQL database the server uses (postgres only), for the SQL floor. */
  databaseUrl?: string;
  stop(): Promise<void>;
}

/** The server build, which production runs (`bun run start`); a bench measures it unless it asks for the sources. */
export function requireServerBuild(): void {
  if (!existsSync(serverEntry(true)))
    throw new Error('No server build in dist/server: run `bun run build` before the benches.');
}

/**
 * LockIn in production mode on a new PostgreSQL database of its own, or on PGlite in `dataDir`
 * (kept) or a new directory (removed on stop). The server build unless `sources` (or BENCH_SOURCES=1) says the sources.
 */
export async function startLockIn(
  kind: DatabaseKind,
  options: { dataDir?: string; sources?: boolean } = {},
): Promise<BenchServer> {
  // BENCH_SOURCES=1: any bench against the sources, to compare with the build.
  const sources = options.sources ?? process.env.BENCH_SOURCES === '1';
  if (!sources) requireServerBuild();
  const dataDir = options.dataDir ?? tempDataDir('lockin-bench-');
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
      MAIL_TO_LOG: 'true',
      LOG_REQUESTS: 'false',
      TRUST_PROXY: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    build: !sources,
  });
  await server.waitUntilUp({ timeoutMs: 120_000 });
  return {
    server,
    databaseUrl,
    async stop() {
      await server.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (admin) {
        await admin.unsafe(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

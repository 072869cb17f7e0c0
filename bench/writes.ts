// Writes under load: the three writes of issue #17 (tick then untick a Today's Focus task, start
// and quit a Lock-In session, add and delete a bank task) at 10 and 50 connections, each pass of a
// pair by a signed-in user no other connection is using at the time, beside the database's own floor for the same
// change measured in the same run (the UPDATE under the user's advisory lock, straight through
// postgres.js, or through an in-process PGlite). Then the mixed soak: cached GET /api/auth/user
// reads (wrk) alone, and again while the tick + untick writes run, so the ratio says how much the
// writes hold up requests that touch no database, beside the same reads next to the SQL floor's
// writes (the share the machine itself loses). Both at full speed (each side as many writes as it
// can: a cheaper write means more writes, and the reads keep no more), then both at one fixed
// rate, so the gap between the two is what LockIn's own work per write costs the reads.
// RSS before, peak and after.
// autocannon drives the writes (they run far below its ceiling) and wrk the cached reads.
// Usage: bun bench/writes.ts [seconds=10] [pglite|postgres|both=both] [only]
// `only` (a word of a write's label, e.g. quit) measures that write and its floor, without the soak.
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { PGLITE_START_PARAMS } from '../src/server/db/pglite-options';
import { tempDataDir } from '../test/support/process';
import {
  type BenchUser,
  type DatabaseKind,
  load,
  peakSampler,
  rssMiB,
  signUpUsers,
  startLockIn,
} from './support/servers';
import { median } from './support/stats';
import { wrk } from './support/wrk';

const duration = Number(process.argv[2] ?? 10);
const which = process.argv[3] ?? 'both';
const only = process.argv[4];
const USERS = 50;
const CONNECTIONS = [10, 50];
/**
 * The soak's fixed write rate: 50 users each ticking 10 times a second, far beyond what people do.
 * It must stay well below what LockIn's writers reach beside the reads (~1,300-1,500 writes/s on
 * PGlite here): at 1,000 a second they reached only 840, every second's share took the whole
 * second, and the run compared LockIn at full speed with the floor at 1,000.
 */
const FIXED_WRITES_PER_SECOND = 500;
/** Rounds of the soak: its figures are medians. */
const SOAK_ROUNDS = 3;

interface Figures {
  reqPerSec: number;
  p99: number;
  failed: number;
}

type Step = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];
type RequestParams = ReturnType<NonNullable<Step['setupRequest']>>;

/**
 * Each pass through a write's steps takes a user no other connection is using and gives it back
 * after its last step. autocannon clears a connection's context at the end of every pass, so a
 * user cannot be kept per connection; taking from a pool keeps two connections off one user (a
 * second start of the same user would be a 409) and lets each pass leave the user as it found it.
 */
function userPool(users: BenchUser[]) {
  const free = [...users];
  return {
    take(context: Record<string, unknown>): BenchUser {
      // Empty only if a connection failed between taking and giving back: share one then.
      context.user ??= free.shift() ?? users[Math.floor(Math.random() * users.length)];
      return context.user as BenchUser;
    },
    user: (context: Record<string, unknown>) => context.user as BenchUser,
    giveBack(context: Record<string, unknown>) {
      free.push(context.user as BenchUser);
    },
  };
}

/** The server's own origin: the same-origin check refuses any other on a write. */
let origin = '';

/** autocannon's own request with this write's method, path, headers and body. */
const post = (request: RequestParams, path: string, user: BenchUser, body: unknown) => ({
  ...request,
  method: 'POST',
  path,
  headers: { cookie: user.cookie, 'content-type': 'application/json', origin },
  body: JSON.stringify(body),
});

const WRITES: { label: string; steps(users: BenchUser[]): Step[] }[] = [
  {
    label: "tick + untick a Today's Focus task",
    steps: (users) => {
      const pool = userPool(users);
      return [
        {
          setupRequest: (request, context) => {
            const user = pool.take(context);
            return post(request, '/api/trpc/tasks.daily.complete', user, { id: user.taskIds[0] });
          },
        },
        {
          setupRequest: (request, context) => {
            const user = pool.user(context);
            return post(request, '/api/trpc/tasks.daily.incomplete', user, { id: user.taskIds[0] });
          },
          onResponse: (_status, _body, context) => pool.giveBack(context),
        },
      ];
    },
  },
  {
    label: 'start + quit a Lock-In session',
    steps: (users) => {
      const pool = userPool(users);
      return [
        {
          setupRequest: (request, context) =>
            post(request, '/api/trpc/lockin.start', pool.take(context), { goalMinutes: 25 }),
          onResponse: (status, body, context) => {
            if (status === 200) context.session = JSON.parse(body).result.data.session.id;
          },
        },
        {
          setupRequest: (request, context) =>
            post(request, '/api/trpc/lockin.quit', pool.user(context), {
              id: context.session ?? 'none',
              actualMinutes: 0,
            }),
          onResponse: (_status, _body, context) => pool.giveBack(context),
        },
      ];
    },
  },
  {
    label: 'add + delete a bank task',
    steps: (users) => {
      const pool = userPool(users);
      return [
        {
          setupRequest: (request, context) => {
            context.task = crypto.randomUUID();
            return post(request, '/api/trpc/tasks.bank.create', pool.take(context), {
              id: context.task,
              title: 'Bench task',
              category: 'Work',
            });
          },
        },
        {
          setupRequest: (request, context) =>
            post(request, '/api/trpc/tasks.bank.delete', pool.user(context), { id: context.task }),
          onResponse: (_status, _body, context) => pool.giveBack(context),
        },
      ];
    },
  },
];

/**
 * Quits every user's running session: a run that ends between a start and its quit leaves one,
 * and the next run's first start for that user would be refused (409) for it.
 */
async function quitLeftovers(baseUrl: string, users: BenchUser[]): Promise<void> {
  for (const user of users) {
    const res = await fetch(`${baseUrl}/api/trpc/lockin.running`, { headers: { cookie: user.cookie } });
    const id = ((await res.json()) as { result: { data: { session: { id: string } | null } } }).result.data.session?.id;
    if (!id) continue;
    const request = post({}, '/api/trpc/lockin.quit', user, { id, actualMinutes: 0 });
    await fetch(`${baseUrl}${request.path}`, request);
  }
}

/**
 * autocannon stops without waiting for the requests in flight; a start the server finishes after
 * the leftovers were quit would stay running, and every later pass of its user would be refused.
 */
async function settleAndQuitLeftovers(baseUrl: string, users: BenchUser[]): Promise<void> {
  await Bun.sleep(1000);
  await quitLeftovers(baseUrl, users);
}

/** `rate`: at most this many requests a second over all connections (autocannon's overallRate). */
async function drive(
  url: string,
  connections: number,
  steps: Step[],
  seconds = duration,
  rate?: number,
): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, requests: steps, overallRate: rate });
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** The floor: BEGIN, the user's advisory lock, the same tick UPDATE, COMMIT — as fast as the database goes. */
async function postgresFloor(
  databaseUrl: string,
  connections: number,
  users: BenchUser[],
  seconds = duration,
  rate?: number,
): Promise<Figures> {
  const sql = postgres(databaseUrl, { max: connections, onnotice: () => {} });
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const turn = rateLimit(rate);
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const user = users[i % users.length]!;
      while (performance.now() < until) {
        await turn();
        const started = performance.now();
        await sql.begin(async (tx) => {
          await tx`select pg_advisory_xact_lock(hashtext(${user.cookie}))`;
          await tx`update daily_tasks set completed = not completed where id = ${user.taskIds[1]!}`;
        });
        latencies.push(performance.now() - started);
      }
    }),
  );
  await sql.end();
  return summarise(latencies, seconds);
}

/** PGlite's floor: the same transaction on an in-process PGlite with LockIn's start parameters (one connection). */
async function pgliteFloor(users: BenchUser[], seconds = duration, rate?: number): Promise<Figures> {
  const dir = tempDataDir('lockin-floor-');
  const db = new PGlite({ dataDir: dir, startParams: PGLITE_START_PARAMS });
  await db.exec(
    'create table daily_tasks (user_id text, id text primary key, completed boolean not null default false)',
  );
  for (const [i, user] of users.entries()) {
    await db.query('insert into daily_tasks (user_id, id) values ($1, $2)', [`u${i}`, user.taskIds[1]]);
  }
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const turn = rateLimit(rate);
  for (let i = 0; performance.now() < until; i++) {
    await turn();
    const user = users[i % users.length]!;
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`u${i % users.length}`]);
      await tx.query('update daily_tasks set completed = not completed where id = $1', [user.taskIds[1]]);
    });
    latencies.push(performance.now() - started);
  }
  await db.close();
  rmSync(dir, { recursive: true, force: true });
  return summarise(latencies, seconds);
}

/**
 * Paces a floor as autocannon paces LockIn's writers under a rate: each second's share goes out as
 * fast as it can, then the writers wait for the next second. No rate: never waits.
 */
function rateLimit(rate?: number): () => Promise<void> {
  if (!rate) return async () => undefined;
  const start = performance.now();
  let second = 0;
  let sent = 0;
  return async () => {
    for (;;) {
      const now = performance.now() - start;
      const current = Math.floor(now / 1000);
      if (current !== second) {
        second = current;
        sent = 0;
      }
      if (sent < rate) {
        sent++;
        return;
      }
      await Bun.sleep((current + 1) * 1000 - now);
    }
  };
}

function summarise(latencies: number[], seconds: number): Figures {
  const sorted = latencies.sort((a, b) => a - b);
  return { reqPerSec: latencies.length / seconds, p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0, failed: 0 };
}

const row = (label: string, f: Figures, floor?: Figures) =>
  `${label.padEnd(44)} ${f.reqPerSec.toFixed(0).padStart(7)} ${f.p99.toFixed(1).padStart(8)}   ${floor ? `${((f.reqPerSec / floor.reqPerSec) * 100).toFixed(1).padStart(5)}%` : '      '}   ${load().padStart(4)}${f.failed ? `   (${f.failed} failed)` : ''}`;

/** One soak round's reads kept (a share of the reads alone just before), and the write rates reached. */
interface SoakRound {
  alone: number;
  lockin: number;
  floor: number;
  lockinWrites: number;
  floorWrites: number;
  p99: number;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
/** Median and range of one column over the rounds. */
const spread = (values: number[], format: (v: number) => string) =>
  `${format(median(values))} (${format(Math.min(...values))}-${format(Math.max(...values))})`;

/**
 * Cached reads alone, then beside LockIn's tick + untick writers, then beside the SQL floor's
 * writes (the share the machine itself loses): at full speed, then both at FIXED_WRITES_PER_SECOND.
 * SOAK_ROUNDS rounds of each, alternating: one 5 s round moved by up to ±15 points on this machine.
 */
async function mixedSoak(
  url: string,
  users: BenchUser[],
  sqlFloor: (connections: number, seconds?: number, rate?: number) => Promise<Figures>,
): Promise<void> {
  const cookies = users.map((u) => u.cookie);
  const reads = `${url}/api/auth/user`;
  const read = () => wrk(reads, { seconds: duration, connections: 50, cookies });
  await wrk(reads, { seconds: 1, connections: 50, cookies });
  const paces = [undefined, FIXED_WRITES_PER_SECOND];
  const rounds = new Map<number | undefined, SoakRound[]>(paces.map((rate) => [rate, []]));
  for (let round = 0; round < SOAK_ROUNDS; round++) {
    for (const rate of paces) {
      // Alone again before each pair: this machine's speed drifts within a run.
      const alone = await read();
      const [beside, writes] = await Promise.all([read(), drive(url, 50, WRITES[0]!.steps(users), duration, rate)]);
      await settleAndQuitLeftovers(url, users);
      // The machine's own share: the same reads while the floor's transactions run from this
      // process (LockIn does none of that work), so the CPUs are shared as in the soak without LockIn's part.
      const [besideFloor, floorWrites] = await Promise.all([read(), sqlFloor(50, duration, rate)]);
      rounds.get(rate)!.push({
        alone: alone.reqPerSec,
        lockin: beside.reqPerSec / alone.reqPerSec,
        floor: besideFloor.reqPerSec / alone.reqPerSec,
        lockinWrites: writes.reqPerSec,
        floorWrites: floorWrites.reqPerSec,
        p99: beside.p99,
      });
    }
  }
  console.log(
    `mixed soak, cached GET /api/auth/user (wrk, 50 conn.), ${SOAK_ROUNDS} rounds, median (range); each round's share is of the reads alone just before it:`,
  );
  for (const rate of paces) {
    const all = rounds.get(rate)!;
    const of = (pick: (r: SoakRound) => number, format: (v: number) => string) => spread(all.map(pick), format);
    const count = (v: number) => v.toFixed(0);
    const ms = (v: number) => v.toFixed(1);
    const alone = of((r) => r.alone, count);
    const lockin = `${of((r) => r.lockinWrites, count)} writes/s, reads p99 ${of((r) => r.p99, ms)} ms`;
    const floor = `${of((r) => r.floorWrites, count)} tx/s, none through LockIn`;
    // Below the rate asked, the two sides did not run the same load: said, not hidden.
    const short =
      rate && Math.min(...all.map((r) => r.lockinWrites)) < rate * 0.95
        ? ` (LockIn's writers fell short of ${rate}/s)`
        : '';
    const label = (rate ? `${rate} writes/s` : 'full speed').padEnd(13);
    console.log(
      `  ${label} alone ${alone} req/s; beside 50 LockIn writers (${lockin}): ${of((r) => r.lockin, percent)} kept; beside the SQL floor's writes (${floor}): ${of((r) => r.floor, percent)} kept${short}`,
    );
  }
  console.log(`  load ${load()}`);
}

async function runOn(kind: DatabaseKind): Promise<void> {
  const lockin = await startLockIn(kind);
  const { server } = lockin;
  origin = server.url;
  try {
    const users = await signUpUsers(server, USERS);
    // PGlite's floor runs on one in-process connection whatever the count.
    const sqlFloor = (connections: number, seconds = duration, rate?: number) =>
      lockin.databaseUrl
        ? postgresFloor(lockin.databaseUrl, connections, users, seconds, rate)
        : pgliteFloor(users, seconds, rate);
    Bun.gc(true);
    await Bun.sleep(1000);
    const rssBefore = rssMiB(server.proc.pid);
    const sampler = peakSampler(server.proc.pid);
    console.log(`\n[${kind}]`);
    console.log(`${'write'.padEnd(44)} ${'req/s'.padStart(7)} ${'p99 ms'.padStart(8)}   of floor   load`);
    for (const connections of CONNECTIONS) {
      // Warmed up as LockIn's writes are: a first, cold run of the floor measured its JIT warming
      // (PGlite's in this process: ~2,200 tx/s, against ~4,000 for the next run).
      await sqlFloor(connections, 1);
      const floor = await sqlFloor(connections);
      console.log(row(`SQL floor: lock + UPDATE (${connections} conn.)`, floor));
      for (const write of WRITES) {
        if (only && !write.label.includes(only)) continue;
        await drive(server.url, connections, write.steps(users), 1);
        await settleAndQuitLeftovers(server.url, users);
        const figures = await drive(server.url, connections, write.steps(users));
        await settleAndQuitLeftovers(server.url, users);
        console.log(row(`${write.label} (${connections} conn.)`, figures, floor));
      }
    }

    if (!only) await mixedSoak(server.url, users, sqlFloor);
    const peak = sampler.stop();
    await Bun.sleep(3000);
    console.log(
      `server RSS: before ${rssBefore.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB, after ${rssMiB(server.proc.pid).toFixed(0)} MiB`,
    );
  } finally {
    await lockin.stop();
  }
}

console.log(
  `LockIn writes: ${USERS} users, ${duration} s per figure on loopback (bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs, load ${load()})`,
);
if (which === 'both' || which === 'pglite') await runOn('pglite');
if (which === 'both' || which === 'postgres') await runOn('postgres');

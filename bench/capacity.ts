// Capacity under a written-down user model: the highest arrival rate LockIn holds for a whole step
// with p99 under 100 ms and no errors, and the number of active users that rate stands for,
// beside a floor (bench/support/floor-server.ts: a bare Bun.serve sending the same SQL) on the
// same seeded database in the same run. Open loop: requests leave at their scheduled times
// whatever the server does, and each latency is counted from the scheduled send time, so a slow
// server cannot slow the load down (a closed loop would hide queueing behind fewer requests).
//
// The user model. An active user does something about every USER_ACTION_INTERVAL_S seconds;
// each thing is one HTTP request, drawn with these shares:
//   page opens (24 %): the shell GET / (8), GET /api/auth/user (8) and the first screen's batch of
//     six reads (8), as the client sends them;
//   Today's Focus: ticks and unticks (25), a list refetch (10);
//   Task Bank: list (6), create and delete (4 + 4);
//   Lock-In: start and quit (5 + 5), the running session (4);
//   analytics views (10; Premium users get the full dashboard);
//   calendar pulls (3, Premium users' feeds).
// Users (SEEDED_USERS, seeded by bench/support/seed.ts) have ~60 days of sessions and completed
// tasks; one in five is Premium. A user is never sent two requests at once. A tick answered 404 (a
// run crossing the users' midnight, when the daily reset removes completed entries) drops the entry
// from that user's list, as the page's refetch would, instead of counting as an error.
// Each active user also holds one open live stream (GET /api/live) while the step runs: at R
// requests a second that is R × USER_ACTION_INTERVAL_S streams, held by a process of their own
// (bench/support/stream-holder.ts), spread over the seeded users as pages and devices are. This
// machine lets a process hold 20,000 open files and every stream is one on each side (two in
// nginx), so streams stop growing at STREAMS_MAX (NGINX_STREAMS_MAX behind nginx); every step says
// how many it held. CAPACITY_STREAMS=0 runs without them.
//
// Also: while LockIn is driven past its capacity (OVERLOAD_FACTOR times the best rate), GET / and
// /api/health are sampled by a process of their own, a few a second, to show whether pages and
// probes keep answering.
//
// Usage: bun run build && bun bench/capacity.ts [pglite|postgres|nginx|all=all] [stepSeconds=30]
//   postgres and nginx need PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
//   and nginx needs Debian's nginx. Rates: CAPACITY_RATES="250,500,..." overrides the steps.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { NGINX, nginxConfig, startNginx } from '../test/support/nginx';
import { freePort, REPO_ROOT, type ServerProcess, spawnServer, tempDataDir } from '../test/support/process';
import { type SeededUser, seedUsers } from './support/seed';
import { cpuMicros, load, peakSampler, requireServerBuild, rssMiB } from './support/servers';

const which = process.argv[2] ?? 'all';
const STEP_SECONDS = Number(process.argv[3] ?? 30);
const SEEDED_USERS = 2_000;
/** Seconds between two things an active user does. */
const USER_ACTION_INTERVAL_S = 20;
const P99_LIMIT_MS = 100;
/** The overload step runs at this multiple of the best rate held, with pages and probes sampled. */
const OVERLOAD_FACTOR = 1.5;
const REQUEST_TIMEOUT_MS = 5_000;
const RATES = (process.env.CAPACITY_RATES ?? '250,500,750,1000,1250,1500,2000,2500,3000,4000').split(',').map(Number);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WITH_STREAMS = process.env.CAPACITY_STREAMS !== '0';
const STREAMS_MAX = 15_000;
const NGINX_STREAMS_MAX = 5_000;
const STREAMS_SETTLE_MS = 5_000;

interface UserState {
  user: SeededUser;
  busy: boolean;
  completed: Set<string>;
  created: string[];
  running?: string;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Runs with the answer's JSON when it succeeded. */
  after?: (answer: unknown) => void;
  /**
   * Runs instead of counting an error when the answer is 404: the thing is gone for a reason users
   * meet too (a run crossing midnight, when the daily reset removes completed entries).
   */
  gone?: () => void;
}

type Action =
  | { name: string; share: number; needsUser: false; call: () => Call }
  | {
      name: string;
      share: number;
      needsUser: true;
      /** None when this user cannot do it now (another action is drawn). */
      call: (state: UserState) => Call | undefined;
      premiumOnly?: boolean;
    };

const FIRST_SCREEN =
  'tasks.daily.list,tasks.bank.list,lockin.running,lockin.streak,plans.status,insights.suggestionSource';
const batchInput = encodeURIComponent(JSON.stringify({}));

const MODEL: Action[] = [
  { name: 'page: shell', share: 8, needsUser: false, call: () => ({ method: 'GET', path: '/' }) },
  { name: 'page: auth/user', share: 8, needsUser: true, call: () => ({ method: 'GET', path: '/api/auth/user' }) },
  {
    name: 'page: first batch',
    share: 8,
    needsUser: true,
    call: () => ({ method: 'GET', path: `/api/trpc/${FIRST_SCREEN}?batch=1&input=${batchInput}` }),
  },
  {
    name: 'tick / untick',
    share: 25,
    needsUser: true,
    call: (s) => {
      const id = s.user.dailyIds[Math.floor(Math.random() * s.user.dailyIds.length)] ?? '';
      const done = s.completed.has(id);
      return {
        method: 'POST',
        path: `/api/trpc/tasks.daily.${done ? 'incomplete' : 'complete'}`,
        body: { id },
        after: () => (done ? s.completed.delete(id) : s.completed.add(id)),
        // The daily reset removed it: the page would refetch its list; the bench forgets the entry.
        gone: () => {
          s.user.dailyIds = s.user.dailyIds.filter((other) => other !== id);
          s.completed.delete(id);
        },
      };
    },
  },
  {
    name: 'daily list',
    share: 10,
    needsUser: true,
    call: () => ({ method: 'GET', path: '/api/trpc/tasks.daily.list' }),
  },
  { name: 'bank list', share: 6, needsUser: true, call: () => ({ method: 'GET', path: '/api/trpc/tasks.bank.list' }) },
  {
    name: 'bank create',
    share: 4,
    needsUser: true,
    call: (s) => {
      if (s.created.length >= 2) return undefined;
      const id = crypto.randomUUID();
      return {
        method: 'POST',
        path: '/api/trpc/tasks.bank.create',
        body: { id, title: 'Capacity task', category: 'Work' },
        after: () => s.created.push(id),
      };
    },
  },
  {
    name: 'bank delete',
    share: 4,
    needsUser: true,
    call: (s) => {
      const id = s.created[0];
      if (!id) return undefined;
      return { method: 'POST', path: '/api/trpc/tasks.bank.delete', body: { id }, after: () => s.created.shift() };
    },
  },
  {
    name: 'lock-in start',
    share: 5,
    needsUser: true,
    call: (s) =>
      s.running
        ? undefined
        : {
            method: 'POST',
            path: '/api/trpc/lockin.start',
            body: { goalMinutes: 25, goalText: 'Deep work' },
            after: (answer) => {
              s.running = (answer as { result: { data: { session: { id: string } } } }).result.data.session.id;
            },
          },
  },
  {
    name: 'lock-in quit',
    share: 5,
    needsUser: true,
    call: (s) =>
      s.running
        ? {
            method: 'POST',
            path: '/api/trpc/lockin.quit',
            body: { id: s.running, actualMinutes: 0, reason: 'Distracted' },
            after: () => {
              s.running = undefined;
            },
          }
        : undefined,
  },
  {
    name: 'lock-in running',
    share: 4,
    needsUser: true,
    call: () => ({ method: 'GET', path: '/api/trpc/lockin.running' }),
  },
  { name: 'analytics', share: 10, needsUser: true, call: () => ({ method: 'GET', path: '/api/analytics' }) },
  {
    name: 'calendar pull',
    share: 3,
    needsUser: true,
    premiumOnly: true,
    call: (s) => ({ method: 'GET', path: `/api/calendar/${s.user.feedToken}.ics` }),
  },
];
const TOTAL_SHARE = MODEL.reduce((sum, a) => sum + a.share, 0);

function drawAction(): Action {
  let pick = Math.random() * TOTAL_SHARE;
  for (const action of MODEL) {
    pick -= action.share;
    if (pick < 0) return action;
  }
  return MODEL[0]!;
}

interface StepResult {
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  errors: number;
  /** The first few errors, to say what failed. */
  samples: string[];
  /** Mean latency (ms) and count per action of the model, to say what is slow. */
  byAction: Map<string, { count: number; total: number }>;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : Number.NaN;

/** One open-loop step at `rate` requests a second for `seconds`. */
async function runStep(baseUrl: string, states: UserState[], rate: number, seconds: number): Promise<StepResult> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const samples: string[] = [];
  let errors = 0;
  const byAction = new Map<string, { count: number; total: number }>();
  const inFlight = new Set<Promise<void>>();
  const origin = new URL(baseUrl).origin;

  const fire = (scheduled: number) => {
    let action = drawAction();
    let state: UserState | undefined;
    let call: Call | undefined;
    for (let attempt = 0; attempt < 20 && !call; attempt++) {
      if (attempt > 0) action = drawAction();
      if (!action.needsUser) {
        call = action.call();
        break;
      }
      const candidate = states[Math.floor(Math.random() * states.length)]!;
      if (candidate.busy || (action.premiumOnly && !candidate.user.premium)) continue;
      state = candidate;
      call = action.call(candidate);
    }
    if (!call) {
      action = MODEL[0]!;
      call = { method: 'GET', path: '/' };
    }
    const name = action.name;
    if (state) state.busy = true;
    const { method, path, body, after, gone } = call;
    const request = fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(state ? { cookie: state.user.cookie } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json', origin } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
      .then(async (res) => {
        const text = await res.text();
        const ms = performance.now() - scheduled;
        latencies.push(ms);
        const tally = byAction.get(name) ?? { count: 0, total: 0 };
        tally.count++;
        tally.total += ms;
        byAction.set(name, tally);
        if (res.status === 404 && gone) gone();
        else if (res.status >= 400) {
          errors++;
          if (samples.length < 5) samples.push(`${method} ${path.slice(0, 60)} → ${res.status} ${text.slice(0, 120)}`);
        } else if (after) {
          after(text.startsWith('{') ? JSON.parse(text) : text);
        }
      })
      .catch((error: unknown) => {
        errors++;
        latencies.push(performance.now() - scheduled);
        if (samples.length < 5) samples.push(`${method} ${path.slice(0, 60)} → ${String(error)}`);
      })
      .finally(() => {
        if (state) state.busy = false;
        inFlight.delete(request);
      });
    inFlight.add(request);
  };

  const start = performance.now() + 20;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000));
      while (sent < due) {
        fire(start + (sent * 1000) / rate);
        sent++;
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return { rate, sent, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), errors, samples, byAction };
}

const held = (r: StepResult) => r.errors === 0 && r.p99 < P99_LIMIT_MS;

/** GET / and /api/health sampled by bench/support/probe.ts (a process of its own) for `seconds`. */
async function probe(baseUrl: string, seconds: number): Promise<{ pageP99: number; healthP99: number }> {
  const proc = Bun.spawn([process.execPath, join(REPO_ROOT, 'bench/support/probe.ts'), baseUrl, String(seconds)], {
    stdout: 'pipe',
  });
  return JSON.parse(await new Response(proc.stdout).text());
}

interface StreamHolder {
  /** Holds `count` open streams; answers how many it holds and how many the server refused so far. */
  hold(count: number): Promise<{ held: number; refused: number }>;
  stop(): Promise<void>;
}

/** bench/support/stream-holder.ts, holding streams on `baseUrl` with the users' cookies. */
function startStreamHolder(baseUrl: string, states: UserState[], dir: string): StreamHolder {
  const cookies = join(dir, 'stream-cookies.json');
  writeFileSync(cookies, JSON.stringify(states.map((s) => s.user.cookie)));
  const proc = Bun.spawn([process.execPath, join(REPO_ROOT, 'bench/support/stream-holder.ts'), baseUrl, cookies], {
    env: { PATH: process.env.PATH ?? '', BUN_CONFIG_MAX_HTTP_REQUESTS: '50000' },
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const lines = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  async function nextLine(): Promise<string> {
    for (;;) {
      const end = buffered.indexOf('\n');
      if (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        return line;
      }
      const chunk = await lines.read();
      if (chunk.done) throw new Error('the stream holder exited');
      buffered += chunk.value;
    }
  }
  return {
    async hold(count) {
      proc.stdin.write(`${count}\n`);
      proc.stdin.flush();
      return JSON.parse(await nextLine());
    },
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}

interface Capacity {
  label: string;
  steps: StepResult[];
  best?: StepResult;
  rss?: { before: number; peak: number; after: number };
  overload?: { rate: number; pageP99: number; healthP99: number };
}

function freshStates(users: SeededUser[]): UserState[] {
  return users.map((user) => ({ user, busy: false, completed: new Set(), created: [] }));
}

/** Steps up the rates until one is not held (or all are); then one step at twice the best rate with probes. */
async function measure(
  label: string,
  baseUrl: string,
  states: UserState[],
  options: { pid?: number; dir: string; streamsMax?: number },
): Promise<Capacity> {
  const { pid } = options;
  const streamsMax = options.streamsMax ?? STREAMS_MAX;
  const holder = WITH_STREAMS ? startStreamHolder(baseUrl, states, options.dir) : undefined;
  try {
    return await measureWith(label, baseUrl, states, pid, async (rate) => {
      if (!holder) return '';
      const { held, refused } = await holder.hold(Math.min(rate * USER_ACTION_INTERVAL_S, streamsMax));
      // Pages open their streams over minutes, not all at once: the step starts once the burst of
      // opening (a session read each, and its garbage) has settled.
      await Bun.sleep(STREAMS_SETTLE_MS);
      return `  streams ${held}${refused ? ` (${refused} refused)` : ''}`;
    });
  } finally {
    await holder?.stop();
  }
}

async function measureWith(
  label: string,
  baseUrl: string,
  states: UserState[],
  pid: number | undefined,
  holdStreams: (rate: number) => Promise<string>,
): Promise<Capacity> {
  // Warm-up: JIT, connection pools, the database's caches.
  await runStep(baseUrl, states, RATES[0] ?? 250, 5);
  const steps: StepResult[] = [];
  const rssBefore = pid ? rssMiB(pid) : 0;
  const peak = pid ? peakSampler(pid) : undefined;
  for (const rate of RATES) {
    const streams = await holdStreams(rate);
    const cpuBefore = pid ? cpuMicros(pid) : 0;
    const step = await runStep(baseUrl, states, rate, STEP_SECONDS);
    steps.push(step);
    const cpu = pid ? `  server CPU ${((cpuMicros(pid) - cpuBefore) / step.sent).toFixed(0)} µs/request` : '';
    console.log(
      `  ${label.padEnd(28)} ${String(rate).padStart(5)}/s  p50 ${step.p50.toFixed(1).padStart(7)} ms  p99 ${step.p99.toFixed(1).padStart(7)} ms  errors ${step.errors}${cpu}${streams}  load ${load()}${held(step) ? '' : '  (not held)'}`,
    );
    for (const sample of step.samples) console.log(`      ${sample}`);
    if (process.env.CAPACITY_VERBOSE)
      for (const [name, t] of step.byAction)
        console.log(`      ${name.padEnd(20)} ${(t.total / t.count).toFixed(1)} ms (${t.count})`);
    if (!held(step)) break;
    await Bun.sleep(2_000);
  }
  const best = [...steps].reverse().find(held);
  let overload: Capacity['overload'];
  if (best) {
    const rate = Math.round(best.rate * OVERLOAD_FACTOR);
    await holdStreams(rate);
    const [, probed] = await Promise.all([runStep(baseUrl, states, rate, 10), probe(baseUrl, 9)]);
    overload = { rate, pageP99: probed.pageP99, healthP99: probed.healthP99 };
    console.log(
      `  ${label.padEnd(28)} overload ${rate}/s: GET / p99 ${probed.pageP99.toFixed(1)} ms, /api/health p99 ${probed.healthP99.toFixed(1)} ms`,
    );
  }
  const rss = pid && peak ? { before: rssBefore, peak: peak.stop(), after: rssMiB(pid) } : undefined;
  return { label, steps, best, rss, overload };
}

const appEnv = (extra: Record<string, string>) => ({
  NODE_ENV: 'production',
  // Nobody is mailed in a bench.
  MAIL_TO_LOG: 'true',
  LOG_REQUESTS: 'false',
  TRUST_PROXY: 'true',
  // CAPACITY_PROFILE=<dir>: the servers write CPU profiles there.
  ...(process.env.CAPACITY_PROFILE ? { BUN_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.CAPACITY_PROFILE}` } : {}),
  ...extra,
});

async function startFloor(target: {
  databaseUrl?: string;
  dataDir?: string;
}): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const proc = Bun.spawn([process.execPath, join(REPO_ROOT, 'bench/support/floor-server.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      ...(process.env.CAPACITY_PROFILE
        ? { BUN_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.CAPACITY_PROFILE}` }
        : {}),
      ...(target.databaseUrl ? { FLOOR_DATABASE_URL: target.databaseUrl } : { FLOOR_DATA_DIR: target.dataDir ?? '' }),
    },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  await proc.stdout.getReader().read();
  return {
    url: `http://127.0.0.1:${port}`,
    pid: proc.pid,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}

async function newPostgresDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function withServer<T>(server: ServerProcess, run: (s: ServerProcess) => Promise<T>): Promise<T> {
  try {
    await server.waitUntilUp({ timeoutMs: 120_000 });
    return await run(server);
  } finally {
    await server.stop();
  }
}

async function benchPglite(): Promise<Capacity[]> {
  const dataDir = tempDataDir('lockin-capacity-');
  try {
    // One set of user states for both runs: the floor goes on from the sessions LockIn left running.
    const users = freshStates(await seedUsers({ dataDir }, SEEDED_USERS));
    const lockin = await withServer(await spawnServer({ build: true, env: appEnv({ DATA_DIR: dataDir }) }), (s) =>
      measure('PGlite, one process', s.url, users, { pid: s.proc.pid, dir: dataDir }),
    );
    const floor = await startFloor({ dataDir });
    try {
      return [lockin, await measure('PGlite floor', floor.url, users, { pid: floor.pid, dir: dataDir })];
    } finally {
      await floor.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(withNginx: boolean): Promise<Capacity[]> {
  const database = await newPostgresDatabase(`lockin_capacity_${process.pid}`);
  const dataDir = tempDataDir('lockin-capacity-');
  try {
    const users = freshStates(await seedUsers({ databaseUrl: database.url, dataDir }, SEEDED_USERS));
    const results: Capacity[] = [];
    results.push(
      await withServer(
        await spawnServer({ build: true, env: appEnv({ DATABASE_URL: database.url, DATA_DIR: dataDir }) }),
        (s) => measure('PostgreSQL, one process', s.url, users, { pid: s.proc.pid, dir: dataDir }),
      ),
    );
    if (withNginx && NGINX) results.push(await benchBehindNginx(database.url, dataDir, users));
    const floor = await startFloor({ databaseUrl: database.url });
    try {
      results.push(await measure('PostgreSQL floor', floor.url, users, { pid: floor.pid, dir: dataDir }));
    } finally {
      await floor.stop();
    }
    return results;
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Two processes as deploy/ runs them, behind the shipped nginx config. */
async function benchBehindNginx(databaseUrl: string, dataDir: string, users: UserState[]): Promise<Capacity> {
  const [front, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${front}`;
  const start = (port: number) =>
    spawnServer({ port, build: true, env: appEnv({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, APP_URL: appUrl }) });
  const [a, b] = [await start(portA), await start(portB)];
  const root = join(dataDir, 'nginx');
  // Every stream is two connections in nginx (the page's and the upstream's).
  const config = await nginxConfig(front, [portA, portB], { root, workerConnections: 2 * NGINX_STREAMS_MAX + 2_000 });
  const nginx = await startNginx(root, config, appUrl);
  try {
    await Promise.all([a.waitUntilUp({ timeoutMs: 120_000 }), b.waitUntilUp({ timeoutMs: 120_000 })]);
    return await measure('PostgreSQL, 2 behind nginx', appUrl, users, { dir: dataDir, streamsMax: NGINX_STREAMS_MAX });
  } finally {
    nginx.kill('SIGQUIT');
    await nginx.exited;
    await Promise.all([a.stop(), b.stop()]);
  }
}

requireServerBuild();
console.log(
  `capacity: open loop, ${STEP_SECONDS} s steps, p99 < ${P99_LIMIT_MS} ms and no errors; ${SEEDED_USERS} seeded users; one active user = one request every ${USER_ACTION_INTERVAL_S} s; load ${load()}`,
);
const results: Capacity[] = [];
if (which === 'pglite' || which === 'all') results.push(...(await benchPglite()));
if (which === 'postgres' || which === 'nginx' || which === 'all')
  results.push(...(await benchPostgres(which !== 'postgres')));

console.log('\nsetup                          held rate   p99 ms   active users   RSS before/peak/after MiB');
for (const r of results) {
  const rate = r.best?.rate ?? 0;
  const rss = r.rss ? `${r.rss.before.toFixed(0)}/${r.rss.peak.toFixed(0)}/${r.rss.after.toFixed(0)}` : '';
  console.log(
    `${r.label.padEnd(30)} ${String(rate).padStart(9)} ${(r.best?.p99 ?? Number.NaN).toFixed(1).padStart(8)} ${String(rate * USER_ACTION_INTERVAL_S).padStart(14)}   ${rss}`,
  );
}
const share = (app: string, floor: string) => {
  const a = results.find((r) => r.label === app)?.best?.rate;
  const f = results.find((r) => r.label === floor)?.best?.rate;
  return a && f ? `${app}: ${((a / f) * 100).toFixed(0)} % of the floor (${a} / ${f})` : undefined;
};
for (const line of [
  share('PGlite, one process', 'PGlite floor'),
  share('PostgreSQL, one process', 'PostgreSQL floor'),
  share('PostgreSQL, 2 behind nginx', 'PostgreSQL floor'),
])
  if (line) console.log(line);
console.log(`load ${load()}`);

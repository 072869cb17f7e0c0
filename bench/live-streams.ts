// Live streams (issue #49): what one LockIn process holds for N open streams (RSS before, with
// them, after they close; CPU over a quiet heartbeat interval with and without them), and how
// long a room event takes to reach every member's streams at a steady rate of room events. Users
// are seeded straight into PostgreSQL (bench/support/seed.ts); each holds STREAMS / USERS streams
// (pages and devices); rooms of ROOM_SIZE members are written to the database, and each room
// event is a change to one member's row, announced by the same trigger a join or a give-up fires.
// A delivery's latency runs from the moment the event's statement was sent to the moment the
// stream's reader has the event.
//
// Usage: bun run build && bun bench/live-streams.ts [streams=10000] [eventsPerSecond=50] [seconds=20] [nginx]
//   (run it with BUN_CONFIG_MAX_HTTP_REQUESTS=20000: Bun's fetch holds at most 256 connections to
//   one host by default, and every stream is one; `bun run bench:live` sets it)
//   needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
//   `nginx`: two LockIn processes behind deploy/nginx.conf (Debian's nginx), as deploy/ runs them;
//   each stream lands on either process, and a room event written once reaches both through
//   PostgreSQL's NOTIFY. RSS is then each process's.
import { join } from 'node:path';
import postgres from 'postgres';
import { LIVE_HEARTBEAT_SECONDS, LIVE_PATH, LIVE_STREAMS_PER_USER } from '../src/shared/live';
import { nginxConfig, startNginx } from '../test/support/nginx';
import { freePort, type ServerProcess, spawnServer, tempDataDir } from '../test/support/process';
import { seedUsers } from './support/seed';
import { cpuMicros, requireServerBuild, rssMiB } from './support/servers';

const STREAMS = Number(process.argv[2] ?? 10_000);
const EVENTS_PER_SECOND = Number(process.argv[3] ?? 50);
const SECONDS = Number(process.argv[4] ?? 20);
const VIA_NGINX = process.argv[5] === 'nginx';
// Each user holds up to LIVE_STREAMS_PER_USER streams (pages and devices at once).
const USERS = Math.max(1, Math.ceil(STREAMS / LIVE_STREAMS_PER_USER));
const ROOM_SIZE = 5;
const OPEN_AT_ONCE = 200;
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

requireServerBuild();
const dbName = `lockin_live_bench_${process.pid}`;
const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName}`);
const url = new URL(BASE_URL);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
const dataDir = tempDataDir('lockin-live-bench-');

console.log(`seeding ${USERS} users…`);
const users = await seedUsers({ databaseUrl, dataDir }, USERS);
const front = VIA_NGINX ? await freePort() : undefined;
const appUrl = front ? `http://127.0.0.1:${front}` : undefined;
const start = async (port?: number) =>
  spawnServer({
    port,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      MAIL_TO_LOG: 'true',
      LOG_REQUESTS: 'false',
      ...(appUrl ? { APP_URL: appUrl, TRUST_PROXY: 'true' } : {}),
    },
    build: true,
  });
const servers: ServerProcess[] = VIA_NGINX
  ? [await start(await freePort()), await start(await freePort())]
  : [await start()];
await Promise.all(servers.map((s) => s.waitUntilUp({ timeoutMs: 120_000 })));
let nginx: ReturnType<typeof Bun.spawn> | undefined;
if (front && appUrl) {
  const root = join(dataDir, 'nginx');
  const ports = servers.map((s) => Number(new URL(s.url).port)) as [number, number];
  // Every stream is two connections in nginx (the page's and the upstream's).
  nginx = await startNginx(
    root,
    await nginxConfig(front, ports, { root, workerConnections: 2 * STREAMS + 1_000 }),
    appUrl,
  );
}
const baseUrl = appUrl ?? servers[0]?.url ?? '';
console.log(`${VIA_NGINX ? 'two servers behind nginx' : 'server'} up; writing rooms…`);
const pids = servers.map((s) => s.proc.pid);
const rssOf = () => pids.map(rssMiB);
// A few requests first, so the idle figure is of a process that has served.
for (const user of users.slice(0, 20))
  await (await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie: user.cookie } })).text();
await Bun.sleep(2_000);
const idle = rssOf();
/** Each process's CPU over one heartbeat interval with nothing else happening, in ms a second. */
async function quietCpu(): Promise<number[]> {
  const before = pids.map(cpuMicros);
  await Bun.sleep(LIVE_HEARTBEAT_SECONDS * 1000);
  return pids.map((pid, i) => (cpuMicros(pid) - (before[i] ?? 0)) / 1000 / LIVE_HEARTBEAT_SECONDS);
}
const idleCpu = await quietCpu();

// Rooms: consecutive users, ROOM_SIZE at a time (written directly; the bench measures the stream).
const sql = postgres(databaseUrl, { max: 4, onnotice: () => {} });
const rooms: { id: string; members: string[] }[] = [];
for (let i = 0; i + ROOM_SIZE <= users.length; i += ROOM_SIZE) {
  const id = crypto.randomUUID();
  const members = users.slice(i, i + ROOM_SIZE).map((u) => u.id);
  rooms.push({ id, members });
}
const now = new Date();
for (const room of rooms) {
  await sql`insert into focus_rooms (id, host_id, goal_minutes, strict, starts_at, ends_at)
    values (${room.id}, ${room.members[0] ?? ''}, 60, true, ${new Date(now.getTime() + 3_600_000)}, ${new Date(now.getTime() + 7_200_000)})`;
  for (const member of room.members)
    await sql`insert into focus_room_members (room_id, user_id, joined_at, task_title, category)
      values (${room.id}, ${member}, ${now}, 'Bench', 'Work')`;
}

console.log(`${rooms.length} rooms written; opening ${STREAMS} streams…`);
// The streams: STREAMS / USERS per user, each read until the bench ends.
const issued = new Map<string, number>();
const latencies: number[] = [];
const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
let failedOpens = 0;
async function openStream(cookie: string): Promise<void> {
  const res = await fetch(`${baseUrl}${LIVE_PATH}`, { headers: { cookie } }).catch(() => null);
  const reader = res?.body?.getReader();
  if (res?.status !== 200 || !reader) {
    failedOpens++;
    return;
  }
  readers.push(reader);
  const decoder = new TextDecoder();
  let buffered = '';
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => null);
      if (!chunk || chunk.done) return;
      buffered += decoder.decode(chunk.value, { stream: true });
      for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (block.startsWith('event: ready')) ready();
        else if (block.startsWith('event: room')) {
          const roomId = /"roomId":"([^"]+)"/.exec(block)?.[1];
          const at = roomId ? issued.get(roomId) : undefined;
          if (at !== undefined) latencies.push(performance.now() - at);
        }
      }
    }
  })();
  await isReady;
}
const perUser = Math.ceil(STREAMS / USERS);
const cookies = Array.from({ length: STREAMS }, (_, i) => users[Math.floor(i / perUser)]?.cookie ?? '');
const opening = performance.now();
for (let i = 0; i < cookies.length; i += OPEN_AT_ONCE)
  await Promise.all(cookies.slice(i, i + OPEN_AT_ONCE).map((cookie) => openStream(cookie)));
const openedIn = (performance.now() - opening) / 1000;
await Bun.sleep(3_000);
const withStreams = rssOf();
const heldCpu = await quietCpu();

// Room events at a steady rate: each round-robins to the next room (no room has two in flight).
const total = EVENTS_PER_SECOND * SECONDS;
const started = performance.now();
for (let n = 0; n < total; n++) {
  const due = started + (n * 1000) / EVENTS_PER_SECOND;
  const wait = due - performance.now();
  if (wait > 0) await Bun.sleep(wait);
  const room = rooms[n % rooms.length];
  if (!room) break;
  issued.set(room.id, performance.now());
  void sql`update focus_room_members set share_task = not share_task
    where room_id = ${room.id} and user_id = ${room.members[n % ROOM_SIZE] ?? ''}`.execute();
}
await Bun.sleep(2_000);
const peak = rssOf();
const expected = total * ROOM_SIZE * perUser;

for (const reader of readers) await reader.cancel().catch(() => {});
await Bun.sleep(3_000);
const after = rssOf();

latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
console.log(
  `\nlive streams on PostgreSQL, ${VIA_NGINX ? 'two processes behind nginx' : 'one process'} (${USERS} users, ${rooms.length} rooms of ${ROOM_SIZE})`,
);
console.log(
  `  streams open: ${readers.length} of ${STREAMS} (${failedOpens} refused), opened in ${openedIn.toFixed(1)} s`,
);
const streamsPerProcess = readers.length / servers.length;
servers.forEach((_, i) => {
  const [before, held, during, closed] = [idle[i] ?? 0, withStreams[i] ?? 0, peak[i] ?? 0, after[i] ?? 0];
  console.log(
    `  RSS${VIA_NGINX ? ` (process ${i + 1}, about ${streamsPerProcess.toFixed(0)} streams)` : ''}: idle ${before.toFixed(0)} MiB, with the streams ${held.toFixed(0)} MiB (+${(held - before).toFixed(0)} MiB, ${(((held - before) * 1024) / Math.max(1, streamsPerProcess)).toFixed(1)} KiB a stream), during events ${during.toFixed(0)} MiB, after closing ${closed.toFixed(0)} MiB`,
  );
  const [quiet, holding] = [idleCpu[i] ?? 0, heldCpu[i] ?? 0];
  console.log(
    `  CPU with nothing happening, over one ${LIVE_HEARTBEAT_SECONDS} s heartbeat interval: ${quiet.toFixed(1)} ms a second without streams, ${holding.toFixed(1)} ms a second holding them (${(((holding - quiet) * 1000 * LIVE_HEARTBEAT_SECONDS) / Math.max(1, streamsPerProcess)).toFixed(0)} µs a stream an interval)`,
  );
});
console.log(
  `  room events: ${total} at ${EVENTS_PER_SECOND}/s → ${latencies.length} deliveries of ${expected} expected; latency p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms`,
);

await sql.end();
nginx?.kill('SIGQUIT');
await nginx?.exited;
await Promise.all(servers.map((s) => s.stop()));
await admin.unsafe(`drop database if exists ${dbName} with (force)`);
await admin.end();

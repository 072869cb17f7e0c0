// The capacity bench's floor: a bare Bun.serve answering the user model's requests with the same
// SQL LockIn sends, straight through postgres.js or an in-process PGlite, with no framework, no
// validation, no security headers and no rules beyond what the SQL does. What LockIn adds over
// this is the cost of being a product. Run as its own process (capacity.ts starts it) on a
// database the seed filled: FLOOR_DATABASE_URL (PostgreSQL) or FLOOR_DATA_DIR (PGlite), PORT.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { PGLITE_START_PARAMS } from '../../src/server/db/pglite-options';

type Row = Record<string, unknown>;
type Query = (text: string, params?: unknown[]) => Promise<Row[]>;
interface Sql {
  q: Query;
  tx<T>(run: (q: Query) => Promise<T>): Promise<T>;
}

async function open(): Promise<Sql> {
  const url = process.env.FLOOR_DATABASE_URL;
  if (url) {
    const sql = postgres(url, { max: 10, onnotice: () => {} });
    const on =
      (s: postgres.Sql | postgres.TransactionSql): Query =>
      (text, params = []) =>
        s.unsafe(text, params as never[], { prepare: true }) as unknown as Promise<Row[]>;
    return { q: on(sql), tx: (run) => sql.begin((t) => run(on(t))) as Promise<never> };
  }
  const pg = await PGlite.create({ dataDir: process.env.FLOOR_DATA_DIR, startParams: PGLITE_START_PARAMS });
  const on =
    (s: Pick<PGlite, 'query'>): Query =>
    async (text, params = []) =>
      (await s.query<Row>(text, params)).rows;
  return { q: on(pg), tx: (run) => pg.transaction((t) => run(on(t))) };
}

const db = await open();
const shell = readFileSync(join(import.meta.dir, '../../dist/public/index.html'), 'utf8');

const SESSION = `select s.user_id, s.expires_at, u.email, u.first_name, u.time_zone
  from sessions s join users u on u.id = s.user_id where s.id = $1 limit 1`;
const PLAN = 'select * from subscriptions where user_id = $1 limit 1';
const DAILY = `select r.last_reset_at, d.* from daily_reset_state r
  left join daily_tasks d on d.user_id = r.user_id where r.user_id = $1`;
const BANK =
  'select id, title, description, category, created_at from bank_tasks where user_id = $1 order by created_at desc, seq desc';
const BANK_COUNTS =
  'select category, count(*)::int as count from bank_tasks where user_id = $1 group by category order by category';
const CATEGORIES = 'select name from custom_categories where user_id = $1 order by created_at';
const RUNNING = "select * from lock_in_sessions where user_id = $1 and status = 'active' limit 1";
const STREAK = `select coalesce((select json_agg(d::text order by d) from (
      select distinct (s.ended_at at time zone s.time_zone)::date as d
      from lock_in_sessions s
      where s.user_id = $1 and s.status = 'completed' and not s.imported and s.ended_at is not null) days), '[]'::json) as days,
    coalesce((select json_agg(json_build_object('from', r.effective_from::text, 'bits', r.weekdays) order by r.effective_from)
      from rest_day_settings r where r.user_id = $1), '[]'::json) as rest`;
const LOCK = `insert into daily_reset_state (user_id, last_reset_at) values ($1, now())
  on conflict (user_id) do update set last_reset_at = daily_reset_state.last_reset_at returning last_reset_at`;
const TOTALS = `select coalesce(sum(completed), 0)::int as completed, coalesce(sum(quit), 0)::int as quit,
  coalesce(sum(sessions), 0)::int as sessions, coalesce(sum(minutes), 0)::int as minutes
  from insights_session_rollups where user_id = $1`;
const WEEK = `select (started_at at time zone $2)::date::text as day, count(*) filter (where status = 'completed')::int as completed,
  coalesce(sum(actual_minutes), 0)::int as minutes from lock_in_sessions
  where user_id = $1 and status <> 'active' and started_at >= now() - interval '7 days' group by 1`;
const TASK_DAYS = `select (completed_at at time zone $2)::date::text as day, count(*)::int as tasks from task_completions
  where user_id = $1 and completed_at >= now() - interval '7 days' group by 1`;
const TASKS = 'select count(*)::int as tasks from task_completions where user_id = $1';
const BREAKDOWN = `select day, hour, category, reason, sum(sessions)::int as sessions, sum(minutes)::int as minutes
  from insights_session_rollups where user_id = $1 group by grouping sets ((category), (day, hour), (category, reason))`;

interface User {
  id: string;
  email: string;
  first_name: string | null;
  time_zone: string;
}

async function userOf(request: Request): Promise<User | null> {
  const token = /lockin_session=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  if (!token) return null;
  const [row] = await db.q(SESSION, [Bun.SHA256.hash(token, 'hex')]);
  if (!row || (row.expires_at as Date) < new Date()) return null;
  return {
    id: row.user_id as string,
    email: row.email as string,
    first_name: row.first_name as string,
    time_zone: row.time_zone as string,
  };
}

const json = (body: unknown) => Response.json(body);
const trpc = (data: unknown) => ({ result: { data } });

async function plan(user: User) {
  const [row] = await db.q(PLAN, [user.id]);
  return { premium: row?.status === 'active', status: row?.status ?? null };
}

async function streak(user: User) {
  return (await db.q(STREAK, [user.id]))[0];
}

async function bankList(user: User) {
  await plan(user);
  const [tasks, counts, categories] = [
    await db.q(BANK, [user.id]),
    await db.q(BANK_COUNTS, [user.id]),
    await db.q(CATEGORIES, [user.id]),
  ];
  return { tasks, counts, categories };
}

async function body(request: Request): Promise<Record<string, unknown>> {
  return (await request.json()) as Record<string, unknown>;
}

async function setCompleted(user: User, id: string, completed: boolean) {
  return db.tx(async (q) => {
    await q(LOCK, [user.id]);
    const [entry] = await q('select * from daily_tasks where user_id = $1 and id = $2', [user.id, id]);
    if (!entry) return null;
    if (entry.completed === completed) return entry;
    const [changed] = await q(
      'update daily_tasks set completed = $3, completed_at = case when $3 then now() end where user_id = $1 and id = $2 returning *',
      [user.id, id, completed],
    );
    if (completed)
      await q(
        'insert into task_completions (user_id, task_id, title, category, planned_on, completed_at) values ($1, $2, $3, $4, $5, now())',
        [user.id, id, entry.title, entry.category, entry.planned_on],
      );
    else if (entry.completed_at)
      await q('delete from task_completions where user_id = $1 and task_id = $2 and completed_at = $3', [
        user.id,
        id,
        entry.completed_at,
      ]);
    return changed;
  });
}

const routes: Record<string, (user: User, request: Request) => Promise<Response>> = {
  'GET /api/auth/user': async (user) => json({ ...user, ...(await plan(user)) }),
  'GET /api/trpc/tasks.daily.list,tasks.bank.list,lockin.running,lockin.streak,plans.status,insights.suggestionSource':
    async (user) =>
      json([
        trpc(await db.q(DAILY, [user.id])),
        trpc(await bankList(user)),
        trpc(await db.q(RUNNING, [user.id])),
        trpc(await streak(user)),
        trpc(await plan(user)),
        trpc((await db.q(BANK, [user.id])).length),
      ]),
  'GET /api/trpc/tasks.daily.list': async (user) => json(trpc(await db.q(DAILY, [user.id]))),
  'GET /api/trpc/tasks.bank.list': async (user) => json(trpc(await bankList(user))),
  'GET /api/trpc/lockin.running': async (user) => json(trpc(await db.q(RUNNING, [user.id]))),
  'POST /api/trpc/tasks.daily.complete': async (user, r) =>
    json(trpc(await setCompleted(user, (await body(r)).id as string, true))),
  'POST /api/trpc/tasks.daily.incomplete': async (user, r) =>
    json(trpc(await setCompleted(user, (await body(r)).id as string, false))),
  'POST /api/trpc/tasks.bank.create': async (user, r) => {
    const input = await body(r);
    const premium = (await plan(user)).premium;
    const created = await db.tx(async (q) => {
      await q(LOCK, [user.id]);
      const ids = await q('select id from bank_tasks where user_id = $1', [user.id]);
      if (!premium && ids.length >= 10) return null;
      const [row] = await q(
        'insert into bank_tasks (user_id, id, title, category, created_at) values ($1, $2, $3, $4, now()) on conflict do nothing returning *',
        [user.id, input.id, input.title, input.category ?? 'General'],
      );
      return row;
    });
    return json(trpc(created));
  },
  'POST /api/trpc/tasks.bank.delete': async (user, r) => {
    const input = await body(r);
    const deleted = await db.tx(async (q) => {
      await q(LOCK, [user.id]);
      return q('delete from bank_tasks where user_id = $1 and id = $2 returning id', [user.id, input.id]);
    });
    return json(trpc(deleted[0]));
  },
  'POST /api/trpc/lockin.start': async (user, r) => {
    const input = await body(r);
    const goal = Number(input.goalMinutes);
    const [row] = await db.q(
      `insert into lock_in_sessions (user_id, id, task_title, category, goal_minutes, status, started_at, ends_at, time_zone)
       values ($1, $2, 'Focus session', 'General', $3, 'active', now(), now() + make_interval(mins => $3), 'UTC') returning *`,
      [user.id, crypto.randomUUID(), goal],
    );
    return json(trpc({ session: row }));
  },
  'POST /api/trpc/lockin.quit': async (user, r) => {
    const input = await body(r);
    const [row] = await db.q('select * from lock_in_sessions where user_id = $1 and id = $2', [user.id, input.id]);
    if (!row) return new Response('not found', { status: 404 });
    const [ended] = await db.q(
      `update lock_in_sessions set status = 'quit', quit_early = true, quit_reason = $3, actual_minutes = 0, ended_at = now()
       where user_id = $1 and id = $2 and status = 'active' returning *`,
      [user.id, input.id, input.reason ?? null],
    );
    return json(trpc({ session: ended ?? row, streak: await streak(user) }));
  },
  'GET /api/analytics': async (user) => {
    const { premium } = await plan(user);
    const answer = {
      totals: (await db.q(TOTALS, [user.id]))[0],
      week: await db.q(WEEK, [user.id, user.time_zone]),
      taskDays: await db.q(TASK_DAYS, [user.id, user.time_zone]),
      tasks: (await db.q(TASKS, [user.id]))[0],
      streak: await streak(user),
      breakdown: premium ? await db.q(BREAKDOWN, [user.id]) : undefined,
    };
    return json(answer);
  },
};

async function calendar(token: string): Promise<Response> {
  const [feed] = await db.q('select user_id from calendar_feeds where token = $1', [token]);
  if (!feed) return new Response('not found', { status: 404 });
  const rows = await db.q(
    "select * from lock_in_sessions where user_id = $1 and status <> 'active' and started_at >= now() - interval '90 days' order by started_at",
    [feed.user_id],
  );
  const events = rows.map((r) => `BEGIN:VEVENT\r\nUID:${r.id}\r\nSUMMARY:${r.task_title}\r\nEND:VEVENT`).join('\r\n');
  return new Response(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${events}\r\nEND:VCALENDAR\r\n`, {
    headers: { 'content-type': 'text/calendar; charset=utf-8' },
  });
}

// The live stream as bare as it comes: the session read, a `ready` frame, a heartbeat every 20 s,
// spread over the interval in slices as LockIn's (src/server/live/live-hub.ts).
const encoder = new TextEncoder();
const READY = encoder.encode('event: ready\ndata: {}\n\n');
const BEAT = encoder.encode(': beat\n\n');
const SLICES = 20;
const slices = Array.from({ length: SLICES }, () => new Set<ReadableStreamDefaultController<Uint8Array>>());
let opened = 0;
let tick = 0;
setInterval(() => {
  for (const stream of slices[tick++ % SLICES] ?? []) stream.enqueue(BEAT);
}, 20_000 / SLICES);

function live(): Response {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      slices[opened++ % SLICES]?.add(c);
      c.enqueue(READY);
    },
    cancel() {
      for (const slice of slices) if (controller && slice.delete(controller)) break;
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
}

const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: '127.0.0.1',
  // As LockIn's: longer than the heartbeat, so a quiet stream stays open.
  idleTimeout: 40,
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === '/') return new Response(shell, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    if (url.pathname === '/api/health') return new Response('ok');
    const feed = /^\/api\/calendar\/([\w-]+)\.ics$/.exec(url.pathname);
    if (feed?.[1]) return calendar(feed[1]);
    const route = routes[`${request.method} ${url.pathname}`];
    const isLive = url.pathname === '/api/live';
    if (!route && !isLive) return new Response('no route', { status: 404 });
    const user = await userOf(request);
    if (!user) return new Response('unauthorized', { status: 401 });
    return route ? route(user, request) : live();
  },
});
console.log(`floor listening on ${server.port}`);
// A normal exit on SIGTERM, so `--cpu-prof` (CAPACITY_PROFILE) writes its profile.
process.on('SIGTERM', () => process.exit(0));

// Builds the real app on a fresh database with an adjustable clock, and an HTTP client with a
// cookie jar that talks to it through app.request() (no port needed).
import type { AnyProcedure, inferProcedureInput, inferProcedureOutput } from '@trpc/server';
import type { Hono } from 'hono';
import { createApp } from '../../src/server/app';
import { AdjustableClock } from '../../src/server/clock';
import { type Config, loadConfig } from '../../src/server/config';
import type { AppDeps, Logger } from '../../src/server/deps';
import type { AppEnv } from '../../src/server/http/auth-middleware';
import { createMailer } from '../../src/server/integrations/mail';
import { createLiveHub } from '../../src/server/live/live-hub';
import type { AppRouter } from '../../src/server/trpc/router';
import { createTestDatabase, type TestDatabase } from './db';

export interface TestLogger extends Logger {
  lines: string[];
}

export function createTestLogger(): TestLogger {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => void lines.push(m),
    warn: (m) => void lines.push(m),
    error: (m, e) => void lines.push(`${m} ${e instanceof Error ? e.message : String(e ?? '')}`),
  };
}

export interface TestContext {
  app: Hono<AppEnv>;
  deps: AppDeps;
  clock: AdjustableClock;
  database: TestDatabase;
  log: TestLogger;
  close(): Promise<void>;
}

export async function createTestContext(
  options: { env?: Record<string, string>; now?: Date; configure?: (config: Config) => Config } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    APP_URL: 'http://localhost:3000',
    ...options.env,
  });
  const config = options.configure ? options.configure(base) : base;
  const log = createTestLogger();
  const clock = new AdjustableClock(options.now ?? new Date('2026-03-10T12:00:00Z'));
  const mailer = createMailer(config, log);
  const deps: AppDeps = { config, db: database.db, clock, mailer, log, live: createLiveHub(database, log) };
  const app = createApp(deps);
  return {
    app,
    deps,
    clock,
    database,
    log,
    async close() {
      mailer.close();
      await deps.live.stop();
      await database.close();
    },
  };
}

/** Runs `run` with the server's clock at `when`, and puts the clock back after. */
export async function atTime<T>(ctx: Pick<TestContext, 'clock'>, when: Date, run: () => Promise<T>): Promise<T> {
  const before = ctx.clock.now();
  ctx.clock.set(when);
  try {
    return await run();
  } finally {
    ctx.clock.set(before);
  }
}

export interface TestResponse<T = JsonBody> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * The default reading of a REST answer: an object whose fields a test hands to `expect` (which
 * takes anything) and whose `message` is the server's words. The spec's REST shims answer many
 * shapes (users, tasks, sessions, analytics, `{ message }`); a test that reads deeper names the
 * answer's shared type (`client.get<CurrentUser>(...)`). The tRPC calls below are typed by the
 * router instead.
 */
export type JsonBody = { [field: string]: unknown; message?: string };

/** A tRPC error as the client sees it. */
export interface TrpcError {
  message: string;
  code: string;
}

/** The router's procedures by dotted path: 'tasks.bank.create' → its procedure. */
type Flatten<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure
    ? { [P in `${Prefix}${K}`]: R[K] }
    : Flatten<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Procedures = UnionToIntersection<Flatten<AppRouter['_def']['record']>>;
type ProcedurePath = keyof Procedures & string;
type ProcedureAt<P extends ProcedurePath> = Procedures[P] extends AnyProcedure ? Procedures[P] : never;
type PathOfType<K extends 'query' | 'mutation'> = {
  [P in ProcedurePath]: ProcedureAt<P>['_def']['type'] extends K ? P : never;
}[ProcedurePath];
export type QueryPath = PathOfType<'query'>;
export type MutationPath = PathOfType<'mutation'>;
export type ProcedureInput<P extends ProcedurePath> = inferProcedureInput<ProcedureAt<P>>;
/**
 * The procedure's output on success; on an error the same body carries `message` and `code`
 * instead (tests check `status` first).
 */
export type ProcedureBody<P extends ProcedurePath> = inferProcedureOutput<ProcedureAt<P>> & Partial<TrpcError>;

/**
 * Input a test sends on purpose with the wrong shape, to see it refused: `unchecked({ title: 1 })`.
 * Everything else a test sends is checked against the procedure's input type.
 */
export function unchecked(input: unknown): never {
  return input as never;
}

/** An HTTP client with its own cookie jar, like one browser. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private readonly app: Hono<AppEnv>) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }
  clearCookies(): void {
    this.cookies.clear();
  }

  async request<T = JsonBody>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const sent: Record<string, string> = { ...headers };
    const init: RequestInit = { method, headers: sent, redirect: 'manual' };
    if (body !== undefined) {
      sent['content-type'] = 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    if (this.cookies.size > 0) {
      sent.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const res = await this.app.request(`http://localhost:3000${path}`, init);
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (HTML pages, redirects): keep the text.
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = JsonBody>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = JsonBody>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = JsonBody>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = JsonBody>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, body);
  }

  /**
   * Calls a tRPC query (GET), typed by the router: the input it takes, the output it answers.
   * (`query<T>(path)` with an explicit T still works, for tests written before the typing.)
   */
  query<P extends QueryPath>(path: P, input?: ProcedureInput<P>): Promise<TestResponse<ProcedureBody<P>>>;
  query<T>(path: QueryPath, input?: unknown): Promise<TestResponse<T & Partial<TrpcError>>>;
  async query(path: QueryPath, input?: unknown): Promise<TestResponse<unknown>> {
    const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return this.unwrap(await this.get<TrpcEnvelope>(`/api/trpc/${path}${qs}`));
  }
  /** Calls a tRPC mutation (POST), typed by the router (or by an explicit T, as query). */
  mutate<P extends MutationPath>(path: P, input?: ProcedureInput<P>): Promise<TestResponse<ProcedureBody<P>>>;
  mutate<T>(path: MutationPath, input?: unknown): Promise<TestResponse<T & Partial<TrpcError>>>;
  async mutate(path: MutationPath, input?: unknown): Promise<TestResponse<unknown>> {
    return this.unwrap(await this.post<TrpcEnvelope>(`/api/trpc/${path}`, input ?? {}));
  }
  private unwrap(res: TestResponse<TrpcEnvelope>): TestResponse<unknown> {
    if (res.status < 300) return { ...res, body: res.body?.result?.data };
    const error: TrpcError = { message: res.body?.error?.message ?? '', code: res.body?.error?.data?.code ?? '' };
    return { ...res, body: error };
  }
}

/** tRPC's JSON envelope (no transformer), as a raw HTTP answer carries it. */
export interface TrpcEnvelope {
  result?: { data?: unknown };
  error?: { message?: string; data?: { code?: string } };
}

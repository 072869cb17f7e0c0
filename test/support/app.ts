// Builds the real app on a fresh database with an adjustable clock, and an HTTP client with a
// cookie jar that talks to it through app.request() (no port needed).
import type { Hono } from 'hono';
import { createApp } from '../../src/server/app';
import { AdjustableClock } from '../../src/server/clock';
import { type Config, loadConfig } from '../../src/server/config';
import type { AppDeps, Logger } from '../../src/server/deps';
import type { AppEnv } from '../../src/server/http/auth-middleware';
import { createMailer } from '../../src/server/integrations/mail';
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
  const base = loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false', APP_URL: 'http://localhost:3000', ...options.env });
  const config = options.configure ? options.configure(base) : base;
  const log = createTestLogger();
  const clock = new AdjustableClock(options.now ?? new Date('2026-03-10T12:00:00Z'));
  const mailer = createMailer(config, log);
  const deps: AppDeps = { config, db: database.db, clock, mailer, log };
  const app = createApp(deps);
  return {
    app,
    deps,
    clock,
    database,
    log,
    async close() {
      mailer.close();
      await database.close();
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
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

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    if (this.cookies.size > 0) {
      (init.headers as Record<string, string>).cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const res = await this.app.request(`http://localhost:3000${path}`, init);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
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

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = any>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, body);
  }

  /** Calls a tRPC query (GET) or mutation (POST) and unwraps the result. */
  async query<T = any>(path: string, input?: unknown): Promise<TestResponse<T>> {
    const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return this.unwrap<T>(await this.get(`/api/trpc/${path}${qs}`));
  }
  async mutate<T = any>(path: string, input?: unknown): Promise<TestResponse<T>> {
    return this.unwrap<T>(await this.post(`/api/trpc/${path}`, input ?? {}));
  }
  private unwrap<T>(res: TestResponse): TestResponse<T> {
    if (res.status < 300) return { ...res, body: res.body?.result?.data as T };
    return { ...res, body: { message: res.body?.error?.message, code: res.body?.error?.data?.code } as T };
  }
}

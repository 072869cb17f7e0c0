// A failed query's values never reach the log, in production's JSON lines or development's text,
// whether the error is the query's own or wraps it (tRPC does); the statement and its cause do.
import { describe, expect, spyOn, test } from 'bun:test';
import { DrizzleQueryError } from 'drizzle-orm';
import type { AppEnv } from '../http/auth-middleware';
import { consoleLogger, jsonLogger } from './logger';

const SECRET = 'ada.secret@example.com';

function failedQuery(): DrizzleQueryError {
  return new DrizzleQueryError(
    'select "id" from "users" where lower("email") = lower($1)',
    [SECRET, '$argon2id$v=19$hash'],
    new Error('canceling statement due to statement timeout'),
  );
}

/** What `run` wrote to console.error. */
function written(run: () => void): string {
  const spy = spyOn(console, 'error').mockImplementation(() => {});
  try {
    run();
    return spy.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
  } finally {
    spy.mockRestore();
  }
}

describe('failed queries in the log', () => {
  for (const [name, logger] of [
    ['JSON', jsonLogger],
    ['text', consoleLogger],
  ] as const) {
    test(`${name}: the statement and its cause, never its values`, () => {
      const direct = written(() => logger.error('POST /api/auth/login failed', failedQuery()));
      const query = failedQuery();
      const wrapped = written(() =>
        logger.error('trpc accounts.me failed', new Error(query.message, { cause: query })),
      );
      for (const line of [direct, wrapped]) {
        expect(line).not.toContain(SECRET);
        expect(line).not.toContain('argon2id');
        expect(line).toContain('Failed query: select');
        expect(line).toContain('statement timeout');
      }
    });
  }

  test('other errors are logged as they are', () => {
    const line = written(() => jsonLogger.error('boom', new Error('plain failure')));
    expect(JSON.parse(line).error.message).toBe('plain failure');
  });
});

describe('every line written during a request names its id', () => {
  async function failingRequest(logger: typeof jsonLogger) {
    const { Hono } = await import('hono');
    const { useCommonMiddleware } = await import('../http/shell');
    const { loadConfig } = await import('../config');
    const app = new Hono<AppEnv>();
    useCommonMiddleware(app, { config: loadConfig({ LOG_REQUESTS: 'false' }), log: logger }, { styleHashes: [] });
    app.get('/api/boom', () => {
      logger.warn('about to fail');
      throw new Error('boom');
    });
    const spies = [spyOn(console, 'error'), spyOn(console, 'warn')].map((s) => s.mockImplementation(() => {}));
    try {
      const res = await app.request('http://localhost/api/boom');
      expect(res.status).toBe(500);
      const lines = spies.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' ')));
      return { id: res.headers.get('x-request-id') ?? '', lines };
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }

  test('JSON: a requestId field on the warning and on the error of the failed request', async () => {
    const { id, lines } = await failingRequest(jsonLogger);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const parsed = lines.map((line) => JSON.parse(line) as { msg: string; requestId?: string });
    expect(parsed.map((l) => [l.msg, l.requestId])).toEqual([
      ['GET /api/boom failed', id],
      ['about to fail', id],
    ]);
  });

  test('text: the id in brackets; outside a request, no id', async () => {
    const { id, lines } = await failingRequest(consoleLogger);
    expect(lines.every((line) => line.includes(`[${id}]`))).toBe(true);
    expect(written(() => consoleLogger.error('at start-up'))).toBe('at start-up ');
    expect(JSON.parse(written(() => jsonLogger.error('at start-up'))).requestId).toBeUndefined();
  });
});

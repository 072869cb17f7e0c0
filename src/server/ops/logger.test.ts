// A failed query's values never reach the log, in production's JSON lines or development's text,
// whether the error is the query's own or wraps it (tRPC does); the statement and its cause do.
import { describe, expect, spyOn, test } from 'bun:test';
import { DrizzleQueryError } from 'drizzle-orm';
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

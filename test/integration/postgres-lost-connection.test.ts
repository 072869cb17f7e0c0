// postgres.js 3.4.9, as patched by patches/postgres@3.4.9.patch: when PostgreSQL ends a backend in
// the middle of a query or a transaction (a restart, a failover, pg_terminate_backend), the pool's
// next query gets a new connection. Unpatched, the connection kept a stale pending write and the
// old backend's error, so the next query failed with that error, or never connected again
// (CONNECT_TIMEOUT on every try); a transaction's ROLLBACK sent after the loss left the pool's
// next query hanging. See docs/decisions/2026-11-26-lost-postgres-connections.md.
import { afterAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { REPO_ROOT } from '../support/process';

const url = process.env.TEST_DATABASE_URL;

test('the installed postgres.js carries the patch', () => {
  for (const file of ['src/connection.js', 'src/index.js', 'cjs/src/connection.js', 'cjs/src/index.js'])
    expect(readFileSync(join(REPO_ROOT, 'node_modules/postgres', file), 'utf8')).toContain('LockIn patch');
});

describe.skipIf(!url)('a backend ended by the server (PostgreSQL)', () => {
  const admin = postgres(url ?? '', { max: 1, onnotice: () => {} });
  afterAll(() => admin.end({ timeout: 1 }));

  /** A one-connection pool, so the next query must reuse the connection that was lost. */
  async function onePool() {
    // A short connect timeout: an unpatched pool fails the test in seconds, not minutes.
    const sql = postgres(url ?? '', { max: 1, onnotice: () => {}, connect_timeout: 5 });
    const [row] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
    return { sql, pid: row?.pid ?? 0 };
  }
  const terminate = (pid: number) => admin`select pg_terminate_backend(${pid})`;
  const codeOf = (error: unknown) => (error as { code?: string }).code;

  /** A transaction whose backend `pid` is ended between its two statements: what it failed with, and its handle. */
  async function transactionLosingItsBackend(sql: postgres.Sql, pid: number) {
    let transaction: postgres.TransactionSql | undefined;
    const failed = await sql
      .begin(async (tx) => {
        transaction = tx;
        await tx`select 1`;
        await terminate(pid);
        await tx`select 2`;
      })
      .catch((error: unknown) => error);
    if (!transaction) throw new Error('the transaction never started');
    return { failed, transaction };
  }

  test('during a query: that query fails, the next one is answered on a new backend', async () => {
    const { sql, pid } = await onePool();
    try {
      const running = sql`select pg_sleep(5)`.catch((error: unknown) => error);
      await Bun.sleep(100);
      await terminate(pid);
      expect(codeOf(await running)).toBe('CONNECTION_CLOSED');
      const [next] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      expect(next?.pid).not.toBe(pid);
    } finally {
      await sql.end({ timeout: 1 });
    }
  }, 30_000);

  test('inside a transaction: the transaction fails, the next query is answered on a new backend', async () => {
    const { sql, pid } = await onePool();
    try {
      for (let round = 0; round < 3; round++) {
        const [current] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
        const { failed } = await transactionLosingItsBackend(sql, current?.pid ?? pid);
        expect(codeOf(failed)).toBe('CONNECTION_CLOSED');
        const [next] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
        expect(next?.pid).not.toBe(current?.pid);
      }
    } finally {
      await sql.end({ timeout: 1 });
    }
  }, 60_000);

  test('a query the transaction sends after its backend ended is refused, never run on the reopened connection', async () => {
    const { sql, pid } = await onePool();
    try {
      const { failed, transaction } = await transactionLosingItsBackend(sql, pid);
      expect(codeOf(failed)).toBe('CONNECTION_CLOSED');
      const [next] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
      expect(next?.pid).not.toBe(pid);
      // The pool's one connection is open again, for other work: the old transaction may not use it.
      const late = await transaction`select pg_backend_pid() as pid`.catch((error: unknown) => error);
      expect(codeOf(late)).toBe('CONNECTION_CLOSED');
    } finally {
      await sql.end({ timeout: 1 });
    }
  }, 30_000);
});

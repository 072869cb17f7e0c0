// On PostgreSQL a transaction's BEGIN leaves with its first statements and, after
// commitWithNextStatement, COMMIT leaves right behind the last one (pipelined-transactions.ts),
// with everything postgres.js's own begin() kept: a failure rolls back as a whole and is the error
// reported, savepoints, connections back in the pool, a lost connection not reused.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '../../src/server/db/client';
import { commitWithNextStatement } from '../../src/server/db/commit-with-next';
import * as schema from '../../src/server/db/schema';
import { preparingClient } from '../../src/server/db/prepared-statements';
import { holdingProxy, type HoldingProxy } from '../support/holding-proxy';
import { eventually } from '../support/notify-triggers';
import { rejectionOf } from '../support/rejection';
import { createTestDatabase, type TestDatabase } from '../support/db';

describe.skipIf(!process.env.TEST_DATABASE_URL)('pipelined transactions (PostgreSQL)', () => {
  let database: TestDatabase;
  let proxy: HoldingProxy;
  let client: postgres.Sql;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url!);
    proxy = await holdingProxy({ hostname: url.hostname, port: Number(url.port || 5432) });
    url.port = String(proxy.port);
    // One connection: every transaction below runs on the same one, so a connection not given
    // back (or given back broken) fails the next test.
    client = postgres(url.toString(), { max: 1, onnotice: () => {} });
    db = drizzle({ client: preparingClient(client), schema }) as unknown as Db;
    await db.execute(sql`create table items (id int primary key, label text)`);
  });
  afterAll(async () => {
    await client?.end({ timeout: 1 });
    proxy?.stop();
    await database?.close();
  });

  /** The SQLSTATE of a failed statement (Drizzle wraps the driver's error in its own). */
  const sqlState = (error: unknown) => {
    const { cause } = error as { cause?: { code?: string } };
    return cause?.code ?? (error as { code?: string }).code;
  };
  const labels = async () =>
    ((await db.execute(sql`select label from items order by id`)) as unknown as { label: string }[]).map(
      (row) => row.label,
    );

  test('BEGIN leaves with the first statement: it reaches the server while BEGIN is unanswered', async () => {
    proxy.hold();
    const done = db.transaction(async (tx) => {
      await tx.execute(sql`select 1 as first_statement`);
    });
    try {
      await eventually(() => proxy.sent().includes('first_statement'));
    } finally {
      proxy.release();
    }
    await done;
  });

  test('COMMIT leaves right behind the committing statement, before its answer; the write is kept', async () => {
    const reachedLast = Promise.withResolvers<void>();
    const mayGoOn = Promise.withResolvers<void>();
    const before = proxy.sent().length;
    const done = db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (1, 'first')`);
      reachedLast.resolve();
      await mayGoOn.promise;
      commitWithNextStatement(tx);
      return tx.execute(sql`insert into items values (2, 'last_statement') returning id`);
    });
    await reachedLast.promise;
    proxy.hold();
    mayGoOn.resolve();
    try {
      await eventually(() => /last_statement[\s\S]*commit/i.test(proxy.sent().slice(before)));
    } finally {
      proxy.release();
    }
    expect(Array.from((await done) as unknown as { id: number }[])).toEqual([{ id: 2 }]);
    expect(await labels()).toEqual(['first', 'last_statement']);
  });

  test('after a committing statement nothing may run in the transaction; what it wrote stays', async () => {
    const error = await rejectionOf(
      db.transaction(async (tx) => {
        commitWithNextStatement(tx);
        await tx.execute(sql`insert into items values (3, 'committed')`);
        await tx.execute(sql`select 1`);
      }),
    );
    expect(String((error as { cause?: unknown }).cause)).toContain('no statement may follow');
    expect(await labels()).toContain('committed');
  });

  test('a committing statement that fails rolls the transaction back as a whole', async () => {
    const error = await rejectionOf(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items values (4, 'dropped')`);
        commitWithNextStatement(tx);
        await tx.execute(sql`insert into items values (1, 'taken')`);
      }),
    );
    expect(sqlState(error)).toBe('23505');
    expect(await labels()).not.toContain('dropped');
  });

  test('a failed statement is the error reported, not the statements sent behind it, and nothing is kept', async () => {
    const error = await rejectionOf(
      db.transaction(async (tx) => {
        await Promise.all([
          tx.execute(sql`insert into items values (5, 'dropped')`),
          tx.execute(sql`insert into items values (1, 'taken')`),
          tx.execute(sql`select 1`),
        ]);
      }),
    );
    expect(sqlState(error)).toBe('23505');
    expect(await labels()).not.toContain('dropped');
  });

  test('an error the callback swallowed still fails the transaction', async () => {
    const error = await rejectionOf(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items values (6, 'dropped')`);
        await tx.execute(sql`insert into items values (1, 'taken')`).catch(() => undefined);
      }),
    );
    expect(sqlState(error)).toBe('23505');
    expect(await labels()).not.toContain('dropped');
  });

  test('a failing savepoint rolls back to itself, and the rest of the transaction commits', async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (7, 'outer')`);
      const inner = await rejectionOf(
        tx.transaction(async (nested) => {
          await nested.execute(sql`insert into items values (8, 'inner')`);
          await nested.execute(sql`insert into items values (1, 'taken')`);
        }),
      );
      expect(sqlState(inner)).toBe('23505');
      await tx.transaction(async (nested) => {
        await nested.execute(sql`insert into items values (9, 'inner kept')`);
      });
    });
    const kept = await labels();
    expect(kept).toContain('outer');
    expect(kept).toContain('inner kept');
    expect(kept).not.toContain('inner');
  });

  test('a connection lost in a transaction fails it, and the pool opens a new one for the next', async () => {
    const error = await rejectionOf(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items values (10, 'lost')`);
        // Not its own backend: this statement's text matches the pattern too.
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like '%''lost''%'`,
        );
        await tx.execute(sql`select 1`);
      }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(await labels()).not.toContain('lost');
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into items values (11, 'after')`);
    });
    expect(await labels()).toContain('after');
  });
});

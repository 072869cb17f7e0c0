// On PostgreSQL, Drizzle's statements are kept prepared on their connection (inside transactions
// and savepoints too), except statements with more parameters than the bound: a long `IN (…)` or
// a big multi-row insert would otherwise leave one kept statement per list length.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../src/server/db/client';
import { MAX_PREPARED_PARAMETERS, shouldPrepare } from '../../src/server/db/prepared-statements';
import { users } from '../../src/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/db';

test('statements with at most the bound of parameters are prepared, longer ones are not', () => {
  expect(shouldPrepare(undefined)).toBe(true);
  expect(shouldPrepare([])).toBe(true);
  expect(shouldPrepare(Array(MAX_PREPARED_PARAMETERS).fill(1))).toBe(true);
  expect(shouldPrepare(Array(MAX_PREPARED_PARAMETERS + 1).fill(1))).toBe(false);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements (PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(users).values({ id: 'kept', email: 'kept@example.com' });
  });
  afterAll(() => database.close());

  /** The texts of the statements the transaction's own connection keeps prepared. */
  async function keptOnConnection(tx: Tx): Promise<string[]> {
    // postgres.js answers db.execute with the rows themselves (an array).
    const rows = (await tx.execute(sql`select statement from pg_prepared_statements`)) as unknown as {
      statement: string;
    }[];
    return rows.map((row) => row.statement);
  }

  const small = (tx: Tx) => tx.select({ email: users.email }).from(users).where(eq(users.id, 'kept'));
  const long = (tx: Tx) =>
    tx
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.id, ['kept', ...Array.from({ length: MAX_PREPARED_PARAMETERS }, (_, i) => `other-${i}`)]));

  test('inside a transaction a small statement is kept and answers the same; a long one is not kept', async () => {
    await database.db.transaction(async (tx) => {
      expect(await small(tx)).toEqual([{ email: 'kept@example.com' }]);
      expect(await small(tx)).toEqual([{ email: 'kept@example.com' }]);
      expect(await long(tx)).toEqual([{ email: 'kept@example.com' }]);
      const kept = await keptOnConnection(tx);
      expect(kept.filter((text) => text === 'select "email" from "users" where "users"."id" = $1')).toHaveLength(1);
      expect(kept.some((text) => text.includes(' in ('))).toBe(false);
    });
  });

  test('inside a savepoint too, and rows keep their types (a timestamp is a Date)', async () => {
    await database.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        const [row] = await inner.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, 'kept'));
        expect(row?.createdAt).toBeInstanceOf(Date);
        expect(await keptOnConnection(inner)).toContain('select "created_at" from "users" where "users"."id" = $1');
      });
    });
  });
});

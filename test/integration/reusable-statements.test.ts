// A statement built once runs, with each run's values, on the connection of the database or
// transaction it is given (PGlite and PostgreSQL): inside a transaction it is part of it.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { reusableStatement } from '../../src/server/db/reusable-statements';
import { users } from '../../src/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/db';

const addUser = reusableStatement<{ id: string }[], { id: string; email: string }>((db) =>
  db
    .insert(users)
    .values({ id: sql.placeholder('id'), email: sql.placeholder('email') })
    .returning({ id: users.id })
    .prepare('add_user'),
);

// A selection from a CTE (its columns reached through Drizzle's alias proxies), with a date, a
// null, SQL with and without a decoder, and a nested selection (mapped by Drizzle itself).
const viewOf = (db: Parameters<Parameters<typeof reusableStatement>[0]>[0]) => {
  const picked = db.$with('picked').as(
    db
      .select({ id: users.id, firstName: users.firstName, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
  );
  return db
    .with(picked)
    .select({
      id: picked.id,
      firstName: picked.firstName,
      createdAt: picked.createdAt,
      length: sql<number>`length(${picked.id})`.mapWith(Number),
      raw: sql<string>`${picked.id} || '!'`,
      aliased: sql<string>`upper(${picked.id})`.as('aliased'),
    })
    .from(picked);
};
const flatView = reusableStatement<Record<string, unknown>[], { id: string }>((db) => viewOf(db).prepare('flat_view'));
const nestedView = reusableStatement<Record<string, unknown>[], { id: string }>((db) =>
  db
    .select({ user: { id: users.id, createdAt: users.createdAt }, email: users.email })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('nested_view'),
);

const emailOf = reusableStatement<{ email: string }[], { id: string }>((db) =>
  db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('email_of'),
);

let first: TestDatabase;
let second: TestDatabase;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(() => Promise.all([first.close(), second.close()]));

class Undo extends Error {}

test('each run fills in its own values, outside and inside a transaction', async () => {
  expect(await addUser(first.db, { id: 'a', email: 'a@example.com' })).toEqual([{ id: 'a' }]);
  await first.db.transaction(async (tx) => {
    expect(await addUser(tx, { id: 'b', email: 'b@example.com' })).toEqual([{ id: 'b' }]);
    expect(await emailOf(tx, { id: 'b' })).toEqual([{ email: 'b@example.com' }]);
  });
  expect(await emailOf(first.db, { id: 'a' })).toEqual([{ email: 'a@example.com' }]);
  expect(await emailOf(first.db, { id: 'b' })).toEqual([{ email: 'b@example.com' }]);
});

test('inside a transaction it is part of it: a rollback undoes it', async () => {
  const undone = first.db.transaction(async (tx) => {
    await addUser(tx, { id: 'c', email: 'c@example.com' });
    expect(await emailOf(tx, { id: 'c' })).toEqual([{ email: 'c@example.com' }]);
    throw new Undo();
  });
  expect(
    await undone.then(
      () => 'committed',
      (error: unknown) => error,
    ),
  ).toBeInstanceOf(Undo);
  expect(await emailOf(first.db, { id: 'c' })).toEqual([]);
});

test('each database runs its own: a run on the second never reaches the first', async () => {
  await addUser(second.db, { id: 'd', email: 'd@example.com' });
  await second.db.transaction((tx) => addUser(tx, { id: 'e', email: 'e@example.com' }));
  expect(await emailOf(second.db, { id: 'd' })).toEqual([{ email: 'd@example.com' }]);
  expect(await emailOf(second.db, { id: 'e' })).toEqual([{ email: 'e@example.com' }]);
  expect(await emailOf(first.db, { id: 'd' })).toEqual([]);
  expect(await emailOf(first.db, { id: 'e' })).toEqual([]);
});

test('rows come back as Drizzle maps them: dates, nulls, decoders, nested selections', async () => {
  await addUser(first.db, { id: 'f', email: 'f@example.com' });
  const [mapped] = await flatView(first.db, { id: 'f' });
  // The same selection run by Drizzle alone (its own mapping of every row).
  const [drizzles] = await viewOf(first.db).where(sql`true`).execute({ id: 'f' });
  expect(mapped).toEqual(drizzles!);
  expect(Object.keys(mapped!)).toEqual(['id', 'firstName', 'createdAt', 'length', 'raw', 'aliased']);
  expect(mapped!.createdAt).toBeInstanceOf(Date);
  expect(mapped).toMatchObject({ id: 'f', firstName: null, length: 1, raw: 'f!', aliased: 'F' });
  const [nested] = await nestedView(first.db, { id: 'f' });
  expect(nested).toEqual({ user: { id: 'f', createdAt: expect.any(Date) }, email: 'f@example.com' });
});

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

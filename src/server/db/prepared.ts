// Drizzle's prepared statements (`.prepare(name)` with `sql.placeholder`s) are built once and run
// with new values: the hottest reads skip building their SQL on every request (drizzle's query
// building was a quarter of a request's CPU). A prepared statement belongs to the database it was
// built on, never to a transaction (drizzle-orm #2826), so one is kept per database.
import type { Db } from './client';

export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

// A statement that must give a row back (an insert … returning, or a read of a row this
// transaction has just written or locked) and gave none is a broken invariant, not a user's error:
// it fails loudly as a 500 rather than letting `undefined` travel on.

/** The first row of a result that cannot be empty. */
export function requireRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`Expected the ${what} row, but the statement returned none`);
  return row;
}

/** The rows of a raw SQL statement: drizzle's execute() answers an array on postgres.js and `{ rows }` on PGlite. */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

// A guard that compares a stored time with one this process remembers as a JavaScript Date: the
// column may hold microseconds (a row written with SQL's now()), a Date holds milliseconds.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** The column's time truncated to the millisecond, as a JavaScript Date holds it. */
export const toMillisecond = (column: AnyColumn): SQL => sql`date_trunc('milliseconds', ${column})`;

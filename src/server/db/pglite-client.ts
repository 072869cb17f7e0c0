// drizzle's PGlite driver hands PGlite its table of parsers (dates, times and intervals kept as
// text) with every query, and PGlite copies its own whole table into a new one to merge them, on
// every call: a fifth of a request's CPU on the embedded database (2026-11-28-simple-by-design.md).
// PGlite gets the same parsers once, when it opens, and drizzle a client that passes the rest of
// each call on as it is. Only the two calls drizzle makes (query, transaction) exist here.
import { type PGlite, type Transaction, types } from '@electric-sql/pglite';

const keepText = (value: string) => value;

/** drizzle-orm/pglite's parsers: PGlite's own type ids, and the arrays drizzle lists by number. */
export const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    keepText,
  ]),
);

type Queryable = Pick<PGlite, 'query'>;

/** Resolves on the event loop's next turn, after the connections that are ready have been read. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * PGlite runs each query on this thread and hands the connection to the next waiting query in the
 * same chain of promise callbacks: under load that chain never ends, and no new connection (a
 * page, a health check) is read until it does. Each query first waits for the event loop's turn.
 */
const queryWithoutParsers =
  (target: Queryable): Queryable['query'] =>
  async (sql, params, options) => {
    await nextTurn();
    return target.query(sql, params, options && { ...options, parsers: undefined });
  };

/** What drizzle is given for a PGlite opened with DRIZZLE_PARSERS. */
export function drizzleClient(pglite: PGlite): Queryable & Pick<PGlite, 'transaction'> {
  return {
    query: queryWithoutParsers(pglite),
    transaction: (callback) => pglite.transaction((tx) => callback({ query: queryWithoutParsers(tx) } as Transaction)),
  };
}

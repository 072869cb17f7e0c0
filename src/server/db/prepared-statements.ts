// Drizzle sends every statement it did not name with `prepare: false`, and postgres.js then spends
// two round trips on each statement with parameters (Parse + Describe to learn their types, then
// Bind + Execute) and the server parses and plans it every time. With `prepare: true` postgres.js
// keeps each statement per connection, keyed by its text, and the next run is one round trip.
// Drizzle's own named statements do not help: they are bound to the pool, not to a transaction's
// connection (drizzle-orm #613, #2826), and every write here is a transaction.
import type postgres from 'postgres';
import { pipelinedBegin } from './pipelined-transactions';

/**
 * Statements with at most this many parameters are prepared. postgres.js keeps a connection's
 * statements until the connection ends, one per distinct text; our texts are fixed by the code
 * except for lists whose length varies (`IN (…)`, multi-row inserts), so the bound keeps the number
 * of kept statements per call site small whatever the input, while every hot statement is kept.
 */
export const MAX_PREPARED_PARAMETERS = 32;

/** Whether a statement with these parameters is kept prepared on its connection. */
export function shouldPrepare(parameters: readonly unknown[] | undefined): boolean {
  return (parameters?.length ?? 0) <= MAX_PREPARED_PARAMETERS;
}

/**
 * The same postgres.js client, whose `unsafe` (the call Drizzle makes) prepares small statements,
 * and whose transactions run pipelined (pipelined-transactions.ts) with a client that does the same.
 */
export function preparingClient(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, parameters?: unknown[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, parameters as never, { ...options, prepare: shouldPrepare(parameters) });
      }
      if (key === 'begin') {
        return (...args: unknown[]) => {
          const callback = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return pipelinedBegin(target, typeof args[0] === 'string' ? args[0] : '', callback, shouldPrepare);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

// A transaction's last statement can carry its COMMIT. On the embedded database every statement is
// a message to the worker that owns PGlite, and the database stays held by the transaction until
// COMMIT has run: waiting for the last statement's answer on the request thread (busy with other
// requests) only to send 'commit' back doubled the time a write held it. On PostgreSQL COMMIT is
// sent right behind the statement instead of a round trip later (pipelined-transactions.ts).
import type { Tx } from './client';
import type { RemoteTransaction } from './pglite-remote';
import { sessionClient } from './reusable-statements';

/**
 * Has the transaction's next statement commit it. Only before a statement after which the
 * transaction has nothing left to do and cannot roll back: no statement may follow it, and what it
 * wrote stays even if the code after it throws.
 */
export function commitWithNextStatement(tx: Tx): void {
  (sessionClient(tx) as Partial<Pick<RemoteTransaction, 'commitWithNext'>>).commitWithNext?.();
}

/**
 * The transaction's end hook: what it is given runs once the transaction has ended, committed or
 * rolled back (at once if it has). Undefined where the database offers none (an in-process PGlite).
 */
export function transactionEndHook(tx: Tx): ((run: () => void) => void) | undefined {
  return (sessionClient(tx) as { whenEnded?: (run: () => void) => void }).whenEnded;
}

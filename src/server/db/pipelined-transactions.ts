// postgres.js's begin() waits for BEGIN's answer before it runs the transaction's first
// statement, and sends COMMIT only once the callback has had its last answer: two of a tick's
// four round trips carried no work. Here a transaction runs on a reserved connection, BEGIN leaves
// together with the first statements (a connection runs what it is sent in order), and when the
// code says which statement is the last (commitWithNextStatement) COMMIT leaves right behind it.
import type postgres from 'postgres';
import { EndHooks } from './end-hooks';

/** Postgres's answer to every statement after a failed one in the same transaction. */
const TRANSACTION_ABORTED = '25P02';

type Query = postgres.PendingQuery<postgres.Row[]>;

interface State {
  /** The first statement error; a later 'transaction aborted' is answered with it instead. */
  firstError?: unknown;
  connectionLost: boolean;
  commitNext: boolean;
  /** COMMIT, once it has been sent behind a committing statement. */
  commit?: Query;
  savepoints: number;
  /** Whether a statement with these parameters is kept prepared (prepared-statements.ts). */
  prepare: (parameters: readonly unknown[] | undefined) => boolean;
  /** Run once the transaction has ended, committed or not (transactionEndHook). */
  atEnd: EndHooks;
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/** The connection a query was sent on, as postgres.js hands it to `onexecute`. */
interface PoolConnection {
  onclose: ((error: Error) => void) | null;
}

/** Sends a statement in the transaction, unless its connection is gone. */
function statement(
  connection: postgres.ReservedSql,
  state: State,
  text: string,
  parameters: unknown[] = [],
  options?: postgres.UnsafeQueryOptions,
): Query {
  if (state.connectionLost) {
    throw Object.assign(new Error('The connection was lost during the transaction'), { code: 'CONNECTION_CLOSED' });
  }
  return sent(connection.unsafe(text, parameters as never, options), state);
}

/** Starts the query now (postgres.js runs one when it is awaited) and notes how it failed. */
function sent(query: Query, state: State): Query {
  query.catch((error: unknown) => {
    state.firstError ??= error;
  });
  return query;
}

function transactionClient(connection: postgres.ReservedSql, state: State): postgres.TransactionSql {
  const client: postgres.TransactionSql = new Proxy(connection as unknown as postgres.TransactionSql, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (text: string, parameters?: unknown[], options?: postgres.UnsafeQueryOptions) => {
          if (state.commit) throw new Error('The transaction has committed: no statement may follow');
          const query = statement(connection, state, text, parameters, {
            ...options,
            prepare: state.prepare(parameters),
          });
          if (state.commitNext) {
            // Sent after the statement (both start in the order they are called); if the
            // statement fails, Postgres answers this COMMIT with a rollback.
            state.commit = statement(connection, state, 'commit');
          }
          return query;
        };
      }
      if (key === 'commitWithNext') {
        return () => {
          state.commitNext = true;
        };
      }
      if (key === 'whenEnded') return state.atEnd.add;
      if (key === 'savepoint') return (...args: unknown[]) => savepoint(client, state, args.pop() as Callback);
      return Reflect.get(target, key, receiver);
    },
  });
  return client;
}

type Callback = (tx: postgres.TransactionSql) => unknown;

async function savepoint(client: postgres.TransactionSql, state: State, callback: Callback): Promise<unknown> {
  const name = `s${++state.savepoints}`;
  const errorBefore = state.firstError;
  client.unsafe(`savepoint ${name}`);
  try {
    const result = await callback(client);
    if (state.firstError !== errorBefore) throw state.firstError;
    await client.unsafe(`release savepoint ${name}`);
    return result;
  } catch (error) {
    await client.unsafe(`rollback to savepoint ${name}`);
    // Rolled back to before it: the savepoint's errors no longer abort the transaction.
    state.firstError = errorBefore;
    throw error;
  }
}

/**
 * What postgres.js's begin() does, one round trip shorter (two with a committing statement).
 * `mode`: what follows BEGIN ('isolation level repeatable read'), as postgres.js takes it.
 */
export async function pipelinedBegin(
  pool: postgres.Sql,
  mode: string,
  callback: Callback,
  prepare: State['prepare'],
): Promise<unknown> {
  const connection = await pool.reserve();
  const state: State = { connectionLost: false, commitNext: false, savepoints: 0, prepare, atEnd: new EndHooks() };
  let held: PoolConnection | undefined;
  try {
    // postgres.js hands the query's connection to `onexecute` as it sends it, and calls the
    // connection's `onclose` when it is lost (its own begin() uses both): a statement sent on a
    // lost connection would throw outside any promise, and a lost one must not go back to the pool.
    const onexecute = (c: PoolConnection) => {
      held = c;
      c.onclose = () => {
        state.connectionLost = true;
      };
      return true; // not 'full': the statements behind BEGIN are sent at once
    };
    sent(connection.unsafe(`begin ${mode.replace(/[^a-z ]/gi, '')}`, [], { onexecute } as never), state);
    let result: unknown;
    try {
      result = await callback(transactionClient(connection, state));
      // A statement failed whose error the callback did not see: the transaction is aborted, and
      // COMMIT would only answer ROLLBACK.
      if (state.firstError !== undefined) throw state.firstError;
    } catch (error) {
      if (state.commit) await state.commit.catch(() => undefined);
      else if (!state.connectionLost) await connection.unsafe('rollback').catch(() => undefined);
      throw errorCode(error) === TRANSACTION_ABORTED ? (state.firstError ?? error) : error;
    }
    await (state.commit ?? statement(connection, state, 'commit'));
    return result;
  } finally {
    if (held) held.onclose = null;
    // A lost connection is already back among the closed ones, to be opened again when needed.
    if (!state.connectionLost) connection.release();
    state.atEnd.ended();
  }
}

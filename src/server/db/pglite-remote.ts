// The request thread's handle on the PGlite that pglite-worker.ts owns: the `query` and
// `transaction` drizzle's PGlite driver calls, plus LISTEN and close. Each call is one request
// to the worker and one answer back (those of one turn travel together, see Outbox); the request
// thread never runs Postgres itself.
import {
  type ErrorFields,
  type OpenPgliteOptions,
  Outbox,
  type QueryResults,
  type RowMode,
  type WorkerMessage,
  type WorkerRequest,
} from './pglite-protocol';
import { serverEntryPath } from '../paths';
import { EndHooks } from './end-hooks';

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

export interface RemoteQueryable {
  query(sql: string, params?: unknown[], options?: { rowMode?: RowMode }): Promise<QueryResults>;
}

/** A transaction's queries, the way to have its next statement commit it, and its end hook. */
export interface RemoteTransaction extends RemoteQueryable {
  /**
   * The next statement is the transaction's last: the worker commits right behind it (rolls back
   * if it fails), and its answer means the transaction has ended. Nothing may run in it after it.
   */
  commitWithNext(): void;
  /** Runs `run` once the transaction has ended, committed or rolled back (at once if it has). */
  whenEnded(run: () => void): void;
}

export interface RemotePglite extends RemoteQueryable {
  transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The worker's error, with the fields our code and drizzle read (code, detail, constraint…). */
function databaseError(fields: ErrorFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

export async function openRemotePglite(options: OpenPgliteOptions): Promise<RemotePglite> {
  // smol: the worker's own JavaScript heap holds only answers in flight; PGlite's memory is WASM.
  const worker = new Worker(serverEntryPath('pglite-worker'), { smol: true });
  // Like an in-process PGlite, an open database alone does not keep the process alive; a call
  // awaiting its answer does (a shutdown's last queries must not be cut off).
  const handle = worker as unknown as { ref(): void; unref(): void };
  handle.unref();
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Map<string, (payload: string) => void>();
  let nextId = 1;
  let nextTransaction = 1;
  let closed = false;

  /** The call waiting for answer `id`, no longer waiting. */
  function take(id: number) {
    const call = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) handle.unref();
    return call;
  }

  function receive(message: WorkerMessage): void {
    if ('op' in message) {
      listeners.get(message.channel)?.(message.payload);
      return;
    }
    const call = take(message.id);
    if (message.ok) call?.resolve(message.value);
    else call?.reject(databaseError(message.error));
  }
  const outbox = new Outbox<WorkerRequest>(
    (batch) => worker.postMessage(batch),
    (request, error) => take(request.id)?.reject(error instanceof Error ? error : new Error(String(error))),
  );
  worker.addEventListener('message', (event: MessageEvent<WorkerMessage[]>) => {
    for (const message of event.data) receive(message);
  });
  worker.addEventListener('error', (event) => {
    const error = new Error(`the PGlite worker failed: ${event.message}`);
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    handle.unref();
  });

  function call<T>(request: Request): Promise<T> {
    if (closed) return Promise.reject(new Error('The database is closed'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) handle.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      outbox.send({ ...request, id } as WorkerRequest);
    });
  }

  const query: RemoteQueryable['query'] = (sql, params, queryOptions) =>
    call({ op: 'query', tx: 0, sql, params, rowMode: queryOptions?.rowMode });

  interface TransactionState {
    commitNext: boolean;
    /** The statement that commits the transaction, from the moment it is sent. */
    committing?: Promise<unknown>;
    /** What runs when the transaction has ended. */
    atEnd: EndHooks;
  }

  function transactionQueries(tx: number, state: TransactionState): RemoteTransaction {
    return {
      query(sql, params, queryOptions) {
        if (state.committing)
          return Promise.reject(new Error('The transaction has committed: no statement may follow'));
        const rowMode = queryOptions?.rowMode;
        if (!state.commitNext) return call({ op: 'query', tx, sql, params, rowMode });
        state.commitNext = false;
        const committing = call<QueryResults>({ op: 'query', tx, sql, params, rowMode, commit: true });
        state.committing = committing;
        return committing;
      },
      commitWithNext() {
        state.commitNext = true;
      },
      whenEnded: state.atEnd.add,
    };
  }

  try {
    await call({ op: 'open', options });
  } catch (error) {
    worker.terminate();
    throw error;
  }

  return {
    query,
    async transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
      // Not awaited: the worker queues this transaction's queries until BEGIN has run, and a
      // failed BEGIN fails them, so the callback sees it on its first query.
      const tx = nextTransaction++;
      call({ op: 'begin', tx }).catch(() => undefined);
      const state: TransactionState = { commitNext: false, atEnd: new EndHooks() };
      try {
        let result: T;
        try {
          result = await callback(transactionQueries(tx, state));
        } catch (error) {
          // A committing statement ends the transaction either way (rolled back if it failed).
          if (state.committing) await state.committing.catch(() => undefined);
          else await call({ op: 'end', tx, commit: false }).catch(() => undefined);
          throw error;
        }
        await (state.committing ?? call({ op: 'end', tx, commit: true }));
        return result;
      } finally {
        state.atEnd.ended();
      }
    },
    async listen(channel, onMessage) {
      listeners.set(channel, onMessage);
      await call({ op: 'listen', channel });
      return async () => {
        listeners.delete(channel);
        await call({ op: 'unlisten', channel });
      };
    },
    async close() {
      if (closed) return;
      await call({ op: 'close' });
      closed = true;
      worker.terminate();
    },
  };
}

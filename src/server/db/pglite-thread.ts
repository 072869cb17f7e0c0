// PGlite on a thread of its own (pglite-worker.ts): the request thread keeps only the `query` and
// `transaction` calls drizzle's PGlite driver makes, plus LISTEN and close, each one message to the
// worker and one answer back. Whatever one side sends in a turn travels as one message.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { serverEntryPath } from '../paths';

export type PgliteRequest =
  | { id: number; op: 'open'; dataDir?: string; loadDataDir?: ArrayBuffer }
  | { id: number; op: 'query'; tx: number; sql: string; params?: unknown[]; rowMode?: 'array' | 'object' }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

export type PgliteAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { id: 0; channel: string; payload: string };

type Call = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id'> : never) : never;
type Queryable = Pick<PGlite, 'query'>;

export interface PgliteThread extends Queryable, Pick<PGlite, 'transaction'> {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export async function openPgliteThread(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteThread> {
  const worker = new Worker(serverEntryPath('pglite-worker'));
  // As with PGlite in the process, an open database alone does not keep the process alive; a call
  // waiting for its answer does.
  worker.unref();
  const waiting = new Map<number, PromiseWithResolvers<unknown>>();
  const listeners = new Map<string, (payload: string) => void>();
  let lastId = 0;
  let lastTransaction = 0;
  let outgoing: PgliteRequest[] = [];

  const flush = () => {
    const batch = outgoing;
    outgoing = [];
    worker.postMessage(batch);
  };
  function call<T>(request: Call): Promise<T> {
    const id = ++lastId;
    const answer = Promise.withResolvers<unknown>();
    if (waiting.size === 0) worker.ref();
    waiting.set(id, answer);
    if (outgoing.length === 0) queueMicrotask(flush);
    outgoing.push({ ...request, id } as PgliteRequest);
    return answer.promise as Promise<T>;
  }

  worker.addEventListener('message', (event: MessageEvent<PgliteAnswer[]>) => {
    for (const message of event.data) {
      if (!('ok' in message)) {
        listeners.get(message.channel)?.(message.payload);
        continue;
      }
      const answer = waiting.get(message.id);
      waiting.delete(message.id);
      if (waiting.size === 0) worker.unref();
      if (message.ok) answer?.resolve(message.value);
      else answer?.reject(Object.assign(new Error(String(message.error.message)), message.error));
    }
  });
  worker.addEventListener('error', (event) => {
    for (const answer of waiting.values()) answer.reject(new Error(`the PGlite thread failed: ${event.message}`));
    waiting.clear();
    worker.unref();
  });

  const queries = (tx: number): Queryable => ({
    query: ((sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) =>
      call({ op: 'query', tx, sql, params, rowMode: options?.rowMode })) as Queryable['query'],
  });

  try {
    await call({ op: 'open', dataDir: options.dataDir, loadDataDir: await options.loadDataDir?.arrayBuffer() });
  } catch (error) {
    worker.terminate();
    throw error;
  }
  return {
    ...queries(0),
    async transaction(callback) {
      // BEGIN is not awaited: the worker holds the transaction's queries until it has run.
      const tx = ++lastTransaction;
      call({ op: 'begin', tx }).catch(() => undefined);
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(queries(tx) as Transaction);
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      listeners.set(channel, onPayload);
      await call({ op: 'listen', channel });
      return async () => {
        listeners.delete(channel);
        await call({ op: 'unlisten', channel });
      };
    },
    async close() {
      await call({ op: 'close' });
      worker.terminate();
    },
  };
}

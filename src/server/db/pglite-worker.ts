// The thread that owns PGlite when it runs beside the request thread (pglite-thread.ts): it opens
// the database, runs the statements it is sent, holds each transaction open between them, and
// passes NOTIFYs on. Everything it answers in one turn goes back as one message.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DRIZZLE_PARSERS } from './pglite-client';
import { PGLITE_START_PARAMS } from './pglite-options';
import type { PgliteAnswer, PgliteRequest } from './pglite-thread';

declare const self: Worker;

let database: PGlite | undefined;
const transactions = new Map<number, { ready: Promise<Transaction>; settle: (commit: boolean) => void; done: Promise<void> }>();
const unlistens = new Map<string, () => Promise<void>>();

let outgoing: PgliteAnswer[] = [];
function post(answer: PgliteAnswer): void {
  if (outgoing.length === 0) queueMicrotask(flush);
  outgoing.push(answer);
}
function flush(): void {
  const batch = outgoing;
  outgoing = [];
  self.postMessage(batch);
}

/** A database error as plain fields (code, constraint, detail…), so it crosses the thread whole. */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value !== undefined && typeof value !== 'function' && typeof value !== 'object') fields[key] = value;
  }
  return fields;
}

function opened(): PGlite {
  if (!database) throw new Error('PGlite is not open');
  return database;
}

/** Ends a transaction the request thread gave up on. */
class RolledBack extends Error {}

/** Opens transaction `tx` (numbered by the request thread); it stays open until `end`. */
function begin(tx: number): void {
  const decided = Promise.withResolvers<boolean>();
  const began = Promise.withResolvers<Transaction>();
  const done = opened().transaction(async (handle) => {
    began.resolve(handle);
    if (!(await decided.promise)) throw new RolledBack();
  });
  // A BEGIN that fails fails the transaction's queries, which wait on `ready`.
  done.catch((error) => began.reject(error));
  began.promise.catch(() => undefined);
  transactions.set(tx, { ready: began.promise, settle: decided.resolve, done });
}

async function end(tx: number, commit: boolean): Promise<void> {
  const transaction = transactions.get(tx);
  if (!transaction) throw new Error('The transaction has ended');
  transactions.delete(tx);
  transaction.settle(commit);
  await transaction.done.catch((error) => {
    if (!(error instanceof RolledBack)) throw error;
  });
}

async function answer(request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'open':
      database = await PGlite.create({
        dataDir: request.dataDir,
        loadDataDir: request.loadDataDir ? new Blob([request.loadDataDir]) : undefined,
        startParams: PGLITE_START_PARAMS,
        parsers: DRIZZLE_PARSERS,
      });
      return;
    case 'query': {
      const target = request.tx ? await transactions.get(request.tx)?.ready : opened();
      if (!target) throw new Error('The transaction has ended');
      const { rows, affectedRows } = await target.query(request.sql, request.params, { rowMode: request.rowMode });
      return { rows, affectedRows };
    }
    case 'begin':
      return begin(request.tx);
    case 'end':
      return end(request.tx, request.commit);
    case 'listen':
      if (!unlistens.has(request.channel)) {
        const { channel } = request;
        unlistens.set(channel, await opened().listen(channel, (payload) => post({ id: 0, channel, payload })));
      }
      return;
    case 'unlisten':
      await unlistens.get(request.channel)?.();
      unlistens.delete(request.channel);
      return;
    case 'close':
      await database?.close();
      database = undefined;
      return;
  }
}

self.addEventListener('message', (event: MessageEvent<PgliteRequest[]>) => {
  for (const request of event.data) {
    answer(request).then(
      (value) => post({ id: request.id, ok: true, value }),
      (error) => post({ id: request.id, ok: false, error: errorFields(error) }),
    );
  }
});

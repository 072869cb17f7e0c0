// The thread that owns PGlite. PGlite runs Postgres as WebAssembly on whichever thread opened it:
// on the request thread every query's work (and every write's fsync) held up every other request,
// even ones that touch no database. Here it runs beside the request thread, which only posts
// statements and reads answers (pglite-remote.ts). See docs/decisions/2026-11-25-pglite-worker.md.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DRIZZLE_PARSERS, PGLITE_START_PARAMS } from './pglite-options';
import { PgliteStatements } from './pglite-statements';
import {
  type ErrorFields,
  type OpenPgliteOptions,
  Outbox,
  type QueryResults,
  type WorkerMessage,
  type WorkerRequest,
} from './pglite-protocol';

declare const self: Worker;

let database: PGlite | undefined;
/** The database's statements, sent in one batch each and kept parsed (pglite-statements.ts). */
let statements: PgliteStatements | undefined;
/** Open transactions by the request thread's id for them. */
interface OpenTransaction {
  /** The transaction once BEGIN has run; rejects with BEGIN's error if it failed. */
  ready: Promise<Transaction>;
  /** Lets the transaction's callback return (commit) or throw (rollback). */
  settle: (commit: boolean) => void;
  /** Settles once COMMIT or ROLLBACK has run. */
  outcome: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
const unlistens = new Map<string, () => Promise<void>>();

/** Ends a transaction the request thread gave up without committing. */
class RolledBack extends Error {}

/**
 * Answers gathered into one message at most: about eight transactions' (BEGIN, the lock, the
 * change). Gathering until the turn's end alone saved the request thread as much but, under 50
 * writers, held early answers back behind the whole turn's work: 15-24 % fewer writes per second.
 */
const ANSWERS_GATHERED = 24;

const outbox = new Outbox<WorkerMessage>(
  (batch) => self.postMessage(batch),
  (message, error) => {
    if (message.id !== 0) fail(message.id, error);
  },
  ANSWERS_GATHERED,
);
const post = (message: WorkerMessage) => outbox.send(message);

function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: ErrorFields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return fields;
}

async function open(options: OpenPgliteOptions): Promise<void> {
  database = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined,
    // Set here, not sent: pglite-options.ts imports PGlite, which the request thread never loads
    // (db/drizzle-pglite-imports.ts).
    startParams: PGLITE_START_PARAMS,
    parsers: DRIZZLE_PARSERS,
  });
  await database.waitReady;
  statements = new PgliteStatements(database);
  // initdb on a new directory runs in a WebAssembly instance of its own whose ~700 MB are garbage
  // once PGlite is ready; this thread allocates too little to collect them soon by itself. A
  // moment later, not at once: until PGlite's start-up promises settle, they are still reachable.
  setTimeout(() => Bun.gc(true), 100);
}

function opened(): PGlite {
  if (!database) throw new Error('PGlite is not open');
  return database;
}

async function query(request: Extract<WorkerRequest, { op: 'query' }>): Promise<QueryResults> {
  const target = request.tx ? await transactions.get(request.tx)?.ready : opened();
  if (!target) throw new Error('The transaction has ended');
  // A committing statement ends its transaction here rather than on a later message: the
  // database is not held across a hop to the request thread and back (which waits whenever that
  // thread is busy) only to hear 'commit'. As on PostgreSQL, where COMMIT is sent behind the
  // statement, a failed statement rolls back.
  const ends = request.commit ? request.tx : 0;
  let result: QueryResults;
  try {
    result =
      (await statements?.run(request.sql, request.params ?? [], request.rowMode, Boolean(request.tx))) ??
      (await target.query(request.sql, request.params, { rowMode: request.rowMode }));
  } catch (error) {
    if (ends) await end(ends, false);
    throw error;
  }
  if (ends) await end(ends, true);
  return { rows: result.rows, affectedRows: result.affectedRows };
}

/**
 * Opens transaction `id` (the request thread numbers them, so it need not wait for an answer
 * before sending the first query: one thread hop less per transaction). Its queries wait until
 * BEGIN has run; it stays open until `end` settles it, and `end` answers when COMMIT (or
 * ROLLBACK) has run, so a failing COMMIT reaches the caller.
 */
function begin(id: number): void {
  let settle: (commit: boolean) => void = () => undefined;
  const decided = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  let started: (tx: Transaction) => void = () => undefined;
  const began = new Promise<Transaction>((resolve) => {
    started = resolve;
  });
  const outcome = opened().transaction(async (tx) => {
    started(tx);
    if (!(await decided)) throw new RolledBack();
  });
  const ready = Promise.race([
    began,
    outcome.then(() => {
      throw new Error('The transaction has ended');
    }),
  ]);
  // Whoever waits on them gets their errors; unawaited, they must not count as unhandled.
  ready.catch(() => undefined);
  outcome.catch(() => undefined);
  transactions.set(id, { ready, settle, outcome });
}

async function end(tx: number, commit: boolean): Promise<void> {
  const transaction = transactions.get(tx);
  if (!transaction) throw new Error('The transaction has ended');
  transaction.settle(commit);
  try {
    await transaction.outcome;
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  } finally {
    transactions.delete(tx);
  }
}

async function listen(channel: string): Promise<void> {
  if (unlistens.has(channel)) return;
  const unlisten = await opened().listen(channel, (payload) => post({ id: 0, op: 'notify', channel, payload }));
  unlistens.set(channel, unlisten);
}

async function unlisten(channel: string): Promise<void> {
  await unlistens.get(channel)?.();
  unlistens.delete(channel);
}

async function close(): Promise<void> {
  await database?.close();
  database = undefined;
  statements = undefined;
}

function fail(id: number, error: unknown): void {
  post({ id, ok: false, error: errorFields(error) });
}

async function answer(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'open':
      return open(request.options);
    case 'query':
      return query(request);
    case 'end':
      return end(request.tx, request.commit);
    case 'listen':
      return listen(request.channel);
    case 'unlisten':
      return unlisten(request.channel);
    case 'close':
      return close();
    case 'begin':
      return begin(request.tx);
  }
}

/**
 * Calls between two minor collections of this thread's heap. Under a steady write load the thread
 * is never idle, and the runtime let its heap grow to 130-280 MiB of garbage before collecting
 * (the process's RSS to ~690 MiB); collecting every 1,000 calls keeps it near 25 MiB (RSS ~260)
 * at the same write rate (docs/decisions/2026-11-26-pglite-message-batches.md).
 */
const CALLS_PER_COLLECTION = 1000;
let callsSinceCollection = 0;

function receive(request: WorkerRequest): void {
  callsSinceCollection += 1;
  if (callsSinceCollection >= CALLS_PER_COLLECTION) {
    callsSinceCollection = 0;
    Bun.gc(false);
  }
  answer(request).then(
    (value) => post({ id: request.id, ok: true, value }),
    (error) => fail(request.id, error),
  );
}
self.addEventListener('message', (event: MessageEvent<WorkerRequest[]>) => {
  for (const request of event.data) receive(request);
});

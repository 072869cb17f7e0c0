// The messages between the request thread and the worker that owns PGlite (pglite-worker.ts).
// Every request carries an id; the worker answers each with the same id, in the order it
// finishes them. Notifications travel unasked. Each side sends what it has ready in one turn as
// one message, a list (see Outbox), since a message costs its receiver more than its contents do.

export interface OpenPgliteOptions {
  dataDir?: string;
  /** A data-directory dump to start from, as bytes (a Blob does not cross threads everywhere). */
  loadDataDir?: ArrayBuffer;
}

export type RowMode = 'array' | 'object';

export type WorkerRequest =
  | { id: number; op: 'open'; options: OpenPgliteOptions }
  | {
      id: number;
      op: 'query';
      tx: number;
      sql: string;
      params: unknown[] | undefined;
      rowMode: RowMode | undefined;
      /** The transaction's last statement: COMMIT runs right behind it (ROLLBACK if it fails), and the answer waits for it. */
      commit?: true;
    }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/** What a query answers: PGlite's Results, minus the parts drizzle never reads. */
export interface QueryResults {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

/** A database error as plain fields (code, detail, constraint…), so it crosses the thread whole. */
export interface ErrorFields {
  name: string;
  message: string;
  [field: string]: unknown;
}

export type WorkerMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorFields }
  | { id: 0; op: 'notify'; channel: string; payload: string };

/**
 * Collects what one side sends during a turn of its event loop and posts it as one list when the
 * turn's synchronous work is done (a microtask), in order. A transaction's BEGIN and its pipelined
 * statements, or the answers finished together, then cost their receiver one message event
 * instead of one each: under load that event, not the statement, was most of the request thread's
 * share of a write (2026-11-26-pglite-message-batches.md).
 */
export class Outbox<T> {
  #pending: T[] = [];
  readonly #flush = () => {
    const batch = this.#pending;
    this.#pending = [];
    try {
      this.post(batch);
    } catch {
      // A message structured clone refuses (a function among a statement's values, say) must fail
      // only itself, as it did when each went alone, not every message sent in the same turn.
      for (const message of batch) {
        try {
          this.post([message]);
        } catch (error) {
          this.unsent(message, error);
        }
      }
    }
  };

  /** `unsent` hears of a message that could not be posted, with the error. */
  constructor(
    private readonly post: (batch: T[]) => void,
    private readonly unsent: (message: T, error: unknown) => void,
  ) {}

  send(message: T): void {
    if (this.#pending.length === 0) queueMicrotask(this.#flush);
    this.#pending.push(message);
  }
}

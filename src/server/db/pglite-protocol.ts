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

/**
 * What a query answers: PGlite's Results, minus the parts drizzle never reads. Not `fields`:
 * drizzle maps rows by its own column list, and each answer's field list was ~16 small objects
 * cloned across the thread per write, more than the rows themselves.
 */
export interface QueryResults {
  rows: unknown[];
  affectedRows?: number;
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
 * Collects what one side sends and posts it as one list, in order. By default a list leaves when
 * the turn's synchronous work is done (a microtask): a transaction's BEGIN and its pipelined
 * statements then cost their receiver one message event instead of one each. Under load that
 * event, not the statement, was most of the request thread's share of a write
 * (2026-11-26-pglite-message-batches.md).
 *
 * With `gatherUpTo`, a list leaves when the thread's event loop comes round (setImmediate), or at
 * once when that many messages wait: the worker's answers to everything it ran in a turn then
 * reach the request thread together (2026-11-27-worker-answers-gathered.md).
 */
export class Outbox<T> {
  #pending: T[] = [];
  #scheduled = false;
  readonly #schedule: (run: () => void) => void;
  readonly #most: number;

  /** `unsent` hears of a message that could not be posted, with the error. */
  constructor(
    private readonly post: (batch: T[]) => void,
    private readonly unsent: (message: T, error: unknown) => void,
    gatherUpTo?: number,
  ) {
    this.#schedule = gatherUpTo ? setImmediate : queueMicrotask;
    this.#most = gatherUpTo ?? Number.POSITIVE_INFINITY;
  }

  send(message: T): void {
    this.#pending.push(message);
    if (this.#pending.length >= this.#most) this.#flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      this.#schedule(this.#flushScheduled);
    }
  }

  readonly #flushScheduled = () => {
    this.#scheduled = false;
    if (this.#pending.length > 0) this.#flush();
  };

  #flush(): void {
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
  }
}

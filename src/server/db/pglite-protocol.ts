// The messages between the request thread and the worker that owns PGlite (pglite-worker.ts).
// Every request carries an id; the worker answers each with the same id, in the order it
// finishes them. Notifications travel unasked.

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

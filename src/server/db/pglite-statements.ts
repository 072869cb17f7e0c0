// Runs a statement on PGlite the way a PostgreSQL driver would: one protocol batch, and the
// statement's parse and plan kept for its next run. PGlite's own query() makes six calls into
// Postgres per statement (Parse, Describe, Bind, Describe, Execute, Sync: the first Describe only
// to learn how to write the values), and Postgres parses and plans the text anew each time. That
// was most of a write's time on PGlite (a lookup by key: 430 µs; this way 115 µs, as measured in
// docs/decisions/2026-11-25-pglite-named-statements.md). Values are sent as text, as postgres.js
// does; Postgres reads each by the type the statement gives its parameter. A kept statement's rows
// always have the shape its first run described, so later runs reuse that description instead of
// asking for it again (2026-11-27-pglite-kept-descriptions.md).
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';
import type { QueryResults, RowMode } from './pglite-protocol';

const { serialize } = protocol;
/** A message from Postgres, as PGlite hands them back (its protocol types are not exported by name). */
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/**
 * Statements kept parsed (each holds its plan in PGlite's memory, a few KB). LockIn sends a few
 * hundred distinct texts; one built from a list of ids varies with its length, so the least
 * recently used are closed beyond this many.
 */
export const NAMED_STATEMENTS_KEPT = 256;

/** A statement's answer with its field list, which the tests compare with PGlite's own; the worker does not send it on. */
export interface StatementResults extends QueryResults {
  fields: { name: string; dataTypeID: number }[];
}

/** A value as Postgres's text input reads it, or undefined when only PGlite's typed path can send it. */
function asText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      return value instanceof Date ? value.toISOString() : undefined;
  }
}

/** The values as text, or undefined if any needs PGlite's own serialisers (arrays, JSON objects, bytes). */
function valuesAsText(params: readonly unknown[]): (string | null)[] | undefined {
  const values: (string | null)[] = [];
  for (const param of params) {
    const text = asText(param);
    if (text === undefined) return undefined;
    values.push(text);
  }
  return values;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** 'cached plan must not change result type': a table changed under a kept statement. */
const STALE_PLAN = '0A000';

/** A statement kept parsed: its name, and what Postgres described its rows as on its first run. */
interface Kept {
  name: string;
  /** RowDescription, or NoData for a statement that returns no rows. */
  description: BackendMessage;
}

const isDescription = (message: BackendMessage) => message.name === 'rowDescription' || message.name === 'noData';

export class PgliteStatements {
  /** Names dropped from `kept` (evicted or forgotten), closed with the next batch. */
  private closing: string[] = [];
  /** Statement text → the statement kept parsed; a lookup makes it the most recently used. */
  private readonly kept = new LRUCache<string, Kept>({
    max: NAMED_STATEMENTS_KEPT,
    dispose: (statement) => this.closing.push(statement.name),
  });
  private nextName = 1;

  constructor(private readonly database: PGlite) {}

  /**
   * Runs `sql` with `params`, inside the transaction the caller holds (`inTransaction`) or on its
   * own, in one batch. Undefined when a value needs PGlite's typed path (the caller uses query()).
   */
  async run(
    sql: string,
    params: readonly unknown[],
    rowMode: RowMode | undefined,
    inTransaction: boolean,
  ): Promise<StatementResults | undefined> {
    const values = valuesAsText(params);
    if (!values) return undefined;
    const database = this.database;
    const send = () => database.runExclusive(() => this.batch(sql, values, rowMode, !inTransaction));
    if (inTransaction) return send();
    // On its own it must not land inside another caller's open transaction. The same steps as
    // PGlite's query() and transaction() (ready, then in line) keep the order calls came in: a
    // transaction begun just before this, in the same batch of messages, stays ahead of it.
    await database._checkReady();
    return database._runExclusiveTransaction(send);
  }

  private async batch(
    sql: string,
    values: (string | null)[],
    rowMode: RowMode | undefined,
    sync: boolean,
  ): Promise<StatementResults> {
    // A statement without values is usually a one-off (DDL, a script's line): not worth a name.
    const known = values.length > 0 ? this.kept.get(sql) : undefined;
    const name = values.length === 0 ? '' : (known?.name ?? `lockin_${this.nextName++}`);
    const parts = this.closing.map((closed) => serialize.close({ type: 'S', name: closed }));
    this.closing = [];
    if (!known) parts.push(serialize.parse({ text: sql, name }));
    parts.push(serialize.bind({ statement: name, values }));
    if (!known) parts.push(serialize.describe({ type: 'P' }));
    parts.push(serialize.execute({}), serialize.sync());
    const { messages } = await this.database.execProtocol(concat(parts), { syncToFs: false, throwOnError: false });
    if (!known && name && messages.some((message) => message.name === 'parseComplete')) {
      const description = messages.find(isDescription);
      if (description) this.kept.set(sql, { name, description });
      // Parsed, but a value its parameter refused failed Bind before the rows were described: a
      // name kept without a description would be useless, and one forgotten would stay in memory.
      else this.closing.push(name);
    }
    const error = messages.find((message) => message instanceof Error);
    if (error) {
      if ((error as { code?: string }).code !== STALE_PLAN || !known) throw error;
      // Its rows changed shape too: the next run parses and describes it afresh.
      this.kept.delete(sql);
      // On its own, parsed again against the table as it is now (as postgres.js does); inside a
      // transaction the error has aborted it, and the caller's retry will parse afresh.
      if (!sync) throw error;
      return this.batch(sql, values, rowMode, sync);
    }
    if (sync) await this.database.syncToFs();
    const described = known ? [known.description, ...messages] : messages;
    const [result] = parse.parseResults(described, this.database.parsers, { rowMode });
    return { rows: result?.rows ?? [], affectedRows: result?.affectedRows, fields: result?.fields ?? [] };
  }

  /** How many statements are kept parsed (for tests). */
  get size(): number {
    return this.kept.size;
  }
}

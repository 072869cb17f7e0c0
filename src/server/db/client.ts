// Opens the database the configuration asks for: PGlite in DATA_DIR by default, PostgreSQL
// through postgres.js when DATABASE_URL is set. Drizzle as documented for each driver; no schema
// is passed because LockIn builds its statements from the tables and never uses `db.query`.
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { DRIZZLE_PARSERS, drizzleClient } from './pglite-client';
import { PGLITE_START_PARAMS } from './pglite-options';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on `channel`: each NOTIFY's payload, after its transaction commits (PostgreSQL: one
   * dedicated connection per process, listened again after a reconnect; PGlite: in this process).
   * Answers the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite's directory, or `memory://` for a database that lives only in this process. */
  dataDir: string;
  /** A PGlite data-directory dump to start from (tests use one to skip initdb). */
  loadDataDir?: Blob | File;
  /** postgres.js pool size. */
  maxConnections?: number;
  /** PostgreSQL only: the longest any one statement may run (ms). */
  statementTimeoutMs?: number;
}

/**
 * No request's query may hold a pooled connection for long: a runaway or deliberately expensive
 * statement is cancelled by the server after this, so the pool frees up for everyone else. Our
 * queries take milliseconds; migrations run on their own connection without this limit.
 */
export const STATEMENT_TIMEOUT_MS = 5_000;

/** postgres.js pool size of each process. */
export const DB_POOL_MAX = 10;

/** A PGlite `dataDir` of `memory://…`: nothing on disk. */
export const isInMemory = (dataDir: string): boolean => dataDir.startsWith('memory://');

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Each database's driver loads only where it is used: on PGlite, postgres.js would be memory
    // that never runs, and on PostgreSQL PGlite's WebAssembly would be.
    const [{ default: postgres }, { drizzle }] = await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
    ]);
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? DB_POOL_MAX,
      onnotice: () => {},
      connection: {
        statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
        application_name: 'lockin',
      },
    });
    return {
      db: drizzle({ client }) as unknown as Db,
      kind: 'postgres',
      async listen(channel, onPayload) {
        const { unlisten } = await client.listen(channel, onPayload);
        return unlisten;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const [{ PGlite }, { drizzle }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
  const inMemory = isInMemory(options.dataDir);
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : options.dataDir,
    loadDataDir: options.loadDataDir,
    startParams: PGLITE_START_PARAMS,
    parsers: DRIZZLE_PARSERS,
  });
  return {
    db: drizzle({ client: drizzleClient(client) as PGlite }) as unknown as Db,
    kind: 'pglite',
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

// Opens the database the configuration asks for: PGlite in DATA_DIR by default, PostgreSQL
// through postgres.js when DATABASE_URL is set. Both get the same Drizzle schema.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** A PGlite data-directory dump to start from (tests use one to skip initdb). */
  loadDataDir?: Blob | File;
  /** postgres.js pool size. */
  maxConnections?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
    });
    const db = drizzlePostgres({ client, schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = options.loadDataDir
    ? new PGlite({ loadDataDir: options.loadDataDir, dataDir: inMemory ? undefined : options.dataDir })
    : new PGlite(options.dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

// Opens the database the configuration asks for: PGlite in DATA_DIR by default, PostgreSQL
// through postgres.js when DATABASE_URL is set. Both get the same Drizzle schema.
import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * LISTEN on a channel: `onMessage` gets each NOTIFY payload; `onListen` runs once listening (again
 * after a reconnect, when notifications may have been missed). Resolves with the stop function.
 */
export type Listen = (
  channel: string,
  onMessage: (payload: string) => void,
  onListen: () => void,
) => Promise<() => Promise<void>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The database layer knows no domain: caches subscribe to their own channels through this. */
  listen: Listen;
  /** Runs before the connection closes (a cache stops trusting notifications it will not get). */
  onClose(hook: () => Promise<void> | void): void;
  close(): Promise<void>;
}

/** Listening and closing as every Database does: stops what listens, runs the hooks, then closes. */
function withLifecycle(db: Db, kind: Database['kind'], listen: Listen, end: () => Promise<void>): Database {
  const stops: (() => Promise<void>)[] = [];
  const hooks: (() => Promise<void> | void)[] = [];
  return {
    db,
    kind,
    async listen(channel, onMessage, onListen) {
      const stop = await listen(channel, onMessage, onListen);
      stops.push(stop);
      return stop;
    },
    onClose: (hook) => void hooks.push(hook),
    async close() {
      for (const hook of hooks) await hook();
      for (const stop of stops) await stop().catch(() => undefined);
      await end();
    },
  };
}

export interface OpenOptions {
  databaseUrl?: string;
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

/**
 * PGlite's one backend keeps Postgres's default shared_buffers of 128 MB (plus ~17 MB of other
 * shared memory) inside its WASM heap, and touches all of it at start: that was most of an idle
 * server's ~320 MB. LockIn's working set is a few MB, so 16 MB of buffers holds it whole; pages
 * beyond it come from the OS page cache. Passed on the command line (not postgresql.conf, which
 * PGlite would overwrite in DATA_DIR). See docs/decisions/2026-11-22-pglite-memory.md.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * The parsers drizzle hands PGlite with every query (dates and intervals left as text; drizzle
 * maps them itself). Given per query, PGlite copies its whole parser table each time (a quarter of
 * an analytics request's CPU); given once to the instance, they cost nothing per query.
 */
const keepText = (value: string) => value;
export const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    keepText,
  ]),
);

type Queryable = Pick<PGlite, 'query'>;

/** The client (and each transaction) without the per-query parsers: the instance already has them. */
function withoutPerQueryParsers<T extends Queryable>(target: T): T {
  return new Proxy(target, {
    get(object, key) {
      if (key === 'query')
        return (
          query: string,
          params?: unknown[],
          queryOptions?: { parsers?: unknown; rowMode?: 'array' | 'object' },
        ) => object.query(query, params, queryOptions ? { rowMode: queryOptions.rowMode } : undefined);
      if (key === 'transaction' && 'transaction' in object)
        return <R>(callback: (tx: Queryable) => Promise<R>) =>
          (object as unknown as PGlite).transaction((tx) => callback(withoutPerQueryParsers(tx)));
      const value = Reflect.get(object, key, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** postgres.js pool size of each process. */
export const DB_POOL_MAX = 10;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? DB_POOL_MAX,
      onnotice: () => {},
      connection: { statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS },
    });
    const db = drizzlePostgres({ client, schema }) as unknown as Db;
    // LISTEN holds one extra connection of its own (postgres.js reconnects it by itself).
    return withLifecycle(
      db,
      'postgres',
      async (channel, onMessage, onListen) => (await client.listen(channel, onMessage, onListen)).unlisten,
      () => client.end({ timeout: 5 }),
    );
  }
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = options.loadDataDir
    ? new PGlite({
        loadDataDir: options.loadDataDir,
        dataDir: inMemory ? undefined : options.dataDir,
        startParams: PGLITE_START_PARAMS,
        parsers: DRIZZLE_PARSERS,
      })
    : new PGlite({ dataDir: options.dataDir, startParams: PGLITE_START_PARAMS, parsers: DRIZZLE_PARSERS });
  await client.waitReady;
  const db = drizzlePglite({ client: withoutPerQueryParsers(client), schema }) as unknown as Db;
  // PGlite delivers a NOTIFY as the committing query returns: nothing can run in between.
  return withLifecycle(
    db,
    'pglite',
    async (channel, onMessage, onListen) => {
      const unsubscribe = await client.listen(channel, onMessage);
      onListen();
      return unsubscribe;
    },
    () => client.close(),
  );
}

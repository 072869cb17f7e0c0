// Opens the database the configuration asks for: PGlite in DATA_DIR by default, PostgreSQL
// through postgres.js when DATABASE_URL is set. Drizzle gets no schema: LockIn builds its
// statements from the tables and never uses the relational query API (`db.query`), and with a
// schema every transaction built that API afresh, one query builder per table (~4 % of the
// request thread under writes; 2026-11-27-drizzle-without-schema.md).
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { connectionName, registerListener, unregisterListener } from './cache-listeners';
import { openRemotePglite } from './pglite-remote';
import { preparingClient } from './prepared-statements';

export type Db = PgDatabase<PgQueryResultHKT>;
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
    // Each database's driver loads only where it is used: on PGlite, postgres.js would be 1–2 MiB
    // of memory that never runs (2026-11-26-idle-modules.md).
    const [{ default: postgres }, { drizzle: drizzlePostgres }] = await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
    ]);
    // Named, so the database can tell this process's writes from another's (cache-listeners.ts).
    const name = connectionName();
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? DB_POOL_MAX,
      onnotice: () => {},
      connection: {
        statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
        application_name: name,
      },
    });
    const db = drizzlePostgres({ client: preparingClient(client) }) as unknown as Db;
    let registered = false;
    // LISTEN holds one extra connection of its own (postgres.js reconnects it by itself).
    return withLifecycle(
      db,
      'postgres',
      async (channel, onMessage, onListen) => {
        let listening = false;
        const { unlisten } = await client.listen(channel, onMessage, () => {
          onListen();
          // After a reconnect: registered again (a process starting meanwhile may have found no
          // connection of this one and removed its row), and what was cached meanwhile forgotten.
          if (listening) void registerListener(client, name).then(onListen, onListen);
        });
        listening = true;
        await registerListener(client, name);
        registered = true;
        return unlisten;
      },
      async () => {
        if (registered) await unregisterListener(client, name).catch(() => undefined);
        await client.end({ timeout: 5 });
      },
    );
  }
  const inMemory = isInMemory(options.dataDir);
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  // PGlite runs in a worker thread of its own, so its work never holds up the request thread.
  const client = await openRemotePglite({
    dataDir: inMemory ? undefined : options.dataDir,
    loadDataDir: await options.loadDataDir?.arrayBuffer(),
  });
  const db = drizzlePglite({ client: client as never }) as unknown as Db;
  // The worker posts a NOTIFY before the answer of the query that committed it.
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

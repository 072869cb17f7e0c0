// A TCP proxy in front of PostgreSQL that can hold back the server's answers while the client's
// messages still go through: what a client sends before it has had an answer becomes visible
// (pipelining), without timing anything.
import type { Socket } from 'bun';
import { type Database, openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import type { AppDeps } from '../../src/server/deps';
import { createTestDatabase } from './db';

export interface HoldingProxy {
  port: number;
  /** Everything the clients have sent so far, as text (statement texts appear in it). */
  sent(): string;
  /** From now on the server's answers wait in the proxy. */
  hold(): void;
  /** Lets the held answers (and later ones) through. */
  release(): void;
  stop(): void;
}

interface Link {
  upstream?: Socket<undefined>;
  /** Client bytes that arrived before the upstream connection was open. */
  early: Uint8Array[];
}

export async function holdingProxy(target: { hostname: string; port: number }): Promise<HoldingProxy> {
  let sentText = '';
  let holding = false;
  const held: (() => void)[] = [];
  const server = Bun.listen<Link>({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      async open(client) {
        client.data = { early: [] };
        const upstream = await Bun.connect({
          ...target,
          socket: {
            data(_socket, bytes) {
              const copy = new Uint8Array(bytes);
              if (holding) held.push(() => client.write(copy));
              else client.write(copy);
            },
            close() {
              client.end();
            },
          },
        });
        client.data.upstream = upstream;
        for (const bytes of client.data.early) upstream.write(bytes);
      },
      data(client, bytes) {
        sentText += Buffer.from(bytes).toString('latin1');
        if (client.data.upstream) client.data.upstream.write(new Uint8Array(bytes));
        else client.data.early.push(new Uint8Array(bytes));
      },
      close(client) {
        client.data.upstream?.end();
      },
    },
  });
  return {
    port: server.port,
    sent: () => sentText,
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const deliver of held.splice(0)) deliver();
    },
    stop: () => server.stop(true),
  };
}

interface ProxiedDatabase {
  proxy: HoldingProxy;
  database: Database;
  /** Deps for calling services directly on the proxied database, with the system clock. */
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The test database behind a holding proxy, through a one-connection pool: each statement is sent
 * on that one connection, so what a service pipelines shows in `proxy.sent()`.
 */
async function proxiedDatabase(url: string): Promise<ProxiedDatabase> {
  const target = new URL(url);
  const proxy = await holdingProxy({ hostname: target.hostname, port: Number(target.port || 5432) });
  target.port = String(proxy.port);
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '', maxConnections: 1 });
  const deps = { db: database.db, clock: { now: () => new Date() } } as unknown as AppDeps;
  return {
    proxy,
    database,
    deps,
    async close() {
      await database.close();
      proxy.stop();
    },
  };
}

export interface ProxiedTestUser {
  proxy: HoldingProxy;
  deps: AppDeps;
  /** A user stored in the database, for the services' calls. */
  user: { id: string; timeZone: string };
  close(): Promise<void>;
}

/** A fresh PostgreSQL test database behind a holding proxy (proxiedDatabase), with one user in it. */
export async function proxiedTestUser(): Promise<ProxiedTestUser> {
  const database = await createTestDatabase();
  if (!database.url) throw new Error('a holding proxy needs TEST_DATABASE_URL (PostgreSQL)');
  const proxied = await proxiedDatabase(database.url);
  const user = { id: crypto.randomUUID(), timeZone: 'UTC' };
  await proxied.deps.db.insert(users).values({ id: user.id, email: `${user.id}@example.com` });
  return {
    proxy: proxied.proxy,
    deps: proxied.deps,
    user,
    async close() {
      await proxied.close();
      await database.close();
    },
  };
}

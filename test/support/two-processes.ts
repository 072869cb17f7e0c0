// Two app processes on one fresh PostgreSQL database, for the tests that show a change made through
// one process is seen at once by the other (nothing is cached between requests). Without TEST_DATABASE_URL nothing
// starts; those files skip their tests (`describe.skipIf(!TWO_PROCESS_DATABASE)`).
import { afterAll, beforeAll, expect } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { type ServerProcess, spawnServer, tempDataDir } from './process';

export const TWO_PROCESS_DATABASE = process.env.TEST_DATABASE_URL;

export interface TwoProcesses {
  a: ServerProcess;
  b: ServerProcess;
  /** The fresh database both processes use (for a direct connection in a test). */
  databaseUrl: string;
}

/** Registers the file's hooks: a database named `<prefix>_…` and two processes on it, started one after the other. */
export function twoProcessesOnPostgres(prefix: string): TwoProcesses {
  const pair = {} as TwoProcesses;
  const servers: ServerProcess[] = [];
  const dataDir = tempDataDir();
  // Registered first, so the database exists before the processes start and goes after they stop.
  const database = freshPostgresDatabase(prefix);

  beforeAll(async () => {
    if (!TWO_PROCESS_DATABASE) return;
    pair.databaseUrl = database.url;
    const env = { DATABASE_URL: pair.databaseUrl, DATA_DIR: join(dataDir, 'unused') };
    for (const key of ['a', 'b'] as const) {
      const server = await spawnServer({ env });
      servers.push(server);
      await server.waitUntilUp({ timeoutMs: 90_000 });
      pair[key] = server;
    }
  }, 120_000);

  // The processes stop before their database is dropped (whatever order the hooks run in).
  database.beforeDrop.push(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  return pair;
}

/**
 * Registers the file's hooks for one fresh, empty PostgreSQL database; `url` is set before the
 * tests; `beforeDrop` runs (processes stopping) before the database is dropped.
 */
export function freshPostgresDatabase(prefix: string): { url: string; beforeDrop: (() => Promise<void>)[] } {
  const holder = { url: '', beforeDrop: [] as (() => Promise<void>)[] };
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = () => postgres(TWO_PROCESS_DATABASE ?? '', { max: 1, onnotice: () => {} });
  beforeAll(async () => {
    if (!TWO_PROCESS_DATABASE) return;
    const sql = admin();
    await sql.unsafe(`create database ${name}`);
    await sql.end();
    const url = new URL(TWO_PROCESS_DATABASE);
    url.pathname = `/${name}`;
    holder.url = url.toString();
  });
  afterAll(async () => {
    for (const stop of holder.beforeDrop) await stop();
    if (!TWO_PROCESS_DATABASE) return;
    const sql = admin();
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.end();
  });
  return holder;
}

let registered = 0;
/** A new account registered through `server`; answers its session cookie (`name=value`) and email. */
export async function registerOn(server: ServerProcess, tag: string): Promise<{ cookie: string; email: string }> {
  registered += 1;
  const email = `${tag}-${registered}-${Date.now()}@example.com`;
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple', firstName: 'Two', lastName: 'Processes' }),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('registration set no session cookie');
  return { cookie, email };
}

// Several processes on one PostgreSQL: they start together, migrations run once (under the
// advisory lock), and a session made by one process is honoured by the other, because nothing
// lives in a process. Runs when TEST_DATABASE_URL points at a PostgreSQL server (as .ci/run
// does); the default `bun test` needs no outside service and skips it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { REPO_ROOT, type ServerProcess, spawnServer, tempDataDir } from '../support/process';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `lockin_procs_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
let databaseUrl = '';
const servers: ServerProcess[] = [];
const dataDir = tempDataDir();

beforeAll(async () => {
  if (!serverUrl) return;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) return;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe.skipIf(!serverUrl)('two processes on one PostgreSQL', () => {
  test('both start at once and the migrations ran exactly once', async () => {
    // DATA_DIR is set to prove it is unused: DATABASE_URL switches the database to PostgreSQL.
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: join(dataDir, 'unused') };
    const [a, b] = await Promise.all([spawnServer({ env }), spawnServer({ env })]);
    servers.push(a!, b!);
    await Promise.all([a!.waitUntilUp({ timeoutMs: 90_000 }), b!.waitUntilUp({ timeoutMs: 90_000 })]);
    expect(a!.output()).toContain('database: postgres');
    expect(b!.output()).toContain('database: postgres');

    const migrationFiles = readdirSync(join(REPO_ROOT, 'drizzle')).filter((f) => f.endsWith('.sql'));
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ count: number }[]>`select count(*)::int as count from drizzle.__drizzle_migrations`;
      expect(row!.count).toBe(migrationFiles.length);
      const hashes = await sql<{ hash: string }[]>`select hash from drizzle.__drizzle_migrations`;
      expect(new Set(hashes.map((h) => h.hash)).size).toBe(migrationFiles.length);
    } finally {
      await sql.end();
    }
  }, 120_000);

  test('an account and session made through one process work through the other', async () => {
    const [a, b] = servers;
    expect(a && b).toBeTruthy();
    const email = `shared-${Date.now()}@example.com`;
    const password = 'shared-state-2026';
    const registered = await fetch(`${a!.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, firstName: 'Shared', lastName: 'State' }),
    });
    await registered.arrayBuffer();
    expect(registered.status).toBeLessThan(300);
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const onB = await fetch(`${b!.url}/api/auth/user`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { email: string }).email).toBe(email);

    const login = await fetch(`${b!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    await login.arrayBuffer();
    expect(login.status).toBe(200);
  }, 30_000);
});

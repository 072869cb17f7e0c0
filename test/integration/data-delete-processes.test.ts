// Account deletion with two app processes on one PostgreSQL database, each caching sessions: the
// account deleted through one process is refused by the other (which had the session cached)
// within a second, far inside the cache's TTL; another account on that process keeps working.
// Runs when TEST_DATABASE_URL points at a PostgreSQL server (PGlite is one process by design).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { SESSION_CACHE_TTL_MS } from '../../src/server/accounts/session-cache';
import { type ServerProcess, spawnServer, tempDataDir } from '../support/process';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `lockin_delete_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
const servers: ServerProcess[] = [];
const dataDir = tempDataDir();
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  if (!serverUrl) return;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), DATA_DIR: join(dataDir, 'unused') };
  a = await spawnServer({ env });
  servers.push(a);
  await a.waitUntilUp({ timeoutMs: 90_000 });
  b = await spawnServer({ env });
  servers.push(b);
  await b.waitUntilUp({ timeoutMs: 90_000 });
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) return;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

let counter = 0;
async function register(server: ServerProcess): Promise<{ cookie: string; email: string }> {
  counter += 1;
  const email = `delete-procs-${counter}-${Date.now()}@example.com`;
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple', firstName: 'Two', lastName: 'Processes' }),
  });
  expect(res.status).toBe(201);
  return { cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '', email };
}

const me = (server: ServerProcess, cookie: string) => fetch(`${server.url}/api/auth/user`, { headers: { cookie } });

/** Milliseconds until `check` holds, or Infinity after 1.5 s. */
async function msUntil(check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 1500) {
    if (await check()) return performance.now() - started;
    await Bun.sleep(20);
  }
  return Number.POSITIVE_INFINITY;
}

describe.skipIf(!serverUrl)('account deletion across two processes on one PostgreSQL', () => {
  test('the deleted account’s session, cached by the other process, is refused there within a second', async () => {
    const gone = await register(a);
    const kept = await register(a);
    // B validates (and caches) both sessions.
    for (const { cookie } of [gone, kept]) {
      expect((await me(b, cookie)).status).toBe(200);
      expect((await me(b, cookie)).status).toBe(200);
    }
    const res = await fetch(`${a.url}/api/auth/account`, {
      method: 'DELETE',
      headers: { cookie: gone.cookie, 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ email: gone.email }),
    });
    expect(res.status).toBe(200);
    // The process that deleted refuses at once; the other as soon as the NOTIFY arrives.
    expect((await me(a, gone.cookie)).status).toBe(401);
    const ms = await msUntil(async () => (await me(b, gone.cookie)).status === 401);
    expect(ms).toBeLessThan(1000);
    expect(SESSION_CACHE_TTL_MS).toBeGreaterThan(1000 * 5);
    // Another account on either process is untouched.
    expect((await me(b, kept.cookie)).status).toBe(200);
    expect((await me(a, kept.cookie)).status).toBe(200);
  }, 30_000);
});

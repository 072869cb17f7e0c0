// Account deletion with two app processes on one PostgreSQL database, each caching sessions: the
// account deleted through one process is refused by the other (which had the session cached)
// within a second, far inside the cache's TTL; another account on that process keeps working.
// Runs when TEST_DATABASE_URL points at a PostgreSQL server (PGlite is one process by design).
import { beforeAll, describe, expect, test } from 'bun:test';
import { SESSION_CACHE_TTL_MS } from '../../src/server/accounts/session-cache';
import type { ServerProcess } from '../support/process';
import { msUntil, registerOn, TWO_PROCESS_DATABASE, twoProcessesOnPostgres } from '../support/two-processes';

const pair = twoProcessesOnPostgres('lockin_delete');
let a: ServerProcess;
let b: ServerProcess;
beforeAll(() => {
  ({ a, b } = pair);
});

const register = (server: ServerProcess) => registerOn(server, 'delete-procs');

const me = (server: ServerProcess, cookie: string) => fetch(`${server.url}/api/auth/user`, { headers: { cookie } });

describe.skipIf(!TWO_PROCESS_DATABASE)('account deletion across two processes on one PostgreSQL', () => {
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

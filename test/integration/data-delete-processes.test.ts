// Account deletion with two app processes on one PostgreSQL database: the account deleted through
// one process is refused by the other from the moment the deletion answers; another account on
// that process keeps working.
// Runs when TEST_DATABASE_URL points at a PostgreSQL server (PGlite is one process by design).
import { beforeAll, describe, expect, test } from 'bun:test';
import type { ServerProcess } from '../support/process';
import { registerOn, TWO_PROCESS_DATABASE, twoProcessesOnPostgres } from '../support/two-processes';

const pair = twoProcessesOnPostgres('lockin_delete');
let a: ServerProcess;
let b: ServerProcess;
beforeAll(() => {
  ({ a, b } = pair);
});

const register = (server: ServerProcess) => registerOn(server, 'delete-procs');

const me = (server: ServerProcess, cookie: string) => fetch(`${server.url}/api/auth/user`, { headers: { cookie } });

describe.skipIf(!TWO_PROCESS_DATABASE)('account deletion across two processes on one PostgreSQL', () => {
  test('the deleted account’s session is refused by the other process as soon as the deletion answers', async () => {
    const gone = await register(a);
    const kept = await register(a);
    // B has validated both sessions.
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
    expect((await me(b, gone.cookie)).status).toBe(401);
    expect((await me(a, gone.cookie)).status).toBe(401);
    // Another account on either process is untouched.
    expect((await me(b, kept.cookie)).status).toBe(200);
    expect((await me(a, kept.cookie)).status).toBe(200);
  }, 30_000);
});

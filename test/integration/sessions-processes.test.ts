// Two app processes on one PostgreSQL database: a session ended (or a profile or plan changed)
// through one is seen by the other on the very next request, from the moment the change answers.
// Runs when TEST_DATABASE_URL points at a PostgreSQL server.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { ServerProcess } from '../support/process';
import { registerOn, TWO_PROCESS_DATABASE, twoProcessesOnPostgres } from '../support/two-processes';

const pair = twoProcessesOnPostgres('lockin_cache');
let a: ServerProcess;
let b: ServerProcess;
beforeAll(() => {
  ({ a, b } = pair);
});

const register = async (server: ServerProcess) => (await registerOn(server, 'two-procs')).cookie;

const me = (server: ServerProcess, cookie: string) => fetch(`${server.url}/api/auth/user`, { headers: { cookie } });

describe.skipIf(!TWO_PROCESS_DATABASE)('sessions across two processes on one PostgreSQL', () => {
  test('a session ended on one process is refused by the other from the moment the sign-out answers', async () => {
    const cookie = await register(a);
    expect((await me(b, cookie)).status).toBe(200);
    expect((await me(b, cookie)).status).toBe(200);
    const logout = await fetch(`${a.url}/api/logout`, { method: 'POST', headers: { cookie }, redirect: 'manual' });
    expect(logout.status).toBe(302);
    expect((await me(a, cookie)).status).toBe(401);
    expect((await me(b, cookie)).status).toBe(401);
  }, 30_000);

  test('a profile change made through one process shows through the other on the next request', async () => {
    const cookie = await register(a);
    expect((await me(b, cookie)).status).toBe(200);
    const { email } = (await (await me(b, cookie)).json()) as { email: string };
    const put = await fetch(`${a.url}/api/auth/profile`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Moved', lastName: 'Elsewhere', email }),
    });
    expect(put.status).toBe(200);
    expect(((await (await me(b, cookie)).json()) as { firstName: string }).firstName).toBe('Moved');
  }, 30_000);

  test('a plan change made through one process shows through the other on the next request', async () => {
    const cookie = await register(a);
    const premiumOn = async (server: ServerProcess) =>
      ((await (await me(server, cookie)).json()) as { premium: boolean }).premium;
    const post = (path: string, body?: unknown) =>
      fetch(`${a.url}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    expect(await premiumOn(b)).toBe(false);
    expect(await premiumOn(b)).toBe(false);
    // The demo checkout on A: start it, press the demo page's button, activate.
    const created = await post('/api/create-subscription');
    expect(created.status).toBe(200);
    const session = new URL(((await created.json()) as { checkoutUrl: string }).checkoutUrl).searchParams.get(
      'session',
    );
    expect((await post('/api/trpc/plans.demoCheckout.complete', { session })).status).toBe(200);
    expect((await post('/api/activate-premium', { sessionId: session })).status).toBe(200);
    expect(await premiumOn(a)).toBe(true);
    expect(await premiumOn(b)).toBe(true);
    // And back: cancelling the trial on A ends Premium on B too.
    expect((await post('/api/cancel-subscription')).status).toBe(200);
    expect(await premiumOn(a)).toBe(false);
    expect(await premiumOn(b)).toBe(false);
  }, 30_000);
});

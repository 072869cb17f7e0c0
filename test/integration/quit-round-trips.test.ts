// A quit of a session this process started is one statement on PostgreSQL: the guarded end
// answers with the streak, with no read of the session before it (endSession trusts the row the
// start remembered) and no streak read beside it. A proxy holds the server's answers, so what is sent before them shows.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { AppDeps } from '../../src/server/deps';
import { endSession, startSession } from '../../src/server/lockin/lockin.service';
import { type HoldingProxy, type ProxiedTestUser, proxiedTestUser } from '../support/holding-proxy';
import { eventually } from '../support/notify-triggers';

/** postgres.js's Execute of the unnamed portal and its Sync: one per statement sent. */
const EXECUTE = 'E\x00\x00\x00\x09\x00\x00\x00\x00\x00S\x00\x00\x00\x04';
const executes = (sent: string) => sent.split(EXECUTE).length - 1;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a quit in one round trip (PostgreSQL)', () => {
  let proxied: ProxiedTestUser;
  let proxy: HoldingProxy;
  let deps: AppDeps;
  let user: ProxiedTestUser['user'];

  beforeAll(async () => {
    proxied = await proxiedTestUser();
    ({ proxy, deps, user } = proxied);
    // postgres.js learns each statement's parameter types on its first run (a round trip of its
    // own); from then on it is sent at once, as in a server that has been running.
    const first = await startSession(deps, user, { goalMinutes: 25 });
    await endSession(deps, user, { id: first.session.id, outcome: 'quit', actualMinutes: 0 });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  test('the end leaves alone while nothing is answered, and the quit lands with the streak', async () => {
    const { session } = await startSession(deps, user, { goalMinutes: 25 });
    const before = proxy.sent().length;
    proxy.hold();
    const quit = endSession(deps, user, { id: session.id, outcome: 'quit', actualMinutes: 0 });
    try {
      // Reading the session first would send one statement and wait for its answer.
      await eventually(() => executes(proxy.sent().slice(before)) >= 1);
    } finally {
      proxy.release();
    }
    const answer = await quit;
    expect(answer.session).toMatchObject({ id: session.id, status: 'quit', actualMinutes: 0 });
    expect(answer.streak).toEqual({ current: 0, lastDay: null, level: 'Beginner' });
    // Nothing else was sent for it: a streak read of its own would be a second statement.
    expect(executes(proxy.sent().slice(before))).toBe(1);
  });
});

// A tick on a day whose reset this process has already seen is one round trip on PostgreSQL: the
// lock, the change (which answers with the entry) and COMMIT reach the server before any answer comes back
// (setDailyCompleted). A proxy holds the server's answers, so what is sent before them shows.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { AppDeps } from '../../src/server/deps';
import { createBankTask } from '../../src/server/tasks/bank.service';
import { addToDaily, setDailyCompleted } from '../../src/server/tasks/daily.service';
import { type HoldingProxy, type ProxiedTestUser, proxiedTestUser } from '../support/holding-proxy';
import { eventually } from '../support/notify-triggers';

describe.skipIf(!process.env.TEST_DATABASE_URL)('a tick in one round trip (PostgreSQL)', () => {
  let proxied: ProxiedTestUser;
  let proxy: HoldingProxy;
  let deps: AppDeps;
  let user: ProxiedTestUser['user'];

  beforeAll(async () => {
    proxied = await proxiedTestUser();
    ({ proxy, deps, user } = proxied);
    await createBankTask(deps, user, { id: 'one-trip', title: 'One trip' });
    await addToDaily(deps, user, { ids: ['one-trip'] }); // takes the lock: the last reset is seen
    // postgres.js learns a statement's parameter types on its first run (a round trip of its
    // own); from then on it is sent by name at once, as in a server that has been running.
    await setDailyCompleted(deps, user, { id: 'one-trip' }, true);
    await setDailyCompleted(deps, user, { id: 'one-trip' }, false);
  });
  afterAll(async () => {
    await proxied?.close();
  });

  test('COMMIT leaves while the lock is unanswered (so the change went before it), and the tick lands', async () => {
    const before = proxy.sent().length;
    proxy.hold();
    const ticked = setDailyCompleted(deps, user, { id: 'one-trip' }, true);
    try {
      // Without the one-trip path the change waits for the lock's answer, and COMMIT for the change's.
      await eventually(() => /commit/i.test(proxy.sent().slice(before)));
    } finally {
      proxy.release();
    }
    expect(await ticked).toMatchObject({ id: 'one-trip', completed: true, reset: null });
    const unticked = await setDailyCompleted(deps, user, { id: 'one-trip' }, false);
    expect(unticked).toMatchObject({ completed: false, reset: null });
  });
});

// A tick on a day whose reset this process has already seen is one round trip on PostgreSQL: the
// lock, the entry read, the change and COMMIT reach the server before any answer comes back
// (setDailyCompleted). A proxy holds the server's answers, so what is sent before them shows.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { openDatabase, type Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import type { AppDeps } from '../../src/server/deps';
import { createBankTask } from '../../src/server/tasks/bank.service';
import { addToDaily, setDailyCompleted } from '../../src/server/tasks/daily.service';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { holdingProxy, type HoldingProxy } from '../support/holding-proxy';
import { eventually } from '../support/notify-triggers';

describe.skipIf(!process.env.TEST_DATABASE_URL)('a tick in one round trip (PostgreSQL)', () => {
  let database: TestDatabase;
  let proxy: HoldingProxy;
  let proxied: Database;
  let deps: AppDeps;
  const user = { id: crypto.randomUUID(), timeZone: 'UTC' };

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url!);
    proxy = await holdingProxy({ hostname: url.hostname, port: Number(url.port || 5432) });
    url.port = String(proxy.port);
    // One connection, so each statement's text is sent (parsed) on it the first time it runs.
    proxied = await openDatabase({ databaseUrl: url.toString(), dataDir: '', maxConnections: 1 });
    deps = { db: proxied.db, clock: { now: () => new Date() } } as unknown as AppDeps;
    await proxied.db.insert(users).values({ id: user.id, email: `${user.id}@example.com` });
    await createBankTask(deps, user, { id: 'one-trip', title: 'One trip' });
    await addToDaily(deps, user, { ids: ['one-trip'] }); // takes the lock: the last reset is seen
    // postgres.js learns a statement's parameter types on its first run (a round trip of its
    // own); from then on it is sent by name at once, as in a server that has been running.
    await setDailyCompleted(deps, user, { id: 'one-trip' }, true);
    await setDailyCompleted(deps, user, { id: 'one-trip' }, false);
  });
  afterAll(async () => {
    await proxied?.close();
    proxy?.stop();
    await database?.close();
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

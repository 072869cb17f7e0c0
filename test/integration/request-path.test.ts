// The request path under abuse: time-zone spellings cannot grow the formatter cache, tRPC batches
// are bounded, and PostgreSQL statements cannot hold a pooled connection for long.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { TRPC_MAX_BATCH_SIZE } from '../../src/shared/constants';
import { cachedFormatterCount, FORMATTER_CACHE_SIZE } from '../../src/shared/local-date';
import { openDatabase } from '../../src/server/db/client';
import { type TestContext, TestClient, type TrpcEnvelope, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';

let ctx: TestContext;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx);
  client = await signedInClient(ctx, user);
});
afterAll(() => ctx.close());

/** The n-th distinct letter-case spelling of a zone name (bit i of n flips letter i). */
function spelling(name: string, n: number): string {
  let bit = 0;
  return [...name]
    .map((ch) => {
      if (!/[a-z]/i.test(ch)) return ch;
      const upper = (n >> bit++) & 1;
      return upper ? ch.toUpperCase() : ch.toLowerCase();
    })
    .join('');
}

describe('time zones', () => {
  test('20,000 distinct spellings sent to sign-in leave the formatter cache bounded', async () => {
    const visitor = new TestClient(ctx.app);
    const zone = 'America/Argentina/ComodRivadavia';
    const offsets = ['+05:30', '-0538', '+14:00', '-12'];
    const before = cachedFormatterCount();
    for (let i = 0; i < 20_000; i++) {
      const timeZone =
        i % 10 === 0
          ? `${offsets[i % 4]!.slice(0, 1)}${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`
          : spelling(zone, i);
      // No password: refused for that, as an attacker's requests were; the zone is still parsed.
      const res = await visitor.post('/api/auth/login', { email: 'nobody@example.com', timeZone });
      expect(res.status).toBe(400);
    }
    expect(cachedFormatterCount()).toBeLessThanOrEqual(FORMATTER_CACHE_SIZE);
    // One zone, any letter case: at most one new canonical name (other test files share the cache).
    expect(cachedFormatterCount() - before).toBeLessThanOrEqual(1);
  }, 120_000);

  test('a zone in any letter case is stored under its canonical name', async () => {
    const res = await client.mutate('accounts.setTimeZone', { timeZone: 'aMeRiCa/nEw_YoRk' });
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/New_York');
    const me = await client.get('/api/auth/user');
    expect(me.body.timeZone).toBe('America/New_York');
  });

  test.each(['+05:30', '-0538', 'Mars/Olympus', 'x'.repeat(65)])(
    '%s is refused with a 400 naming timeZone',
    async (timeZone) => {
      const res = await client.mutate('accounts.setTimeZone', { timeZone });
      expect(res.status).toBe(400);
      expect(res.body.message).toStartWith('Time zone ');
    },
  );
});

describe('tRPC batches', () => {
  const batch = (n: number) =>
    `/api/trpc/${Array.from({ length: n }, () => 'tasks.daily.list').join(',')}?batch=1&input=${encodeURIComponent(
      JSON.stringify({}),
    )}`;

  test(`a batch of ${TRPC_MAX_BATCH_SIZE} calls is answered`, async () => {
    const res = await client.get(batch(TRPC_MAX_BATCH_SIZE));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(TRPC_MAX_BATCH_SIZE);
  });

  test('a larger batch (900 calls) answers 400 with a clear message', async () => {
    const res = await client.get<TrpcEnvelope | TrpcEnvelope[]>(batch(900));
    expect(res.status).toBe(400);
    const message = Array.isArray(res.body) ? res.body[0]?.error?.message : res.body?.error?.message;
    expect(message).toBe(`batch: at most ${TRPC_MAX_BATCH_SIZE} calls per request`);
  });

  test(`a larger batch of mutations (POST) is refused too`, async () => {
    const path = `/api/trpc/${Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'tasks.categories.add').join(',')}?batch=1`;
    const body = Object.fromEntries(
      Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, (_, i) => [String(i), { name: `c${i}` }]),
    );
    const res = await client.post(path, body);
    expect(res.status).toBe(400);
    const list = await client.query('tasks.bank.list');
    expect(list.body.customCategories).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL statement timeout', () => {
  test('every pooled connection has a statement_timeout, and a long statement is cancelled', async () => {
    const url = (ctx.database as { url?: string }).url!;
    const database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 1, statementTimeoutMs: 300 });
    try {
      const shown = await database.db.execute(sql`show statement_timeout`);
      expect(JSON.stringify(shown)).toContain('300ms');
      const started = performance.now();
      const error = await database.db.execute(sql`select pg_sleep(5)`).catch((e: unknown) => e);
      expect(String((error as { cause?: unknown })?.cause ?? error)).toContain('statement timeout');
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      await database.close();
    }
  });

  test('the default is a few seconds', async () => {
    const shown = await ctx.deps.db.execute(sql`show statement_timeout`);
    expect(JSON.stringify(shown)).toContain('5s');
  });
});

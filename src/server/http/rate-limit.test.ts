import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db';
import { AdjustableClock } from '../clock';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';
import { clearRateLimit, clientIp, hitRateLimit, pruneRateLimits, type RateLimitRule } from './rate-limit';

let database: TestDatabase;
const clock = new AdjustableClock(new Date('2026-05-01T08:00:00Z'));
const deps = () => ({ db: database.db, clock });
const rule: RateLimitRule = { name: 'unit:test', limit: 3, windowMs: 10 * 60_000 };

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

async function attempt(subject: string): Promise<AppError | null> {
  try {
    await hitRateLimit(deps(), rule, subject);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('hitRateLimit', () => {
  test('allows `limit` hits per window, then throws TOO_MANY_REQUESTS with the seconds left', async () => {
    for (let i = 0; i < 3; i++) expect(await attempt('alpha')).toBeNull();
    const refused = await attempt('alpha');
    expect(refused?.code).toBe('TOO_MANY_REQUESTS');
    expect(refused?.status).toBe(429);
    expect(refused?.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(refused?.retryAfterSeconds).toBe(600);
    clock.advance(4 * 60_000 + 500);
    expect((await attempt('alpha'))?.retryAfterSeconds).toBe(360); // rounded up
  });

  test('subjects are case- and space-insensitive and counted apart from each other', async () => {
    for (let i = 0; i < 3; i++) expect(await attempt('Beta@Example.com')).toBeNull();
    expect(await attempt('  beta@example.COM ')).not.toBeNull();
    expect(await attempt('gamma@example.com')).toBeNull();
  });

  test('a window that ran out starts over at one', async () => {
    for (let i = 0; i < 4; i++) await attempt('delta');
    clock.advance(10 * 60_000);
    for (let i = 0; i < 3; i++) expect(await attempt('delta')).toBeNull();
    expect(await attempt('delta')).not.toBeNull();
  });

  test('a window that starts in the future (the clock went back) starts over', async () => {
    for (let i = 0; i < 4; i++) await attempt('epsilon');
    clock.advance(-60 * 60_000);
    expect(await attempt('epsilon')).toBeNull();
    clock.advance(60 * 60_000);
  });

  test('clearRateLimit forgets a subject', async () => {
    for (let i = 0; i < 4; i++) await attempt('zeta');
    await clearRateLimit(deps(), rule, 'ZETA');
    expect(await attempt('zeta')).toBeNull();
  });

  test('pruneRateLimits deletes counters whose window ended long ago, and keeps fresh ones', async () => {
    await attempt('old');
    clock.advance(3 * 60 * 60_000);
    await attempt('fresh');
    await pruneRateLimits(deps());
    const rows = await database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(rows).toHaveLength(1);
  });
});

describe('clientIp', () => {
  test("is 'unknown' when the request did not come through Bun.serve", async () => {
    const app = new Hono();
    app.get('/', (c) => c.text(clientIp(c)));
    expect(await (await app.request('/')).text()).toBe('unknown');
  });

  test('is the peer address over a real socket, whatever X-Forwarded-For says', async () => {
    const app = new Hono();
    app.get('/', (c) => c.text(clientIp(c)));
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(await res.text()).toBe('127.0.0.1');
    } finally {
      await server.stop(true);
    }
  });

  test('with TRUST_PROXY, is the last X-Forwarded-For entry (the one our proxy appended)', async () => {
    const app = new Hono();
    app.get('/', (c) => c.text(clientIp(c, true)));
    const spoofed = await app.request('/', { headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.5' } });
    expect(await spoofed.text()).toBe('203.0.113.5');
    expect(await (await app.request('/')).text()).toBe('unknown');
  });
});

// Brute-force limits on sign-in, sign-up, forgot-password and reset: 429 with Retry-After past the
// limit, windows that run out (moved with the test clock), counters per email and per address.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { rateLimits } from '../../src/server/db/schema';
import { createTestContext, TestClient, type TestContext, type TestResponse } from '../support/app';
import { createUser } from '../support/factories';

const TOO_MANY = { message: 'Too many attempts. Please wait a few minutes and try again.' };
const MIN = 60_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(() => ctx.close());

// Every test starts after all earlier windows have run out (the longest is one hour).
beforeEach(() => ctx.clock.advance(2 * 60 * MIN));

const client = () => new TestClient(ctx.app);
let seq = 0;
const email = (p = 'rl') => `${p}${++seq}-${Math.random().toString(36).slice(2, 6)}@example.com`;

function expect429(res: TestResponse, retryAfter: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(TOO_MANY);
  expect(res.headers.get('retry-after')).toBe(String(retryAfter));
}

describe('sign-in', () => {
  test('10 failures per email in 15 minutes, then 429 even with the right password, until the window ends', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 10; i++) {
      expect((await client().post('/api/auth/login', { email: user.email, password: `wrong guess ${i}` })).status).toBe(
        401,
      );
    }
    expect429(await client().post('/api/auth/login', { email: user.email, password: 'wrong guess 11' }), 900);
    // Letter case does not make a new counter.
    expect429(
      await client().post('/api/auth/login', { email: user.email.toUpperCase(), password: user.password }),
      900,
    );

    ctx.clock.advance(15 * MIN - 1000);
    expect429(await client().post('/api/auth/login', { email: user.email, password: user.password }), 1);

    ctx.clock.advance(1000);
    expect((await client().post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  test('the lock is per email: another account signs in meanwhile', async () => {
    const victim = await createUser(ctx);
    const other = await createUser(ctx);
    for (let i = 0; i < 11; i++) await client().post('/api/auth/login', { email: victim.email, password: 'nope nope' });
    expect((await client().post('/api/auth/login', { email: victim.email, password: victim.password })).status).toBe(
      429,
    );
    expect((await client().post('/api/auth/login', { email: other.email, password: other.password })).status).toBe(200);
  });

  test('a successful sign-in forgets the owner\u2019s earlier failures', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 9; i++) await client().post('/api/auth/login', { email: user.email, password: 'typo typo' });
    expect((await client().post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await client().post('/api/auth/login', { email: user.email, password: 'typo typo' })).status).toBe(401);
    }
    expect((await client().post('/api/auth/login', { email: user.email, password: 'typo typo' })).status).toBe(429);
  });

  test('a password reset lifts the lock on the account', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 11; i++)
      await client().post('/api/auth/login', { email: user.email, password: 'attacker guess' });
    expect((await client().post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(429);
    await client().post('/api/forgot-password', { email: user.email });
    const line = ctx.log.lines.filter((l) => l.includes(`To: ${user.email}\n`)).at(-1)!;
    const token = /token=([a-z0-9]+)/.exec(line)![1]!;
    expect((await client().post('/api/reset-password', { token, newPassword: 'locked out no more' })).status).toBe(200);
    expect((await client().post('/api/auth/login', { email: user.email, password: 'locked out no more' })).status).toBe(
      200,
    );
  });

  test('100 attempts per address in 15 minutes, across any emails', async () => {
    const people = await Promise.all(Array.from({ length: 11 }, () => createUser(ctx)));
    for (const person of people.slice(0, 10)) {
      for (let i = 0; i < 10; i++) {
        expect((await client().post('/api/auth/login', { email: person.email, password: 'spray spray' })).status).toBe(
          401,
        );
      }
    }
    const last = people[10]!;
    expect429(await client().post('/api/auth/login', { email: last.email, password: last.password }), 900);
  });
});

describe('sign-up', () => {
  test('30 attempts per address per hour, then 429; an hour later sign-up works again', async () => {
    for (let i = 0; i < 30; i++) {
      // Refused passwords count too: the limit guards the endpoint, not only successes.
      const res = await client().post('/api/auth/register', {
        email: email(),
        password: 'password123',
        firstName: 'A',
        lastName: 'B',
      });
      expect(res.status).toBe(400);
    }
    const body = { email: email(), password: 'a fine passphrase', firstName: 'A', lastName: 'B' };
    expect429(await client().post('/api/auth/register', body), 3600);
    ctx.clock.advance(60 * MIN);
    expect((await client().post('/api/auth/register', body)).status).toBe(201);
  });
});

describe('forgot-password', () => {
  test('5 per email per hour, known or not (no oracle); an hour later it answers again', async () => {
    const user = await createUser(ctx);
    const unknown = email('ghost');
    for (let i = 0; i < 5; i++) {
      expect((await client().post('/api/forgot-password', { email: user.email })).status).toBe(200);
      expect((await client().post('/api/forgot-password', { email: unknown })).status).toBe(200);
    }
    expect429(await client().post('/api/forgot-password', { email: user.email }), 3600);
    expect429(await client().post('/api/forgot-password', { email: unknown }), 3600);
    ctx.clock.advance(30 * MIN);
    expect429(await client().post('/api/forgot-password', { email: user.email }), 1800);
    ctx.clock.advance(30 * MIN);
    expect((await client().post('/api/forgot-password', { email: user.email })).status).toBe(200);
  });

  test('30 per address per hour across emails', async () => {
    for (let i = 0; i < 30; i++)
      expect((await client().post('/api/forgot-password', { email: email() })).status).toBe(200);
    expect429(await client().post('/api/forgot-password', { email: email() }), 3600);
  });

  test('concurrent requests are counted atomically: exactly 5 of 12 get through', async () => {
    const target = email('burst');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => client().post('/api/forgot-password', { email: target })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  test('counters hold no email in the clear', async () => {
    const target = email('private');
    await client().post('/api/forgot-password', { email: target });
    const keys = (await ctx.deps.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.includes('private') || k.includes('@'))).toBe(false);
    expect(keys.every((k) => /^[a-z]+:[a-z]+:[0-9a-f]{64}$/.test(k))).toBe(true);
  });
});

describe('reset-password', () => {
  test('30 attempts per address per 15 minutes, then 429', async () => {
    for (let i = 0; i < 30; i++) {
      expect(
        (await client().post('/api/reset-password', { token: `guess${i}`, newPassword: 'some passphrase' })).status,
      ).toBe(400);
    }
    expect429(await client().post('/api/reset-password', { token: 'guess', newPassword: 'some passphrase' }), 900);
  });
});

describe('the per-address limits key on the connected peer', () => {
  test('over a real socket the address is the peer\u2019s; X-Forwarded-For cannot change it', async () => {
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: ctx.app.fetch });
    try {
      const post = (headers: Record<string, string> = {}) =>
        fetch(`http://127.0.0.1:${server.port}/api/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ email: email('socket') }),
        });
      for (let i = 0; i < 30; i++) expect((await post()).status).toBe(200);
      const blocked = await post();
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe('3600');
      expect((await post({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
      // A different peer ('unknown' for in-process requests) has its own counter.
      expect((await client().post('/api/forgot-password', { email: email() })).status).toBe(200);
    } finally {
      await server.stop(true);
    }
  });
});

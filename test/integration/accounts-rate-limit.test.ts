// Brute-force limits on sign-in, sign-up, forgot-password and reset: 429 with Retry-After past the
// limit, windows that run out (moved with the test clock), counters per email and per address.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { DEVICES_PER_USER } from '../../src/server/accounts/trusted-devices';
import { rateLimits, trustedDevices } from '../../src/server/db/schema';
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

describe('device cookies: the owner’s browser is never locked out', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    // Behind a proxy, so each attacker request can come from its own address.
    proxied = await createTestContext({ env: { TRUST_PROXY: 'true' } });
  }, 120_000);
  afterAll(() => proxied.close());
  beforeEach(() => proxied.clock.advance(2 * 60 * MIN));

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (c: TestClient, email: string, password: string, ip = '198.51.100.7') =>
    c.request('POST', '/api/auth/login', { email, password }, from(ip));

  test('a sign-in sets an HttpOnly device cookie for the auth calls only, kept across sign-ins', async () => {
    const user = await createUser(proxied);
    const browser = new TestClient(proxied.app);
    const first = await login(browser, user.email, user.password);
    expect(first.status).toBe(200);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith('lockin_device='))!;
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Path=/api/auth');
    expect(setCookie).toContain('SameSite=Lax');
    const token = browser.cookie('lockin_device');
    expect(token?.length).toBeGreaterThan(40);
    expect((await login(browser, user.email, user.password)).status).toBe(200);
    expect(browser.cookie('lockin_device')).toBe(token);
  });

  test('attackers from 110 addresses use up the account’s limits; the owner’s browser still signs in, a new one does not', async () => {
    const owner = await createUser(proxied);
    const browser = new TestClient(proxied.app);
    expect((await login(browser, owner.email, owner.password, '198.51.100.20')).status).toBe(200);
    for (let i = 0; i < 110; i++) {
      const res = await login(new TestClient(proxied.app), owner.email, `guess ${i}`, `203.0.113.${i}`);
      expect([401, 429]).toContain(res.status);
    }
    // The per-email ceiling is spent: a browser that never signed in is refused, even with the password.
    expect((await login(new TestClient(proxied.app), owner.email, owner.password, '198.51.100.21')).status).toBe(429);
    // The owner's browser shows its device cookie and gets in, from a new address too.
    expect((await login(browser, owner.email, owner.password, '198.51.100.22')).status).toBe(200);
    expect((await browser.get('/api/auth/user')).status).toBe(200);
  });

  test('a trusted device has its own limit of 10 failures; another device of the owner is unaffected', async () => {
    const owner = await createUser(proxied);
    const laptop = new TestClient(proxied.app);
    const phone = new TestClient(proxied.app);
    await login(laptop, owner.email, owner.password);
    await login(phone, owner.email, owner.password, '198.51.100.30');
    for (let i = 0; i < 10; i++) expect((await login(laptop, owner.email, `typo ${i}`)).status).toBe(401);
    expect((await login(laptop, owner.email, owner.password)).status).toBe(429);
    expect((await login(phone, owner.email, owner.password, '198.51.100.30')).status).toBe(200);
  });

  test('a device cookie of one account buys nothing for another account', async () => {
    const mine = await createUser(proxied);
    const target = await createUser(proxied);
    const browser = new TestClient(proxied.app);
    await login(browser, mine.email, mine.password, '198.51.100.40');
    // Ten failures on the target from this address: the target's normal per-address lock applies.
    for (let i = 0; i < 10; i++) await login(browser, target.email, `guess ${i}`, '198.51.100.40');
    expect((await login(browser, target.email, target.password, '198.51.100.40')).status).toBe(429);
  });

  test(`at most ${DEVICES_PER_USER} devices are remembered per account, the least recently used forgotten`, async () => {
    const owner = await createUser(proxied);
    for (let i = 0; i < DEVICES_PER_USER + 5; i++)
      expect(
        (await login(new TestClient(proxied.app), owner.email, owner.password, `198.51.100.${60 + i}`)).status,
      ).toBe(200);
    const rows = await proxied.deps.db.select().from(trustedDevices).where(eq(trustedDevices.userId, owner.id));
    expect(rows).toHaveLength(DEVICES_PER_USER);
  });

  test('a made-up device cookie counts as none', async () => {
    const owner = await createUser(proxied);
    const browser = new TestClient(proxied.app);
    browser.setCookie('lockin_device', 'made-up-token');
    for (let i = 0; i < 10; i++) await login(browser, owner.email, `guess ${i}`, '198.51.100.50');
    expect((await login(browser, owner.email, owner.password, '198.51.100.50')).status).toBe(429);
  });
});

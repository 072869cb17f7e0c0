// The smaller holes an attacker's probe found: cross-site GET /api/logout, cacheable or frameable
// answers, lone surrogates stored as U+FFFD, and a victim locked out of password sign-in by
// someone else's failures.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SESSION_COOKIE } from '../../src/shared/constants';
import { type TestContext, TestClient, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';

let ctx: TestContext;

beforeAll(async () => {
  // Behind a proxy, so each test client can come from its own address.
  ctx = await createTestContext({ env: { TRUST_PROXY: 'true' } });
}, 120_000);
afterAll(() => ctx.close());

describe('GET /api/logout', () => {
  test('reached from another site (a link or image there) it does not end the session', async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    const res = await client.request('GET', '/api/logout', undefined, {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    // A sibling subdomain is another site's page too.
    await client.request('GET', '/api/logout', undefined, { 'sec-fetch-site': 'same-site' });
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  test('from the app itself (or typed in the address bar) it signs out as the spec says', async () => {
    for (const site of ['same-origin', 'none']) {
      const client = await signedInClient(ctx, await createUser(ctx));
      const token = client.cookie(SESSION_COOKIE)!;
      const res = await client.request('GET', '/api/logout', undefined, { 'sec-fetch-site': site });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      const replay = new TestClient(ctx.app);
      replay.setCookie(SESSION_COOKIE, token);
      expect((await replay.get('/api/auth/user')).status).toBe(401);
    }
  });
});

describe('response headers', () => {
  test('authenticated API answers carry Cache-Control: no-store (REST and tRPC, success and error)', async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    for (const res of [
      await client.get('/api/auth/user'),
      await client.get('/api/trpc/tasks.daily.list'),
      await client.get('/api/trpc/accounts.me'),
      await client.get('/api/trpc/tasks.nope'),
      await client.put('/api/tasks/missing/complete'),
    ]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  test('pages: X-Frame-Options is DENY, agreeing with frame-ancestors none; Permissions-Policy turns off unused features', async () => {
    const res = await new TestClient(ctx.app).get('/');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const policy = res.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
      expect(policy).toContain(feature);
    }
    expect(policy).not.toContain('notifications');
    expect(policy).not.toContain('fullscreen');
  });

  test("API answers carry OWASP's API set: nothing may load or frame them, no sniffing, no other site reads them", async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    for (const res of [
      await new TestClient(ctx.app).get('/api/auth/providers'),
      await client.get('/api/trpc/tasks.daily.list'),
      await client.mutate('tasks.categories.add', { name: 'Headers' }),
      await client.get('/api/nothing-here'),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // A document's headers govern nothing on JSON: not sent.
      for (const documentOnly of ['permissions-policy', 'cross-origin-opener-policy', 'origin-agent-cluster']) {
        expect(res.headers.get(documentOnly)).toBeNull();
      }
    }
  });
});

describe('HTTPS', () => {
  test('pages and API answers alike carry HSTS when APP_URL is https, and neither does over plain http', async () => {
    const secure = await createTestContext({ env: { APP_URL: 'https://lockin.example' } });
    try {
      for (const path of ['/', '/api/auth/providers']) {
        const res = await secure.app.request(`https://lockin.example${path}`);
        expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
        expect(
          (await ctx.app.request(`http://localhost:3000${path}`)).headers.get('strict-transport-security'),
        ).toBeNull();
      }
    } finally {
      await secure.close();
    }
  });
});

describe('lone UTF-16 surrogates', () => {
  test.each([
    [
      'tRPC tasks.bank.create id',
      (c: TestClient) => c.mutate('tasks.bank.create', { id: 'a\uD800', title: 'x' }),
      'ID',
    ],
    [
      'tRPC tasks.bank.create title',
      (c: TestClient) => c.mutate('tasks.bank.create', { id: 'lone-title', title: 'x\uDC00y' }),
      'Title',
    ],
    ['REST POST /api/tasks id', (c: TestClient) => c.post('/api/tasks', '{"id":"t\\ud83d","title":"ok"}'), 'ID'],
    [
      'REST PUT /api/auth/profile lastName',
      (c: TestClient) => c.put('/api/auth/profile', { firstName: 'A', lastName: '\uDFFF', email: 'x@example.com' }),
      'Last name',
    ],
    [
      'tRPC tasks.categories.add name',
      (c: TestClient) => c.mutate('tasks.categories.add', { name: 'Cat\uD800' }),
      'Name',
    ],
  ])('%s answers 400 naming the field and stores nothing', async (_label, call, field) => {
    const client = await signedInClient(ctx, await createUser(ctx));
    const res = await call(client);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`${field} must not contain lone UTF-16 surrogates`);
    const bank = await client.query('tasks.bank.list');
    expect(bank.body.tasks).toEqual([]);
    expect(bank.body.customCategories).toEqual([]);
  });

  test('two ids differing only in their lone surrogate can no longer collide; real pairs (emoji) still work', async () => {
    const client = await signedInClient(ctx, await createUser(ctx));
    expect((await client.mutate('tasks.bank.create', { id: 'id-\uD800', title: 'one' })).status).toBe(400);
    expect((await client.mutate('tasks.bank.create', { id: 'id-\uD801', title: 'two' })).status).toBe(400);
    const emoji = await client.mutate('tasks.bank.create', { id: 'id-😀', title: 'Focus 🎯' });
    expect(emoji.status).toBe(200);
    expect(emoji.body.title).toBe('Focus 🎯');
  });
});

describe('password sign-in cannot be locked by someone else', () => {
  const from = (ip: string) => {
    const client = new TestClient(ctx.app);
    return (body: unknown) => client.request('POST', '/api/auth/login', body, { 'x-forwarded-for': ip });
  };

  test('the attacker\u2019s address is throttled; the victim signs in from theirs', async () => {
    const victim = await createUser(ctx);
    const attacker = from('203.0.113.66');
    for (let i = 0; i < 10; i++) {
      expect((await attacker({ email: victim.email, password: `guess number ${i}` })).status).toBe(401);
    }
    const throttled = await attacker({ email: victim.email, password: 'guess number 10' });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeTruthy();
    // Even the right password is refused from the attacker's address while it is throttled.
    expect((await attacker({ email: victim.email, password: victim.password })).status).toBe(429);
    // The owner, from home, is not affected.
    const home = await from('198.51.100.7')({ email: victim.email, password: victim.password });
    expect(home.status).toBe(200);
    // And signing in does not lift the attacker's throttle.
    expect((await attacker({ email: victim.email, password: 'guess number 11' })).status).toBe(429);
  });

  test('guessing spread over many addresses still meets the per-email ceiling (100 in 15 minutes)', async () => {
    const victim = await createUser(ctx);
    for (let i = 0; i < 100; i++) {
      const res = await from(`10.9.${Math.floor(i / 9)}.${i % 9}`)({
        email: victim.email,
        password: `spread guess ${i}`,
      });
      expect(res.status).toBe(401);
    }
    expect((await from('10.9.200.1')({ email: victim.email, password: 'spread guess 101' })).status).toBe(429);
  }, 60_000);
});

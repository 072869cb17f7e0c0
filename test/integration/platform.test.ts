import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type TestContext, TestClient, createTestContext } from '../support/app';

let ctx: TestContext;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  client = new TestClient(ctx.app);
});
afterAll(() => ctx.close());

describe('platform HTTP behaviour', () => {
  test('unknown API paths answer JSON 404', async () => {
    const res = await client.get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No API route GET /api/does-not-exist' });
  });

  test('app routes answer 200 and unknown pages 404 with the page shell', async () => {
    expect((await client.get('/')).status).toBe(200);
    expect((await client.get('/privacy-policy')).status).toBe(200);
    expect((await client.get('/terms-of-service')).status).toBe(200);
    expect((await client.get('/cookie-policy')).status).toBe(200);
    expect((await client.get('/login')).status).toBe(200);
    const missing = await client.get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(String(missing.body)).toContain('<html');
  });

  test('secure headers carry a Content-Security-Policy without inline script', async () => {
    const res = await client.get('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  test('state-changing requests from another origin are refused', async () => {
    const res = await client.request('POST', '/api/trpc/accounts.me', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-site request refused' });
    const sameSite = await client.request('POST', '/api/does-not-exist', {}, { origin: 'http://localhost:3000' });
    expect(sameSite.status).toBe(404);
    const crossFetch = await client.request('POST', '/api/does-not-exist', {}, { 'sec-fetch-site': 'cross-site' });
    expect(crossFetch.status).toBe(403);
  });

  test('oversized bodies are refused with 413 and a message', async () => {
    const res = await client.post('/api/does-not-exist', { blob: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('body');
  });

  test('the reset-password page is served with no referrer', async () => {
    const res = await client.get('/reset-password?token=abc');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  test('tRPC answers with typed data and a JSON error for unknown procedures', async () => {
    const me = await client.query('accounts.me');
    expect(me.status).toBe(200);
    expect(me.body).toBeNull();
    const unknown = await client.get('/api/trpc/nope.nothing');
    expect(unknown.status).toBe(404);
  });
});

// Operations in-process: the health and readiness probes, the request id, a request log that
// never holds a secret path, and /metrics (counts by route pattern, cache hits, who may read it).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '../../src/server/app';
import type { Lifecycle } from '../../src/server/ops/lifecycle';
import { type TestContext, TestClient, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { makePremium } from '../support/plans';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { LOG_REQUESTS: 'true', METRICS_TOKEN: 'metrics-secret-token' } });
}, 120_000);
afterAll(() => ctx.close());

describe('probes', () => {
  test('health is 200 while the process runs; ready follows the lifecycle, and neither needs a session', async () => {
    const lifecycle: Lifecycle = { ready: false, stopping: false };
    const app = createApp(ctx.deps, { lifecycle });
    const get = async (path: string) => {
      const res = await app.request(`http://localhost:3000${path}`);
      return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') };
    };
    expect(await get('/api/health')).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
    expect(await get('/api/ready')).toMatchObject({ status: 503, body: { status: 'starting' } });
    lifecycle.ready = true;
    expect(await get('/api/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    lifecycle.stopping = true;
    expect(await get('/api/ready')).toMatchObject({ status: 503, body: { status: 'stopping' } });
    expect((await get('/api/health')).status).toBe(200);
    // An app built without a lifecycle (tests, tools) is ready.
    expect((await new TestClient(ctx.app).get('/api/ready')).status).toBe(200);
  });
});

describe('request ids and the request log', () => {
  test('every answer carries an X-Request-Id; one from the client is ignored unless LockIn trusts its proxy', async () => {
    const res = await new TestClient(ctx.app).request('GET', '/api/auth/providers', undefined, {
      'x-request-id': 'client-chosen-id',
    });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await createTestContext({ env: { TRUST_PROXY: 'true' } });
    try {
      const client = new TestClient(proxied.app);
      expect(
        (
          await client.request('GET', '/api/auth/providers', undefined, { 'x-request-id': 'abcdef0123456789' })
        ).headers.get('x-request-id'),
      ).toBe('abcdef0123456789');
      // Not an id: a fresh one instead of the client's text in the logs.
      const odd = await client.request('GET', '/api/auth/providers', undefined, {
        'x-request-id': 'bad id; with spaces',
      });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
    }
  });

  test('the log names the route pattern, never a path with a feed token, a query or a cookie', async () => {
    const user = await createUser(ctx);
    await makePremium(ctx.deps, user.id);
    const client = await signedInClient(ctx, user);
    const feed = (await client.mutate<{ url: string }>('insights.calendarFeed.regenerate')).body.url;
    const token = /calendar\/([^/.]+)\.ics/.exec(feed)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    const before = ctx.log.lines.length;
    await new TestClient(ctx.app).get(new URL(feed).pathname);
    await client.get('/api/analytics?secret=query-value');
    await client.query('tasks.daily.list');
    const lines = ctx.log.lines.slice(before);
    expect(lines.some((l) => l.startsWith('GET /api/calendar/:file 200 '))).toBe(true);
    expect(lines.some((l) => l.startsWith('GET /api/analytics 200 '))).toBe(true);
    expect(lines.some((l) => l.startsWith('GET trpc:tasks.daily.list 200 '))).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain('query-value');
    expect(all).not.toContain(client.cookie('lockin_session') ?? 'no-cookie');
  });
});

describe('/metrics', () => {
  test('with the token: Prometheus text with requests by route pattern, latency, the pool and the event loop', async () => {
    const client = new TestClient(ctx.app);
    await client.get('/api/auth/providers');
    await client.get('/api/auth/providers');
    await client.request('GET', '/api/trpc/no.such.procedure');
    await client.request('GET', '/api/trpc/plans.payments,insights.suggestionSource?batch=1');
    await client.request('GET', '/api/trpc/plans.payments,no.such.procedure?batch=1');
    await client.request('GET', '/api/trpc/tasks.daily.list');
    const res = await ctx.app.request('http://localhost:3000/metrics', {
      headers: { authorization: 'Bearer metrics-secret-token' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/lockin_http_requests_total\{method="GET",route="\/api\/auth\/providers",status="200"\} \d+/);
    expect(text).toContain('lockin_http_request_duration_seconds_bucket');
    expect(text).toContain('route="trpc:unknown"');
    expect(text).toMatch(/lockin_http_requests_total\{method="GET",route="trpc:batch",status="200"\} \d+/);
    expect(text).toMatch(/lockin_http_requests_total\{method="GET",route="trpc:tasks.daily.list",status="401"\} \d+/);
    expect(text).toMatch(/lockin_http_request_duration_seconds_count\{method="GET",route="trpc:batch"\} \d+/);
    expect(text).not.toContain('no.such.procedure');
    expect(text).toContain('lockin_db_pool_connections_max');
    expect(text).toContain('lockin_nodejs_eventloop_lag_seconds');
    expect(text).toContain('lockin_process_resident_memory_bytes');
  });

  test('the request counter is exact across scrapes: counts made between two scrapes are added once', async () => {
    const client = new TestClient(ctx.app);
    const scrape = async () => {
      const res = await ctx.app.request('http://localhost:3000/metrics', {
        headers: { authorization: 'Bearer metrics-secret-token' },
      });
      const line = /lockin_http_requests_total\{method="GET",route="\/api\/auth\/providers",status="200"\} (\d+)/.exec(
        await res.text(),
      );
      return Number(line?.[1] ?? 0);
    };
    await client.get('/api/auth/providers');
    const first = await scrape();
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await scrape()).toBe(first);
    for (let i = 0; i < 3; i++) await client.get('/api/auth/providers');
    expect(await scrape()).toBe(first + 3);
    expect(await scrape()).toBe(first + 3);
  });

  test('without the token: refused when not from this machine, and always refused through a proxy', async () => {
    // app.request has no socket: not loopback.
    const plain = await ctx.app.request('http://localhost:3000/metrics');
    expect(plain.status).toBe(403);
    const wrong = await ctx.app.request('http://localhost:3000/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(403);
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: ctx.app.fetch });
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(200);
      const viaProxy = await fetch(`http://127.0.0.1:${server.port}/metrics`, {
        headers: { 'x-forwarded-for': '203.0.113.5' },
      });
      expect(viaProxy.status).toBe(403);
    } finally {
      await server.stop(true);
    }
  });
});

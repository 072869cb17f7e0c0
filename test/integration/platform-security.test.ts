// Platform rules written down in docs/decisions: the same-origin check whatever the content type,
// precompressed and cached static assets, and the test clock existing only when switched on.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { createStaticSite } from '../../src/server/http/static';
import { type TestContext, TestClient, createTestContext } from '../support/app';

let ctx: TestContext;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  client = new TestClient(ctx.app);
});
afterAll(() => ctx.close());

describe('same-origin check on unsafe requests', () => {
  const cross = { origin: 'https://evil.example' };

  test('a cross-site form post (text/plain carrying JSON) is refused before any handler', async () => {
    const res = await ctx.app.request('http://localhost:3000/api/auth/login', {
      method: 'POST',
      headers: { ...cross, 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'a@example.com', password: 'whatever-123' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Cross-site request refused' });
  });

  test('every unsafe method is checked: PUT and DELETE too', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const res = await client.request(method, '/api/tasks/x/complete', undefined, cross);
      expect({ method, status: res.status }).toEqual({ method, status: 403 });
    }
  });

  test("the request's own Host never makes an Origin acceptable: only APP_URL's origin is", async () => {
    // A DNS-rebound name pointing at this server: Origin and Host agree, and both are the attacker's.
    const res = await ctx.app.request('http://evil.example:3000/api/does-not-exist', {
      method: 'POST',
      headers: { origin: 'http://evil.example:3000', host: 'evil.example:3000', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Cross-site request refused' });
  });

  test('a sibling subdomain is another origin', async () => {
    const res = await client.request('POST', '/api/does-not-exist', {}, { origin: 'http://evil.localhost:3000' });
    expect(res.status).toBe(403);
  });

  test('Sec-Fetch-Site same-site (no Origin) is refused; same-origin and none pass', async () => {
    expect((await client.request('POST', '/api/does-not-exist', {}, { 'sec-fetch-site': 'same-site' })).status).toBe(
      403,
    );
    expect((await client.request('POST', '/api/does-not-exist', {}, { 'sec-fetch-site': 'same-origin' })).status).toBe(
      404,
    );
    expect((await client.request('POST', '/api/does-not-exist', {}, { 'sec-fetch-site': 'none' })).status).toBe(404);
  });

  test('requests with neither Origin nor Sec-Fetch-Site (non-browser clients) pass', async () => {
    expect((await client.post('/api/does-not-exist', {})).status).toBe(404);
  });

  test("APP_URL's origin is accepted even when the request reaches the app under another host (proxy)", async () => {
    const res = await ctx.app.request('http://10.0.0.5:3000/api/does-not-exist', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
  });

  test('safe methods are never refused for their origin', async () => {
    const res = await client.request('GET', '/api/auth/providers', undefined, cross);
    expect(res.status).toBe(200);
  });
});

describe('the test clock', () => {
  test('POST /api/test/clock does not exist unless TEST_CLOCK=true', async () => {
    expect(ctx.deps.config.testClock).toBe(false);
    const res = await client.post('/api/test/clock', { now: '2030-01-01T00:00:00.000Z' });
    expect(res.status).toBe(404);
    expect(ctx.clock.now().toISOString()).not.toStartWith('2030');
  });

  test('with TEST_CLOCK=true it moves the server clock and validates its input', async () => {
    const clocked = await createTestContext({ env: { TEST_CLOCK: 'true' } });
    try {
      const c = new TestClient(clocked.app);
      const moved = await c.post<{ now: string }>('/api/test/clock', { now: '2030-01-01T00:00:00.000Z' });
      expect(moved.status).toBe(200);
      expect(moved.body).toEqual({ now: '2030-01-01T00:00:00.000Z' });
      expect(clocked.clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
      const bad = await c.post('/api/test/clock', { now: 'tomorrow' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toStartWith('Now ');
    } finally {
      await clocked.close();
    }
  });
});

describe('precompressed static assets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lockin-static-'));
  const js = 'console.log("LockIn");'.repeat(50);
  const shell =
    '<!doctype html><html lang="en"><head><title>LockIn</title></head><body><div id="root"></div></body></html>';
  let app: Hono;

  beforeAll(() => {
    mkdirSync(join(dir, 'chunks'));
    writeFileSync(join(dir, 'index.html'), shell);
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(shell));
    writeFileSync(join(dir, 'index.html.gz'), gzipSync(shell));
    writeFileSync(join(dir, 'index-abcd1234.js'), js);
    writeFileSync(join(dir, 'index-abcd1234.js.br'), brotliCompressSync(js));
    writeFileSync(join(dir, 'index-abcd1234.js.gz'), gzipSync(js));
    writeFileSync(join(dir, 'chunks', 'plain.txt'), 'no compressed sibling');
    writeFileSync(join(dir, 'sw.js'), 'self.version = "started";');
    writeFileSync(join(dir, 'gone-abcd1234.js'), js);
    const site = createStaticSite(dir);
    app = new Hono();
    app.get('*', (c) => site.asset(c) ?? site.page(c, c.req.path === '/' ? 200 : 404));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const get = (path: string, encoding?: string, method = 'GET') =>
    app.request(`http://localhost${path}`, { method, headers: encoding ? { 'accept-encoding': encoding } : {} });

  test('brotli is sent when accepted, gzip when only gzip is, raw otherwise', async () => {
    const br = await get('/index-abcd1234.js', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('accept-encoding');
    expect(br.headers.get('content-type')).toStartWith('text/javascript');
    expect(Buffer.from(await br.arrayBuffer())).toEqual(brotliCompressSync(js));

    const gz = await get('/index-abcd1234.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gz.arrayBuffer())).toEqual(gzipSync(js));

    const raw = await get('/index-abcd1234.js');
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(await raw.text()).toBe(js);
  });

  test('hashed files are cached forever, the shell and unhashed files are revalidated', async () => {
    expect((await get('/index-abcd1234.js', 'br')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/', 'br')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/chunks/plain.txt', 'br')).headers.get('cache-control')).toBe('no-cache');
  });

  test('a build going live while the process runs: its version stays whole, the new files are found, a gone file is a 404', async () => {
    // What the next build does to the directory while this process serves.
    writeFileSync(join(dir, 'sw.js'), 'self.version = "next";');
    writeFileSync(join(dir, 'later-efgh5678.js'), 'console.log("next");');
    rmSync(join(dir, 'gone-abcd1234.js'));
    // The service worker stays the one of this process's version (its precache list names its files).
    expect(await (await get('/sw.js')).text()).toBe('self.version = "started";');
    // A page of the new version, asking this process during a rolling restart.
    const later = await get('/later-efgh5678.js');
    expect(later.status).toBe(200);
    expect(await later.text()).toBe('console.log("next");');
    // A listed file that is gone, and a hashed name nobody built: 404, never a 500 or the shell.
    for (const path of ['/gone-abcd1234.js', '/never-abcd9999.js']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('Not found');
    }
  });

  test('a file without compressed siblings is sent as it is', async () => {
    const res = await get('/chunks/plain.txt', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('no compressed sibling');
  });

  test('the shell answers app routes (compressed) and unknown paths with 404', async () => {
    const page = await get('/', 'br');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    const missing = await get('/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(shell);
  });

  test('/index.html itself is not served as a file', async () => {
    expect((await get('/index.html')).status).toBe(404);
  });

  test("HEAD, through Bun's server, answers GET's headers (its length too) with no body", async () => {
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch });
    try {
      for (const [path, encoding] of [
        ['/index-abcd1234.js', 'br'],
        ['/index-abcd1234.js', ''],
        ['/', 'gzip'],
        ['/sw.js', 'br'],
        ['/chunks/plain.txt', ''],
      ] as const) {
        const ask = (method: string) =>
          fetch(`http://127.0.0.1:${server.port}${path}`, {
            method,
            headers: { 'accept-encoding': encoding },
            decompress: false,
          });
        const get = await ask('GET');
        const head = await ask('HEAD');
        const bytes = (await get.arrayBuffer()).byteLength;
        expect({ path, status: head.status, length: head.headers.get('content-length') }).toEqual({
          path,
          status: 200,
          length: String(bytes),
        });
        for (const name of ['content-type', 'content-encoding', 'etag', 'cache-control', 'last-modified'])
          expect(head.headers.get(name)).toBe(get.headers.get(name));
        expect(await head.text()).toBe('');
      }
    } finally {
      server.stop(true);
    }
  });

  test('the shell and sw.js revalidate to 304 while unchanged; a file by its ETag or Last-Modified', async () => {
    for (const path of ['/', '/sw.js', '/index-abcd1234.js', '/chunks/plain.txt']) {
      const first = await get(path, 'br');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^W\/"[a-z0-9-]+"$/);
      const again = await app.request(`http://localhost${path}`, {
        headers: { 'accept-encoding': 'br', 'if-none-match': etag ?? '' },
      });
      expect({ path, status: again.status }).toEqual({ path, status: 304 });
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.text()).toBe('');
      const stale = await app.request(`http://localhost${path}`, { headers: { 'if-none-match': 'W/"other"' } });
      expect(stale.status).toBe(200);
    }
    const modified = (await get('/chunks/plain.txt')).headers.get('last-modified') ?? '';
    expect(
      (await app.request('http://localhost/chunks/plain.txt', { headers: { 'if-modified-since': modified } })).status,
    ).toBe(304);
    const earlier = new Date(Date.parse(modified) - 60_000).toUTCString();
    expect(
      (await app.request('http://localhost/chunks/plain.txt', { headers: { 'if-modified-since': earlier } })).status,
    ).toBe(200);
    // A 404 page is never 'not modified'.
    const missing = await get('/nowhere');
    const tag = missing.headers.get('etag') ?? '';
    expect((await app.request('http://localhost/nowhere', { headers: { 'if-none-match': tag } })).status).toBe(404);
  });
});

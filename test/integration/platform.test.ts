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
    expect(res.headers.get('x-frame-options')).toBe('DENY');
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

  test("every route fits Hono's RegExpRouter (a pattern it refuses sends every request through the slower TrieRouter)", async () => {
    await client.get('/api/auth/providers');
    expect(ctx.app.router.name).toBe('SmartRouter + RegExpRouter');
  });
});

describe('built client assets', () => {
  test('hashed assets are cached forever and served precompressed; the shell is revalidated', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    const { createStaticSite } = await import('../../src/server/http/static');
    const { createApp } = await import('../../src/server/app');
    const dir = mkdtempSync(join(tmpdir(), 'lockin-static-'));
    const js = 'console.log("lockin")';
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>LockIn</title>');
    writeFileSync(join(dir, 'index-abcd1234.js'), js);
    writeFileSync(join(dir, 'index-abcd1234.js.br'), brotliCompressSync(js));
    writeFileSync(join(dir, 'index-abcd1234.js.gz'), gzipSync(js));
    const app = createApp(ctx.deps, { site: createStaticSite(dir) });

    const br = await app.request('http://localhost:3000/index-abcd1234.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toContain('text/javascript');

    const gz = await app.request('http://localhost:3000/index-abcd1234.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');

    const plain = await app.request('http://localhost:3000/index-abcd1234.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(js);

    const page = await app.request('http://localhost:3000/login');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>LockIn</title>');

    const missing = await app.request('http://localhost:3000/definitely/not/here');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<title>LockIn</title>');
  });

  test("'/' with a session cookie lists the tasks screen's chunks as modulepreloads, /login and /signup the sign-in form's; a visitor's '/' and other pages none", async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { brotliDecompressSync } = await import('node:zlib');
    const { createStaticSite, SIGN_IN_PRELOADS_FILE, SIGNED_IN_PRELOADS_FILE } = await import(
      '../../src/server/http/static'
    );
    const { createApp } = await import('../../src/server/app');
    const dir = mkdtempSync(join(tmpdir(), 'lockin-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>LockIn</title></head><body></body>');
    // A listed path that is not a chunk name is left out, not written into the page.
    writeFileSync(
      join(dir, SIGNED_IN_PRELOADS_FILE),
      JSON.stringify(['/TasksHome-abcd1234.js', '/index-efgh5678.js', '"><script>']),
    );
    writeFileSync(join(dir, SIGN_IN_PRELOADS_FILE), JSON.stringify(['/LoginPage-ijkl9012.js']));
    const app = createApp(ctx.deps, { site: createStaticSite(dir, { shellMeta: { 'lockin-providers': 'google' } }) });
    const preloads =
      '<link rel="modulepreload" crossorigin href="/TasksHome-abcd1234.js" /><link rel="modulepreload" crossorigin href="/index-efgh5678.js" /></head>';
    const meta = '<meta name="lockin-providers" content="google" />';

    const signedIn = await app.request('http://localhost:3000/', {
      headers: { cookie: 'theme=dark; lockin_session=abc', 'accept-encoding': 'br' },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('vary')).toBe('accept-encoding, cookie');
    const html = brotliDecompressSync(Buffer.from(await signedIn.arrayBuffer())).toString();
    expect(html).toContain(`${meta}${preloads}`);
    expect(html).not.toContain('<script>');

    const visitor = await app.request('http://localhost:3000/');
    expect(visitor.headers.get('vary')).toBe('accept-encoding, cookie');
    const visitorHtml = await visitor.text();
    expect(visitorHtml).toContain(`${meta}</head>`);
    expect(visitorHtml).not.toContain('modulepreload');

    const signInPreload = '<link rel="modulepreload" crossorigin href="/LoginPage-ijkl9012.js" /></head>';
    for (const path of ['/login', '/signup']) {
      const page = await app.request(`http://localhost:3000${path}`, { headers: { cookie: 'lockin_session=abc' } });
      const pageHtml = await page.text();
      expect(pageHtml).toContain(`${meta}${signInPreload}`);
      expect(pageHtml).not.toContain('TasksHome');
    }
    for (const path of ['/privacy-policy', '/definitely/not/here']) {
      const other = await app.request(`http://localhost:3000${path}`, { headers: { cookie: 'lockin_session=abc' } });
      expect(await other.text()).not.toContain('modulepreload');
    }
  });

  test("the pages' CSP allows the shell's inline stylesheet by its hash, and no other inline style", async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createHash } = await import('node:crypto');
    const { createStaticSite } = await import('../../src/server/http/static');
    const { createApp } = await import('../../src/server/app');
    const dir = mkdtempSync(join(tmpdir(), 'lockin-static-'));
    const css = 'header{height:4rem}h1::before{content:"é"}';
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><head><title>LockIn</title><style>${css}</style></head><body></body>`,
    );
    const app = createApp(ctx.deps, { site: createStaticSite(dir) });
    // The hash is of the style's UTF-8 bytes, as browsers compute it.
    const hash = createHash('sha256').update(Buffer.from(css, 'utf8')).digest('base64');

    for (const path of ['/', '/login', '/definitely/not/here']) {
      const csp = (await app.request(`http://localhost:3000${path}`)).headers.get('content-security-policy') ?? '';
      expect({
        path,
        styleSrc: csp
          .split(';')
          .find((d) => d.trim().startsWith('style-src'))
          ?.trim(),
      }).toEqual({
        path,
        styleSrc: `style-src 'self' 'sha256-${hash}'`,
      });
    }
    const api = await app.request('http://localhost:3000/api/auth/providers');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");

    writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>LockIn</title></head><body></body>');
    const plain = createApp(ctx.deps, { site: createStaticSite(dir) });
    const csp = (await plain.request('http://localhost:3000/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("style-src 'self';");
  });

  test('the shell can carry facts for the first render as meta tags, escaped, in every encoding', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { createStaticSite } = await import('../../src/server/http/static');
    const { createApp } = await import('../../src/server/app');
    const dir = mkdtempSync(join(tmpdir(), 'lockin-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>LockIn</title></head><body></body>');
    const site = createStaticSite(dir, { shellMeta: { 'lockin-providers': 'google,github', odd: '"><script>' } });
    const app = createApp(ctx.deps, { site });
    const tags =
      '<meta name="lockin-providers" content="google,github" /><meta name="odd" content="&quot;&gt;&lt;script&gt;" /></head>';

    const plain = await app.request('http://localhost:3000/login');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect(await plain.text()).toContain(tags);
    const br = await app.request('http://localhost:3000/', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain(tags);
    const gz = await app.request('http://localhost:3000/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain(tags);
    const missing = await app.request('http://localhost:3000/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(tags);
  });
});

describe('request log', () => {
  test('one line per request with method, route, status, duration and request id', async () => {
    const logged = await createTestContext({ env: { LOG_REQUESTS: 'true' } });
    try {
      const res = await new TestClient(logged.app).get('/api/auth/providers');
      const id = res.headers.get('x-request-id') ?? '';
      const lines = logged.log.lines.filter((l) => l.includes(id));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^GET \/api\/auth\/providers 200 \d+(\.\d+)?ms [0-9a-f-]{36}$/);
    } finally {
      await logged.close();
    }
  });

  test('errors answer JSON without a stack trace', async () => {
    const res = await client.request('POST', '/api/auth/login', '{"email": broken', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringContaining('body') });
    expect(JSON.stringify(res.body)).not.toContain('at ');
  });
});

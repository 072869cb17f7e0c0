// The blocked-sites list and the browser extension's credential through HTTP (issue #42), on
// PGlite and (TEST_DATABASE_URL) PostgreSQL: limits per plan, validation, another user's list
// never readable or writable, and every way the credential ends.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import {
  BLOCK_PRESETS,
  BLOCKING_MESSAGES,
  type BlockingSettings,
  EXTENSION_STATE_PATH,
  type ExtensionState,
  FREE_BLOCKED_SITES_LIMIT,
} from '../../src/shared/blocking';
import { extensionTokens } from '../../src/server/db/schema';
import { createTestContext, TestClient, type TestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { makePremium } from '../support/plans';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: new Date('2026-03-10T12:00:00Z') });
}, 120_000);
afterAll(() => ctx.close());

async function newUser() {
  const user = await createUser(ctx);
  return { user, client: await signedInClient(ctx, user) };
}

/** The extension's check, with its own credential (no cookie). */
async function check(token: string) {
  const res = await ctx.app.request(`http://localhost:3000${EXTENSION_STATE_PATH}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as ExtensionState & { message?: string } };
}

async function connect(client: TestClient, name = 'Chrome on the laptop') {
  const res = await client.mutate<{ id: string; token: string }>('blocking.connect', { name });
  expect(res.status).toBe(200);
  return res.body;
}

describe('the blocked-sites list', () => {
  test('entries are normalised, kept once, and shared by every browser of the account', async () => {
    const { user, client } = await newUser();
    const added = await client.mutate<BlockingSettings>('blocking.add', {
      sites: ['https://www.YouTube.com/watch?v=1', 'youtube.com', 'bücher.example'],
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      mode: 'block_listed',
      sites: ['xn--bcher-kva.example', 'youtube.com'],
      limit: 5,
    });
    const otherBrowser = await signedInClient(ctx, user);
    expect((await otherBrowser.query<BlockingSettings>('blocking.get')).body.sites).toEqual([
      'xn--bcher-kva.example',
      'youtube.com',
    ]);
    const removed = await client.mutate<BlockingSettings>('blocking.remove', { site: 'https://youtube.com/' });
    expect(removed.body.sites).toEqual(['xn--bcher-kva.example']);
  });

  test(`free: at most ${FREE_BLOCKED_SITES_LIMIT} sites, a preset that would pass it adds nothing; Premium: unlimited`, async () => {
    const { user, client } = await newUser();
    const refused = await client.mutate('blocking.add', { sites: [...BLOCK_PRESETS.social] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(BLOCKING_MESSAGES.freeLimit);
    expect((await client.query<BlockingSettings>('blocking.get')).body.sites).toEqual([]);
    expect((await client.mutate('blocking.add', { sites: [...BLOCK_PRESETS.video] })).status).toBe(200);
    expect((await client.mutate('blocking.add', { sites: ['one-more.example'] })).status).toBe(403);
    await makePremium(ctx.deps, user.id);
    const premium = await client.mutate<BlockingSettings>('blocking.add', { sites: [...BLOCK_PRESETS.social] });
    expect(premium.status).toBe(200);
    expect(premium.body.limit).toBeNull();
    expect(premium.body.sites).toHaveLength(BLOCK_PRESETS.video.length + BLOCK_PRESETS.social.length);
  });

  test("'allow only these sites' is Premium's", async () => {
    const { user, client } = await newUser();
    const free = await client.mutate('blocking.setMode', { mode: 'allow_only' });
    expect(free.status).toBe(403);
    expect(free.body.message).toBe(BLOCKING_MESSAGES.allowOnlyPremium);
    await makePremium(ctx.deps, user.id);
    expect((await client.mutate<BlockingSettings>('blocking.setMode', { mode: 'allow_only' })).body.mode).toBe(
      'allow_only',
    );
  });

  test('a Premium plan that ends keeps the list and the mode, but the extension gets what the free plan allows', async () => {
    const { user, client } = await newUser();
    await makePremium(ctx.deps, user.id, 'trial');
    // Added one request at a time, so 'first' is the order they were added in, not A to Z.
    const first = [
      'zz-first.example',
      'aa-second.example',
      'mm-third.example',
      'bb-fourth.example',
      'yy-fifth.example',
    ];
    for (const site of first) expect((await client.mutate('blocking.add', { sites: [site] })).status).toBe(200);
    expect((await client.mutate('blocking.add', { sites: [...BLOCK_PRESETS.social] })).status).toBe(200);
    expect((await client.mutate('blocking.setMode', { mode: 'allow_only' })).status).toBe(200);
    const { token } = await connect(client);
    const whole = [...first, ...BLOCK_PRESETS.social].sort();
    expect((await check(token)).body).toMatchObject({ mode: 'allow_only', sites: whole });

    const started = ctx.clock.now();
    ctx.clock.set(new Date(started.getTime() + 8 * 24 * 60 * 60_000));
    try {
      const lapsed = await check(token);
      expect(lapsed.body.mode).toBe('block_listed');
      expect(lapsed.body.sites).toEqual([...first].sort());
      const card = (await client.query<BlockingSettings>('blocking.get')).body;
      expect(card).toMatchObject({ mode: 'allow_only', sites: whole, limit: FREE_BLOCKED_SITES_LIMIT });
      expect(card.enforced).toEqual({ mode: 'block_listed', paused: [...BLOCK_PRESETS.social].sort() });
      // Removing one of the first five lets the next one added take its place.
      await client.mutate('blocking.remove', { site: 'mm-third.example' });
      expect((await check(token)).body.sites).toEqual(
        [...first.filter((s) => s !== 'mm-third.example'), 'facebook.com'].sort(),
      );

      await makePremium(ctx.deps, user.id);
      expect((await check(token)).body).toMatchObject({
        mode: 'allow_only',
        sites: whole.filter((s) => s !== 'mm-third.example'),
      });
    } finally {
      ctx.clock.set(started);
    }
  });

  test('bad input is a 400 naming the entry or the field, and nothing is added', async () => {
    const { client } = await newUser();
    const notADomain = await client.mutate('blocking.add', { sites: ['example.com', 'localhost'] });
    expect(notADomain.status).toBe(400);
    expect(notADomain.body.message).toBe(BLOCKING_MESSAGES.notADomain('localhost'));
    expect((await client.query<BlockingSettings>('blocking.get')).body.sites).toEqual([]);
    expect((await client.mutate('blocking.add', { sites: [] })).status).toBe(400);
    expect(
      (await client.mutate('blocking.add', { sites: Array.from({ length: 51 }, (_, i) => `s${i}.example`) })).status,
    ).toBe(400);
    expect((await client.mutate('blocking.setMode', { mode: 'everything' })).status).toBe(400);
    expect((await new TestClient(ctx.app).query('blocking.get')).status).toBe(401);
  });

  test("another user's list and browsers are never read or changed", async () => {
    const a = await newUser();
    const b = await newUser();
    await a.client.mutate('blocking.add', { sites: ['youtube.com'] });
    const { id } = await connect(a.client);
    expect((await b.client.query<BlockingSettings>('blocking.get')).body).toMatchObject({ sites: [], browsers: [] });
    await b.client.mutate('blocking.remove', { site: 'youtube.com' });
    expect((await b.client.mutate('blocking.disconnect', { id })).status).toBe(404);
    expect((await a.client.query<BlockingSettings>('blocking.get')).body).toMatchObject({
      sites: ['youtube.com'],
      browsers: [{ id, name: 'Chrome on the laptop' }],
    });
  });
});

describe("the extension's credential", () => {
  test('is its own (only its hash is kept); the check tells the running session and the list', async () => {
    const { user, client } = await newUser();
    await client.mutate('blocking.add', { sites: ['youtube.com'] });
    const { token } = await connect(client);
    const [row] = await ctx.deps.db.select().from(extensionTokens).where(eq(extensionTokens.userId, user.id));
    expect(row?.tokenHash).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const idle = await check(token);
    expect(idle.status).toBe(200);
    expect(idle.body).toMatchObject({
      mode: 'block_listed',
      sites: ['youtube.com'],
      session: null,
      checkAfterSeconds: 60,
    });
    const started = await client.mutate<{ session: { id: string } }>('lockin.start', {
      goalMinutes: 25,
      goalText: 'Write',
    });
    const busy = await check(token);
    expect(busy.body.session).toMatchObject({ id: started.body.session.id, goalMinutes: 25, goalText: 'Write' });
    expect(Date.parse(busy.body.session?.endsAt ?? '')).toBe(ctx.clock.now().getTime() + 25 * 60_000);
    // The user's cookie is no credential here, and a made-up token neither.
    expect((await client.get(EXTENSION_STATE_PATH)).status).toBe(401);
    expect((await check('made-up-token')).status).toBe(401);
  });

  test('disconnecting, signing out of all other devices, or deleting the account ends it at the next check', async () => {
    const { user, client } = await newUser();
    const first = await connect(client, 'Firefox');
    await client.mutate('blocking.disconnect', { id: first.id });
    const gone = await check(first.token);
    expect(gone.status).toBe(401);
    expect(gone.body.message).toBe(BLOCKING_MESSAGES.reconnect);

    const second = await connect(client, 'Chrome');
    expect((await client.post('/api/auth/sign-out-others', {})).status).toBe(200);
    expect((await check(second.token)).status).toBe(401);

    const third = await connect(client, 'Edge');
    expect((await client.delete('/api/auth/account', { email: user.email })).status).toBe(200);
    expect((await check(third.token)).status).toBe(401);
  });
});

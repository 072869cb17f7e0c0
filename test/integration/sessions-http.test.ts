// Every way a session ends or its user changes takes effect on the very next request, and renewals
// and dead sessions reach the browser through every kind of answer. Runs on PGlite and
// (TEST_DATABASE_URL) on PostgreSQL; the two-process case is in sessions-processes.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { hashToken } from '../../src/server/accounts/sessions';
import { generateResetToken } from '../../src/server/accounts/accounts.service';
import { passwordResetTokens, pushSubscriptions, sessions, trustedDevices, users } from '../../src/server/db/schema';
import {
  DEVICE_COOKIE,
  SESSION_COOKIE,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_RENEW_WITHIN_MS,
} from '../../src/shared/constants';
import { type TestContext, TestClient, createTestContext } from '../support/app';
import { createUser, signedInClient, type TestUser } from '../support/factories';
import { emailChangeToken } from '../support/mail-log';
import { browserKeys } from '../support/push-standin';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sessionIdOf = (client: TestClient) => hashToken(client.cookie(SESSION_COOKIE)!);
/** The one Set-Cookie line for the session cookie in an answer, if any. */
function sessionCookieOf(headers: Headers): string | undefined {
  const lines = headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
  expect(lines.length).toBeLessThanOrEqual(1);
  return lines[0];
}
async function signedIn(
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<{ user: TestUser; client: TestClient }> {
  const user = await createUser(ctx, overrides);
  const client = await signedInClient(ctx, user);
  expect((await client.get('/api/auth/user')).status).toBe(200);
  return { user, client };
}

describe('sessions over HTTP', () => {
  test('logout ends the session at once', async () => {
    const { client } = await signedIn();
    const token = client.cookie(SESSION_COOKIE)!;
    expect((await client.post('/api/logout')).status).toBe(302);
    const replay = new TestClient(ctx.app);
    replay.setCookie(SESSION_COOKIE, token);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
  });

  test('a sign-in that replaces the browser’s session ends the old one at once', async () => {
    const { user, client } = await signedIn();
    const oldToken = client.cookie(SESSION_COOKIE)!;
    const login = await client.post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    expect(client.cookie(SESSION_COOKIE)).not.toBe(oldToken);
    const replay = new TestClient(ctx.app);
    replay.setCookie(SESSION_COOKIE, oldToken);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  test('a password reset ends every session of the account at once', async () => {
    const { user, client } = await signedIn();
    const second = await signedInClient(ctx, user);
    expect((await second.get('/api/auth/user')).status).toBe(200);
    const token = generateResetToken();
    await ctx.deps.db.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(ctx.clock.now().getTime() + 3_600_000),
    });
    const reset = await new TestClient(ctx.app).post('/api/reset-password', {
      token,
      newPassword: 'a brand new passphrase',
    });
    expect(reset.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await second.get('/api/auth/user')).status).toBe(401);
  });

  test('an email change (and any profile or zone change) shows on the next request', async () => {
    const { client } = await signedIn();
    const email = `changed-${crypto.randomUUID()}@example.com`;
    const profile = await client.put('/api/auth/profile', { firstName: 'New', lastName: 'Name', email });
    expect(profile.status).toBe(200);
    expect((await client.get('/api/auth/user')).body.firstName).toBe('New');
    const token = emailChangeToken(ctx, email);
    expect((await new TestClient(ctx.app).post('/api/auth/confirm-email', { token })).status).toBe(200);
    const me = await client.get('/api/auth/user');
    expect(me.body.email).toBe(email);
    expect(me.body.firstName).toBe('New');
    expect((await client.mutate('accounts.setTimeZone', { timeZone: 'Asia/Tokyo' })).status).toBe(200);
    expect((await client.get('/api/auth/user')).body.timeZone).toBe('Asia/Tokyo');
  });

  test('a session or user changed by any other code (a deleted account) is refused on the next request', async () => {
    const { user, client } = await signedIn();
    const other = await signedIn();
    // Straight SQL, as another module or an operator would.
    await ctx.deps.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, other.user.id));
    expect((await other.client.get('/api/auth/user')).body.firstName).toBe('Renamed');
    await ctx.deps.db.delete(users).where(eq(users.id, user.id));
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  test('expiry is judged by the clock on every request', async () => {
    const { client } = await signedIn();
    const started = ctx.clock.now();
    try {
      ctx.clock.set(new Date(started.getTime() + SESSION_IDLE_TIMEOUT_MS + 1000));
      expect((await client.get('/api/auth/user')).status).toBe(401);
    } finally {
      ctx.clock.set(started);
    }
  });

  test('sliding renewal still writes the new expiry, once per renewal window', async () => {
    const { client } = await signedIn();
    const id = sessionIdOf(client);
    const started = ctx.clock.now();
    const [before] = await ctx.deps.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, id));
    try {
      ctx.clock.set(new Date(before!.expiresAt.getTime() - SESSION_RENEW_WITHIN_MS + 60_000));
      const renewed = await client.get('/api/auth/user');
      expect(renewed.status).toBe(200);
      expect(renewed.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
      const [after] = await ctx.deps.db
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.id, id));
      expect(after!.expiresAt.getTime()).toBe(ctx.clock.now().getTime() + SESSION_IDLE_TIMEOUT_MS);
      // The next request in the window neither renews nor writes.
      ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000));
      const again = await client.get('/api/auth/user');
      expect(again.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
      const [still] = await ctx.deps.db
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.id, id));
      expect(still!.expiresAt.getTime()).toBe(after!.expiresAt.getTime());
    } finally {
      ctx.clock.set(started);
    }
  });

  test('a renewal made by a tRPC call reaches the browser (tRPC builds its own answers)', async () => {
    const calls = [
      (client: TestClient) => client.query('tasks.daily.list'),
      (client: TestClient) => client.mutate('tasks.categories.add', { name: 'Renewal' }),
    ];
    const started = ctx.clock.now();
    for (const call of calls) {
      const { client } = await signedIn();
      const id = sessionIdOf(client);
      const expiry = async () =>
        (await ctx.deps.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, id)))[0]!
          .expiresAt;
      const before = await expiry();
      try {
        ctx.clock.set(new Date(before.getTime() - SESSION_RENEW_WITHIN_MS + 60_000));
        const renewed = await call(client);
        expect(renewed.status).toBe(200);
        const after = await expiry();
        expect(after.getTime()).toBeGreaterThan(before.getTime());
        expect(sessionCookieOf(renewed.headers)).toContain(`Expires=${after.toUTCString()}`);
        // Later in the window the renewal is found made: nothing is written or sent.
        ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000));
        const again = await client.query('tasks.daily.list');
        expect(again.status).toBe(200);
        expect(sessionCookieOf(again.headers)).toBeUndefined();
      } finally {
        ctx.clock.set(started);
      }
    }
  });

  test('a dead session is cleared from the browser by a tRPC answer too', async () => {
    const { client } = await signedIn();
    await ctx.deps.db.delete(sessions).where(eq(sessions.id, sessionIdOf(client)));
    const res = await client.query('tasks.daily.list');
    expect(res.status).toBe(401);
    expect(sessionCookieOf(res.headers)).toMatch(/^lockin_session=; Max-Age=0; Path=\//);
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  test('signing out inside the renewal window clears the cookie: no renewal is sent after it', async () => {
    const { client } = await signedIn();
    const [before] = await ctx.deps.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(client)));
    const started = ctx.clock.now();
    try {
      ctx.clock.set(new Date(before!.expiresAt.getTime() - SESSION_RENEW_WITHIN_MS + 60_000));
      const res = await client.post('/api/logout');
      expect(res.status).toBe(302);
      const sessionCookies = res.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(sessionCookies).toHaveLength(1);
      expect(sessionCookies[0]).toContain('Max-Age=0');
    } finally {
      ctx.clock.set(started);
    }
  });
});

describe('sign out of all other devices', () => {
  async function browserSignedIn(user: TestUser): Promise<TestClient> {
    const client = new TestClient(ctx.app);
    expect((await client.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(200);
    return client;
  }
  async function subscribePush(client: TestClient, endpoint: string) {
    const res = await client.post('/api/push/subscriptions', { endpoint, keys: browserKeys().keys });
    expect(res.status).toBe(201);
  }

  test('ends every other sign-in, forgets their device cookies and push subscriptions, and keeps this one', async () => {
    const user = await createUser(ctx);
    const phone = await browserSignedIn(user);
    const laptop = await browserSignedIn(user);
    const here = await browserSignedIn(user);
    const stranger = await signedIn();
    const pushAt = (name: string) => `https://fcm.googleapis.com/fcm/send/${name}-${crypto.randomUUID()}`;
    const [phonePush, herePush, legacyHerePush, strangerPush] = [
      pushAt('phone'),
      pushAt('here'),
      pushAt('legacy'),
      pushAt('x'),
    ];
    await subscribePush(phone, phonePush);
    await subscribePush(here, herePush);
    await subscribePush(stranger.client, strangerPush);
    // A row stored before subscriptions recorded their sign-in: this browser names it to keep it.
    await subscribePush(here, legacyHerePush);
    await ctx.deps.db
      .update(pushSubscriptions)
      .set({ sessionId: null })
      .where(eq(pushSubscriptions.endpoint, legacyHerePush));

    const res = await here.post('/api/auth/sign-out-others', { keepPushEndpoint: legacyHerePush });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sessionsEnded: 2 });

    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await here.get('/api/auth/user')).status).toBe(200);
    expect((await stranger.client.get('/api/auth/user')).status).toBe(200);

    const devices = await ctx.deps.db.select().from(trustedDevices).where(eq(trustedDevices.userId, user.id));
    expect(devices.map((d) => d.tokenHash)).toEqual([hashToken(here.cookie(DEVICE_COOKIE) ?? '')]);
    const pushes = await ctx.deps.db.select().from(pushSubscriptions);
    expect(
      pushes
        .filter((p) => p.userId === user.id)
        .map((p) => p.endpoint)
        .sort(),
    ).toEqual([herePush, legacyHerePush].sort());
    expect(pushes.some((p) => p.endpoint === strangerPush)).toBe(true);
  });

  test('a password reset ends the same credentials: sign-ins, extensions, push subscriptions, other device cookies', async () => {
    const user = await createUser(ctx);
    const phone = await browserSignedIn(user);
    const here = await browserSignedIn(user);
    const pushAt = (name: string) => `https://fcm.googleapis.com/fcm/send/${name}-${crypto.randomUUID()}`;
    const [phonePush, herePush] = [pushAt('phone'), pushAt('here')];
    await subscribePush(phone, phonePush);
    await subscribePush(here, herePush);
    const extension = await phone.mutate<{ token: string }>('blocking.connect', { name: 'Chrome' });
    const extensionCheck = () =>
      ctx.app.request('http://localhost:3000/api/extension/state', {
        headers: { authorization: `Bearer ${extension.body.token}` },
      });
    expect((await extensionCheck()).status).toBe(200);

    // The reset is made from this browser (its device cookie and push endpoint), signed in or not.
    expect((await here.post('/api/forgot-password', { email: user.email })).status).toBe(200);
    const token = /\/reset-password\?token=([a-z0-9]+)/.exec(
      ctx.log.lines.filter((l) => l.includes(`To: ${user.email}\n`)).at(-1) ?? '',
    )?.[1];
    const res = await here.post('/api/reset-password', {
      token,
      newPassword: 'a fresh and long passphrase',
      keepPushEndpoint: herePush,
    });
    expect(res.status).toBe(200);

    expect((await extensionCheck()).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await here.get('/api/auth/user')).status).toBe(401);
    const devices = await ctx.deps.db.select().from(trustedDevices).where(eq(trustedDevices.userId, user.id));
    expect(devices.map((d) => d.tokenHash)).toEqual([hashToken(here.cookie(DEVICE_COOKIE) ?? '')]);
    const pushes = await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(pushes.map((p) => p.endpoint)).toEqual([herePush]);
  });

  test('signed out: 401; from another site: 403; a bad body names the field', async () => {
    expect((await new TestClient(ctx.app).post('/api/auth/sign-out-others', {})).status).toBe(401);
    const { client } = await signedIn();
    const crossSite = await client.request('POST', '/api/auth/sign-out-others', '{}', {
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    const bad = await client.post('/api/auth/sign-out-others', { keepPushEndpoint: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toStartWith('Keep push endpoint');
  });
});

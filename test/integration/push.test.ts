// Web Push through HTTP: the public key (made once, kept in the database), subscribing within the
// allow-list and the per-user bound, removing, and a test notification that reaches a push
// service stand-in encrypted (aes128gcm, readable with the browser's keys) and VAPID-signed; a
// subscription the push service calls gone (404/410) is deleted. Users never touch each other's.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { lockInSessions, pushSubscriptions, vapidKeys } from '../../src/server/db/schema';
import { PUSH_MESSAGES, PUSH_SUBSCRIPTIONS_PER_USER } from '../../src/shared/push';
import { sendDueSessionEndPushes } from '../../src/server/push/session-end';
import { createTestContext, TestClient, type TestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { browserKeys, type PushStandIn, startPushStandIn } from '../support/push-standin';

const START = new Date('2026-03-10T12:00:00Z');
let ctx: TestContext;
let push: PushStandIn;

beforeAll(async () => {
  push = startPushStandIn();
  ctx = await createTestContext({
    now: START,
    env: { PUSH_ALLOWED_HOSTS: push.host, VAPID_SUBJECT: 'mailto:ops@lockin.test' },
  });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  push.stop();
});

async function signedIn() {
  const user = await createUser(ctx);
  return { user, client: await signedInClient(ctx, user) };
}
const endpoint = (name: string) => `${push.url}/send/${name}-${crypto.randomUUID()}`;

describe('VAPID public key', () => {
  test('made once and kept in the database: the same key on every call, for anyone', async () => {
    const first = await new TestClient(ctx.app).get<{ publicKey: string }>('/api/push/vapid-public-key');
    expect(first.status).toBe(200);
    // An uncompressed P-256 point: 65 bytes, 87 base64url characters.
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const again = await new TestClient(ctx.app).get<{ publicKey: string }>('/api/push/vapid-public-key');
    expect(again.body.publicKey).toBe(first.body.publicKey);
    const rows = await ctx.deps.db.select().from(vapidKeys);
    expect(rows.map((r) => r.publicKey)).toEqual([first.body.publicKey]);
  });

  test('VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY win over the stored pair', async () => {
    const pair = (await import('web-push')).default.generateVAPIDKeys();
    const other = await createTestContext({
      env: { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey },
    });
    try {
      const res = await new TestClient(other.app).get<{ publicKey: string }>('/api/push/vapid-public-key');
      expect(res.body.publicKey).toBe(pair.publicKey);
    } finally {
      await other.close();
    }
  });
});

describe('subscriptions', () => {
  test('201 for an allowed push service; the same endpoint again replaces its row', async () => {
    const { user, client } = await signedIn();
    const at = endpoint('a');
    expect((await client.post('/api/push/subscriptions', { endpoint: at, keys: browserKeys().keys })).status).toBe(201);
    const keys = browserKeys().keys;
    expect((await client.post('/api/push/subscriptions', { endpoint: at, keys })).status).toBe(201);
    const rows = await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((r) => [r.endpoint, r.p256dh])).toEqual([[at, keys.p256dh]]);
  });

  test('an endpoint outside the allow-list is refused with 400 naming endpoint; nothing is stored', async () => {
    const { user, client } = await signedIn();
    for (const bad of [
      'http://169.254.169.254/latest',
      'https://evil.example/push',
      `${push.url.replace('127.0.0.1', 'localhost')}/x`,
    ]) {
      const res = await client.post('/api/push/subscriptions', { endpoint: bad, keys: browserKeys().keys });
      expect({ bad, status: res.status, message: res.body.message }).toEqual({
        bad,
        status: 400,
        message: PUSH_MESSAGES.hostNotAllowed,
      });
    }
    expect(await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });

  test('the built-in list takes the browsers’ push services over https only', async () => {
    const { assertPushEndpointAllowed } = await import('../../src/server/push/allowed-hosts');
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ])
      expect(() => assertPushEndpointAllowed(ok, undefined)).not.toThrow();
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com.evil.example/x',
      // A suffix inside the name is not the name's end: endsWith, never includes.
      'https://x.notify.windows.com.evil.example/x',
      'https://web.push.apple.com.evil.example/x',
      'https://127.0.0.1/x',
    ])
      expect(() => assertPushEndpointAllowed(bad, undefined)).toThrow(PUSH_MESSAGES.hostNotAllowed);
  });

  test('bad keys are a 400 naming the field', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/push/subscriptions', {
      endpoint: endpoint('k'),
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('p256dh');
  });

  test('a key of the right length that is not a point on P-256 is a 400, and nothing is stored', async () => {
    const { user, client } = await signedIn();
    const point = Buffer.from(browserKeys().keys.p256dh, 'base64url');
    point[40] = (point[40] ?? 0) ^ 1;
    const res = await client.post('/api/push/subscriptions', {
      endpoint: endpoint('off-curve'),
      keys: { ...browserKeys().keys, p256dh: point.toString('base64url') },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PUSH_MESSAGES.badKey);
    expect(await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });

  test(`at most ${PUSH_SUBSCRIPTIONS_PER_USER} per user; removing one makes room`, async () => {
    const { client } = await signedIn();
    const made: string[] = [];
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_USER; i++) {
      made.push(endpoint(`n${i}`));
      expect(
        (await client.post('/api/push/subscriptions', { endpoint: made[i], keys: browserKeys().keys })).status,
      ).toBe(201);
    }
    const over = await client.post('/api/push/subscriptions', { endpoint: endpoint('over'), keys: browserKeys().keys });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(PUSH_MESSAGES.tooMany);
    expect((await client.delete('/api/push/subscriptions', { endpoint: made[0] })).status).toBe(204);
    expect(
      (await client.post('/api/push/subscriptions', { endpoint: endpoint('room'), keys: browserKeys().keys })).status,
    ).toBe(201);
  });

  test('signed out: 401; another user cannot remove my subscription', async () => {
    const anon = new TestClient(ctx.app);
    expect(
      (await anon.post('/api/push/subscriptions', { endpoint: endpoint('x'), keys: browserKeys().keys })).status,
    ).toBe(401);
    expect((await anon.post('/api/push/test')).status).toBe(401);
    const mine = await signedIn();
    const theirs = await signedIn();
    const at = endpoint('mine');
    await mine.client.post('/api/push/subscriptions', { endpoint: at, keys: browserKeys().keys });
    expect((await theirs.client.delete('/api/push/subscriptions', { endpoint: at })).status).toBe(204);
    const rows = await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, at));
    expect(rows.map((r) => r.userId)).toEqual([mine.user.id]);
  });
});

describe('test notification', () => {
  test('reaches every device of the user, encrypted and VAPID-signed; 404/410 subscriptions are dropped', async () => {
    const { user, client } = await signedIn();
    const other = await signedIn();
    const live = browserKeys();
    const liveAt = endpoint('live');
    const goneAt = endpoint('gone');
    const expiredAt = endpoint('expired');
    for (const at of [liveAt, goneAt, expiredAt])
      await client.post('/api/push/subscriptions', {
        endpoint: at,
        keys: at === liveAt ? live.keys : browserKeys().keys,
      });
    await other.client.post('/api/push/subscriptions', { endpoint: endpoint('other'), keys: browserKeys().keys });
    push.answer(new URL(goneAt).pathname, 410);
    push.answer(new URL(expiredAt).pathname, 404);
    const before = push.received.length;

    const res = await client.post('/api/push/test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 1, removed: 2, failed: 0 });
    const got = push.received.slice(before);
    // Only this user's three devices were contacted.
    expect(got.map((r) => r.path).sort()).toEqual([liveAt, goneAt, expiredAt].map((u) => new URL(u).pathname).sort());

    const delivered = got.find((r) => r.path === new URL(liveAt).pathname);
    if (!delivered) throw new Error('no push reached the live endpoint');
    expect(delivered.headers.get('content-encoding')).toBe('aes128gcm');
    expect(Number(delivered.headers.get('ttl'))).toBeGreaterThan(0);
    expect(live.decrypt(delivered.body)).toEqual({
      title: PUSH_MESSAGES.testTitle,
      body: PUSH_MESSAGES.testBody,
      url: '/',
      tag: 'lockin-test',
    });

    // VAPID: a JWT for the push service's origin, from our subject, signed with our key (ES256).
    const { publicKey } = (await new TestClient(ctx.app).get<{ publicKey: string }>('/api/push/vapid-public-key')).body;
    const authorization = delivered.headers.get('authorization') ?? '';
    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization);
    if (!match) throw new Error(`unexpected Authorization: ${authorization}`);
    const [, header, claims, signature, k] = match as unknown as [string, string, string, string, string];
    expect(k).toBe(publicKey);
    const payload = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(payload.aud).toBe(push.url);
    expect(payload.sub).toBe('mailto:ops@lockin.test');
    const key = await crypto.subtle.importKey(
      'raw',
      Buffer.from(publicKey, 'base64url'),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const valid = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      Buffer.from(signature, 'base64url'),
      Buffer.from(`${header}.${claims}`),
    );
    expect(valid).toBe(true);

    const left = await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(left.map((r) => r.endpoint)).toEqual([liveAt]);
  });

  test('a push service that fails is counted, and its subscription kept', async () => {
    const { user, client } = await signedIn();
    const at = endpoint('down');
    await client.post('/api/push/subscriptions', { endpoint: at, keys: browserKeys().keys });
    push.answer(new URL(at).pathname, 503);
    expect((await client.post('/api/push/test')).body).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(
      await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)),
    ).toHaveLength(1);
  });

  test('a stored subscription whose key nothing can be encrypted to is removed, and the others still get theirs', async () => {
    const { user, client } = await signedIn();
    const good = endpoint('good');
    await client.post('/api/push/subscriptions', { endpoint: good, keys: browserKeys().keys });
    // Stored before subscribe checked keys: the right length, not on the curve.
    const point = Buffer.from(browserKeys().keys.p256dh, 'base64url');
    point[40] = (point[40] ?? 0) ^ 1;
    await ctx.deps.db.insert(pushSubscriptions).values({
      id: crypto.randomUUID(),
      userId: user.id,
      endpoint: endpoint('broken'),
      p256dh: point.toString('base64url'),
      auth: browserKeys().keys.auth,
    });
    const res = await client.post('/api/push/test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 1, removed: 1, failed: 0 });
    const left = await ctx.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(left.map((r) => r.endpoint)).toEqual([good]);
  });

  test('with no device set up: 400 saying so', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/push/test');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PUSH_MESSAGES.noSubscriptions);
  });
});

describe('session complete', () => {
  const minutes = (n: number) => new Date(START.getTime() + n * 60_000);
  async function subscribedWithSession(goalMinutes: number) {
    ctx.clock.set(START);
    const { user, client } = await signedIn();
    const browser = browserKeys();
    const at = endpoint('lockin');
    expect((await client.post('/api/push/subscriptions', { endpoint: at, keys: browser.keys })).status).toBe(201);
    const started = await client.mutate<{ session: { id: string } }>('lockin.start', { goalMinutes });
    expect(started.status).toBe(200);
    const path = new URL(at).pathname;
    return {
      user,
      client,
      browser,
      id: started.body.session.id,
      received: () => push.received.filter((r) => r.path === path),
    };
  }

  test('when the countdown reaches zero one push goes out, once, with the session’s minutes', async () => {
    const { browser, id, received } = await subscribedWithSession(25);
    ctx.clock.set(minutes(24));
    await sendDueSessionEndPushes(ctx.deps);
    expect(received()).toHaveLength(0);

    ctx.clock.set(minutes(25));
    await sendDueSessionEndPushes(ctx.deps);
    // A second sweep (this process or another) finds nothing left to send.
    await sendDueSessionEndPushes(ctx.deps);
    expect(received()).toHaveLength(1);
    expect(browser.decrypt(received()[0]?.body ?? new Uint8Array())).toEqual({
      title: 'Session complete — 25 minutes of focus',
      body: expect.any(String),
      url: '/',
      tag: `lockin-session-${id}`,
    });
  });

  test('the schedule is rows, not timers: a fresh app over the same database sends it', async () => {
    const { received } = await subscribedWithSession(15);
    ctx.clock.set(minutes(16));
    // Nothing of the process that started the session is used: only the database and a clock.
    await sendDueSessionEndPushes({ db: ctx.deps.db, config: ctx.deps.config, log: ctx.deps.log, clock: ctx.clock });
    expect(received()).toHaveLength(1);
  });

  test('quitting cancels it; a session that ended long ago (server down) gets no late push', async () => {
    const quitter = await subscribedWithSession(25);
    ctx.clock.set(minutes(5));
    expect((await quitter.client.mutate('lockin.quit', { id: quitter.id, actualMinutes: 5 })).status).toBe(200);
    ctx.clock.set(minutes(30));
    await sendDueSessionEndPushes(ctx.deps);
    expect(quitter.received()).toHaveLength(0);

    const stale = await subscribedWithSession(15);
    ctx.clock.set(minutes(15 + 11));
    await sendDueSessionEndPushes(ctx.deps);
    expect(stale.received()).toHaveLength(0);
  });

  test('users without a subscription are not claimed, so turning notifications on mid-session still works', async () => {
    ctx.clock.set(START);
    const { user, client } = await signedIn();
    expect((await client.mutate('lockin.start', { goalMinutes: 15 })).status).toBe(200);
    ctx.clock.set(minutes(15));
    await sendDueSessionEndPushes(ctx.deps);
    const notified = async () =>
      (await ctx.deps.db.select().from(lockInSessions).where(eq(lockInSessions.userId, user.id))).map(
        (r) => r.endNotifiedAt !== null,
      );
    expect(await notified()).toEqual([false]);
    const at = endpoint('late');
    await client.post('/api/push/subscriptions', { endpoint: at, keys: browserKeys().keys });
    await sendDueSessionEndPushes(ctx.deps);
    expect(await notified()).toEqual([true]);
    expect(push.received.filter((r) => r.path === new URL(at).pathname)).toHaveLength(1);
  });
});

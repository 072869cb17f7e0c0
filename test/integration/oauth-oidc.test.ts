// OpenID Connect sign-in against a real local OpenID provider: discovery, state + PKCE + nonce,
// the ID token checked against the issuer's keys, then LockIn's account rules.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { createApp } from '../../src/server/app';
import { OAUTH_NONCE_COOKIE, OAUTH_STATE_COOKIE, OAUTH_VERIFIER_COOKIE } from '../../src/server/accounts/oauth.routes';
import { oauthAccounts, sessions, users } from '../../src/server/db/schema';
import { SESSION_COOKIE } from '../../src/shared/constants';
import { type TestContext, TestClient, createTestContext } from '../support/app';
import { createUser } from '../support/factories';
import { BrowserLike, type OidcAccount, type TestOidcProvider, startOidcProvider } from '../support/oidc-provider';
import type { ProvidersAnswer } from '../../src/shared/oauth';
import type { CurrentUser } from '../../src/shared/types';

const APP_URL = 'http://localhost:3000';
const CALLBACK = `${APP_URL}/api/auth/oidc/callback`;

let op: TestOidcProvider;
let ctx: TestContext;

beforeAll(async () => {
  op = await startOidcProvider({ redirectUri: CALLBACK });
  ctx = await createTestContext({
    now: new Date(),
    env: {
      APP_URL,
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: op.clientId,
      OIDC_CLIENT_SECRET: op.clientSecret,
    },
  });
}, 120_000); // a cold PGlite on a busy machine
afterAll(async () => {
  await ctx.close();
  await op.close();
});

let n = 0;
function account(overrides: Partial<OidcAccount> = {}): OidcAccount {
  n += 1;
  return {
    sub: `oidc-user-${n}-${crypto.randomUUID()}`,
    email: `ada${n}-${crypto.randomUUID().slice(0, 6)}@example.org`,
    given_name: 'Ada',
    family_name: 'Lovelace',
    picture: 'https://images.example.org/ada.png',
    ...overrides,
  };
}

/** Starts at `start`, lets the provider log the chosen account in, and returns the callback URL. */
async function throughProvider(client: TestClient, start = '/api/auth/oidc'): Promise<URL> {
  const begun = await client.get(start);
  expect(begun.status).toBe(302);
  const location = new URL(begun.headers.get('location')!);
  expect(location.origin).toBe(op.issuer);
  const { url } = await new BrowserLike().get(location.toString(), { stopAt: (u) => u.origin === APP_URL });
  expect(url.pathname).toBe('/api/auth/oidc/callback');
  return url;
}

async function signIn(client: TestClient, start?: string) {
  const callback = await throughProvider(client, start);
  return client.get(callback.pathname + callback.search);
}

/** The signed-in user, as the client reads it (GET /api/auth/user must answer 200). */
async function me(client: TestClient) {
  const res = await client.get<CurrentUser>('/api/auth/user');
  expect(res.status).toBe(200);
  return res.body;
}

async function countRows() {
  const [u] = await ctx.deps.db.select({ n: count() }).from(users);
  const [o] = await ctx.deps.db.select({ n: count() }).from(oauthAccounts);
  return { users: u!.n, oauth: o!.n };
}

describe('OIDC sign-in against a real OpenID provider', () => {
  test('providers lists OIDC with its default label and nothing unconfigured', async () => {
    const res = await new TestClient(ctx.app).get<ProvidersAnswer>('/api/auth/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ oidc: true, google: false, facebook: false, github: false, twitter: false });
  });

  test('the start sets state, verifier and nonce cookies (HttpOnly, Lax, 10 minutes) and sends PKCE + nonce', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.get('/api/auth/oidc');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(op.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('nonce')).toBe(client.cookie(OAUTH_NONCE_COOKIE)!);
    expect(client.cookie(OAUTH_STATE_COOKIE)).toBe(`oidc.${url.searchParams.get('state')}`);
    expect(client.cookie(OAUTH_VERIFIER_COOKIE)).toBeTruthy();
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(3);
    for (const line of cookies) {
      expect(line).toContain('HttpOnly');
      expect(line).toContain('SameSite=Lax');
      expect(line).toContain('Max-Age=600');
      expect(line).toContain('Path=/api/auth');
      expect(line).not.toContain('Secure');
    }
  });

  test('a new person ends signed in to a new password-less account with the profile from the provider', async () => {
    const person = account();
    op.signInAs(person);
    const client = new TestClient(ctx.app);
    const res = await signIn(client);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(client.cookie(SESSION_COOKIE)).toBeTruthy();
    // The flow's cookies are gone once used.
    expect(client.cookie(OAUTH_STATE_COOKIE)).toBeUndefined();
    expect(client.cookie(OAUTH_VERIFIER_COOKIE)).toBeUndefined();
    expect(client.cookie(OAUTH_NONCE_COOKIE)).toBeUndefined();
    const deleted = res.headers.getSetCookie().filter((l) => l.startsWith(`${OAUTH_STATE_COOKIE}=`));
    expect(deleted[0]).toMatch(/Max-Age=0/);

    const user = await me(client);
    expect(user).toMatchObject({
      email: person.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: person.picture,
    });
    const [row] = await ctx.deps.db
      .select({ passwordHash: users.passwordHash, id: users.id })
      .from(users)
      .where(eq(users.email, person.email));
    expect(row!.passwordHash).toBeNull();
    const links = await ctx.deps.db
      .select({ provider: oauthAccounts.provider, providerUserId: oauthAccounts.providerUserId })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, row!.id));
    expect(links).toEqual([{ provider: 'oidc', providerUserId: person.sub }]);
    expect(ctx.log.lines.some((l) => l.includes('[oauth] oidc sign-in: new user'))).toBe(true);
  });

  test('a returning person signs in to the same account, with a fresh session, even after changing email', async () => {
    const person = account();
    op.signInAs(person);
    const first = new TestClient(ctx.app);
    await signIn(first);
    const firstUser = await me(first);
    const before = await countRows();

    // Accounts are keyed by (provider, subject): a changed email at the provider is the same person.
    op.signInAs({ ...person, email: `changed-${person.email}` });
    const second = new TestClient(ctx.app);
    const res = await signIn(second);
    expect(res.headers.get('location')).toBe('/');
    const secondUser = await me(second);
    expect(secondUser.id).toBe(firstUser.id);
    expect(secondUser.email).toBe(person.email);
    expect(second.cookie(SESSION_COOKIE)).not.toBe(first.cookie(SESSION_COOKIE));
    expect(await countRows()).toEqual(before);
    const userSessions = await ctx.deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, firstUser.id));
    expect(userSessions).toHaveLength(2);
  });

  test('/api/login starts the OIDC flow when OIDC is configured', async () => {
    const person = account();
    op.signInAs(person);
    const client = new TestClient(ctx.app);
    const res = await signIn(client, '/api/login');
    expect(res.headers.get('location')).toBe('/');
    expect((await me(client)).email).toBe(person.email);
  });

  test('a tampered state is refused with auth_failed, no session and a log line', async () => {
    op.signInAs(account());
    const client = new TestClient(ctx.app);
    const callback = await throughProvider(client);
    callback.searchParams.set('state', 'forged-state');
    const before = await countRows();
    const res = await client.get(callback.pathname + callback.search);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(client.cookie(OAUTH_STATE_COOKIE)).toBeUndefined();
    expect(await countRows()).toEqual(before);
    expect(ctx.log.lines.some((l) => l.includes('[oauth] oidc sign-in refused: state does not match'))).toBe(true);
    expect(String(res.body ?? '')).not.toContain('at ');
  });

  test('a callback without the state cookie (another browser, or expired) is refused', async () => {
    op.signInAs(account());
    const client = new TestClient(ctx.app);
    const callback = await throughProvider(client);
    const other = new TestClient(ctx.app);
    const res = await other.get(callback.pathname + callback.search);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(other.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  test('a used callback cannot be replayed: its cookies are gone', async () => {
    op.signInAs(account());
    const client = new TestClient(ctx.app);
    const callback = await throughProvider(client);
    const path = callback.pathname + callback.search;
    const cookies = { state: client.cookie(OAUTH_STATE_COOKIE)!, verifier: client.cookie(OAUTH_VERIFIER_COOKIE)! };
    expect((await client.get(path)).headers.get('location')).toBe('/');
    const again = new TestClient(ctx.app);
    expect((await again.get(path)).headers.get('location')).toBe('/login?error=auth_failed');
    // Even with the old cookies put back, the code was single use at the provider.
    again.setCookie(OAUTH_STATE_COOKIE, cookies.state);
    again.setCookie(OAUTH_VERIFIER_COOKIE, cookies.verifier);
    expect((await again.get(path)).headers.get('location')).toBe('/login?error=auth_failed');
    expect(again.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  test('an ID token whose nonce differs from the nonce cookie is refused', async () => {
    op.signInAs(account());
    const client = new TestClient(ctx.app);
    const callback = await throughProvider(client);
    client.setCookie(OAUTH_NONCE_COOKIE, 'not-the-nonce-we-sent');
    const before = await countRows();
    const res = await client.get(callback.pathname + callback.search);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(await countRows()).toEqual(before);
    expect(ctx.log.lines.some((l) => l.includes('ID token nonce does not match'))).toBe(true);
  });

  test('a wrong PKCE verifier fails the code exchange', async () => {
    op.signInAs(account());
    const client = new TestClient(ctx.app);
    const callback = await throughProvider(client);
    client.setCookie(OAUTH_VERIFIER_COOKIE, 'x'.repeat(43));
    const res = await client.get(callback.pathname + callback.search);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(ctx.log.lines.at(-1) ?? '').toContain('OAuth request error: invalid_grant');
  });

  test('an expired ID token is refused (exp checked against the server clock)', async () => {
    op.signInAs(account());
    const client = new TestClient(ctx.app);
    const callback = await throughProvider(client);
    const now = ctx.clock.now();
    ctx.clock.set(new Date(Date.now() + 3 * 60 * 60_000));
    try {
      const res = await client.get(callback.pathname + callback.search);
      expect(res.headers.get('location')).toBe('/login?error=auth_failed');
      expect(ctx.log.lines.some((l) => l.includes('"exp" claim timestamp check failed'))).toBe(true);
    } finally {
      ctx.clock.set(now);
    }
  });

  test('the provider reporting an error (the person cancelled) ends at auth_failed', async () => {
    const client = new TestClient(ctx.app);
    const begun = await client.get('/api/auth/oidc');
    const state = new URL(begun.headers.get('location')!).searchParams.get('state')!;
    const res = await client.get(`/api/auth/oidc/callback?error=access_denied&state=${state}`);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(ctx.log.lines.some((l) => l.includes('error="access_denied"'))).toBe(true);
  });

  test('an email that belongs to a password account is refused, never linked', async () => {
    const existing = await createUser(ctx, { email: `Grace-${crypto.randomUUID().slice(0, 6)}@Example.org` });
    op.signInAs(account({ email: existing.email.toLowerCase() }));
    const before = await countRows();
    const client = new TestClient(ctx.app);
    const res = await signIn(client);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await countRows()).toEqual(before);
    const links = await ctx.deps.db
      .select({ p: oauthAccounts.provider })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, existing.id));
    expect(links).toHaveLength(0);
    expect(ctx.log.lines.some((l) => l.includes('email already belongs to another account'))).toBe(true);
  });

  test('an email the provider marks unverified cannot create an account', async () => {
    op.signInAs(account({ email_verified: false }));
    const before = await countRows();
    const client = new TestClient(ctx.app);
    const res = await signIn(client);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(await countRows()).toEqual(before);
  });

  test('an unreachable issuer sends the person back to /login?error=auth_failed with a log line', async () => {
    const oidc = { ...ctx.deps.config.oauth.oidc!, issuer: 'http://127.0.0.1:9' };
    const config = { ...ctx.deps.config, oauth: { oidc } };
    const client = new TestClient(createApp({ ...ctx.deps, config }));
    const res = await client.get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(client.cookie(OAUTH_STATE_COOKIE)).toBeUndefined();
    expect(ctx.log.lines.at(-1)).toContain('[oauth] oidc sign-in failed: could not build the authorization request');
  });
});

// Google, GitHub, Facebook and X sign-in through arctic, with their authorize, token and profile
// endpoints answered by a local stand-in (OAUTH_API_BASE), plus the provider list, /api/login
// and unknown providers.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { OAUTH_NONCE_COOKIE, OAUTH_STATE_COOKIE, OAUTH_VERIFIER_COOKIE } from '../../src/server/accounts/oauth.routes';
import { createApp } from '../../src/server/app';
import { PROFILE_TIMEOUT_MS } from '../../src/server/integrations/oauth/provider';
import { oauthAccounts, users } from '../../src/server/db/schema';
import { SESSION_COOKIE } from '../../src/shared/constants';
import { type TestContext, TestClient, createTestContext } from '../support/app';
import { createUser } from '../support/factories';
import {
  type OAuthStandin,
  type StandinPerson,
  type StandinProvider,
  startOAuthStandin,
} from '../support/oauth-standin';
import type { ProviderNamesAnswer, ProvidersAnswer } from '../../src/shared/oauth';
import type { CurrentUser } from '../../src/shared/types';

const APP_URL = 'http://localhost:3000';
let standin: OAuthStandin;
let ctx: TestContext;

beforeAll(async () => {
  standin = startOAuthStandin();
  const c = standin.credentials;
  ctx = await createTestContext({
    now: new Date(),
    env: {
      APP_URL,
      OAUTH_API_BASE: standin.base,
      OIDC_NAME: 'Acme ID',
      GOOGLE_CLIENT_ID: c.google.clientId,
      GOOGLE_CLIENT_SECRET: c.google.clientSecret,
      GITHUB_CLIENT_ID: c.github.clientId,
      GITHUB_CLIENT_SECRET: c.github.clientSecret,
      FACEBOOK_CLIENT_ID: c.facebook.clientId,
      FACEBOOK_CLIENT_SECRET: c.facebook.clientSecret,
      TWITTER_CLIENT_ID: c.twitter.clientId,
      TWITTER_CLIENT_SECRET: c.twitter.clientSecret,
    },
  });
}, 120_000); // a cold PGlite on a busy machine
afterAll(async () => {
  await ctx.close();
  standin.close();
});

let n = 1000;
function person(overrides: Partial<StandinPerson> = {}): StandinPerson {
  n += 1;
  return {
    id: String(n),
    email: `person${n}-${crypto.randomUUID().slice(0, 6)}@example.net`,
    firstName: 'Grace',
    lastName: 'Hopper',
    picture: `https://avatars.example.net/${n}.png`,
    ...overrides,
  };
}

/** The browser's trip: our start → the provider's consent (stand-in) → our callback. */
async function signInWith(client: TestClient, provider: StandinProvider) {
  const begun = await client.get(`/api/auth/${provider}`);
  expect(begun.status).toBe(302);
  const authorize = begun.headers.get('location')!;
  expect(authorize.startsWith(standin.base)).toBe(true);
  const consent = await fetch(authorize, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(`${APP_URL}/api/auth/${provider}/callback`);
  return client.get(callback.pathname + callback.search);
}

async function countRows() {
  const [u] = await ctx.deps.db.select({ n: count() }).from(users);
  const [o] = await ctx.deps.db.select({ n: count() }).from(oauthAccounts);
  return { users: u!.n, oauth: o!.n };
}

/** The signed-in user, as the client reads it (GET /api/auth/user must answer 200). */
async function me(client: TestClient) {
  const res = await client.get<CurrentUser>('/api/auth/user');
  expect(res.status).toBe(200);
  return res.body;
}

describe('the provider list, /api/login and unknown providers', () => {
  test("/api/auth/providers is the spec's map of provider to boolean, exactly the configured ones", async () => {
    const res = await new TestClient(ctx.app).get<ProvidersAnswer>('/api/auth/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ oidc: false, google: true, facebook: true, github: true, twitter: true });
  });

  test('/api/auth/provider-names carries the button labels, the OIDC one from OIDC_NAME', async () => {
    const res = await new TestClient(ctx.app).get<ProviderNamesAnswer>('/api/auth/provider-names');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      oidc: 'Acme ID',
      google: 'Google',
      facebook: 'Facebook',
      github: 'GitHub',
      twitter: 'X',
    });
  });

  test('with no credentials every provider is off and the label defaults to Replit', async () => {
    const config = { ...ctx.deps.config, oauth: {}, oidcName: 'Replit' };
    const bare = new TestClient(createApp({ ...ctx.deps, config }));
    const res = await bare.get<ProvidersAnswer>('/api/auth/providers');
    expect(res.body).toEqual({ oidc: false, google: false, facebook: false, github: false, twitter: false });
    expect((await bare.get('/api/auth/provider-names')).body).toMatchObject({ oidc: 'Replit' });
    expect((await bare.get('/api/auth/google')).status).toBe(404);
  });

  test('/api/login redirects to /login when OIDC is not configured', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
    expect(client.cookie(OAUTH_STATE_COOKIE)).toBeUndefined();
    // 'Get Started Free' asks for the sign-up form.
    const signUp = await client.get('/api/login?signup');
    expect(signUp.status).toBe(302);
    expect(signUp.headers.get('location')).toBe('/signup');
  });

  test('an unknown provider answers 404 JSON, and so does a known but unconfigured one', async () => {
    const client = new TestClient(ctx.app);
    const unknown = await client.get('/api/auth/myspace');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'No API route GET /api/auth/myspace' });
    const unknownCallback = await client.get('/api/auth/myspace/callback?code=x&state=y');
    expect(unknownCallback.status).toBe(404);
    expect(typeof unknownCallback.body.message).toBe('string');
    const off = await client.get('/api/auth/oidc');
    expect(off.status).toBe(404);
    expect(off.body).toEqual({ message: 'Sign-in with oidc is not configured' });
    const offCallback = await client.get('/api/auth/oidc/callback?code=x&state=y');
    expect(offCallback.status).toBe(404);
    expect(client.cookie(OAUTH_STATE_COOKIE)).toBeUndefined();
  });

  test('flow cookies are Secure when APP_URL is https', async () => {
    const config = { ...ctx.deps.config, appUrl: 'https://lockin.example', secureCookies: true };
    const client = new TestClient(createApp({ ...ctx.deps, config }));
    const res = await client.get('/api/auth/google');
    expect(res.status).toBe(302);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const line of cookies) expect(line).toContain('Secure');
    expect(new URL(res.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
      'https://lockin.example/api/auth/google/callback',
    );
  });
});

describe('authorization requests', () => {
  test('Google, GitHub and X get state, PKCE S256, the callback URI and their scopes', async () => {
    const expected: Record<string, { scope: string; host: string }> = {
      google: { scope: 'openid email profile', host: 'accounts.google.com/o/oauth2/v2/auth' },
      github: { scope: 'read:user user:email', host: 'github.com/login/oauth/authorize' },
      twitter: { scope: 'users.read tweet.read users.email', host: 'twitter.com/i/oauth2/authorize' },
    };
    for (const [provider, want] of Object.entries(expected)) {
      const client = new TestClient(ctx.app);
      const res = await client.get(`/api/auth/${provider}`);
      const url = new URL(res.headers.get('location')!);
      expect(url.toString().startsWith(`${standin.base}/${want.host}?`)).toBe(true);
      expect(url.searchParams.get('scope')).toBe(want.scope);
      expect(url.searchParams.get('client_id')).toBe(standin.credentials[provider as StandinProvider].clientId);
      expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/auth/${provider}/callback`);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toBeTruthy();
      expect(client.cookie(OAUTH_STATE_COOKIE)).toBe(`${provider}.${url.searchParams.get('state')}`);
      expect(client.cookie(OAUTH_VERIFIER_COOKIE)).toBeTruthy();
      expect(client.cookie(OAUTH_NONCE_COOKIE)).toBeUndefined();
    }
  });

  test('Facebook gets state, the callback URI and email scope, without PKCE', async () => {
    const client = new TestClient(ctx.app);
    const url = new URL((await client.get('/api/auth/facebook')).headers.get('location')!);
    expect(url.toString().startsWith(`${standin.base}/www.facebook.com/v23.0/dialog/oauth?`)).toBe(true);
    expect(url.searchParams.get('scope')).toBe('email public_profile');
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/auth/facebook/callback`);
    expect(url.searchParams.get('code_challenge')).toBeNull();
    expect(client.cookie(OAUTH_STATE_COOKIE)).toBe(`facebook.${url.searchParams.get('state')}`);
  });
});

const PROVIDERS: StandinProvider[] = ['google', 'github', 'facebook', 'twitter'];

describe.each(PROVIDERS)('%s sign-in', (provider) => {
  test('a new person gets a password-less account with the profile, a session, and lands on /', async () => {
    const who = person();
    standin.signInAs(provider, who);
    const client = new TestClient(ctx.app);
    const res = await signInWith(client, provider);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(client.cookie(SESSION_COOKIE)).toBeTruthy();
    expect(client.cookie(OAUTH_STATE_COOKIE)).toBeUndefined();
    expect(client.cookie(OAUTH_VERIFIER_COOKIE)).toBeUndefined();
    const user = await me(client);
    expect(user).toMatchObject({
      email: who.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      profileImageUrl: who.picture,
    });
    const [row] = await ctx.deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row!.hash).toBeNull();
    const links = await ctx.deps.db
      .select({ provider: oauthAccounts.provider, providerUserId: oauthAccounts.providerUserId })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, user.id));
    expect(links).toEqual([{ provider, providerUserId: who.id }]);
  });

  test('a returning person signs in to the same account', async () => {
    const who = person();
    standin.signInAs(provider, who);
    const first = new TestClient(ctx.app);
    await signInWith(first, provider);
    const before = await countRows();
    const second = new TestClient(ctx.app);
    const res = await signInWith(second, provider);
    expect(res.headers.get('location')).toBe('/');
    expect((await me(second)).id).toBe((await me(first)).id);
    expect(await countRows()).toEqual(before);
  });

  test('an email that belongs to a password account is refused and nothing is created', async () => {
    const existing = await createUser(ctx, { email: `Taken-${crypto.randomUUID().slice(0, 6)}@Example.net` });
    standin.signInAs(provider, person({ email: existing.email.toUpperCase() }));
    const before = await countRows();
    const client = new TestClient(ctx.app);
    const res = await signInWith(client, provider);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await countRows()).toEqual(before);
    expect(ctx.log.lines.at(-1)).toContain(
      `[oauth] ${provider} sign-in refused: ${provider} email already belongs to another account`,
    );
  });

  test('a refused code exchange ends at auth_failed with a log line', async () => {
    standin.signInAs(provider, person());
    standin.failNextTokenExchange();
    const before = await countRows();
    const client = new TestClient(ctx.app);
    const res = await signInWith(client, provider);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(await countRows()).toEqual(before);
    expect(ctx.log.lines.at(-1)).toContain(`[oauth] ${provider} sign-in failed: code exchange or profile fetch failed`);
  });

  test('a tampered state is refused before the code is exchanged', async () => {
    standin.signInAs(provider, person());
    const client = new TestClient(ctx.app);
    const begun = await client.get(`/api/auth/${provider}`);
    const consent = await fetch(begun.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    callback.searchParams.set('state', 'tampered');
    const exchanges = standin.requests.filter((r) => r.startsWith('POST')).length;
    const res = await client.get(callback.pathname + callback.search);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(standin.requests.filter((r) => r.startsWith('POST')).length).toBe(exchanges);
  });

  test('a person with no email at the provider cannot create an account', async () => {
    standin.signInAs(provider, person({ email: null }));
    const before = await countRows();
    const res = await signInWith(new TestClient(ctx.app), provider);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(await countRows()).toEqual(before);
    expect(ctx.log.lines.at(-1)).toContain(`${provider} gave no verified email address`);
  });

  test("one provider's state cannot finish another provider's flow", async () => {
    standin.signInAs(provider, person());
    const other = provider === 'google' ? 'github' : 'google';
    const client = new TestClient(ctx.app);
    const begun = await client.get(`/api/auth/${provider}`);
    const state = new URL(begun.headers.get('location')!).searchParams.get('state');
    const res = await client.get(`/api/auth/${other}/callback?code=whatever&state=${state}`);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(ctx.log.lines.at(-1)).toContain(`[oauth] ${other} sign-in refused: state does not match`);
  });
});

describe('a provider that never answers', () => {
  // Google, GitHub and X share this exchange (pkce.ts), and the OIDC provider the same helper.
  test(
    'a code exchange left unanswered ends at auth_failed after the timeout, not a hung callback',
    async () => {
      const provider = 'google';
      standin.signInAs(provider, person());
      standin.hangNextTokenExchange();
      const client = new TestClient(ctx.app);
      const res = await signInWith(client, provider);
      expect(res.headers.get('location')).toBe('/login?error=auth_failed');
      expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
      expect(ctx.log.lines.at(-1)).toContain(
        `[oauth] ${provider} sign-in failed: code exchange or profile fetch failed`,
      );
      expect(ctx.log.lines.at(-1)).toContain('did not answer the code exchange in time');
    },
    PROFILE_TIMEOUT_MS + 10_000,
  );
});

describe('one email, two providers', () => {
  test('an email already signed up through Google is refused through GitHub, never linked', async () => {
    const who = person();
    standin.signInAs('google', who);
    const viaGoogle = new TestClient(ctx.app);
    await signInWith(viaGoogle, 'google');
    const owner = await me(viaGoogle);
    const before = await countRows();
    standin.signInAs('github', person({ email: who.email }));
    const viaGithub = new TestClient(ctx.app);
    const res = await signInWith(viaGithub, 'github');
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(viaGithub.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await countRows()).toEqual(before);
    const links = await ctx.deps.db
      .select({ p: oauthAccounts.provider })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, owner.id));
    expect(links).toEqual([{ p: 'google' }]);
  });
});

describe('provider-specific profiles', () => {
  test('Google: an unverified email cannot create an account', async () => {
    standin.signInAs('google', person({ emailVerified: false }));
    const before = await countRows();
    const res = await signInWith(new TestClient(ctx.app), 'google');
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(await countRows()).toEqual(before);
  });

  test('GitHub: the primary verified email is used, not the noreply one; names split from the display name', async () => {
    const who = person({
      firstName: undefined,
      lastName: undefined,
      name: 'Linus Benedict Torvalds',
      login: 'torvalds',
    });
    standin.signInAs('github', who);
    const client = new TestClient(ctx.app);
    await signInWith(client, 'github');
    expect(await me(client)).toMatchObject({ email: who.email, firstName: 'Linus', lastName: 'Benedict Torvalds' });
  });

  test('GitHub: with no display name the login becomes the first name', async () => {
    const who = person({ firstName: undefined, lastName: undefined, login: 'octocat' });
    standin.signInAs('github', who);
    const client = new TestClient(ctx.app);
    await signInWith(client, 'github');
    expect(await me(client)).toMatchObject({ firstName: 'octocat', lastName: null });
  });

  test('GitHub: a primary email that is not verified is refused', async () => {
    standin.signInAs('github', person({ emailVerified: false }));
    const before = await countRows();
    const res = await signInWith(new TestClient(ctx.app), 'github');
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(await countRows()).toEqual(before);
  });
});

describe('signing in over an existing session', () => {
  test('the session this browser had ends, so the replaced cookie is never valid again', async () => {
    const owner = await createUser(ctx);
    const client = new TestClient(ctx.app);
    const login = await client.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(login.status).toBe(200);
    const oldToken = client.cookie(SESSION_COOKIE)!;
    standin.signInAs('google', person());
    const res = await signInWith(client, 'google');
    expect(res.headers.get('location')).toBe('/');
    expect(client.cookie(SESSION_COOKIE)).not.toBe(oldToken);
    const replay = new TestClient(ctx.app);
    replay.setCookie(SESSION_COOKIE, oldToken);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
  });
});

// OAuth sign-in providers: builds one client per configured provider (arctic for the OAuth 2.0
// protocol, jose for OpenID Connect ID tokens) and turns each provider's answer into one profile.
//
// Why arctic's generic OAuth2Client rather than its Google/GitHub/Twitter/Facebook classes: those
// classes hard-code their endpoint URLs as module constants, so nothing could ever answer them but
// the real provider. OAuth2Client takes the endpoint per call and sends exactly the same requests
// (client_secret_basic, PKCE S256), so every provider URL lives in PROVIDER_ENDPOINTS below and
// tests redirect them all to a local stand-in with config.oauthApiBase (OAUTH_API_BASE). The
// calls then go out through the real fetch to a real HTTP server: a stand-in at the network edge,
// not a mock of this module.
import { createHmac } from 'node:crypto';
import {
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2Tokens,
  generateCodeVerifier,
  generateState,
} from 'arctic';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Config } from '../config';

export const OAUTH_PROVIDER_IDS = ['oidc', 'google', 'facebook', 'github', 'twitter'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDER_IDS)[number];

/** Facebook retires Graph API versions about two years after release; move this forward then. */
const FACEBOOK_GRAPH = 'https://graph.facebook.com/v23.0';

/** Every fixed provider URL, in one place (OIDC endpoints come from the issuer's discovery document). */
export const PROVIDER_ENDPOINTS = {
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  github: {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    user: 'https://api.github.com/user',
    emails: 'https://api.github.com/user/emails',
  },
  facebook: {
    authorize: 'https://www.facebook.com/v23.0/dialog/oauth',
    token: `${FACEBOOK_GRAPH}/oauth/access_token`,
    me: `${FACEBOOK_GRAPH}/me`,
  },
  twitter: {
    authorize: 'https://twitter.com/i/oauth2/authorize',
    token: 'https://api.twitter.com/2/oauth2/token',
    me: 'https://api.twitter.com/2/users/me',
  },
} as const;

const SCOPES = {
  oidc: ['openid', 'email', 'profile'],
  google: ['openid', 'email', 'profile'],
  github: ['read:user', 'user:email'],
  facebook: ['email', 'public_profile'],
  // users.email grants the confirmed_email field of /2/users/me.
  twitter: ['users.read', 'tweet.read', 'users.email'],
} as const;

const PROFILE_TIMEOUT_MS = 10_000;
/** Leeway for the issuer's and our clocks disagreeing when checking exp. */
const ID_TOKEN_CLOCK_TOLERANCE_S = 60;

/** Who the provider says signed in. Accounts are keyed by (provider, providerUserId), never email. */
export interface OAuthProfile {
  providerUserId: string;
  /** A verified address, or null when the provider gave none. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** What the start of a flow must remember (in short-lived cookies) until the callback. */
export interface AuthorizationRequest {
  url: URL;
  state: string;
  codeVerifier: string;
  /** OpenID Connect only. */
  nonce: string | null;
}

export interface OAuthProvider {
  readonly id: OAuthProviderId;
  createAuthorization(): Promise<AuthorizationRequest>;
  /** Exchanges the code and fetches the profile; throws on any failure. */
  finish(code: string, codeVerifier: string, nonce: string | null): Promise<OAuthProfile>;
}

export interface OAuthIntegration {
  available: Record<OAuthProviderId, boolean>;
  get(id: OAuthProviderId): OAuthProvider | undefined;
}

export class OAuthProfileError extends Error {
  override name = 'OAuthProfileError';
}

type ProviderConfig = Pick<Config, 'appUrl' | 'oauth' | 'oauthApiBase'>;

export function createOAuth(config: ProviderConfig, clock: Clock): OAuthIntegration {
  const url = (real: string) => rewrite(real, config.oauthApiBase);
  const redirectUri = (id: OAuthProviderId) => `${config.appUrl}/api/auth/${id}/callback`;
  const providers: Partial<Record<OAuthProviderId, OAuthProvider>> = {};
  const { oidc, google, github, facebook, twitter } = config.oauth;

  if (oidc) {
    providers.oidc = createOidcProvider(oidc, redirectUri('oidc'), clock);
  }
  if (google) {
    const client = new OAuth2Client(google.clientId, google.clientSecret, redirectUri('google'));
    const e = PROVIDER_ENDPOINTS.google;
    providers.google = pkceProvider('google', client, url(e.authorize), url(e.token), SCOPES.google, async (tokens) => {
      const info = googleUserinfo.parse(await getJson(url(e.userinfo), tokens.accessToken()));
      return {
        providerUserId: info.sub,
        email: info.email && info.email_verified === true ? info.email : null,
        firstName: info.given_name ?? splitName(info.name)[0],
        lastName: info.family_name ?? splitName(info.name)[1],
        profileImageUrl: info.picture ?? null,
      };
    });
  }
  if (github) {
    // GitHub accepts PKCE (S256) since 2025, as well as the client secret.
    const client = new OAuth2Client(github.clientId, github.clientSecret, redirectUri('github'));
    const e = PROVIDER_ENDPOINTS.github;
    providers.github = pkceProvider('github', client, url(e.authorize), url(e.token), SCOPES.github, async (tokens) => {
      const token = accessTokenOf(tokens);
      const user = githubUser.parse(await getJson(url(e.user), token, GITHUB_HEADERS));
      const emails = githubEmails.parse(await getJson(url(e.emails), token, GITHUB_HEADERS));
      const primary = emails.find((m) => m.primary && m.verified);
      const [first, last] = splitName(user.name ?? null);
      return {
        providerUserId: String(user.id),
        email: primary?.email ?? null,
        firstName: first ?? user.login,
        lastName: last,
        profileImageUrl: user.avatar_url ?? null,
      };
    });
  }
  if (facebook) {
    providers.facebook = createFacebookProvider(facebook, redirectUri('facebook'), url);
  }
  if (twitter) {
    const client = new OAuth2Client(twitter.clientId, twitter.clientSecret, redirectUri('twitter'));
    const e = PROVIDER_ENDPOINTS.twitter;
    providers.twitter = pkceProvider('twitter', client, url(e.authorize), url(e.token), SCOPES.twitter, async (tokens) => {
      const me = new URL(url(e.me));
      me.searchParams.set('user.fields', 'profile_image_url,confirmed_email');
      const { data } = twitterMe.parse(await getJson(me.toString(), tokens.accessToken()));
      const [first, last] = splitName(data.name ?? null);
      return {
        providerUserId: data.id,
        email: data.confirmed_email ?? null,
        firstName: first ?? data.username ?? null,
        lastName: last,
        profileImageUrl: data.profile_image_url ?? null,
      };
    });
  }

  return {
    available: {
      oidc: Boolean(providers.oidc),
      google: Boolean(providers.google),
      facebook: Boolean(providers.facebook),
      github: Boolean(providers.github),
      twitter: Boolean(providers.twitter),
    },
    get: (id) => providers[id],
  };
}

/** https://host/path → BASE/host/path when a test stand-in is configured. */
function rewrite(real: string, base: string | undefined): string {
  if (!base) return real;
  const u = new URL(real);
  return `${base.replace(/\/+$/, '')}/${u.host}${u.pathname}${u.search}`;
}

function pkceProvider(
  id: OAuthProviderId,
  client: OAuth2Client,
  authorizeUrl: string,
  tokenUrl: string,
  scopes: readonly string[],
  profile: (tokens: OAuth2Tokens) => Promise<OAuthProfile>,
): OAuthProvider {
  return {
    id,
    async createAuthorization() {
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const url = client.createAuthorizationURLWithPKCE(authorizeUrl, state, CodeChallengeMethod.S256, codeVerifier, [
        ...scopes,
      ]);
      return { url, state, codeVerifier, nonce: null };
    },
    async finish(code, codeVerifier) {
      const tokens = await client.validateAuthorizationCode(tokenUrl, code, codeVerifier);
      return profile(tokens);
    },
  };
}

function createFacebookProvider(
  credentials: { clientId: string; clientSecret: string },
  redirectUri: string,
  url: (real: string) => string,
): OAuthProvider {
  const e = PROVIDER_ENDPOINTS.facebook;
  // Facebook's PKCE support is still marked as testing, and its token endpoint takes the secret in
  // the body (client_secret_post), which OAuth2Client does not send: the request is built here,
  // the way arctic's own Facebook class builds it, and parsed by arctic's OAuth2Tokens.
  const client = new OAuth2Client(credentials.clientId, credentials.clientSecret, redirectUri);
  return {
    id: 'facebook',
    async createAuthorization() {
      const state = generateState();
      const authorization = client.createAuthorizationURL(url(e.authorize), state, [...SCOPES.facebook]);
      // The verifier cookie is still set and checked for a uniform flow; Facebook never sees it.
      return { url: authorization, state, codeVerifier: generateCodeVerifier(), nonce: null };
    },
    async finish(code) {
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      });
      const res = await fetch(url(e.token), {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
      });
      if (res.status !== 200) throw new OAuthProfileError(`facebook token endpoint answered ${res.status}`);
      const tokens = new OAuth2Tokens((await res.json()) as object);
      const accessToken = accessTokenOf(tokens);
      const me = new URL(url(e.me));
      me.searchParams.set('fields', 'id,email,first_name,last_name,picture.type(large)');
      // appsecret_proof: Graph calls signed with the app secret, so a leaked token alone is useless.
      me.searchParams.set('appsecret_proof', createHmac('sha256', credentials.clientSecret).update(accessToken).digest('hex'));
      const info = facebookMe.parse(await getJson(me.toString(), accessToken));
      return {
        providerUserId: info.id,
        // Graph only ever returns a confirmed primary email.
        email: info.email ?? null,
        firstName: info.first_name ?? null,
        lastName: info.last_name ?? null,
        profileImageUrl: info.picture?.data?.url ?? null,
      };
    },
  };
}

const discoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional(),
  jwks_uri: z.url(),
});

interface Discovered {
  doc: z.infer<typeof discoverySchema>;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

function createOidcProvider(
  oidc: { clientId: string; clientSecret: string; issuer: string },
  redirectUri: string,
  clock: Clock,
): OAuthProvider {
  const client = new OAuth2Client(oidc.clientId, oidc.clientSecret, redirectUri);
  const issuer = oidc.issuer.replace(/\/+$/, '');
  let discovery: Promise<Discovered> | undefined;

  // Fetched once and kept (jose caches the keys and refetches on an unknown kid); a failed fetch
  // is forgotten so the next sign-in tries again.
  function discover(): Promise<Discovered> {
    if (discovery) return discovery;
    const pending = (async () => {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
      });
      if (!res.ok) throw new OAuthProfileError(`OIDC discovery answered ${res.status}`);
      const doc = discoverySchema.parse(await res.json());
      if (doc.issuer.replace(/\/+$/, '') !== issuer) {
        throw new OAuthProfileError(`OIDC discovery names issuer ${doc.issuer}, expected ${issuer}`);
      }
      return { doc, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    })();
    discovery = pending;
    pending.catch(() => {
      if (discovery === pending) discovery = undefined;
    });
    return pending;
  }

  return {
    id: 'oidc',
    async createAuthorization() {
      const { doc } = await discover();
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const nonce = generateState();
      const url = client.createAuthorizationURLWithPKCE(doc.authorization_endpoint, state, CodeChallengeMethod.S256, codeVerifier, [
        ...SCOPES.oidc,
      ]);
      url.searchParams.set('nonce', nonce);
      return { url, state, codeVerifier, nonce };
    },
    async finish(code, codeVerifier, nonce) {
      const { doc, jwks } = await discover();
      const tokens = await client.validateAuthorizationCode(doc.token_endpoint, code, codeVerifier);
      // Signature from the issuer's JWKS; iss, aud and exp by jose; nonce below.
      const { payload } = await jwtVerify(tokens.idToken(), jwks, {
        issuer: doc.issuer,
        audience: oidc.clientId,
        currentDate: clock.now(),
        clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (!nonce || payload.nonce !== nonce) throw new OAuthProfileError('ID token nonce does not match');
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== oidc.clientId) {
        throw new OAuthProfileError('ID token azp does not name this client');
      }
      let claims = oidcClaims.parse(payload);
      // Many issuers keep profile claims out of the ID token; the userinfo endpoint has them.
      if (doc.userinfo_endpoint && 'access_token' in tokens.data) {
        const info = oidcClaims.parse(await getJson(doc.userinfo_endpoint, tokens.accessToken()));
        if (info.sub !== claims.sub) throw new OAuthProfileError('userinfo sub differs from the ID token');
        claims = { ...claims, ...info };
      }
      const [first, last] = splitName(claims.name ?? null);
      return {
        providerUserId: claims.sub,
        // The issuer is one the operator chose to trust; only an explicit 'not verified' is refused.
        email: claims.email && claims.email_verified !== false ? claims.email : null,
        firstName: claims.given_name ?? first ?? claims.preferred_username ?? null,
        lastName: claims.family_name ?? last,
        profileImageUrl: claims.picture ?? null,
      };
    },
  };
}

const GITHUB_HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

async function getJson(url: string, accessToken: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, {
    headers: { accept: 'application/json', 'user-agent': 'LockIn', ...headers, authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
  });
  if (!res.ok) throw new OAuthProfileError(`${new URL(url).host}${new URL(url).pathname} answered ${res.status}`);
  return res.json();
}

function accessTokenOf(tokens: OAuth2Tokens): string {
  // GitHub answers a bad code with HTTP 200 and { error }, which OAuth2Client reads as tokens.
  const data = tokens.data as { error?: unknown; error_description?: unknown };
  if (typeof data.error === 'string') throw new OAuthProfileError(`token endpoint refused the code: ${data.error}`);
  return tokens.accessToken();
}

/** 'Ada King Lovelace' → ['Ada', 'King Lovelace']. */
export function splitName(name: string | null | undefined): [string | null, string | null] {
  const trimmed = name?.trim();
  if (!trimmed) return [null, null];
  const space = trimmed.indexOf(' ');
  if (space < 0) return [trimmed, null];
  return [trimmed.slice(0, space), trimmed.slice(space + 1).trim() || null];
}

const optionalText = z.string().trim().min(1).nullish().transform((v) => v ?? undefined);
const optionalUrl = z
  .string()
  .nullish()
  .transform((v) => (v && /^https?:\/\//i.test(v) ? v : undefined));

const googleUserinfo = z.object({
  sub: z.string().min(1),
  email: optionalText,
  email_verified: z.boolean().optional(),
  name: optionalText,
  given_name: optionalText,
  family_name: optionalText,
  picture: optionalUrl,
});

const githubUser = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: optionalText,
  avatar_url: optionalUrl,
});

const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

const facebookMe = z.object({
  id: z.string().min(1),
  email: optionalText,
  first_name: optionalText,
  last_name: optionalText,
  picture: z.object({ data: z.object({ url: optionalUrl }).optional() }).optional(),
});

const twitterMe = z.object({
  data: z.object({
    id: z.string().min(1),
    name: optionalText,
    username: optionalText,
    profile_image_url: optionalUrl,
    confirmed_email: optionalText,
  }),
});

const oidcClaims = z.object({
  sub: z.string().min(1),
  email: optionalText,
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  name: optionalText,
  given_name: optionalText,
  family_name: optionalText,
  preferred_username: optionalText,
  picture: optionalUrl,
});

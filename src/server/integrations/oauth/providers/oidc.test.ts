// The OIDC ID token checks, against a small local issuer that can hand out forged tokens: the
// signature must verify against the issuer's JWKS, and iss, aud, exp and nonce must be right.
// The real round trip through oidc-provider is in oauth-oidc.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { AdjustableClock } from '../../../clock';
import { createOAuth, type OAuthProvider } from '../index';

const CLIENT_ID = 'lockin-client';
let issuer: string;
let server: ReturnType<typeof Bun.serve>;
let goodKey: CryptoKey;
let rogueKey: CryptoKey;
let nextIdToken: () => Promise<string>;
const discoveryAnswers: Array<() => Response> = [];
const clock = new AdjustableClock();

beforeAll(async () => {
  goodKey = (await generateKeyPair('RS256', { extractable: true })).privateKey;
  rogueKey = (await generateKeyPair('RS256')).privateKey;
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = await exportJWK(goodKey);
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const { pathname } = new URL(req.url);
      if (pathname === '/.well-known/openid-configuration') {
        const answer = discoveryAnswers.shift();
        if (answer) return answer();
        return Response.json(discovery());
      }
      if (pathname === '/jwks') return Response.json({ keys: [{ ...pub, kid: 'k1', alg: 'RS256', use: 'sig' }] });
      if (pathname === '/token' && req.method === 'POST') {
        return Response.json({
          access_token: 'at',
          token_type: 'Bearer',
          expires_in: 3600,
          id_token: await nextIdToken(),
        });
      }
      return new Response('not found', { status: 404 });
    },
  });
  issuer = `http://127.0.0.1:${server.port}`;
});
afterAll(() => void server.stop(true));

function discovery(overrides: Record<string, string> = {}) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    ...overrides,
  };
}

async function provider(): Promise<OAuthProvider> {
  const oauth = createOAuth(
    {
      appUrl: 'http://localhost:3000',
      oauth: { oidc: { issuer, clientId: CLIENT_ID, clientSecret: 'secret', name: 'Test' } },
    },
    clock,
  );
  const configured = await oauth.get('oidc');
  if (!configured) throw new Error('oidc is configured above');
  return configured;
}

const NONCE = 'the-nonce';

function token(claims: JWTPayload, key: CryptoKey = goodKey, options: { expiresIn?: string } = {}) {
  return new SignJWT({
    nonce: NONCE,
    email: 'ada@example.org',
    name: 'Ada King Lovelace',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(typeof claims.iss === 'string' ? claims.iss : issuer)
    .setAudience(claims.aud ?? CLIENT_ID)
    .setSubject('subject-1')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign(key);
}

async function finishWith(idToken: () => Promise<string>) {
  nextIdToken = idToken;
  const p = await provider();
  const start = await p.createAuthorization();
  return p.finish('code', start.codeVerifier, NONCE);
}

describe('OIDC ID token checks', () => {
  test('a well-formed token gives the profile from its claims when there is no userinfo endpoint', async () => {
    const profile = await finishWith(() => token({}));
    expect(profile).toEqual({
      providerUserId: 'subject-1',
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      profileImageUrl: null,
    });
  });

  test('the authorization URL carries PKCE S256 and the nonce', async () => {
    const start = await (await provider()).createAuthorization();
    expect(start.url.origin + start.url.pathname).toBe(`${issuer}/authorize`);
    expect(start.url.searchParams.get('nonce')).toBe(start.nonce);
    expect(start.url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(start.url.searchParams.get('state')).toBe(start.state);
  });

  test('a token signed by a key not in the JWKS is refused', async () => {
    await expect(finishWith(() => token({}, rogueKey))).rejects.toThrow('signature verification failed');
  });

  test('an unsigned token (alg none) is refused', async () => {
    const unsigned = async () => {
      const [, payload] = (await token({})).split('.');
      return `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    };
    await expect(finishWith(unsigned)).rejects.toThrow();
  });

  test('a token from another issuer is refused', async () => {
    await expect(finishWith(() => token({ iss: 'https://evil.example' }))).rejects.toThrow('"iss" claim');
  });

  test('a token for another client is refused', async () => {
    await expect(finishWith(() => token({ aud: 'someone-else' }))).rejects.toThrow('"aud" claim');
  });

  test('an expired token is refused', async () => {
    await expect(finishWith(() => token({}, goodKey, { expiresIn: '-5m' }))).rejects.toThrow('"exp" claim');
  });

  test('a token with another nonce, or none, is refused', async () => {
    await expect(finishWith(() => token({ nonce: 'other' }))).rejects.toThrow('nonce');
    await expect(finishWith(() => token({ nonce: undefined }))).rejects.toThrow('nonce');
  });

  test('an email marked unverified is not used', async () => {
    const profile = await finishWith(() => token({ email_verified: false }));
    expect(profile.email).toBeNull();
  });

  test('a discovery document naming another issuer is refused', async () => {
    discoveryAnswers.push(() => Response.json(discovery({ issuer: 'https://evil.example' })));
    await expect((await provider()).createAuthorization()).rejects.toThrow('expected');
  });

  test('a failed discovery is retried on the next sign-in', async () => {
    const p = await provider();
    discoveryAnswers.push(() => new Response('down', { status: 503 }));
    await expect(p.createAuthorization()).rejects.toThrow('OIDC discovery answered 503');
    const start = await p.createAuthorization();
    expect(start.url.pathname).toBe('/authorize');
  });
});

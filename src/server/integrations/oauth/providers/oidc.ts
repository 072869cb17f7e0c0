// Any OpenID Connect issuer (OIDC_ISSUER): endpoints from its discovery document, the ID token
// verified against its JWKS (jose), then the userinfo endpoint for the profile claims.
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import {
  type Credentials,
  exchangeCode,
  getJson,
  type OAuthProvider,
  OAuthProfileError,
  PROFILE_TIMEOUT_MS,
  type ProviderContext,
} from '../provider';
import { optionalText, optionalUrl, splitName } from '../profile';

const SCOPES = ['openid', 'email', 'profile'];
/** Leeway for the issuer's and our clocks disagreeing when checking exp. */
const ID_TOKEN_CLOCK_TOLERANCE_S = 60;

const discoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional(),
  jwks_uri: z.url(),
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

interface Discovered {
  doc: z.infer<typeof discoverySchema>;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

export function createOidcProvider(
  oidc: Credentials & { issuer: string },
  { redirectUri, clock }: ProviderContext,
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
      const url = client.createAuthorizationURLWithPKCE(
        doc.authorization_endpoint,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        SCOPES,
      );
      url.searchParams.set('nonce', nonce);
      return { url, state, codeVerifier, nonce };
    },
    async finish(code, codeVerifier, nonce) {
      const { doc, jwks } = await discover();
      const tokens = await exchangeCode(client, doc.token_endpoint, code, codeVerifier);
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

// The provider interface every sign-in provider implements, and the helpers they share: the
// bounded code exchange, the profile-fetching HTTP call, the access-token check and the name
// splitting.
import type { OAuth2Client, OAuth2Tokens } from 'arctic';
import type { Clock } from '../../clock';
import { OAUTH_PROVIDER_IDS, type OAuthProviderId } from '../../../shared/oauth';

export { OAUTH_PROVIDER_IDS, type OAuthProviderId };

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

/** What every provider factory receives besides its own credentials. */
export interface ProviderContext {
  /** APP_URL/api/auth/{id}/callback */
  redirectUri: string;
  /** A fixed provider URL, sent to the test stand-in when OAUTH_API_BASE is set. */
  url: (real: string) => string;
  clock: Clock;
}

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export class OAuthProfileError extends Error {
  override name = 'OAuthProfileError';
}

export const PROFILE_TIMEOUT_MS = 10_000;

/**
 * Exchanges the callback's code for tokens, giving up after PROFILE_TIMEOUT_MS. arctic's own
 * request has no timeout and takes no signal: a provider that never answers would hold the
 * callback (and the user's browser) until the connection is cut, instead of LockIn's error
 * screen. The abandoned request ends when the provider or the network gives up.
 */
export async function exchangeCode(
  client: OAuth2Client,
  tokenUrl: string,
  code: string,
  codeVerifier: string,
): Promise<OAuth2Tokens> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new OAuthProfileError(`${new URL(tokenUrl).host} did not answer the code exchange in time`)),
      PROFILE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([client.validateAuthorizationCode(tokenUrl, code, codeVerifier), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export async function getJson(
  url: string,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const res = await fetch(url, {
    headers: { accept: 'application/json', 'user-agent': 'LockIn', ...headers, authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
  });
  if (!res.ok) throw new OAuthProfileError(`${new URL(url).host}${new URL(url).pathname} answered ${res.status}`);
  return res.json();
}

export function accessTokenOf(tokens: OAuth2Tokens): string {
  // GitHub answers a bad code with HTTP 200 and { error }, which OAuth2Client reads as tokens.
  const data = tokens.data as { error?: unknown; error_description?: unknown };
  if (typeof data.error === 'string') throw new OAuthProfileError(`token endpoint refused the code: ${data.error}`);
  return tokens.accessToken();
}

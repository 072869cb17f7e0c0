// OAuth sign-in providers: builds one client per configured provider (arctic for the OAuth 2.0
// protocol, jose for OpenID Connect ID tokens), each in providers/<id>.ts behind the OAuthProvider
// interface of provider.ts, and each turning its provider's answer into one OAuthProfile.
//
// Why arctic's generic OAuth2Client rather than its Google/GitHub/Twitter/Facebook classes: those
// classes hard-code their endpoint URLs as module constants, so nothing could ever answer them but
// the real provider. OAuth2Client takes the endpoint per call and sends exactly the same requests
// (client_secret_basic, PKCE S256), so every provider URL lives in its providers/ file and tests
// redirect them all to a local stand-in with config.oauthApiBase (OAUTH_API_BASE). The calls then
// go out through the real fetch to a real HTTP server: a stand-in at the network edge, not a mock
// of this module.
//
// A provider's module (and with it arctic and jose) loads on its first sign-in: a process with no
// provider configured, or one nobody signs in with, never holds them (2026-11-26-idle-modules.md).
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { loadOnce } from '../../load-once';
import type { OAuthProvider, OAuthProviderId, ProviderContext } from './provider';

export {
  type AuthorizationRequest,
  OAUTH_PROVIDER_IDS,
  type OAuthProfile,
  OAuthProfileError,
  type OAuthProvider,
  type OAuthProviderId,
} from './provider';
export { splitName } from './profile';

export interface OAuthIntegration {
  available: Record<OAuthProviderId, boolean>;
  /** The configured provider, its module loaded on first use; undefined when not configured. */
  get(id: OAuthProviderId): Promise<OAuthProvider | undefined>;
}

type ProviderConfig = Pick<Config, 'appUrl' | 'oauth' | 'oauthApiBase'>;

export function createOAuth(config: ProviderConfig, clock: Clock): OAuthIntegration {
  const context = (id: OAuthProviderId): ProviderContext => ({
    redirectUri: `${config.appUrl}/api/auth/${id}/callback`,
    url: (real) => rewrite(real, config.oauthApiBase),
    clock,
  });
  const { oidc, google, github, facebook, twitter } = config.oauth;
  const providers: Partial<Record<OAuthProviderId, () => Promise<OAuthProvider>>> = {
    oidc: oidc && loadOnce(async () => (await import('./providers/oidc')).createOidcProvider(oidc, context('oidc'))),
    google:
      google &&
      loadOnce(async () => (await import('./providers/google')).createGoogleProvider(google, context('google'))),
    github:
      github &&
      loadOnce(async () => (await import('./providers/github')).createGithubProvider(github, context('github'))),
    facebook:
      facebook &&
      loadOnce(async () =>
        (await import('./providers/facebook')).createFacebookProvider(facebook, context('facebook')),
      ),
    twitter:
      twitter &&
      loadOnce(async () => (await import('./providers/twitter')).createTwitterProvider(twitter, context('twitter'))),
  };

  return {
    available: {
      oidc: Boolean(providers.oidc),
      google: Boolean(providers.google),
      facebook: Boolean(providers.facebook),
      github: Boolean(providers.github),
      twitter: Boolean(providers.twitter),
    },
    get: async (id) => providers[id]?.(),
  };
}

/** https://host/path → BASE/host/path when a test stand-in is configured. */
function rewrite(real: string, base: string | undefined): string {
  if (!base) return real;
  const u = new URL(real);
  return `${base.replace(/\/+$/, '')}/${u.host}${u.pathname}${u.search}`;
}

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
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { OAuthProvider, OAuthProviderId, ProviderContext } from './provider';
import { createFacebookProvider } from './providers/facebook';
import { createGithubProvider } from './providers/github';
import { createGoogleProvider } from './providers/google';
import { createOidcProvider } from './providers/oidc';
import { createTwitterProvider } from './providers/twitter';

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
  get(id: OAuthProviderId): OAuthProvider | undefined;
}

type ProviderConfig = Pick<Config, 'appUrl' | 'oauth' | 'oauthApiBase'>;

export function createOAuth(config: ProviderConfig, clock: Clock): OAuthIntegration {
  const context = (id: OAuthProviderId): ProviderContext => ({
    redirectUri: `${config.appUrl}/api/auth/${id}/callback`,
    url: (real) => rewrite(real, config.oauthApiBase),
    clock,
  });
  const { oidc, google, github, facebook, twitter } = config.oauth;
  const providers: Partial<Record<OAuthProviderId, OAuthProvider>> = {
    oidc: oidc && createOidcProvider(oidc, context('oidc')),
    google: google && createGoogleProvider(google, context('google')),
    github: github && createGithubProvider(github, context('github')),
    facebook: facebook && createFacebookProvider(facebook, context('facebook')),
    twitter: twitter && createTwitterProvider(twitter, context('twitter')),
  };

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

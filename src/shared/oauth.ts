// The OAuth sign-in providers, as both sides name them, and the two answers that describe them.

export const OAUTH_PROVIDER_IDS = ['oidc', 'google', 'facebook', 'github', 'twitter'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDER_IDS)[number];
/**
 * The page shell's `<meta name>` listing the configured providers (comma-separated), so the
 * sign-in page draws its buttons on the first render instead of placeholders that then collapse.
 */
export const PROVIDERS_META = 'lockin-providers';

/** GET /api/auth/providers: the spec's map of provider to whether its sign-in is configured. */
export type ProvidersAnswer = Record<OAuthProviderId, boolean>;

/**
 * GET /api/auth/provider-names: the label each button shows ('Continue with {name}'). Only the
 * OIDC one is configurable (OIDC_NAME); it is kept out of /api/auth/providers so that answer stays
 * the spec's plain map of booleans.
 */
export type ProviderNamesAnswer = Record<OAuthProviderId, string>;

/** OIDC_NAME's default: the spec's button is 'Continue with Replit'. */
export const OIDC_DEFAULT_NAME = 'Replit';

export const PROVIDER_NAMES: ProviderNamesAnswer = {
  oidc: OIDC_DEFAULT_NAME,
  google: 'Google',
  facebook: 'Facebook',
  github: 'GitHub',
  twitter: 'X',
};

// The plain authorization-code flow with PKCE (S256) that Google, GitHub and X share: only the
// endpoints, the scopes and the profile call differ.
import { CodeChallengeMethod, generateCodeVerifier, generateState, type OAuth2Client, type OAuth2Tokens } from 'arctic';
import { exchangeCode, type OAuthProfile, type OAuthProvider, type OAuthProviderId } from './provider';

export function pkceProvider(
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
      const tokens = await exchangeCode(client, tokenUrl, code, codeVerifier);
      return profile(tokens);
    },
  };
}

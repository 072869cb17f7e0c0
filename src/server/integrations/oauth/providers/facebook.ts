// Facebook: the Graph API's /me, every call signed with appsecret_proof.
//
// Facebook's PKCE support is still marked as testing, and its token endpoint takes the secret in
// the body (client_secret_post), which OAuth2Client does not send: the request is built here, the
// way arctic's own Facebook class builds it, and parsed by arctic's OAuth2Tokens.
import { createHmac } from 'node:crypto';
import { generateCodeVerifier, generateState, OAuth2Client, OAuth2Tokens } from 'arctic';
import { z } from 'zod';
import {
  accessTokenOf,
  type Credentials,
  getJson,
  type OAuthProvider,
  OAuthProfileError,
  PROFILE_TIMEOUT_MS,
  type ProviderContext,
} from '../provider';
import { optionalText, optionalUrl } from '../profile';

/** Facebook retires Graph API versions about two years after release; move this forward then. */
const FACEBOOK_GRAPH = 'https://graph.facebook.com/v23.0';

const FACEBOOK_ENDPOINTS = {
  authorize: 'https://www.facebook.com/v23.0/dialog/oauth',
  token: `${FACEBOOK_GRAPH}/oauth/access_token`,
  me: `${FACEBOOK_GRAPH}/me`,
} as const;

const SCOPES = ['email', 'public_profile'];

const facebookMe = z.object({
  id: z.string().min(1),
  email: optionalText,
  first_name: optionalText,
  last_name: optionalText,
  picture: z.object({ data: z.object({ url: optionalUrl }).optional() }).optional(),
});

export function createFacebookProvider(credentials: Credentials, { redirectUri, url }: ProviderContext): OAuthProvider {
  const e = FACEBOOK_ENDPOINTS;
  const client = new OAuth2Client(credentials.clientId, credentials.clientSecret, redirectUri);
  return {
    id: 'facebook',
    async createAuthorization() {
      const state = generateState();
      const authorization = client.createAuthorizationURL(url(e.authorize), state, SCOPES);
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
      me.searchParams.set(
        'appsecret_proof',
        createHmac('sha256', credentials.clientSecret).update(accessToken).digest('hex'),
      );
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

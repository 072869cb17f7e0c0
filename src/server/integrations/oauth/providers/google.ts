// Google: OpenID Connect's userinfo endpoint, read with the access token; the address only when
// Google says it is verified.
import { OAuth2Client } from 'arctic';
import { z } from 'zod';
import { pkceProvider } from '../pkce';
import { type Credentials, getJson, type OAuthProvider, type ProviderContext } from '../provider';
import { optionalText, optionalUrl, splitName } from '../profile';

const GOOGLE_ENDPOINTS = {
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
} as const;

const SCOPES = ['openid', 'email', 'profile'];

const userinfo = z.object({
  sub: z.string().min(1),
  email: optionalText,
  email_verified: z.boolean().optional(),
  name: optionalText,
  given_name: optionalText,
  family_name: optionalText,
  picture: optionalUrl,
});

export function createGoogleProvider(credentials: Credentials, { redirectUri, url }: ProviderContext): OAuthProvider {
  const client = new OAuth2Client(credentials.clientId, credentials.clientSecret, redirectUri);
  const e = GOOGLE_ENDPOINTS;
  return pkceProvider('google', client, url(e.authorize), url(e.token), SCOPES, async (tokens) => {
    const info = userinfo.parse(await getJson(url(e.userinfo), tokens.accessToken()));
    return {
      providerUserId: info.sub,
      email: info.email && info.email_verified === true ? info.email : null,
      firstName: info.given_name ?? splitName(info.name)[0],
      lastName: info.family_name ?? splitName(info.name)[1],
      profileImageUrl: info.picture ?? null,
    };
  });
}

// X (Twitter): /2/users/me with the confirmed address (scope users.email grants that field).
import { OAuth2Client } from 'arctic';
import { z } from 'zod';
import { pkceProvider } from '../pkce';
import { type Credentials, getJson, type OAuthProvider, type ProviderContext } from '../provider';
import { optionalText, optionalUrl, splitName } from '../profile';

const TWITTER_ENDPOINTS = {
  authorize: 'https://twitter.com/i/oauth2/authorize',
  token: 'https://api.twitter.com/2/oauth2/token',
  me: 'https://api.twitter.com/2/users/me',
} as const;

const SCOPES = ['users.read', 'tweet.read', 'users.email'];

const twitterMe = z.object({
  data: z.object({
    id: z.string().min(1),
    name: optionalText,
    username: optionalText,
    profile_image_url: optionalUrl,
    confirmed_email: optionalText,
  }),
});

export function createTwitterProvider(credentials: Credentials, { redirectUri, url }: ProviderContext): OAuthProvider {
  const client = new OAuth2Client(credentials.clientId, credentials.clientSecret, redirectUri);
  const e = TWITTER_ENDPOINTS;
  return pkceProvider('twitter', client, url(e.authorize), url(e.token), SCOPES, async (tokens) => {
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

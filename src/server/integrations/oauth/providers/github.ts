// GitHub: the user and, separately, their addresses; only the primary verified one is taken.
// GitHub accepts PKCE (S256) since 2025, as well as the client secret.
import { OAuth2Client } from 'arctic';
import { z } from 'zod';
import { pkceProvider } from '../pkce';
import { accessTokenOf, type Credentials, getJson, type OAuthProvider, type ProviderContext } from '../provider';
import { optionalText, optionalUrl, splitName } from '../profile';

const GITHUB_ENDPOINTS = {
  authorize: 'https://github.com/login/oauth/authorize',
  token: 'https://github.com/login/oauth/access_token',
  user: 'https://api.github.com/user',
  emails: 'https://api.github.com/user/emails',
} as const;

const SCOPES = ['read:user', 'user:email'];
const HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

const githubUser = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: optionalText,
  avatar_url: optionalUrl,
});

const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

export function createGithubProvider(credentials: Credentials, { redirectUri, url }: ProviderContext): OAuthProvider {
  const client = new OAuth2Client(credentials.clientId, credentials.clientSecret, redirectUri);
  const e = GITHUB_ENDPOINTS;
  return pkceProvider('github', client, url(e.authorize), url(e.token), SCOPES, async (tokens) => {
    const token = accessTokenOf(tokens);
    const user = githubUser.parse(await getJson(url(e.user), token, HEADERS));
    const emails = githubEmails.parse(await getJson(url(e.emails), token, HEADERS));
    const primary = emails.find((m) => m.primary && m.verified);
    const [first, last] = splitName(user.name ?? null);
    return {
      providerUserId: String(user.id),
      email: primary?.email ?? null,
      firstName: first ?? user.login,
      lastName: last,
      profileImageUrl: user.avatar_url ?? null,
    };
  });
}

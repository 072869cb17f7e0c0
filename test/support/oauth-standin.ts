// A local HTTP stand-in for Google, GitHub, Facebook and X (Twitter): their authorize, token and
// profile endpoints, reached at BASE/HOST/PATH when the app runs with OAUTH_API_BASE=BASE. It
// checks what the real providers check (client credentials, redirect URI, PKCE S256, single-use
// codes) and answers in each provider's own JSON shape.
import { createHash, createHmac } from 'node:crypto';

export type StandinProvider = 'google' | 'github' | 'facebook' | 'twitter';

/** One person at a provider; fields a provider lacks are ignored. */
export interface StandinPerson {
  id: string;
  email: string | null;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  name?: string;
  login?: string;
  picture?: string;
}

interface PendingCode {
  provider: StandinProvider;
  person: StandinPerson;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
}

export interface OAuthStandin {
  base: string;
  credentials: Record<StandinProvider, { clientId: string; clientSecret: string }>;
  /** Who signs in at the provider's consent screen next. */
  signInAs(provider: StandinProvider, person: StandinPerson): void;
  /** Makes the token endpoint refuse the next exchange. */
  failNextTokenExchange(): void;
  /** Makes the token endpoint never answer the next exchange (until the stand-in closes). */
  hangNextTokenExchange(): void;
  /** Requests the stand-in received, as 'METHOD host/path'. */
  requests: string[];
  close(): void;
}

const AUTHORIZE: Record<string, StandinProvider> = {
  'accounts.google.com/o/oauth2/v2/auth': 'google',
  'github.com/login/oauth/authorize': 'github',
  'www.facebook.com/v23.0/dialog/oauth': 'facebook',
  'twitter.com/i/oauth2/authorize': 'twitter',
};
const TOKEN: Record<string, StandinProvider> = {
  'oauth2.googleapis.com/token': 'google',
  'github.com/login/oauth/access_token': 'github',
  'graph.facebook.com/v23.0/oauth/access_token': 'facebook',
  'api.twitter.com/2/oauth2/token': 'twitter',
};

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const random = () => crypto.randomUUID().replaceAll('-', '');

export function startOAuthStandin(): OAuthStandin {
  const credentials = {
    google: { clientId: 'google-client', clientSecret: 'google-secret' },
    github: { clientId: 'github-client', clientSecret: 'github-secret' },
    facebook: { clientId: 'facebook-app', clientSecret: 'facebook-secret' },
    twitter: { clientId: 'twitter-client', clientSecret: 'twitter-secret' },
  };
  const nextPerson = new Map<StandinProvider, StandinPerson>();
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, { provider: StandinProvider; person: StandinPerson }>();
  const requests: string[] = [];
  let failNext = false;
  let hangNext = false;
  const hanging = Promise.withResolvers<Response>();

  function tokenError(status: number, error: string) {
    return Response.json({ error }, { status });
  }

  async function token(provider: StandinProvider, req: Request): Promise<Response> {
    const form = new URLSearchParams(await req.text());
    const creds = credentials[provider];
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = req.headers.get('authorization');
    if (basic?.startsWith('Basic ')) {
      [clientId, clientSecret] = Buffer.from(basic.slice(6), 'base64').toString().split(':') as [string, string];
    }
    if (provider === 'facebook' && basic) return tokenError(400, 'invalid_request'); // Graph wants the secret in the body
    if (clientId !== creds.clientId || clientSecret !== creds.clientSecret) return tokenError(401, 'invalid_client');
    if (failNext) {
      failNext = false;
      return tokenError(400, 'invalid_grant');
    }
    if (hangNext) {
      hangNext = false;
      return hanging.promise;
    }
    const code = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (!code || code.provider !== provider) {
      // GitHub answers a bad code with 200 and an error body.
      return provider === 'github'
        ? Response.json({ error: 'bad_verification_code' })
        : tokenError(400, 'invalid_grant');
    }
    if (form.get('redirect_uri') !== code.redirectUri) return tokenError(400, 'invalid_grant');
    if (code.challenge !== null && s256(form.get('code_verifier') ?? '') !== code.challenge) {
      return tokenError(400, 'invalid_grant');
    }
    const accessToken = `${provider}-at-${random()}`;
    tokens.set(accessToken, { provider, person: code.person });
    return Response.json({ access_token: accessToken, token_type: 'bearer', expires_in: 3600, scope: 'x' });
  }

  function profile(path: string, url: URL, req: Request): Response {
    const bearer = req.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    const grant = tokens.get(bearer);
    if (!grant) return Response.json({ message: 'Bad credentials' }, { status: 401 });
    const p = grant.person;
    const fullName = p.name ?? ([p.firstName, p.lastName].filter(Boolean).join(' ') || undefined);
    switch (path) {
      case 'openidconnect.googleapis.com/v1/userinfo':
        return Response.json({
          sub: p.id,
          email: p.email ?? undefined,
          email_verified: p.emailVerified ?? true,
          name: fullName,
          given_name: p.firstName,
          family_name: p.lastName,
          picture: p.picture,
        });
      case 'api.github.com/user':
        if (!req.headers.get('user-agent')) return new Response('User-Agent required', { status: 403 });
        return Response.json({
          id: Number(p.id),
          login: p.login ?? `user${p.id}`,
          name: fullName ?? null,
          avatar_url: p.picture ?? null,
          email: null,
        });
      case 'api.github.com/user/emails':
        return Response.json([
          { email: `${p.id}+noreply@users.noreply.github.com`, primary: false, verified: true, visibility: null },
          ...(p.email
            ? [{ email: p.email, primary: true, verified: p.emailVerified ?? true, visibility: 'private' }]
            : []),
        ]);
      case 'graph.facebook.com/v23.0/me': {
        const proof = createHmac('sha256', credentials.facebook.clientSecret).update(bearer).digest('hex');
        if (url.searchParams.get('appsecret_proof') !== proof) {
          return Response.json({ error: { message: 'Invalid appsecret_proof' } }, { status: 400 });
        }
        return Response.json({
          id: p.id,
          email: p.email ?? undefined,
          first_name: p.firstName,
          last_name: p.lastName,
          picture: p.picture ? { data: { url: p.picture, is_silhouette: false } } : undefined,
        });
      }
      case 'api.twitter.com/2/users/me': {
        const fields = (url.searchParams.get('user.fields') ?? '').split(',');
        return Response.json({
          data: {
            id: p.id,
            name: fullName ?? p.login ?? 'X user',
            username: p.login ?? `user${p.id}`,
            ...(fields.includes('profile_image_url') && p.picture ? { profile_image_url: p.picture } : {}),
            ...(fields.includes('confirmed_email') && p.email ? { confirmed_email: p.email } : {}),
          },
        });
      }
      default:
        return Response.json({ message: 'Not Found' }, { status: 404 });
    }
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url);
      const path = url.pathname.replace(/^\/+/, '');
      requests.push(`${req.method} ${path}`);
      const authorizeFor = AUTHORIZE[path];
      if (authorizeFor && req.method === 'GET') {
        // The consent screen: the person chosen by the test agrees at once.
        const q = url.searchParams;
        const person = nextPerson.get(authorizeFor);
        if (!person) return new Response('no person chosen for this provider', { status: 500 });
        if (q.get('client_id') !== credentials[authorizeFor].clientId || q.get('response_type') !== 'code') {
          return new Response('bad authorization request', { status: 400 });
        }
        const redirectUri = q.get('redirect_uri');
        if (!redirectUri) return new Response('redirect_uri required', { status: 400 });
        const method = q.get('code_challenge_method');
        if (q.get('code_challenge') && method !== 'S256') return new Response('S256 only', { status: 400 });
        if (authorizeFor !== 'facebook' && !q.get('code_challenge'))
          return new Response('PKCE required', { status: 400 });
        const code = random();
        codes.set(code, {
          provider: authorizeFor,
          person,
          clientId: q.get('client_id')!,
          redirectUri,
          challenge: q.get('code_challenge'),
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        return Response.redirect(back.toString(), 302);
      }
      const tokenFor = TOKEN[path];
      if (tokenFor && req.method === 'POST') return token(tokenFor, req);
      if (req.method === 'GET') return profile(path, url, req);
      return new Response('not found', { status: 404 });
    },
  });

  return {
    base: `http://127.0.0.1:${server.port}`,
    credentials,
    signInAs: (provider, person) => void nextPerson.set(provider, person),
    failNextTokenExchange: () => {
      failNext = true;
    },
    hangNextTokenExchange: () => {
      hangNext = true;
    },
    requests,
    close: () => {
      hanging.resolve(tokenError(503, 'stopped'));
      void server.stop(true);
    },
  };
}

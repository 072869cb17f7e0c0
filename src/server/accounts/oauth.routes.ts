// Browser redirects of OAuth sign-in: /api/auth/{provider} starts a flow, its /callback finishes
// it, /api/login is the landing page's sign-in link. The flow's state, PKCE verifier and OIDC
// nonce wait in short-lived cookies between the two legs and are deleted when the callback reads
// them, whatever the outcome.
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ROUTES } from '../../shared/routes';
import type { AppDeps } from '../deps';
import { type AppEnv, startSession } from '../http/auth-middleware';
import { AppError } from '../http/errors';
import {
  OAUTH_PROVIDER_IDS,
  type OAuthProfile,
  type OAuthProviderId,
  createOAuth,
  type AuthorizationRequest,
} from '../integrations/oauth';
import { PROVIDER_NAMES, type ProviderNamesAnswer, type ProvidersAnswer } from '../../shared/oauth';
import { signInWithOAuth } from './oauth.service';

/** How long a started sign-in may take at the provider before it must be started again. */
export const OAUTH_FLOW_TTL_SECONDS = 10 * 60;
export const OAUTH_STATE_COOKIE = 'lockin_oauth_state';
export const OAUTH_VERIFIER_COOKIE = 'lockin_oauth_verifier';
export const OAUTH_NONCE_COOKIE = 'lockin_oauth_nonce';
const FLOW_COOKIES = [OAUTH_STATE_COOKIE, OAUTH_VERIFIER_COOKIE, OAUTH_NONCE_COOKIE];
/** The cookies are only ever read by the callback, under /api/auth. */
const COOKIE_PATH = '/api/auth';

export const AUTH_FAILED_URL = `${ROUTES.login}?error=auth_failed`;

export function oauthRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const oauth = createOAuth(deps.config, deps.clock);
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.secureCookies,
    path: COOKIE_PATH,
    maxAge: OAUTH_FLOW_TTL_SECONDS,
  } as const;

  function fail(c: Context, provider: string, reason: string, error?: unknown): Response {
    if (error === undefined) deps.log.warn(`[oauth] ${provider} sign-in refused: ${reason}`);
    else deps.log.error(`[oauth] ${provider} sign-in failed: ${reason}`, error);
    return c.redirect(AUTH_FAILED_URL, 302);
  }

  async function start(c: Context<AppEnv>, id: OAuthProviderId): Promise<Response> {
    const provider = await oauth.get(id);
    if (!provider) throw new AppError('NOT_FOUND', `Sign-in with ${id} is not configured`);
    let request: AuthorizationRequest;
    try {
      request = await provider.createAuthorization();
    } catch (error) {
      return fail(c, id, 'could not build the authorization request', error);
    }
    setCookie(c, OAUTH_STATE_COOKIE, `${id}.${request.state}`, cookieOptions);
    setCookie(c, OAUTH_VERIFIER_COOKIE, request.codeVerifier, cookieOptions);
    if (request.nonce) setCookie(c, OAUTH_NONCE_COOKIE, request.nonce, cookieOptions);
    else if (getCookie(c, OAUTH_NONCE_COOKIE)) deleteCookie(c, OAUTH_NONCE_COOKIE, cookieOptions);
    return c.redirect(request.url.toString(), 302);
  }

  routes.get('/auth/providers', (c) => c.json<ProvidersAnswer>(oauth.available));

  // The buttons' labels, apart from the spec's map above: only OIDC_NAME varies.
  routes.get('/auth/provider-names', (c) =>
    c.json<ProviderNamesAnswer>({ ...PROVIDER_NAMES, oidc: deps.config.oidcName }),
  );

  // The spec's sign-in link: the OpenID Connect issuer when one is configured, else the form
  // (the sign-up form when the link asks for it: 'Get Started Free').
  routes.get('/login', async (c) =>
    oauth.available.oidc
      ? start(c, 'oidc')
      : c.redirect(c.req.query('signup') === undefined ? ROUTES.login : ROUTES.signup, 302),
  );

  // One route per provider rather than one ':provider{a|b}' pattern: Hono's RegExpRouter (its
  // fastest, which answers every request) refuses a pattern parameter beside '/auth/user'.
  for (const id of OAUTH_PROVIDER_IDS) {
    routes.get(`/auth/${id}`, (c) => start(c, id));
    routes.get(`/auth/${id}/callback`, (c) => finish(c, id));
  }

  async function finish(c: Context<AppEnv>, id: OAuthProviderId): Promise<Response> {
    const provider = await oauth.get(id);
    if (!provider) throw new AppError('NOT_FOUND', `Sign-in with ${id} is not configured`);

    const saved = Object.fromEntries(FLOW_COOKIES.map((name) => [name, getCookie(c, name)]));
    for (const name of FLOW_COOKIES) if (saved[name] !== undefined) deleteCookie(c, name, cookieOptions);

    const { code, state, error } = c.req.query();
    if (error) return fail(c, id, `provider answered error=${JSON.stringify(error.slice(0, 100))}`);
    if (!code || !state) return fail(c, id, 'callback without code or state');
    if (!saved[OAUTH_STATE_COOKIE] || saved[OAUTH_STATE_COOKIE] !== `${id}.${state}`) {
      return fail(c, id, 'state does not match the state cookie (missing, expired or tampered)');
    }
    const verifier = saved[OAUTH_VERIFIER_COOKIE];
    if (!verifier) return fail(c, id, 'PKCE verifier cookie missing');

    let profile: OAuthProfile;
    try {
      profile = await provider.finish(code, verifier, saved[OAUTH_NONCE_COOKIE] ?? null);
    } catch (err) {
      return fail(c, id, 'code exchange or profile fetch failed', err);
    }
    try {
      const result = await signInWithOAuth(deps, id, profile);
      await startSession(c, deps, result.userId);
      deps.log.info(`[oauth] ${id} sign-in: ${result.created ? 'new' : 'returning'} user ${result.userId}`);
      return c.redirect(ROUTES.home, 302);
    } catch (err) {
      if (err instanceof AppError) return fail(c, id, err.message);
      return fail(c, id, 'could not sign the user in', err);
    }
  }

  return routes;
}

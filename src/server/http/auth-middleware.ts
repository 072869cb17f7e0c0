// Loads the signed-in user from the session cookie for every /api request.
import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Context } from 'hono';
import { SESSION_COOKIE } from '../../shared/constants';
import type { Session, SessionUser } from '../accounts/sessions';
import { createSession, generateSessionToken, invalidateSession, validateSessionToken } from '../accounts/sessions';
import type { AppDeps } from '../deps';
import { AppError } from './errors';

export interface AuthState {
  user: SessionUser;
  session: Session;
}

export type AppEnv = { Variables: { auth: AuthState | null } };

export function setSessionCookie(c: Context, deps: AppDeps, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.secureCookies,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context, deps: AppDeps): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: deps.config.secureCookies });
}

export function loadSession(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    c.set('auth', null);
    if (token) {
      const result = await validateSessionToken(deps.db, deps.clock, token);
      if (result) {
        c.set('auth', { user: result.user, session: result.session });
        if (result.renewed) setSessionCookie(c, deps, token, result.session.expiresAt);
      } else {
        clearSessionCookie(c, deps);
      }
    }
    return next();
  };
}

/** For REST shims: the signed-in user, or a 401. */
export function requireAuth(c: Context<AppEnv>): AuthState {
  const auth = c.get('auth');
  if (!auth) throw new AppError('UNAUTHORIZED', 'Not signed in');
  return auth;
}

/**
 * Starts a fresh session for the user (a new token at every sign-in) and sets the cookie. Any
 * session this browser already had ends first, so a replaced cookie never stays valid.
 */
export async function startSession(c: Context<AppEnv>, deps: AppDeps, userId: string): Promise<void> {
  const previous = c.get('auth');
  if (previous) await invalidateSession(deps.db, previous.session.id);
  const token = generateSessionToken();
  const session = await createSession(deps.db, deps.clock, userId, token);
  setSessionCookie(c, deps, token, session.expiresAt);
}

// Loads the signed-in user from the session cookie for every /api request.
import type { MiddlewareHandler } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
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

export type AppEnv = {
  Variables: {
    auth: AuthState | null;
    /** The request's route label for the log and the metrics (ops/metrics.ts RouteLabels). */
    route?: string;
    /** The id sent back as X-Request-Id (ops/request-log.ts). */
    requestId?: string;
  };
};

/** The Set-Cookie line that stores a session's token until `expiresAt`. */
const sessionCookie = (deps: AppDeps, token: string, expiresAt: Date) =>
  generateCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.secureCookies,
    path: '/',
    expires: expiresAt,
  });

/** The Set-Cookie line that removes the session cookie (what Hono's deleteCookie writes). */
const clearedSessionCookie = (deps: AppDeps) =>
  generateCookie(SESSION_COOKIE, '', { path: '/', secure: deps.config.secureCookies, maxAge: 0 });

// As Hono's setCookie does: appended, so a handler may both clear and set cookies in one answer.
export function setSessionCookie(c: Context, deps: AppDeps, token: string, expiresAt: Date): void {
  c.header('Set-Cookie', sessionCookie(deps, token, expiresAt), { append: true });
}

export function clearSessionCookie(c: Context, deps: AppDeps): void {
  c.header('Set-Cookie', clearedSessionCookie(deps), { append: true });
}

const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`;

/** True when the answer already sets the session cookie (a sign-in or sign-out handler did). */
const setsSessionCookie = (headers: Headers) => headers.getSetCookie().some((c) => c.startsWith(SESSION_COOKIE_PREFIX));

export function loadSession(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    c.set('auth', null);
    // What the answer must tell the browser about its cookie: a renewed expiry, or that it is dead.
    let cookie: string | undefined;
    if (token) {
      const result = await validateSessionToken(deps.db, deps.clock, token);
      if (result) {
        c.set('auth', { user: result.user, session: result.session });
        if (result.renewed) cookie = sessionCookie(deps, token, result.session.expiresAt);
      } else {
        cookie = clearedSessionCookie(deps);
      }
    }
    await next();
    // Put on the answer once it is made: an answer its handler builds itself (every tRPC one) does
    // not carry headers set on the context before it, so a renewal made by a tRPC call was written
    // to the database but never reached the browser, whose cookie then expired at the old time. A
    // handler that set the session cookie itself (sign-in, sign-out) has the last word.
    if (cookie && !setsSessionCookie(c.res.headers)) c.res.headers.append('Set-Cookie', cookie);
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

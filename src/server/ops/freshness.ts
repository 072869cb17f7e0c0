// Read-your-writes across processes, exactly. The per-process caches (sessions, plan rows,
// Today's Focus) learn of another process's write by NOTIFY, a moment after its commit; a client
// whose next read reaches another process in that moment would see its own write missing. So every
// successful write answers with a short-lived cookie holding the time it committed, and while a
// request carries it, no cache entry whose read began before that time (less a margin for the
// processes' clocks) is served: the read goes to the database. Other clients are unaffected.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/auth-middleware';
import { getCookie, setCookie } from 'hono/cookie';

export const FRESH_COOKIE = 'lockin_fresh';
/** The processes' clocks may disagree by this much (NTP keeps servers far closer). */
export const CLOCK_MARGIN_MS = 1_000;
/** Longer than any cache entry lives (10 s) plus the margin: after that every entry is newer. */
const FRESH_COOKIE_SECONDS = 12;

const required = new AsyncLocalStorage<number>();

/** The earliest read start a cache entry may have to answer this request (0: any). */
export function requiredReadStart(): number {
  return required.getStore() ?? 0;
}

/** A time token for a cache read that starts now: when it began, for requiredReadStart. */
export const readStartTime = (): number => Date.now();

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function freshReads(options: { secure: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const wroteAt = Number(getCookie(c, FRESH_COOKIE));
    const floor = Number.isSafeInteger(wroteAt) && wroteAt > 0 ? wroteAt + CLOCK_MARGIN_MS : 0;
    // Without the cookie the store stays empty (requiredReadStart: 0); entering a context costs
    // a request that needs none a measurable share of a cached read.
    if (floor > 0) await required.run(floor, next);
    else await next();
    // Only a signed-in user's writes reach the caches (a visitor's sign-in or reset request does
    // not, and must answer exactly alike whether or not the account exists).
    if (UNSAFE.has(c.req.method) && c.res.status < 400 && c.get('auth')) {
      setCookie(c, FRESH_COOKIE, String(Date.now()), {
        path: '/api',
        httpOnly: true,
        sameSite: 'Lax',
        secure: options.secure,
        maxAge: FRESH_COOKIE_SECONDS,
      });
    }
  };
}

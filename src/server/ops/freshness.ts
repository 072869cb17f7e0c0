// Read-your-writes across processes, exactly. The per-process caches (sessions, plan rows,
// Today's Focus) learn of another process's write by NOTIFY, a moment after its commit; a client
// whose next read reaches another process in that moment would see its own write missing. So every
// successful write answers with a short-lived cookie holding the time it committed, and while a
// request carries it, no cache entry whose read began before that time (less a margin for the
// processes' clocks) is served: the read goes to the database. Other clients are unaffected.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/auth-middleware';
import { UNSAFE_METHODS } from '../http/security';
import { generateCookie, getCookie } from 'hono/cookie';

export const FRESH_COOKIE = 'lockin_fresh';
/**
 * Set beside FRESH_COOKIE by a write that changed the account itself (its user row or sessions):
 * only then does the session cache pass over older entries. A client that keeps writing tasks would
 * otherwise read its session from the database on every request, for a row none of those writes
 * touch.
 */
export const FRESH_ACCOUNT_COOKIE = 'lockin_fresh_account';
/** The processes' clocks may disagree by this much (NTP keeps servers far closer). */
export const CLOCK_MARGIN_MS = 1_000;
/** Longer than any cache entry lives (10 s) plus the margin: after that every entry is newer. */
const FRESH_COOKIE_SECONDS = 12;

interface Freshness {
  /** The earliest read start any cache entry may have to answer this request (0: any). */
  data: number;
  /** The same for the session cache: moved only by a write to the account. */
  account: number;
  /** Set during a write that changed the account (accountWritten). */
  wroteAccount: boolean;
}

const required = new AsyncLocalStorage<Freshness>();

/** The earliest read start a cache entry may have to answer this request (0: any). */
export function requiredReadStart(): number {
  return required.getStore()?.data ?? 0;
}

/** The same for a cached session and its user row: only the client's writes to its account move it. */
export function requiredAccountReadStart(): number {
  return required.getStore()?.account ?? 0;
}

/** Called where a request changes a user row or ends sessions, so its answer carries FRESH_ACCOUNT_COOKIE. */
export function accountWritten(): void {
  const store = required.getStore();
  if (store) store.wroteAccount = true;
}

/** A time token for a cache read that starts now: when it began, for requiredReadStart. */
export const readStartTime = (): number => Date.now();

const UNSAFE: ReadonlySet<string> = new Set(UNSAFE_METHODS);

/** The read-start floor a fresh cookie's write time asks for (0 without a valid one). */
function floorOf(cookie: string | undefined): number {
  const wroteAt = Number(cookie);
  return Number.isSafeInteger(wroteAt) && wroteAt > 0 ? wroteAt + CLOCK_MARGIN_MS : 0;
}

export function freshReads(options: { secure: boolean }): MiddlewareHandler<AppEnv> {
  const cookieOptions = {
    path: '/api',
    httpOnly: true,
    sameSite: 'Lax',
    secure: options.secure,
    maxAge: FRESH_COOKIE_SECONDS,
  } as const;
  return async (c, next) => {
    const account = floorOf(getCookie(c, FRESH_ACCOUNT_COOKIE));
    // A write to the account is a write: it moves every cache's floor.
    const data = Math.max(floorOf(getCookie(c, FRESH_COOKIE)), account);
    const unsafe = UNSAFE.has(c.req.method);
    // Without a cookie a read stays out of any context (requiredReadStart: 0): entering one costs
    // a request that needs none a measurable share of a cached read. A write enters one to learn
    // whether it changed the account.
    const store: Freshness | undefined = data > 0 || unsafe ? { data, account, wroteAccount: false } : undefined;
    if (store) await required.run(store, next);
    else await next();
    // Only a signed-in user's writes reach the caches (a visitor's sign-in or reset request does
    // not, and must answer exactly alike whether or not the account exists).
    if (unsafe && c.res.status < 400 && c.get('auth')) {
      const now = String(Date.now());
      // On the answer's own headers: setCookie (c.header) on an answer already made copies it
      // first, and the copy's body is a stream the server then has to pipe (~10 µs a write).
      c.res.headers.append('Set-Cookie', generateCookie(FRESH_COOKIE, now, cookieOptions));
      if (store?.wroteAccount)
        c.res.headers.append('Set-Cookie', generateCookie(FRESH_ACCOUNT_COOKIE, now, cookieOptions));
    }
  };
}

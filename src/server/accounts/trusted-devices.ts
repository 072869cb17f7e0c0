// Device cookies (OWASP's design against lockout): a browser that signed in to an account gets a
// random token in an HttpOnly cookie. When a sign-in to that account shows it, the attempt counts
// against that device alone (login:device), never against the account's per-email limits, so an
// attacker guessing passwords from anywhere cannot stop the owner's own browser. The token grants
// nothing by itself: the password is still checked. Only its SHA-256 is stored.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEVICE_COOKIE } from '../../shared/constants';
import type { Db } from '../db/client';
import { trustedDevices } from '../db/schema';
import type { AppDeps } from '../deps';
import { hashToken } from './sessions';

/** Remembered per account at most; the least recently used is forgotten first. */
export const DEVICES_PER_USER = 20;
const DEVICE_TTL_MS = 365 * 24 * 60 * 60_000;

/** The user this device cookie was issued to (and still remembered for), or null. */
export async function trustedDeviceUser(db: Db, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .where(eq(trustedDevices.tokenHash, hashToken(token)))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * After a successful sign-in: keeps the device's token when it is already this user's (touching
 * its last use), else issues a new one; keeps at most DEVICES_PER_USER per user. Returns the token.
 */
export async function rememberDevice(deps: Pick<AppDeps, 'db' | 'clock'>, userId: string, token?: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (token) {
      const [kept] = await tx
        .update(trustedDevices)
        .set({ lastUsedAt: now })
        .where(and(eq(trustedDevices.tokenHash, hashToken(token)), eq(trustedDevices.userId, userId)))
        .returning({ tokenHash: trustedDevices.tokenHash });
      if (kept) return token;
    }
    const fresh = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
    await tx.insert(trustedDevices).values({ tokenHash: hashToken(fresh), userId, createdAt: now, lastUsedAt: now });
    const newest = tx
      .select({ tokenHash: trustedDevices.tokenHash })
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, userId))
      .orderBy(desc(trustedDevices.lastUsedAt))
      .limit(DEVICES_PER_USER);
    await tx
      .delete(trustedDevices)
      .where(and(eq(trustedDevices.userId, userId), notInArray(trustedDevices.tokenHash, newest)));
    return fresh;
  });
}

export function readDeviceCookie(c: Context): string | undefined {
  return getCookie(c, DEVICE_COOKIE);
}

export function setDeviceCookie(c: Context, deps: Pick<AppDeps, 'config'>, token: string): void {
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.config.secureCookies,
    // Only the sign-in and registration calls need it.
    path: '/api/auth',
    maxAge: DEVICE_TTL_MS / 1000,
  });
}

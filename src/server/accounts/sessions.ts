// Sessions after Lucia's guide: a random token lives in the cookie, only its SHA-256 in the
// database. Idle expiry slides forward on use; an absolute lifetime caps it.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { eq, lt, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS, SESSION_RENEW_WITHIN_MS } from '../../shared/constants';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { reusableStatement } from '../db/reusable-statements';
import { sessions, users } from '../db/schema';
import { accountWritten } from '../ops/freshness';
import { sessionCache } from './session-cache';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  timeZone: string;
}

/** The user columns a session carries, and the only ones that may leave the server (never the hash). */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  timeZone: users.timeZone,
};

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
}

export function generateSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * Runs on every signed-in request (the session cache is keyed by it): Bun's one-shot native
 * SHA-256, ~0.2 µs against 2 µs in JS and 1 µs through node:crypto's Hash objects.
 */
export function hashToken(token: string): string {
  return Bun.SHA256.hash(token, 'hex');
}

export async function createSession(db: Db, clock: Clock, userId: string, token: string): Promise<Session> {
  const now = clock.now();
  const session: Session = {
    id: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_TIMEOUT_MS),
  };
  await db.insert(sessions).values(session);
  return session;
}

export interface ValidatedSession {
  session: Session;
  user: SessionUser;
  /** True when the expiry moved and the cookie should be sent again. */
  renewed: boolean;
}

/**
 * Read whenever the process's cache has no fresh copy: after each of a client's own account
 * changes (ops/freshness.ts), after the cache's few seconds, on another process. Built once
 * (reusable-statements.ts).
 */
const sessionWithUser = reusableStatement((db) =>
  db
    .select({
      session: {
        id: sessions.id,
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
      },
      user: sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_with_user'),
);

/**
 * The session and its user for a cookie's token, or null. A session validated in the last few
 * seconds comes from the process's cache (see session-cache.ts); expiry and renewal are decided
 * on every call either way, with the request's clock.
 */
export async function validateSessionToken(db: Db, clock: Clock, token: string): Promise<ValidatedSession | null> {
  const id = hashToken(token);
  let found = sessionCache.get(db, id);
  if (!found) {
    const readStartedAt = sessionCache.snapshot();
    const rows = await sessionWithUser(db, { id });
    const row = rows[0];
    if (!row) return null;
    found = row;
    sessionCache.set(db, row, readStartedAt);
  }
  const now = clock.now().getTime();
  const absoluteEnd = found.session.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS;
  if (now >= found.session.expiresAt.getTime() || now >= absoluteEnd) {
    await invalidateSession(db, id);
    return null;
  }
  let session = found.session;
  let renewed = false;
  // Sliding expiry: written at most once per renewal window (the cached copy carries the new one).
  if (now >= session.expiresAt.getTime() - SESSION_RENEW_WITHIN_MS) {
    const expiresAt = new Date(Math.min(now + SESSION_IDLE_TIMEOUT_MS, absoluteEnd));
    if (expiresAt.getTime() > session.expiresAt.getTime()) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
      session = { ...session, expiresAt };
      sessionCache.update(db, { session, user: found.user });
      renewed = true;
    }
  }
  return { session, user: found.user, renewed };
}

/** Ends one session: gone from the database and, at once, from this process's cache. */
export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  sessionCache.dropSession(sessionId);
  accountWritten();
}

/**
 * Drops the cached sessions of a user whose row or sessions just changed (profile, time zone,
 * password reset), so the next request reads them afresh. Call after the change commits.
 */
export function forgetCachedUser(userId: string): void {
  sessionCache.dropUser(userId);
  accountWritten();
}

export async function deleteExpiredSessions(db: Db, clock: Clock): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, clock.now()));
}

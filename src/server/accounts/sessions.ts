// Sessions after Lucia's guide: a random token lives in the cookie, only its SHA-256 in the
// database. Idle expiry slides forward on use; an absolute lifetime caps it.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq, lt } from 'drizzle-orm';
import {
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_RENEW_WITHIN_MS,
} from '../../shared/constants';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

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

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
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

export async function validateSessionToken(db: Db, clock: Clock, token: string): Promise<ValidatedSession | null> {
  const id = hashToken(token);
  const rows = await db
    .select({
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt },
      user: sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = clock.now().getTime();
  const absoluteEnd = row.session.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS;
  if (now >= row.session.expiresAt.getTime() || now >= absoluteEnd) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let renewed = false;
  if (now >= row.session.expiresAt.getTime() - SESSION_RENEW_WITHIN_MS) {
    const expiresAt = new Date(Math.min(now + SESSION_IDLE_TIMEOUT_MS, absoluteEnd));
    if (expiresAt.getTime() > row.session.expiresAt.getTime()) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
      row.session.expiresAt = expiresAt;
      renewed = true;
    }
  }
  return { session: row.session, user: row.user, renewed };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Db, clock: Clock): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, clock.now()));
}

// Sessions after Lucia's guide: a random token lives in the cookie, only its SHA-256 in the
// database. Idle expiry slides forward on use; an absolute lifetime caps it.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { eq, getTableColumns, lt, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS, SESSION_RENEW_WITHIN_MS } from '../../shared/constants';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { sessions, subscriptions, users } from '../db/schema';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  timeZone: string;
  /** The user's subscription row, read with the session: the request's plan (plans/plan-status.ts). Never sent out. */
  subscription?: typeof subscriptions.$inferSelect | null;
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
  /** This device's sync windows (lockin/sync-stamp.ts); null until its first stamp. */
  syncWindowAt: Date | null;
  previousSyncWindowAt: Date | null;
}

export function generateSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Runs on every signed-in request: Bun's one-shot native SHA-256. */
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
    syncWindowAt: null,
    previousSyncWindowAt: null,
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

const sessionWithUser = preparedPerDatabase((db) =>
  db
    .select({
      session: {
        id: sessions.id,
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
        syncWindowAt: sessions.syncWindowAt,
        previousSyncWindowAt: sessions.previousSyncWindowAt,
      },
      user: sessionUserColumns,
      subscription: getTableColumns(subscriptions),
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_with_user'),
);

/**
 * The session and its user for a cookie's token, or null: one query on every signed-in request.
 * Expiry and renewal are decided here with the request's clock.
 */
export async function validateSessionToken(db: Db, clock: Clock, token: string): Promise<ValidatedSession | null> {
  const id = hashToken(token);
  const [found] = await sessionWithUser(db).execute({ id });
  if (!found) return null;
  const now = clock.now().getTime();
  const absoluteEnd = found.session.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS;
  if (now >= found.session.expiresAt.getTime() || now >= absoluteEnd) {
    await invalidateSession(db, id);
    return null;
  }
  let session = found.session;
  let renewed = false;
  // Sliding expiry: written at most once per renewal window.
  if (now >= session.expiresAt.getTime() - SESSION_RENEW_WITHIN_MS) {
    const expiresAt = new Date(Math.min(now + SESSION_IDLE_TIMEOUT_MS, absoluteEnd));
    if (expiresAt.getTime() > session.expiresAt.getTime()) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
      session = { ...session, expiresAt };
      renewed = true;
    }
  }
  return { session, user: { ...found.user, subscription: found.subscription }, renewed };
}

/** Ends one session. */
export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Db, clock: Clock): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, clock.now()));
}

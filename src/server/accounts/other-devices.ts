// Every credential of an account but the browser that asked: 'Sign out of all other devices'
// (Manage Account) and a password reset end the same things. Other sign-ins end, the other
// browsers' device cookies are forgotten (so a sign-in there is a stranger's again), their push
// subscriptions go (a lost phone stops showing session reminders), and every connected browser
// extension is disconnected (it asks to be connected again): a credential that outlived the
// password would keep reading the user's list, task and session times.
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { extensionTokens, pushSubscriptions, sessions, trustedDevices } from '../db/schema';
import type { AppDeps } from '../deps';
import type { Tx } from '../db/client';
import { hashToken } from './sessions';

/** What the asking browser keeps: its sign-in (if it has one), its device cookie, its push endpoint. */
export interface KeptCredentials {
  sessionId?: string;
  deviceToken?: string;
  pushEndpoint?: string;
}

/** Ends every credential of `userId` but `keep`, in the caller's transaction; answers the sign-ins ended. */
export async function endOtherCredentials(tx: Tx, userId: string, keep: KeptCredentials): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep.sessionId ? ne(sessions.id, keep.sessionId) : undefined))
    .returning({ id: sessions.id });
  await tx
    .delete(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        keep.deviceToken ? ne(trustedDevices.tokenHash, hashToken(keep.deviceToken)) : undefined,
      ),
    );
  // A subscription made before sign-ins were recorded with it has no session: this browser
  // names its own endpoint, and every other goes.
  await tx
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        keep.sessionId
          ? or(isNull(pushSubscriptions.sessionId), ne(pushSubscriptions.sessionId, keep.sessionId))
          : undefined,
        keep.pushEndpoint ? ne(pushSubscriptions.endpoint, keep.pushEndpoint) : undefined,
      ),
    );
  await tx.delete(extensionTokens).where(eq(extensionTokens.userId, userId));
  return ended.length;
}

export interface OtherDevicesSignedOut {
  /** Sign-ins ended (this one stays). */
  sessionsEnded: number;
}

export async function signOutOtherDevices(
  deps: Pick<AppDeps, 'db'>,
  current: { userId: string; sessionId: string },
  keep: { deviceToken?: string; pushEndpoint?: string },
): Promise<OtherDevicesSignedOut> {
  const sessionsEnded = await deps.db.transaction((tx) =>
    endOtherCredentials(tx, current.userId, { ...keep, sessionId: current.sessionId }),
  );
  return { sessionsEnded };
}

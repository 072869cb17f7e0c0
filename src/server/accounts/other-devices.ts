// 'Sign out of all other devices' (Manage Account): every sign-in of the account but this one
// ends, the other browsers' device cookies are forgotten (so a sign-in there is a stranger's
// again), their push subscriptions go, so a lost phone stops showing session reminders, and every
// connected browser extension is disconnected (it asks to be connected again).
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { extensionTokens, pushSubscriptions, sessions, trustedDevices } from '../db/schema';
import type { AppDeps } from '../deps';
import { hashToken } from './sessions';

export interface OtherDevicesSignedOut {
  /** Sign-ins ended (this one stays). */
  sessionsEnded: number;
}

export async function signOutOtherDevices(
  deps: Pick<AppDeps, 'db'>,
  current: { userId: string; sessionId: string },
  keep: { deviceToken?: string; pushEndpoint?: string },
): Promise<OtherDevicesSignedOut> {
  const { userId, sessionId } = current;
  return deps.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)))
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
          or(isNull(pushSubscriptions.sessionId), ne(pushSubscriptions.sessionId, sessionId)),
          keep.pushEndpoint ? ne(pushSubscriptions.endpoint, keep.pushEndpoint) : undefined,
        ),
      );
    await tx.delete(extensionTokens).where(eq(extensionTokens.userId, userId));
    return { sessionsEnded: ended.length };
  });
}

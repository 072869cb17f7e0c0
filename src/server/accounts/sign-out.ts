// 'Sign Out' of this browser. When it was the account's last sign-in the person is signed out of
// everything, and leaves the Focus-together rooms they joined (issue #49): a room shows who is
// there, and nobody is there any more.
import { count, eq } from 'drizzle-orm';
import { sessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { leaveRoomsSignedOut } from '../rooms/rooms.service';

export async function signOut(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  session: { id: string; userId: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, session.id));
    const [left] = await tx.select({ n: count() }).from(sessions).where(eq(sessions.userId, session.userId));
    if ((left?.n ?? 0) === 0) await leaveRoomsSignedOut(tx, session.userId, deps.clock.now());
  });
}

// Deleting an account: the typed email confirms it, the account is marked so no checkout opens for
// it any more, every subscription and open checkout is ended at the provider (so nobody is billed
// for an account that no longer exists), then one transaction removes
// the user row (every user-owned table cascades), its sessions and the rate-limit counters keyed
// on its email.
import { eq, like, or } from 'drizzle-orm';
import { hashToken } from '../accounts/sessions';
import { DATA_MESSAGES } from '../../shared/data';
import { rateLimits, sessions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { cancelSubscriptionImmediately } from '../plans/plans.service';

/**
 * The call into the plans domain, in an object so a test can watch it being made (and the order:
 * the subscription is cancelled before anything is deleted).
 */
export const deletionSeams = {
  /** Ends a demo or Stripe subscription at once (not at period end). */
  cancelSubscription: (deps: AppDeps, userId: string): Promise<void> => cancelSubscriptionImmediately(deps, userId),
};

export interface DeletedAccount {
  sessionsEnded: number;
}

export async function deleteAccount(
  deps: AppDeps,
  user: { id: string; email: string },
  input: { email: string },
): Promise<DeletedAccount> {
  if (input.email.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
    throw new AppError('BAD_REQUEST', DATA_MESSAGES.emailMismatch);
  }
  // From here no checkout opens for this account (plans/subscription-store.ts lockCheckoutOwner):
  // one recorded before the mark is at the provider by now, and cancelling below ends it.
  await deps.db.update(users).set({ deletingAt: deps.clock.now() }).where(eq(users.id, user.id));
  try {
    await deletionSeams.cancelSubscription(deps, user.id);
  } catch (error) {
    // Nothing is deleted while the provider may still bill: the person can try again, and buy again.
    await deps.db.update(users).set({ deletingAt: null }).where(eq(users.id, user.id));
    deps.log.error('account deletion: cancelling the subscription failed', error);
    throw new AppError('INTERNAL', DATA_MESSAGES.cancelFailed);
  }
  const ended = await deps.db.transaction(async (tx) => {
    // Sessions are deleted explicitly (not only by cascade) to count them for the answer.
    const gone = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
    const [deleted] = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
    if (!deleted) throw new AppError('NOT_FOUND', 'Account not found');
    // Counters keyed on the email or the user id (hashed, whatever the rule) are this person's
    // too; per-IP counters are nobody's alone.
    const subjects = [hashToken(user.email.trim().toLowerCase()), hashToken(user.id.trim().toLowerCase())];
    await tx.delete(rateLimits).where(or(...subjects.map((hash) => like(rateLimits.key, `%:${hash}`))));
    return gone.length;
  });
  deps.log.info(`account deleted (${ended} sessions ended)`);
  return { sessionsEnded: ended };
}

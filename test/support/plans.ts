// Test factory: puts a user on a plan by writing the subscription row the plans rule reads.
import type { AppDeps } from '../../src/server/deps';
import { subscriptions } from '../../src/server/db/schema';

const DAY_MS = 24 * 60 * 60_000;

/** 'active': a paid demo plan for 30 days; 'trial': a 7-day trial without a payment method. */
export async function makePremium(deps: AppDeps, userId: string, kind: 'active' | 'trial' = 'active'): Promise<void> {
  const now = deps.clock.now().getTime();
  const row =
    kind === 'trial'
      ? { status: 'trialing', trialEndsAt: new Date(now + 7 * DAY_MS), hasUsedTrial: true, hasPaymentMethod: false }
      : { status: 'active', currentPeriodEnd: new Date(now + 30 * DAY_MS), hasPaymentMethod: true };
  await deps.db
    .insert(subscriptions)
    .values({ userId, provider: 'demo', ...row })
    .onConflictDoUpdate({ target: subscriptions.userId, set: row });
}

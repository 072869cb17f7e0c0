// Plans bought through the demo checkout (decisions.md §3) exist only in this database: nothing
// bills them and the demo renews them itself. When a server no longer runs the demo checkout
// (Stripe configured, or production without DEMO_CHECKOUT), each such plan is set to end where its
// running period or trial ends, at its next renewal at the latest, and Manage Account says why
// (docs/decisions/2026-11-28-demo-plans-end.md). Run at start; idempotent across processes.
import { and, eq, inArray } from 'drizzle-orm';
import { subscriptions } from '../db/schema';
import type { AppDeps } from '../deps';
import { currentPeriodEnd, DEMO_OFF_REASON, decidePlanStatus } from './plan-status';

/** Answers how many demo plans were set to end. */
export async function endDemoPlansWhenDemoIsOff(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'log'>,
): Promise<number> {
  if (deps.config.demoCheckout) return 0;
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'demo'),
        eq(subscriptions.cancelAtPeriodEnd, false),
        inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
      ),
    );
  let ended = 0;
  for (const row of rows) {
    const plan = decidePlanStatus(row, now);
    if (!plan.premium) continue;
    const end = plan.trialActive ? row.trialEndsAt : currentPeriodEnd(row, now);
    const changed = await deps.db
      .update(subscriptions)
      .set({
        cancelAtPeriodEnd: true,
        currentPeriodEnd: end,
        cancelReason: DEMO_OFF_REASON,
        canceledAt: now,
        updatedAt: now,
      })
      .where(and(eq(subscriptions.userId, row.userId), eq(subscriptions.cancelAtPeriodEnd, false)))
      .returning({ userId: subscriptions.userId });
    ended += changed.length;
  }
  if (ended > 0) deps.log.warn(`demo checkout is off: ${ended} demo plan(s) set to end at their period's end`);
  return ended;
}

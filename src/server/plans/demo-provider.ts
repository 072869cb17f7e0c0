// The built-in demo checkout (decisions.md §3): no card, no outside service. A checkout session is
// a row in checkout_sessions; the app's own /demo-checkout page completes or cancels it. A demo
// trial has no payment method until 'Add Payment Method' (a 'card' checkout) gives it one: the
// trial then runs on and converts to the paid plan at its end. A demo paid plan renews itself
// monthly until cancelled (see currentPeriodEnd in plans/plan-status.ts). Like Stripe, a user has
// at most one open checkout: a new one expires the others.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, ne } from 'drizzle-orm';
import { TRIAL_DAYS } from '../../shared/constants';
import { ROUTES } from '../../shared/routes';
import { type DemoCheckoutView, PLAN_MESSAGES } from '../../shared/plans';
import { checkoutSessions, subscriptions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { addMonths, currentPeriodEnd, decidePlanStatus, readSubscription } from './plan-status';
import { lockCheckoutOwner, lockSubscription, updateSubscription } from './subscription-store';
import type { PaymentProvider } from './payment-provider';

const DAY_MS = 24 * 60 * 60_000;

export const DEMO_MESSAGES = {
  notFound: 'Checkout session not found',
  expired: 'This checkout session has been cancelled. Start again from the subscribe page.',
  trialUsed: 'The free trial has already been used. Subscribe to get Premium.',
  noTrialForCard:
    'Your trial is no longer running, so there is no trial to add a card to. Start again from the subscribe page.',
} as const;

function randomId(prefix: string): string {
  return `${prefix}_${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))}`;
}

export function createDemoProvider(): PaymentProvider {
  return {
    kind: 'demo',

    async createCheckout(deps, user, { purpose }) {
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        await lockCheckoutOwner(tx, user.id);
        // Under the user's subscription row lock when there is a row, so two requests at once agree
        // on one session.
        await tx
          .select({ userId: subscriptions.userId })
          .from(subscriptions)
          .where(eq(subscriptions.userId, user.id))
          .for('update');
        const open = await tx
          .select({ id: checkoutSessions.id, mode: checkoutSessions.mode })
          .from(checkoutSessions)
          .where(
            and(
              eq(checkoutSessions.userId, user.id),
              eq(checkoutSessions.provider, 'demo'),
              eq(checkoutSessions.status, 'open'),
            ),
          );
        const reusable = open.find((session) => session.mode === purpose);
        await tx
          .update(checkoutSessions)
          .set({ status: 'expired' })
          .where(
            and(
              eq(checkoutSessions.userId, user.id),
              eq(checkoutSessions.status, 'open'),
              ...(reusable ? [ne(checkoutSessions.id, reusable.id)] : []),
            ),
          );
        const id = reusable?.id ?? randomId('demo_cs');
        if (!reusable)
          await tx
            .insert(checkoutSessions)
            .values({ id, userId: user.id, provider: 'demo', mode: purpose, createdAt: now });
        return { sessionId: id, url: `${deps.config.appUrl}${ROUTES.demoCheckout}?session=${encodeURIComponent(id)}` };
      });
    },

    async confirmCheckout(deps, userId, sessionId) {
      // Completing the demo page already applied the plan (as Stripe's webhook would); the
      // success page's activation only confirms that this user's session really completed.
      const [session] = await deps.db
        .select({ status: checkoutSessions.status })
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.id, sessionId),
            eq(checkoutSessions.userId, userId),
            eq(checkoutSessions.provider, 'demo'),
          ),
        )
        .limit(1);
      return session ? (session.status as 'open' | 'complete' | 'expired') : null;
    },

    async cancelEverything(deps, userId) {
      const now = deps.clock.now();
      await deps.db
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'open')));
      const row = await readSubscription(deps.db, userId);
      if (!row || !decidePlanStatus(row, now).premium) return;
      try {
        await this.cancel(deps, userId, { atPeriodEnd: false, reason: 'account deleted' });
      } catch (error) {
        // A cancel that raced this one ended the plan first: there is nothing left to stop.
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      }
    },

    async cancel(deps, userId, { atPeriodEnd, reason }) {
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const row = await lockSubscription(tx, userId, 'demo');
        // The service checked the plan without a lock; two cancels at once both passed. Under the
        // lock the later one sees the earlier one's result and is refused as a repeat would be.
        if (!decidePlanStatus(row, now).premium) throw new AppError('CONFLICT', PLAN_MESSAGES.nothingToCancel);
        if (atPeriodEnd && row.cancelAtPeriodEnd) throw new AppError('CONFLICT', PLAN_MESSAGES.alreadyCancelling);
        if (atPeriodEnd) {
          // Freeze the period that is running now: the plan stops renewing and ends there.
          await updateSubscription(
            tx,
            userId,
            {
              cancelAtPeriodEnd: true,
              currentPeriodEnd: currentPeriodEnd(row, now),
              cancelReason: reason,
              canceledAt: now,
            },
            now,
          );
        } else {
          const trialRunning = row.status === 'trialing' && row.trialEndsAt !== null && row.trialEndsAt > now;
          await updateSubscription(
            tx,
            userId,
            {
              status: 'canceled',
              trialEndsAt: trialRunning ? now : row.trialEndsAt,
              currentPeriodEnd: row.currentPeriodEnd && row.currentPeriodEnd > now ? now : row.currentPeriodEnd,
              cancelAtPeriodEnd: false,
              cancelReason: reason,
              canceledAt: now,
            },
            now,
          );
        }
      });
    },
  };
}

async function readOwnSession(deps: AppDeps, userId: string, sessionId: string) {
  const [session] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, sessionId),
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.provider, 'demo'),
      ),
    )
    .limit(1);
  // Another user's session is indistinguishable from one that does not exist.
  if (!session) throw new AppError('NOT_FOUND', DEMO_MESSAGES.notFound);
  return session;
}

/** What /demo-checkout shows: a first trial, the paid plan or a card for the running trial, and for whom. */
export async function viewDemoCheckout(deps: AppDeps, userId: string, sessionId: string): Promise<DemoCheckoutView> {
  const session = await readOwnSession(deps, userId, sessionId);
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  const trialEndsAt = session.mode === 'card' ? ((await readSubscription(deps.db, userId))?.trialEndsAt ?? null) : null;
  return {
    trialEndsAt: trialEndsAt ? trialEndsAt.toISOString() : null,
    id: session.id,
    mode: session.mode === 'trial' || session.mode === 'card' ? session.mode : 'paid',
    status: session.status as DemoCheckoutView['status'],
    email: user?.email ?? '',
  };
}

/**
 * 'Start trial' / 'Subscribe' on the demo page: completes the session and applies the plan, in one
 * transaction, exactly once (a second click or a replay finds the session complete and changes
 * nothing). A trial is granted only to a user who never had one, checked under the row lock.
 */
export async function completeDemoCheckout(
  deps: AppDeps,
  userId: string,
  sessionId: string,
): Promise<{ sessionId: string }> {
  await readOwnSession(deps, userId, sessionId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, userId, 'demo');
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)))
      .for('update');
    if (!session) throw new AppError('NOT_FOUND', DEMO_MESSAGES.notFound);
    if (session.status === 'complete') return;
    if (session.status === 'expired') throw new AppError('CONFLICT', DEMO_MESSAGES.expired);
    if (session.mode === 'card') {
      // 'Add Payment Method': the card joins the trial that runs; billing starts when it ends.
      const trialRunning = row.status === 'trialing' && row.trialEndsAt !== null && row.trialEndsAt > now;
      if (!trialRunning) {
        await tx.update(checkoutSessions).set({ status: 'expired' }).where(eq(checkoutSessions.id, sessionId));
        throw new AppError('CONFLICT', DEMO_MESSAGES.noTrialForCard);
      }
      await updateSubscription(
        tx,
        userId,
        { hasPaymentMethod: true, currentPeriodEnd: row.trialEndsAt, cancelAtPeriodEnd: false },
        now,
      );
    } else if (session.mode === 'trial') {
      if (row.hasUsedTrial) {
        await tx.update(checkoutSessions).set({ status: 'expired' }).where(eq(checkoutSessions.id, sessionId));
        throw new AppError('CONFLICT', DEMO_MESSAGES.trialUsed);
      }
      await updateSubscription(
        tx,
        userId,
        {
          provider: 'demo',
          subscriptionId: randomId('demo_sub'),
          status: 'trialing',
          trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          hasUsedTrial: true,
          hasPaymentMethod: false,
          cancelReason: null,
          canceledAt: null,
        },
        now,
      );
    } else {
      // A paid plan starts now (a running trial ends: 'Upgrade to Premium Now') and renews monthly.
      // A stale session completed while a paid plan still runs only resumes it: no days are lost.
      const running = decidePlanStatus(row, now).hasSubscription ? currentPeriodEnd(row, now) : null;
      await updateSubscription(
        tx,
        userId,
        {
          provider: 'demo',
          subscriptionId: row.subscriptionId && row.status !== 'canceled' ? row.subscriptionId : randomId('demo_sub'),
          status: 'active',
          trialEndsAt: row.trialEndsAt && row.trialEndsAt > now ? now : row.trialEndsAt,
          currentPeriodEnd: running ?? addMonths(now, 1),
          cancelAtPeriodEnd: false,
          hasPaymentMethod: true,
          cancelReason: null,
          canceledAt: null,
        },
        now,
      );
    }
    await tx
      .update(checkoutSessions)
      .set({ status: 'complete', completedAt: now })
      .where(eq(checkoutSessions.id, sessionId));
  });
  return { sessionId };
}

/** 'Cancel' on the demo page: the session can no longer be completed. */
export async function cancelDemoCheckout(deps: AppDeps, userId: string, sessionId: string): Promise<void> {
  const session = await readOwnSession(deps, userId, sessionId);
  if (session.status !== 'open') return;
  await deps.db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
}

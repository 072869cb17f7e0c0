// 'Your trial ends in three days': sent before a trial with a card turns into the paid plan, with
// the date, the price and a link that opens the cancel dialog. Stripe says when
// (customer.subscription.trial_will_end, stripe-webhook.ts); for the demo checkout a sweep finds
// the same moment in the database and claims each trial once (trial_ending_mailed_at).
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { APP_NAME, PREMIUM_PRICE_LABEL, TRIAL_DAYS, TRIAL_ENDING_NOTICE_DAYS } from '../../shared/constants';
import { CANCEL_LINK_PARAM, ROUTES } from '../../shared/routes';
import { subscriptions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { escapeHtml } from '../integrations/mail';

const DAY_MS = 24 * 60 * 60_000;
/** Trials claimed per sweep: bounds what one sweep holds and mails; the rest wait for the next. */
const BATCH = 100;

export function trialEndingMail(
  appUrl: string,
  firstName: string | null,
  trialEndsAt: Date | null,
  options: { demo?: boolean } = {},
) {
  const when = trialEndsAt
    ? trialEndsAt.toLocaleDateString('en-US', {
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : 'in three days';
  const on = trialEndsAt ? `on ${when}` : when;
  const manage = `${appUrl}${ROUTES.manageSubscription}`;
  const cancel = `${manage}?${CANCEL_LINK_PARAM}=1`;
  const hello = firstName?.trim() ? `Hi ${firstName.trim()},` : 'Hi,';
  const charge = options.demo
    ? `After that, Premium continues at ${PREMIUM_PRICE_LABEL} on this server's demo checkout (no card is charged), unless you cancel before then.`
    : `After that, Premium continues at ${PREMIUM_PRICE_LABEL}, charged to the card you added, unless you cancel before then.`;
  const text =
    `${hello}\n\nYour ${TRIAL_DAYS}-day free trial of ${APP_NAME} Premium ends ${on}. ${charge}\n\n` +
    `Cancel now (one click once you are signed in): ${cancel}\n` +
    `Manage your subscription: ${manage}\n\n— ${APP_NAME}`;
  const html =
    `<p>${escapeHtml(hello)}</p><p>Your ${TRIAL_DAYS}-day free trial of ${APP_NAME} Premium ends ${escapeHtml(on)}. ${escapeHtml(charge)}</p>` +
    `<p><a href="${escapeHtml(cancel)}">Cancel my trial</a> · <a href="${escapeHtml(manage)}">Manage my subscription</a></p><p>— ${APP_NAME}</p>`;
  return { subject: `Your ${APP_NAME} Premium trial ends ${trialEndsAt ? when : 'soon'}`, text, html };
}

export async function sendTrialEndingMail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  userId: string,
  trialEndsAt: Date | null,
  options: { demo?: boolean } = {},
): Promise<void> {
  const [user] = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return;
  await deps.mailer.send({
    to: user.email,
    ...trialEndingMail(deps.config.appUrl, user.firstName, trialEndsAt, options),
  });
}

/**
 * The demo's trial_will_end: claims the demo trials with a card that convert within
 * TRIAL_ENDING_NOTICE_DAYS and mails each once. Answers how many were claimed.
 */
export async function mailDemoTrialsEnding(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'clock' | 'log'>,
): Promise<number> {
  if (!deps.config.demoCheckout) return 0;
  const now = deps.clock.now();
  const due = deps.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'demo'),
        eq(subscriptions.status, 'trialing'),
        eq(subscriptions.hasPaymentMethod, true),
        eq(subscriptions.cancelAtPeriodEnd, false),
        isNull(subscriptions.trialEndingMailedAt),
        gt(subscriptions.trialEndsAt, now),
        lte(subscriptions.trialEndsAt, new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * DAY_MS)),
      ),
    )
    .limit(BATCH)
    // Another process sweeping at the same moment takes other rows instead of waiting for these.
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(subscriptions)
    .set({ trialEndingMailedAt: now })
    .where(sql`${subscriptions.userId} in (${due})`)
    .returning({ userId: subscriptions.userId, trialEndsAt: subscriptions.trialEndsAt });
  for (const trial of claimed) {
    await sendTrialEndingMail(deps, trial.userId, trial.trialEndsAt, { demo: true }).catch((error: unknown) =>
      deps.log.error(`trial-ending mail for ${trial.userId} failed`, error),
    );
  }
  return claimed.length;
}

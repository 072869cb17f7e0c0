// Plan display rules, kept apart from the components so they are unit tested.
import { ROUTES } from '../../../shared/routes';
import type { PlanStatus, SubscriptionDetails } from '../../../shared/plans';
import { PLANS_COPY, SUBSCRIBE_BUTTON } from './copy';

export const CHECKOUT_PATH = `${ROUTES.subscribe}?payment=true`;

/**
 * Spec section 4: a free user who already used the trial sees 'Subscribe to Premium
 * ($2.99/month)'; during an active trial 'Upgrade to Premium ($2.99/month)'; otherwise 'Start 7-Day
 * Free Trial'. Users who used the trial go straight to checkout; others see the trial offer first.
 */
export function subscribeButton(plan: Pick<PlanStatus, 'trialActive' | 'hasUsedFreeTrial'>): {
  label: string;
  to: string;
} {
  if (plan.trialActive) return { label: SUBSCRIBE_BUTTON.upgrade, to: CHECKOUT_PATH };
  if (plan.hasUsedFreeTrial) return { label: SUBSCRIBE_BUTTON.subscribe, to: CHECKOUT_PATH };
  return { label: SUBSCRIBE_BUTTON.startTrial, to: ROUTES.subscribe };
}

/** The account menu's 'Trial ends' line shows while a trial runs and nothing has been bought. */
export function showTrialEnds(plan: Pick<PlanStatus, 'trialActive' | 'hasSubscription'>): boolean {
  return plan.trialActive && !plan.hasSubscription;
}

/** The trial-ended banner: the trial expired and there is no subscription. */
export function showTrialEndedBanner(plan: Pick<PlanStatus, 'trialExpired' | 'hasSubscription'>): boolean {
  return plan.trialExpired && !plan.hasSubscription;
}

export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

export type SubscriptionAction = 'addPaymentMethod' | 'cancel' | 'none';

/** What Subscription Management shows for a premium user. */
export function describeForManagePage(details: SubscriptionDetails) {
  const trial = details.trialActive;
  const statusLabel = trial
    ? PLANS_COPY.freeTrial
    : details.cancelAtPeriodEnd
      ? PLANS_COPY.cancelling
      : PLANS_COPY.active;
  const amount = trial ? PLANS_COPY.trialAmount : PLANS_COPY.paidAmount;
  // During a trial with no next-billing date (no payment method) the page offers 'Add Payment
  // Method' instead of cancel; a plan already set to end offers nothing more.
  let action: SubscriptionAction = 'cancel';
  if (trial && !details.nextBilling) action = 'addPaymentMethod';
  else if (details.cancelAtPeriodEnd) action = 'none';
  return { statusLabel, amount, action, trial };
}

// The plan a user is on, as GET /api/subscription-status reports it. Every premium switch on the
// server and in the client reads this one shape.
import { z } from 'zod';
import { textField } from './text';

export const planStatusSchema = z.object({
  premium: z.boolean(),
  trialActive: z.boolean(),
  trialExpired: z.boolean(),
  /** ISO timestamp, or null when there is no trial. */
  trialEndsAt: z.string().nullable(),
  /** A paid subscription (not a trial) exists and is not over. */
  hasSubscription: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  hasUsedFreeTrial: z.boolean(),
});
export type PlanStatus = z.infer<typeof planStatusSchema>;

/** Which payment provider the server uses: Stripe when configured, else the built-in demo checkout. */
export type PaymentProviderKind = 'demo' | 'stripe';

/** GET /api/subscription-details: what the Manage Account page shows. */
export const subscriptionDetailsSchema = z.object({
  /** ISO timestamp of the next charge; null when nothing will be charged (free, trial without a card, cancelling). */
  nextBilling: z.string().nullable(),
  /** The plan status's subscriptionStatus (trialing, active, canceled, expired…), or null for a free user. */
  status: z.string().nullable(),
  trialActive: z.boolean(),
  trialEndsAt: z.string().nullable(),
  /** End of the paid period that is running (the date Premium ends when cancelling). */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  hasPaymentMethod: z.boolean(),
  /** What the plan costs per month right now, in cents: 0 during a trial, 299 on the paid plan. */
  amountCents: z.number().int(),
  provider: z.enum(['demo', 'stripe']).nullable(),
  /** Set when the plan came from a demo checkout this server no longer offers: it ends at its period's (or trial's) end. */
  endsWithDemo: z.literal(true).optional(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

/** POST /api/create-subscription */
export interface CreateSubscriptionResponse {
  checkoutUrl?: string;
  status?: 'active';
}

export const CANCEL_REASON_MAX_LENGTH = 500;

export const cancelSubscriptionInput = z
  .object({
    reason: textField().max(CANCEL_REASON_MAX_LENGTH).optional().nullable(),
  })
  .optional();

/** Checkout session ids are ours (demo) or Stripe's: short printable tokens. */
export const checkoutSessionIdSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a checkout session id');

export const activatePremiumInput = z
  .object({ sessionId: checkoutSessionIdSchema.optional(), session_id: checkoutSessionIdSchema.optional() })
  .optional();

export const demoCheckoutInput = z.object({ session: checkoutSessionIdSchema });

/** What the demo checkout page shows about its session. */
export interface DemoCheckoutView {
  id: string;
  /** 'trial' for a first-time 7-day trial, 'paid' once the trial has been used, 'card' for a payment method added to a running trial. */
  mode: 'trial' | 'paid' | 'card';
  /** When the running trial ends (ISO), for a 'card' checkout: the first charge's date. */
  trialEndsAt: string | null;
  status: 'open' | 'complete' | 'expired';
  email: string;
}

export interface ActivatePremiumResponse {
  premium: boolean;
  plan: PlanStatus;
}

/** Why a plan call was refused (409/404 answers of the plan endpoints). */
export const PLAN_MESSAGES = {
  sessionNotFound: 'Checkout session not found',
  checkoutIncomplete: 'Checkout is not complete yet',
  checkoutExpired: 'This checkout was cancelled or has expired',
  nothingToCancel: 'You have no subscription to cancel',
  alreadyCancelling: 'Your subscription is already set to end at the close of the billing period',
  accountClosing: 'This account is being deleted, so no checkout was opened.',
} as const;

// The payment provider behind the plans domain: Stripe Checkout when STRIPE_SECRET_KEY is set,
// otherwise the built-in demo checkout (decisions.md §3) where the configuration allows it (never
// in production without DEMO_CHECKOUT=true), else none: payments are off. The plans service
// decides WHAT happens (who may start a trial, what cancelling means); a provider only carries it
// out and stores what it did.
import type { PaymentProviderKind } from '../../shared/plans';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { createDemoProvider } from './demo-payments';
import { createStripeProvider } from './stripe';

export interface CheckoutUser {
  id: string;
  email: string;
}

export type CheckoutState = 'open' | 'complete' | 'expired';

/**
 * What a checkout is for: the first 7-day trial, the paid plan, or a card for the trial that is
 * running ('Add Payment Method': attached to that subscription, the trial goes on).
 */
export type CheckoutPurpose = 'trial' | 'paid' | 'card';

export type CheckoutResult = { sessionId: string; url: string } | { status: 'active' };

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /**
   * Opens a checkout; `url` is where the browser goes next (the hosted page or /demo-checkout).
   * An open checkout of the user for the same purpose is handed back instead of a second one, and
   * any other open one is expired: two checkouts can never both complete. `status: 'active'`: the
   * provider already has a live subscription for the user, so there is nothing to buy.
   */
  createCheckout(deps: AppDeps, user: CheckoutUser, options: { purpose: CheckoutPurpose }): Promise<CheckoutResult>;
  /**
   * Asks the provider about one of this user's checkout sessions and, when it is complete, brings
   * the stored subscription up to date. null: no such session for this user.
   */
  confirmCheckout(deps: AppDeps, userId: string, sessionId: string): Promise<CheckoutState | null>;
  /** Ends the user's subscription now, or at the end of the paid period, and stores the result. */
  cancel(deps: AppDeps, userId: string, options: { atPeriodEnd: boolean; reason: string | null }): Promise<void>;
  /**
   * Account deletion: ends at once every live subscription the provider holds for the user (not
   * only the stored one) and expires their open checkouts, so nothing is billed afterwards.
   */
  cancelEverything(deps: AppDeps, userId: string): Promise<void>;
}

export const PAYMENT_MESSAGES = {
  off: 'Payments are not set up on this server yet, so Premium cannot be bought here. Please try again later.',
} as const;

const providers = new WeakMap<AppDeps['config'], PaymentProvider | null>();

/** The provider the configuration asks for (one per configuration, so the Stripe client is reused); null when payments are off. */
export function paymentProvider(deps: Pick<AppDeps, 'config'>): PaymentProvider | null {
  let provider = providers.get(deps.config);
  if (provider === undefined) {
    const { stripe, demoCheckout } = deps.config;
    provider = stripe ? createStripeProvider(stripe) : demoCheckout ? createDemoProvider() : null;
    providers.set(deps.config, provider);
  }
  return provider;
}

/** The provider, or a 503 that says payments are not set up. */
export function requirePaymentProvider(deps: Pick<AppDeps, 'config'>): PaymentProvider {
  const provider = paymentProvider(deps);
  if (!provider) throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.off);
  return provider;
}

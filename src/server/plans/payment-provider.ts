// What a payment provider does for the plans domain, and the shapes it speaks in. The providers
// (stripe-provider.ts, demo-provider.ts) implement it; payments.ts picks one.
import type { PaymentProviderKind } from '../../shared/plans';
import type { AppDeps } from '../deps';

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

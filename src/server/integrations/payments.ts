// The payment provider behind the plans domain: Stripe Checkout when STRIPE_SECRET_KEY is set,
// otherwise the built-in demo checkout (decisions.md §3), so the whole plan life cycle works on a
// laptop with no accounts anywhere. The plans service decides WHAT happens (who may start a trial,
// what cancelling means); a provider only carries it out and stores what it did.
import type { PaymentProviderKind } from '../../shared/plans';
import type { AppDeps } from '../deps';
import { createDemoProvider } from './demo-payments';
import { createStripeProvider } from './stripe';

export interface CheckoutUser {
  id: string;
  email: string;
}

export type CheckoutState = 'open' | 'complete' | 'expired';

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Opens a checkout; `url` is where the browser goes next (the hosted page or /demo-checkout). */
  createCheckout(
    deps: AppDeps,
    user: CheckoutUser,
    options: { trial: boolean },
  ): Promise<{ sessionId: string; url: string }>;
  /**
   * Asks the provider about one of this user's checkout sessions and, when it is complete, brings
   * the stored subscription up to date. null: no such session for this user.
   */
  confirmCheckout(deps: AppDeps, userId: string, sessionId: string): Promise<CheckoutState | null>;
  /** Ends the user's subscription now, or at the end of the paid period, and stores the result. */
  cancel(deps: AppDeps, userId: string, options: { atPeriodEnd: boolean; reason: string | null }): Promise<void>;
}

const providers = new WeakMap<AppDeps['config'], PaymentProvider>();

/** The provider the configuration asks for (one per configuration, so the Stripe client is reused). */
export function paymentProvider(deps: Pick<AppDeps, 'config'>): PaymentProvider {
  let provider = providers.get(deps.config);
  if (!provider) {
    provider = deps.config.stripe ? createStripeProvider(deps.config.stripe) : createDemoProvider();
    providers.set(deps.config, provider);
  }
  return provider;
}

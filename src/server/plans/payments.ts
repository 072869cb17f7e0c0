// The payment provider behind the plans domain: Stripe Checkout when STRIPE_SECRET_KEY is set,
// otherwise the built-in demo checkout (decisions.md §3) where the configuration allows it (never
// in production without DEMO_CHECKOUT=true), else none: payments are off. The plans service
// decides WHAT happens (who may start a trial, what cancelling means); a provider only carries it
// out and stores what it did.
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { createDemoProvider } from './demo-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';

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

/**
 * The provider that holds a stored subscription: a demo plan lives in this database alone, so it
 * can be cancelled whatever is configured now; any other needs the configured provider.
 */
export function providerOfRow(deps: Pick<AppDeps, 'config'>, row: { provider: string } | undefined): PaymentProvider {
  return row?.provider === 'demo' ? demoProvider : requirePaymentProvider(deps);
}

const demoProvider = createDemoProvider();

/** The provider, or a 503 that says payments are not set up. */
export function requirePaymentProvider(deps: Pick<AppDeps, 'config'>): PaymentProvider {
  const provider = paymentProvider(deps);
  if (!provider) throw new AppError('UNAVAILABLE', PAYMENT_MESSAGES.off);
  return provider;
}

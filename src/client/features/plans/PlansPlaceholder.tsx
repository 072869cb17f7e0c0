import { ButtonLink } from '../../ui/Button';
import { AccountMenu } from '../auth/AccountMenu';
import { Logo } from '../../ui/Logo';
import { usePageTitle } from '../../ui/usePageTitle';

/**
 * The premium plan's screens (subscribe, checkout, success) belong to the plans work, which has
 * not landed yet. Until then these routes say so plainly instead of pretending to take payment.
 */
export function PlansPlaceholder() {
  usePageTitle('LockIn Premium');
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="mx-auto flex max-w-5xl items-center justify-between p-4">
        <Logo />
        <AccountMenu />
      </header>
      <main className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">LockIn Premium is on its way</h1>
        <p className="mt-3 muted">
          Premium ($2.99/month with a 7-day free trial) is not available yet. Everything in the free plan works today.
        </p>
        <ButtonLink to="/" className="mt-8">
          Back to app
        </ButtonLink>
      </main>
    </div>
  );
}

// Small pieces of the tasks screen: category badge, list skeleton, the premium upsell card and
// the trial-ended banner.
import { categoryStyle } from '../../../shared/categories';
import type { PlanStatus } from '../../../shared/plans';
import { ROUTES } from '../../../shared/routes';
import { Button, ButtonLink } from '../../ui/Button';
import { LOAD_FAILED, RETRY, TASKS_COPY } from './copy';
import { CheckIcon, CrownIcon } from './icons';
import { usePremiumList } from '../ai/useSuggestionWords';

export function CategoryBadge({ category }: { category: string }) {
  return (
    <span className={`badge ${categoryStyle(category)}`} data-testid="category-badge">
      {category}
    </span>
  );
}

export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  // Placeholder rows never reorder: their numbers are stable keys.
  const rowNumbers = Array.from({ length: rows }, (_, i) => i + 1);
  return (
    <div>
      <p role="status" className="sr-only">
        {TASKS_COPY.loading}
      </p>
      <ul aria-hidden="true" className="space-y-3">
        {rowNumbers.map((row) => (
          <li key={row} className="card flex animate-pulse items-start gap-3 p-4">
            <div className="mt-0.5 h-5 w-5 rounded bg-slate-200 dark:bg-slate-700" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-2/5 rounded bg-slate-200 dark:bg-slate-700" />
              <div className="h-3 w-3/5 rounded bg-slate-100 dark:bg-slate-800" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="card flex flex-wrap items-center justify-between gap-3 border-red-200 p-4 text-red-800 dark:border-red-800 dark:text-red-200"
    >
      <p className="text-sm font-medium">{LOAD_FAILED}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {RETRY}
      </Button>
    </div>
  );
}

export function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="rounded-xl border-2 border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      <p className="font-medium text-slate-900 dark:text-white">{title}</p>
      <p className="mt-1 text-sm muted">{hint}</p>
    </div>
  );
}

const UPSELL_BUTTON = 'h-auto min-h-10 w-full py-2 text-center sm:w-auto';

/** For users without Premium; the buttons follow the plan (trial used, trial running). */
export function PremiumUpsellCard({ plan }: { plan: Pick<PlanStatus, 'hasUsedFreeTrial' | 'trialActive'> }) {
  const premiumList = usePremiumList(TASKS_COPY.premiumFeatures);
  return (
    <section
      aria-labelledby="premium-upsell-title"
      className="mt-6 overflow-hidden rounded-xl border border-brand-200 bg-gradient-to-br from-brand-50 to-violet-50 p-5 sm:p-6 dark:border-brand-800 dark:from-slate-900 dark:to-slate-900"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white">
          <CrownIcon />
        </span>
        <div className="min-w-0 flex-1">
          {/* Its own card beside the task lists, not a part of Today's Focus: a page-level heading. */}
          <h2 id="premium-upsell-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            {TASKS_COPY.unlockPremium}
          </h2>
          <ul className="mt-3 grid gap-2 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-200">
            {premiumList.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <CheckIcon className="h-4 w-4 shrink-0 text-brand-600 dark:text-brand-300" />
                {feature}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-2">
            {/* 'Upgrade to Premium Now ($2.99/month)' cannot fit one line on a phone: there the
                button takes the full width and grows to two centred lines instead of cramming them
                into a one-line height. */}
            {plan.trialActive ? (
              // A trial already unlocks everything: the one thing left to offer is paying now.
              <ButtonLink to={`${ROUTES.subscribe}?payment=true`} className={UPSELL_BUTTON}>
                {TASKS_COPY.upgradeNow}
              </ButtonLink>
            ) : plan.hasUsedFreeTrial ? (
              <ButtonLink to={`${ROUTES.subscribe}?payment=true`} className={UPSELL_BUTTON}>
                {TASKS_COPY.getPremium}
              </ButtonLink>
            ) : (
              <ButtonLink to={ROUTES.subscribe} className={UPSELL_BUTTON}>
                {TASKS_COPY.startFreeTrial}
              </ButtonLink>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** Shown only when a trial expired and there is no subscription. */
export function TrialEndedBanner({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <section
      aria-label="Trial status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="text-sm font-medium">{TASKS_COPY.trialEnded}</p>
      <ButtonLink size="sm" to={`${ROUTES.subscribe}?payment=true`}>
        {TASKS_COPY.subscribeNow}
      </ButtonLink>
    </section>
  );
}

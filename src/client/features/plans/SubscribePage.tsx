// /subscribe: the trial offer; with ?payment=true it sets up checkout (create-subscription, then
// the browser goes to the checkout URL); with ?cancelled=true it says the payment was cancelled.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TOASTS } from '../../../shared/copy';
import { ROUTES } from '../../../shared/routes';
import { messageOf } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Button, ButtonLink } from '../../ui/Button';
import { PageLoading } from '../../ui/PageLoading';
import { usePageTitle } from '../../ui/usePageTitle';
import { useAuth } from '../auth/useAuth';
import { CheckIcon, CrownIcon } from '../tasks/icons';
import { PLANS_COPY } from './copy';
import { CHECKOUT_PATH, formatDate, subscribeButton } from './logic';
import { PlansLayout, StatusCard } from './PlansLayout';
import { usePlanStatus } from './usePlan';
import { usePremiumList } from '../ai/useSuggestionWords';

/** Where the browser goes for checkout; a seam so nothing else assigns window.location. */
function goToCheckout(url: string) {
  window.location.assign(url);
}

export function SubscribePage() {
  usePageTitle(PLANS_COPY.subscribeTitle);
  const [params] = useSearchParams();
  const payment = params.get('payment') === 'true';
  return (
    <PlansLayout>
      {payment ? <PaymentSetup /> : <TrialOffer cancelled={params.get('cancelled') === 'true'} />}
    </PlansLayout>
  );
}

function TrialOffer({ cancelled }: { cancelled: boolean }) {
  const toast = useToast();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const { plan } = usePlanStatus();
  const trpc = useTRPC();
  // Until the answer comes the offer is shown as usual; only a server without payments hides the button.
  const payments = useQuery({ ...trpc.plans.payments.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  const paymentsOff = payments.data?.provider === null;
  const trialFeatures = usePremiumList(PLANS_COPY.trialFeatures);
  const shown = useRef(false);

  useEffect(() => {
    if (!cancelled || shown.current) return;
    shown.current = true;
    toast({ ...TOASTS.paymentCancelled });
    // The toast is said once: a reload of this page should not say it again.
    navigate(ROUTES.subscribe, { replace: true });
  }, [cancelled, toast, navigate]);

  // A signed-in user who already used the trial is offered the paid plan with the same rule as Manage Account.
  const button =
    isAuthenticated && plan.hasUsedFreeTrial
      ? subscribeButton(plan)
      : { label: PLANS_COPY.startTrial, to: CHECKOUT_PATH };
  // The trial offer is made only to someone who can still take it.
  const { heading, intro } = !isAuthenticated
    ? { heading: PLANS_COPY.trialHeading, intro: PLANS_COPY.trialIntro }
    : plan.hasSubscription
      ? { heading: PLANS_COPY.premiumHeading, intro: PLANS_COPY.trialIntro }
      : plan.trialActive
        ? { heading: PLANS_COPY.inTrialHeading, intro: PLANS_COPY.inTrialIntro(formatDate(plan.trialEndsAt)) }
        : plan.hasUsedFreeTrial
          ? { heading: PLANS_COPY.trialUsedHeading, intro: PLANS_COPY.trialIntro }
          : { heading: PLANS_COPY.trialHeading, intro: PLANS_COPY.trialIntro };

  return (
    <section aria-labelledby="trial-heading" className="card p-6 sm:p-8">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-white">
        <CrownIcon className="h-6 w-6" />
      </span>
      <h1
        id="trial-heading"
        className="mt-4 text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
      >
        {heading}
      </h1>
      <p className="mt-2 text-center muted">{intro}</p>
      <ul className="mt-6 space-y-3">
        {trialFeatures.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-slate-800 dark:text-slate-100">
            <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
            {feature}
          </li>
        ))}
      </ul>
      {paymentsOff ? (
        <div
          role="status"
          className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          <p className="font-semibold">{PLANS_COPY.paymentsOffTitle}</p>
          <p className="mt-1 text-sm">{PLANS_COPY.paymentsOffText}</p>
        </div>
      ) : (
        <>
          <ButtonLink to={button.to} size="lg" className="mt-8 w-full">
            {button.label}
          </ButtonLink>
          <p className="mt-3 text-center text-sm muted">{PLANS_COPY.cardNote}</p>
        </>
      )}
      <div className="mt-6 text-center">
        <ButtonLink to={ROUTES.home} variant="ghost" size="sm">
          <span aria-hidden="true">←</span> {PLANS_COPY.backToApp}
        </ButtonLink>
      </div>
    </section>
  );
}

function PaymentSetup() {
  const trpc = useTRPC();
  const toast = useToast();
  const navigate = useNavigate();
  const { isAuthenticated, isLoading } = useAuth();
  const started = useRef(false);
  const create = useMutation(trpc.plans.createSubscription.mutationOptions());

  useEffect(() => {
    if (isLoading || started.current) return;
    started.current = true;
    if (!isAuthenticated) {
      toast({ ...TOASTS.authenticationRequired, variant: 'destructive' });
      navigate(ROUTES.login, { replace: true });
      return;
    }
    create.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.checkoutUrl) goToCheckout(answer.checkoutUrl);
        else if (answer.status === 'active') {
          toast({ ...TOASTS.alreadySubscribed });
          navigate(ROUTES.home, { replace: true });
        }
      },
      onError: (error) => {
        toast({
          title: TOASTS.paymentSetupError.title,
          description: messageOf(error, TOASTS.paymentSetupError.description),
          variant: 'destructive',
        });
      },
    });
  }, [isLoading, isAuthenticated, create, navigate, toast]);

  if (isLoading || !isAuthenticated) return <PageLoading />;
  if (create.isError) {
    return (
      <StatusCard
        tone="error"
        title={PLANS_COPY.setupErrorTitle}
        actions={<ButtonLink to={ROUTES.home}>{PLANS_COPY.returnHome}</ButtonLink>}
      >
        <p>{messageOf(create.error, TOASTS.paymentSetupError.description)}</p>
      </StatusCard>
    );
  }
  if (create.isSuccess && !create.data.checkoutUrl && create.data.status !== 'active') {
    return (
      <StatusCard
        title={PLANS_COPY.setupFallbackTitle}
        actions={<Button onClick={() => window.location.reload()}>{PLANS_COPY.tryAgain}</Button>}
      >
        <p>{PLANS_COPY.setupFallbackText}</p>
      </StatusCard>
    );
  }
  return (
    <StatusCard busy title={PLANS_COPY.settingUp}>
      <p role="status">{PLANS_COPY.settingUpText}</p>
    </StatusCard>
  );
}

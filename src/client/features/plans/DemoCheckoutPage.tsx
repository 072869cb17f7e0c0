// /demo-checkout?session=…: the built-in stand-in for a hosted checkout page when Stripe is not
// configured (decisions.md §3). Clearly marked as a demo; 'Start trial' (first time) or
// 'Subscribe' completes the session and lands on /subscribe-success?session_id=…, 'Cancel' on
// /subscribe?cancelled=true, exactly as the hosted page would.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '../../../shared/routes';
import { decodeError, messageOf } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Button, ButtonLink } from '../../ui/Button';
import { usePageTitle } from '../../ui/usePageTitle';
import { ListSkeleton } from '../tasks/parts';
import { PLANS_COPY } from './copy';
import { formatDate } from './logic';
import { PlansLayout, StatusCard } from './PlansLayout';

const SESSION_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

/**
 * The part after ' — ' stays on one line: on a phone the title broke inside '7-day' ('7-' / 'day');
 * now it wraps after the dash.
 */
function PlanTitle({ title }: { title: string }) {
  const [plan, detail] = title.split(' — ');
  if (!detail) return title;
  return (
    <>
      {plan} — <span className="whitespace-nowrap">{detail}</span>
    </>
  );
}

function DemoBanner() {
  return (
    <div role="note" className="bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950">
      {PLANS_COPY.demoBanner}
    </div>
  );
}

export function DemoCheckoutPage() {
  usePageTitle(PLANS_COPY.demoTitle);
  const [params] = useSearchParams();
  const session = params.get('session') ?? '';
  return (
    <PlansLayout banner={<DemoBanner />}>
      {SESSION_PATTERN.test(session) ? <DemoCheckout session={session} /> : <NotFound />}
    </PlansLayout>
  );
}

function NotFound() {
  return (
    <StatusCard
      tone="error"
      title={PLANS_COPY.demoNotFound}
      actions={<ButtonLink to={ROUTES.subscribe}>{PLANS_COPY.backToSubscribe}</ButtonLink>}
    >
      <p>{PLANS_COPY.demoNotFoundText}</p>
    </StatusCard>
  );
}

function DemoCheckout({ session }: { session: string }) {
  const trpc = useTRPC();
  const toast = useToast();
  const navigate = useNavigate();
  const view = useQuery(trpc.plans.demoCheckout.get.queryOptions({ session }, { staleTime: 0, gcTime: 0 }));
  const successUrl = `${ROUTES.subscribeSuccess}?session_id=${encodeURIComponent(session)}&demo=1`;
  const complete = useMutation(
    trpc.plans.demoCheckout.complete.mutationOptions({
      onSuccess: () => navigate(successUrl),
      onError: (error) => {
        toast({
          title: PLANS_COPY.demoTitle,
          description: messageOf(error, 'Checkout failed'),
          variant: 'destructive',
        });
        void view.refetch();
      },
    }),
  );
  const cancel = useMutation(
    trpc.plans.demoCheckout.cancel.mutationOptions({
      onSettled: () => navigate(`${ROUTES.subscribe}?cancelled=true`),
    }),
  );
  const running = complete.isPending || cancel.isPending;

  if (view.isLoading) return <ListSkeleton rows={1} />;
  if (view.isError || !view.data) {
    if (decodeError(view.error).code === 'NOT_FOUND') return <NotFound />;
    return (
      <StatusCard
        tone="error"
        title={PLANS_COPY.demoNotFound}
        actions={<Button onClick={() => view.refetch()}>{PLANS_COPY.tryAgain}</Button>}
      >
        <p>{messageOf(view.error, PLANS_COPY.demoNotFoundText)}</p>
      </StatusCard>
    );
  }
  const data = view.data;
  if (data.status === 'complete') {
    return (
      <StatusCard
        tone="success"
        title={PLANS_COPY.demoDone}
        actions={<ButtonLink to={successUrl}>{PLANS_COPY.continue}</ButtonLink>}
      />
    );
  }
  if (data.status === 'expired') {
    return (
      <StatusCard
        title={PLANS_COPY.demoExpired}
        actions={<ButtonLink to={ROUTES.subscribe}>{PLANS_COPY.backToSubscribe}</ButtonLink>}
      />
    );
  }
  const trial = data.mode === 'trial';
  const card = data.mode === 'card';
  const { title, price, action } = card
    ? {
        title: PLANS_COPY.demoCardPlan,
        price: PLANS_COPY.demoCardPrice(formatDate(data.trialEndsAt)),
        action: PLANS_COPY.demoAddCard,
      }
    : trial
      ? { title: PLANS_COPY.demoTrialPlan, price: PLANS_COPY.demoTrialPrice, action: PLANS_COPY.demoStartTrial }
      : { title: PLANS_COPY.demoPaidPlan, price: PLANS_COPY.demoPaidPrice, action: PLANS_COPY.demoSubscribe };
  return (
    <section aria-labelledby="demo-checkout-title" className="card p-6 sm:p-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-amber-800 dark:text-amber-300">
        {PLANS_COPY.demoBanner}
      </p>
      <h1 id="demo-checkout-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        <PlanTitle title={title} />
      </h1>
      <p className="mt-1 text-lg font-semibold text-slate-800 dark:text-slate-100" data-testid="demo-price">
        {price}
      </p>
      <p className="mt-4 text-sm muted">{PLANS_COPY.demoExplain}</p>
      {trial && <p className="mt-2 text-sm muted">{PLANS_COPY.demoTrialNote}</p>}
      {card && <p className="mt-2 text-sm muted">{PLANS_COPY.demoCardNote}</p>}
      <p className="mt-4 break-words text-sm text-slate-700 dark:text-slate-200">
        {PLANS_COPY.demoFor} <strong>{data.email}</strong>
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          onClick={() => cancel.mutate({ session })}
          loading={cancel.isPending}
          disabled={running}
        >
          {PLANS_COPY.demoCancel}
        </Button>
        <Button onClick={() => complete.mutate({ session })} loading={complete.isPending} disabled={running}>
          {action}
        </Button>
      </div>
    </section>
  );
}

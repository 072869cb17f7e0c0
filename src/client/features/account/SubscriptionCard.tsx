// Manage Account's Subscription Management card (premium users, trial included): status, amount,
// next billing, trial end, and either cancel (with an optional reason, after a confirmation) or,
// during a trial without a payment method, 'Add Payment Method'.
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CANCEL_LINK_PARAM } from '../../../shared/routes';
import { CANCEL_REASON_MAX_LENGTH } from '../../../shared/plans';
import { TOASTS } from '../../../shared/copy';
import { messageOf } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { PLANS_COPY } from '../plans/copy';
import { CHECKOUT_PATH, describeForManagePage, formatDate } from '../plans/logic';
import { usePlanStatus, useRefreshPlan, useSubscriptionDetails } from '../plans/usePlan';

export function SubscriptionCard() {
  const toast = useToast();
  const details = useSubscriptionDetails(true);
  const { plan } = usePlanStatus();
  const [confirming, setConfirming] = useState(false);
  const failedShown = useRef(false);
  const [params, setParams] = useSearchParams();
  const canCancel = details.data ? describeForManagePage(details.data).action === 'cancel' : false;

  // The trial-ending mail's link (?cancel=1) opens the cancel dialog: one click from the mail.
  useEffect(() => {
    if (params.get(CANCEL_LINK_PARAM) !== '1' || !details.data) return;
    if (canCancel) setConfirming(true);
    setParams(
      (current) => {
        current.delete(CANCEL_LINK_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [params, setParams, details.data, canCancel]);

  useEffect(() => {
    // The spec's 'Failed to load subscription details', except while a trial runs.
    if (details.isError && !plan.trialActive && !failedShown.current) {
      failedShown.current = true;
      toast({ ...TOASTS.subscriptionDetailsFailed, variant: 'destructive' });
    }
  }, [details.isError, plan.trialActive, toast]);

  let body: ReactNode;
  if (details.isLoading) {
    body = (
      <p role="status" className="muted">
        {PLANS_COPY.detailsLoading}
      </p>
    );
  } else if (details.isError || !details.data) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-red-700 dark:text-red-300">{PLANS_COPY.detailsFailed}</p>
        <Button variant="outline" size="sm" onClick={() => details.refetch()}>
          {PLANS_COPY.tryAgain}
        </Button>
      </div>
    );
  } else {
    const d = details.data;
    const view = describeForManagePage(d);
    const periodEnd = formatDate(d.currentPeriodEnd);
    body = (
      <>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="muted">{PLANS_COPY.status}</dt>
            <dd className="mt-1">
              <Badge tone={view.trial ? 'brand' : d.cancelAtPeriodEnd ? 'warning' : 'success'}>
                {view.statusLabel}
              </Badge>
            </dd>
          </div>
          <div>
            <dt className="muted">{PLANS_COPY.amount}</dt>
            <dd className="mt-1 font-medium text-slate-900 dark:text-white" data-testid="subscription-amount">
              {view.amount}
            </dd>
          </div>
          <div>
            <dt className="muted">{PLANS_COPY.nextBilling}</dt>
            <dd className="mt-1 font-medium text-slate-900 dark:text-white" data-testid="next-billing">
              {formatDate(d.nextBilling) ?? PLANS_COPY.none}
            </dd>
          </div>
          {view.trial ? (
            <div>
              <dt className="muted">{PLANS_COPY.trialEnds}</dt>
              <dd className="mt-1 font-medium text-slate-900 dark:text-white" data-testid="trial-end">
                {formatDate(d.trialEndsAt) ?? PLANS_COPY.none}
              </dd>
            </div>
          ) : (
            d.cancelAtPeriodEnd && (
              <div>
                <dt className="muted">{PLANS_COPY.premiumEnds}</dt>
                <dd className="mt-1 font-medium text-slate-900 dark:text-white">{periodEnd ?? PLANS_COPY.none}</dd>
              </div>
            )
          )}
        </dl>
        {d.endsWithDemo ? (
          <p role="status" className="mt-4 text-sm text-amber-800 dark:text-amber-200" data-testid="demo-ended">
            {PLANS_COPY.demoEndedNote(formatDate(view.trial ? d.trialEndsAt : d.currentPeriodEnd) ?? PLANS_COPY.none)}
          </p>
        ) : (
          d.cancelAtPeriodEnd &&
          periodEnd && <p className="mt-4 text-sm muted">{PLANS_COPY.cancellingNote(periodEnd)}</p>
        )}
        {view.action === 'addPaymentMethod' && (
          <div className="mt-6">
            <p className="text-sm muted">{PLANS_COPY.addPaymentMethodHint}</p>
            <ButtonLink to={CHECKOUT_PATH} className="mt-3">
              {PLANS_COPY.addPaymentMethod}
            </ButtonLink>
          </div>
        )}
        {view.action === 'cancel' && (
          <div className="mt-6">
            <Button variant="outline" onClick={() => setConfirming(true)}>
              {PLANS_COPY.cancelSubscription}
            </Button>
          </div>
        )}
        <CancelDialog open={confirming} onClose={() => setConfirming(false)} trial={view.trial} periodEnd={periodEnd} />
      </>
    );
  }

  return (
    <Card>
      <CardHeader title={PLANS_COPY.subscriptionManagement} />
      <CardBody>{body}</CardBody>
    </Card>
  );
}

function CancelDialog({
  open,
  onClose,
  trial,
  periodEnd,
}: {
  open: boolean;
  onClose: () => void;
  trial: boolean;
  periodEnd: string | null;
}) {
  const trpc = useTRPC();
  const toast = useToast();
  const refreshPlan = useRefreshPlan();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const cancel = useMutation(
    trpc.plans.cancel.mutationOptions({
      onSuccess: async () => {
        toast({ ...TOASTS.subscriptionCancelled, variant: 'success' });
        setReason('');
        onClose();
        await refreshPlan();
      },
      onError: (error) => {
        toast({
          title: TOASTS.cancellationFailed.title,
          description: messageOf(error, TOASTS.cancellationFailed.description),
          variant: 'destructive',
        });
      },
    }),
  );
  const close = () => {
    if (!cancel.isPending) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      alert
      title={PLANS_COPY.cancelTitle}
      description={trial ? PLANS_COPY.cancelTrial : PLANS_COPY.cancelPaid(periodEnd ?? PLANS_COPY.none)}
      dismissible={!cancel.isPending}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={cancel.isPending}>
            {PLANS_COPY.keepSubscription}
          </Button>
          <Button
            variant="destructive"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(reason.trim() ? { reason: reason.trim() } : {})}
          >
            {PLANS_COPY.confirmCancel}
          </Button>
        </>
      }
    >
      <label htmlFor={reasonId} className="label mb-1.5">
        {PLANS_COPY.reasonLabel}
      </label>
      <textarea
        id={reasonId}
        className="input min-h-24"
        maxLength={CANCEL_REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </Dialog>
  );
}

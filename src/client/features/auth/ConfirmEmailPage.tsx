// /confirm-email?token=…: the link mailed to a new address. The email changes only when the
// person presses the button here (mail scanners that fetch links run no buttons), and works
// signed in or out: the token is the credential.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ROUTES } from '../../../shared/routes';
import { apiRequest } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { Button, ButtonLink } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthCardHeading, AuthLayout } from './AuthLayout';
import { AUTH_COPY } from './copy';
import { AlertIcon, CheckCircleIcon } from './icons';
import { CURRENT_USER_KEY } from './useAuth';

export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const queryClient = useQueryClient();
  const doneRef = useRef<HTMLHeadingElement>(null);
  const confirm = useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; email: string }>('POST', '/api/auth/confirm-email', { token: token ?? '' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
  usePageTitle(
    token === null || confirm.isError
      ? AUTH_COPY.confirmEmailFailedTitle
      : confirm.isSuccess
        ? AUTH_COPY.confirmEmailDoneTitle
        : AUTH_COPY.confirmEmailTitle,
  );

  useEffect(() => {
    if (confirm.isSuccess) doneRef.current?.focus();
  }, [confirm.isSuccess]);

  if (token === null || confirm.isError) {
    return (
      <AuthLayout>
        <Card className="p-6 sm:p-8">
          <AuthCardHeading
            tone="danger"
            icon={<AlertIcon />}
            title={AUTH_COPY.confirmEmailFailedTitle}
            subtitle={
              confirm.isError
                ? messageOf(confirm.error, AUTH_COPY.confirmEmailFailedText)
                : AUTH_COPY.confirmEmailFailedText
            }
          />
          <div className="mt-6 grid gap-3">
            <ButtonLink to={ROUTES.manageSubscription}>{AUTH_COPY.goToManageAccount}</ButtonLink>
          </div>
        </Card>
      </AuthLayout>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AuthLayout>
        <Card className="p-6 text-center sm:p-8">
          <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900 dark:text-emerald-200">
            <CheckCircleIcon />
          </div>
          <h1
            ref={doneRef}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight text-slate-900 outline-none dark:text-white"
          >
            {AUTH_COPY.confirmEmailDoneTitle}
          </h1>
          <p className="mt-2 break-words text-sm muted" data-testid="confirmed-email">
            {AUTH_COPY.confirmEmailDoneText(confirm.data.email)}
          </p>
          <ButtonLink to={ROUTES.home} className="mt-6 w-full">
            {AUTH_COPY.goToApp}
          </ButtonLink>
        </Card>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Card className="p-6 sm:p-8">
        <AuthCardHeading title={AUTH_COPY.confirmEmailTitle} subtitle={AUTH_COPY.confirmEmailText} />
        <Button className="mt-6 w-full" loading={confirm.isPending} onClick={() => confirm.mutate()}>
          {AUTH_COPY.confirmEmailButton}
        </Button>
      </Card>
    </AuthLayout>
  );
}

// /confirm-email?token=…: the link mailed to a new address. The email changes only when the
// person presses the button here (mail scanners that fetch links run no buttons), and works
// signed in or out: the token is the credential.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ROUTES } from '../../../shared/routes';
import { apiRequest } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { Button, ButtonLink } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthCardHeading, AuthDoneCard, AuthLayout } from './AuthLayout';
import { AUTH_COPY } from './copy';
import { AlertIcon } from './icons';
import { CURRENT_USER_KEY } from './useAuth';

export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const queryClient = useQueryClient();
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
      <AuthDoneCard
        title={AUTH_COPY.confirmEmailDoneTitle}
        text={<span data-testid="confirmed-email">{AUTH_COPY.confirmEmailDoneText(confirm.data.email)}</span>}
        action={
          <ButtonLink to={ROUTES.home} className="mt-6 w-full">
            {AUTH_COPY.goToApp}
          </ButtonLink>
        }
      />
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

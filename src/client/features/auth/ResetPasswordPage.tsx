// /reset-password?token=…: choose a new password with the emailed single-use token. No token
// parameter at all shows the 'Invalid Reset Link' view; an empty one reaches the form and is
// refused there with the 'Invalid Link' toast, after the field checks.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { passwordLength } from '../../../shared/accounts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { TOASTS } from '../../../shared/copy';
import { ROUTES } from '../../../shared/routes';
import { apiRequest } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { type ToastInput, useToast } from '../../lib/toast';
import { Button, ButtonLink } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { usePageTitle } from '../../ui/usePageTitle';
import { currentPushEndpoint } from '../push/pushSubscription';
import { AuthCardHeading, AuthDoneCard, AuthLayout } from './AuthLayout';
import { AUTH_COPY } from './copy';
import { AlertIcon } from './icons';

/** The spec's checks, in its order; null when the form may be sent. */
export function resetProblem(token: string, password: string, confirm: string): ToastInput | null {
  if (!password || !confirm) return TOASTS.fieldsRequired;
  if (password !== confirm) return TOASTS.passwordsDontMatch;
  if (passwordLength(password) < PASSWORD_MIN_LENGTH) return TOASTS.passwordTooShort;
  if (!token.trim()) return TOASTS.invalidLink;
  return null;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  // No token and an empty one (`?token=`) are the same broken link.
  const token = params.get('token')?.trim() || null;
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [visible, setVisible] = useState(false);
  const [done, setDone] = useState(false);
  usePageTitle(
    token === null ? AUTH_COPY.invalidLinkTitle : done ? AUTH_COPY.resetDoneTitle : AUTH_COPY.resetPageTitle,
  );

  const reset = useMutation({
    mutationFn: async () =>
      apiRequest('POST', '/api/reset-password', {
        token: token ?? '',
        newPassword: password,
        keepPushEndpoint: await currentPushEndpoint().catch(() => undefined),
      }),
    onSuccess: () => {
      setDone(true);
      setPassword('');
      setConfirm('');
      toast({ ...TOASTS.passwordReset, variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: TOASTS.resetFailed.title,
        description: messageOf(error, TOASTS.resetFailed.description),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const problem = resetProblem(token ?? '', password, confirm);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    reset.mutate();
  };

  if (token === null) {
    return (
      <AuthLayout>
        <Card className="p-6 sm:p-8">
          <AuthCardHeading
            tone="danger"
            icon={<AlertIcon />}
            title={AUTH_COPY.invalidLinkTitle}
            subtitle={AUTH_COPY.invalidLinkText}
          />
          <div className="mt-6 grid gap-3">
            <ButtonLink to={ROUTES.forgotPassword}>{AUTH_COPY.requestNewLink}</ButtonLink>
            <ButtonLink to={ROUTES.login} variant="outline">
              {AUTH_COPY.backToLogin}
            </ButtonLink>
          </div>
        </Card>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthDoneCard
        title={AUTH_COPY.resetDoneTitle}
        text={AUTH_COPY.resetDoneText}
        action={
          <ButtonLink to={ROUTES.login} className="mt-6 w-full">
            {AUTH_COPY.goToLogin}
          </ButtonLink>
        }
      />
    );
  }

  const type = visible ? 'text' : 'password';
  return (
    <AuthLayout>
      <Card className="p-6 sm:p-8">
        <AuthCardHeading title={AUTH_COPY.resetTitle} subtitle={AUTH_COPY.resetSubtitle(PASSWORD_MIN_LENGTH)} />
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate aria-busy={reset.isPending}>
          <Field
            label={AUTH_COPY.newPassword}
            name="newPassword"
            type={type}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field
            label={AUTH_COPY.confirmPassword}
            name="confirmPassword"
            type={type}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              className="focus-ring h-4 w-4 rounded border-slate-300 accent-brand-600"
              checked={visible}
              onChange={(e) => setVisible(e.target.checked)}
            />
            {AUTH_COPY.showPasswords}
          </label>
          <Button type="submit" className="w-full" loading={reset.isPending}>
            {AUTH_COPY.resetButton}
          </Button>
        </form>
      </Card>
    </AuthLayout>
  );
}

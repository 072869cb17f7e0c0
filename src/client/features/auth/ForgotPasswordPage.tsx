// /forgot-password: ask for a reset link. The server answers the same whether or not the
// address has an account, so the 'Email Sent' view never reveals that either.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EMAIL_MAX_LENGTH } from '../../../shared/constants';
import { RESET_LINK_VALID_FOR, TOASTS } from '../../../shared/copy';
import { ROUTES } from '../../../shared/routes';
import { apiRequest } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { Button, ButtonLink } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthCardHeading, AuthLayout } from './AuthLayout';
import { AUTH_COPY } from './copy';
import { MailIcon } from './icons';

export function ForgotPasswordPage() {
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const sentHeadingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(sentTo ? AUTH_COPY.emailSentTitle : AUTH_COPY.forgotPageTitle);

  const send = useMutation({
    mutationFn: (address: string) => apiRequest('POST', '/api/forgot-password', { email: address }),
    onSuccess: (_answer, address) => {
      setSentTo(address);
      toast({ ...TOASTS.resetLinkSent, variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: TOASTS.resetEmailFailed.title,
        description: messageOf(error, TOASTS.resetEmailFailed.description),
        variant: 'destructive',
      });
    },
  });

  // Move focus with the view so keyboard and screen-reader users land on the new content.
  useEffect(() => {
    if (sentTo) sentHeadingRef.current?.focus();
  }, [sentTo]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const address = email.trim();
    if (!address) {
      toast({ ...TOASTS.emailRequired, variant: 'destructive' });
      emailRef.current?.focus();
      return;
    }
    send.mutate(address);
  };

  const sendAnother = () => {
    setEmail('');
    setSentTo(null);
    send.reset();
    requestAnimationFrame(() => emailRef.current?.focus());
  };

  return (
    <AuthLayout>
      <Card className="p-6 sm:p-8">
        {sentTo ? (
          <div className="text-center">
            <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900 dark:text-emerald-200">
              <MailIcon />
            </div>
            <h1
              ref={sentHeadingRef}
              tabIndex={-1}
              className="text-2xl font-bold tracking-tight text-slate-900 outline-none dark:text-white"
            >
              {AUTH_COPY.emailSentTitle}
            </h1>
            <p className="mt-2 text-sm muted break-words">{AUTH_COPY.emailSentText(sentTo, RESET_LINK_VALID_FOR)}</p>
            <div className="mt-6 grid gap-3 sm:grid-cols-2">
              <ButtonLink to={ROUTES.login} variant="primary">
                {AUTH_COPY.backToLogin}
              </ButtonLink>
              <Button variant="outline" onClick={sendAnother}>
                {AUTH_COPY.sendAnother}
              </Button>
            </div>
          </div>
        ) : (
          <>
            <AuthCardHeading icon={<MailIcon />} title={AUTH_COPY.forgotTitle} subtitle={AUTH_COPY.forgotSubtitle} />
            <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate aria-busy={send.isPending}>
              <Field
                ref={emailRef}
                label={AUTH_COPY.email}
                name="email"
                type="email"
                autoComplete="email"
                maxLength={EMAIL_MAX_LENGTH}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <Button type="submit" className="w-full" loading={send.isPending}>
                {AUTH_COPY.sendResetLink}
              </Button>
            </form>
            <p className="mt-6 text-center text-sm muted">
              {AUTH_COPY.rememberedIt}{' '}
              <Link className="link font-medium" to={ROUTES.login}>
                {AUTH_COPY.backToLogin}
              </Link>
            </p>
          </>
        )}
      </Card>
    </AuthLayout>
  );
}

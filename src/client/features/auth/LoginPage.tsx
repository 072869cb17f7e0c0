// /login and /signup: one screen in two modes. Email + password sign-in or sign-up, OAuth
// providers under 'Or continue with', and the auth_failed notice from a refused OAuth sign-in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { TOASTS } from '../../../shared/copy';
import { BLOCKED_SITES_PATH, NEXT_PARAM, ROUTES, safeNextPath, withNext } from '../../../shared/routes';
import type { CurrentUser } from '../../../shared/types';
import { apiRequest } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthCardHeading, AuthLayout } from './AuthLayout';
import { AUTH_COPY } from './copy';
import { SparklesIcon, TargetIcon } from './icons';
import { PasswordField } from './PasswordField';
import { ProviderButtons } from './ProviderButtons';
import { browserTimeZone, refreshCurrentUser } from './session';
import { useSuggestionWords } from '../ai/useSuggestionWords';

type Mode = 'signin' | 'signup';

/** Shows the 'Account Already Exists' toast once for ?error=auth_failed, then drops the parameter. */
function useAuthFailedNotice() {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const shown = useRef(false);
  const failed = params.get('error') === 'auth_failed';
  useEffect(() => {
    if (!failed) return;
    if (!shown.current) {
      shown.current = true;
      toast({ ...TOASTS.accountAlreadyExists, variant: 'destructive' });
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [failed, setParams, toast]);
}

/** One icon per blurb, by title: the compiler refuses a blurb added without one. */
const BLURB_ICONS: Record<(typeof AUTH_COPY.blurbs)[number]['title'], typeof TargetIcon> = {
  'Focus Mode': TargetIcon,
  'Task Suggestions': SparklesIcon,
};

function FeatureBlurbs() {
  const suggestions = useSuggestionWords();
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {AUTH_COPY.blurbs.map((blurb) => {
        const Icon = BLURB_ICONS[blurb.title];
        return (
          <li
            key={blurb.title}
            className="flex gap-3 rounded-xl bg-white/70 p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/70 dark:ring-slate-800"
          >
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-200">
              <Icon className="h-5 w-5" />
            </span>
            <div>
              <h2 className="text-sm font-semibold text-slate-900 dark:text-white">
                {/* 'AI Task Suggestions' only where a model answers. */}
                {blurb.title === 'Task Suggestions' ? suggestions.title : blurb.title}
              </h2>
              <p className="mt-1 text-xs muted">{blurb.text}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function LoginPage({ mode = 'signin' }: { mode?: Mode }) {
  const signUp = mode === 'signup';
  usePageTitle(signUp ? AUTH_COPY.signUpPageTitle : AUTH_COPY.signInPageTitle);
  useAuthFailedNotice();
  // Where the person was going (an invite to a room, the extension's card): back there after.
  const [params] = useSearchParams();
  const next = safeNextPath(params.get(NEXT_PARAM));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = useMutation({
    mutationFn: () =>
      signUp
        ? apiRequest<CurrentUser>('POST', '/api/auth/register', {
            email: email.trim(),
            password,
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            timeZone: browserTimeZone(),
          })
        : apiRequest<CurrentUser>('POST', '/api/auth/login', {
            email: email.trim(),
            password,
            timeZone: browserTimeZone(),
          }),
    onSuccess: async (answer) => {
      refreshCurrentUser(queryClient, answer);
      if (signUp) toast({ ...TOASTS.accountCreated, variant: 'success' });
      navigate(next ?? ROUTES.home);
    },
    onError: (error) => {
      const copy = signUp ? TOASTS.registrationFailed : TOASTS.loginFailed;
      toast({ title: copy.title, description: messageOf(error, copy.description), variant: 'destructive' });
    },
  });

  // A double tap submits twice before React re-renders with isPending: the ref is set at once, so
  // only the first tap sends (a second sign-up would answer 'already exists' after the first).
  const sending = useRef(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    submit.mutate(undefined, {
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  return (
    <AuthLayout below={<FeatureBlurbs />}>
      <Card className="p-6 sm:p-8">
        <AuthCardHeading
          title={signUp ? AUTH_COPY.signUpTitle : AUTH_COPY.signInTitle}
          subtitle={signUp ? AUTH_COPY.signUpSubtitle : AUTH_COPY.signInSubtitle}
        />
        {next === BLOCKED_SITES_PATH && (
          <p
            className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-950 dark:text-brand-100"
            data-testid="extension-next"
          >
            {AUTH_COPY.extensionNext}
          </p>
        )}
        <form className="mt-6 space-y-4" onSubmit={onSubmit} aria-busy={submit.isPending}>
          {signUp && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={AUTH_COPY.firstName}
                name="firstName"
                autoComplete="given-name"
                required
                maxLength={NAME_MAX_LENGTH}
                value={firstName}
                onChange={(e) => setFirstName(e.target.value)}
              />
              <Field
                label={AUTH_COPY.lastName}
                name="lastName"
                autoComplete="family-name"
                required
                maxLength={NAME_MAX_LENGTH}
                value={lastName}
                onChange={(e) => setLastName(e.target.value)}
              />
            </div>
          )}
          <Field
            label={AUTH_COPY.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <div>
            <PasswordField
              label={AUTH_COPY.password}
              name="password"
              autoComplete={signUp ? 'new-password' : 'current-password'}
              required
              minLength={signUp ? PASSWORD_MIN_LENGTH : undefined}
              maxLength={PASSWORD_MAX_LENGTH}
              hint={signUp ? AUTH_COPY.passwordHint(PASSWORD_MIN_LENGTH) : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {!signUp && (
              <p className="mt-2 text-right text-sm">
                <Link className="link" to={ROUTES.forgotPassword}>
                  {AUTH_COPY.forgotLink}
                </Link>
              </p>
            )}
          </div>
          <Button type="submit" className="w-full" loading={submit.isPending}>
            {signUp ? AUTH_COPY.signUpButton : AUTH_COPY.signInButton}
          </Button>
        </form>

        <ProviderButtons />

        <p className="mt-6 text-center text-sm">
          <Link className="link font-medium" to={withNext(signUp ? ROUTES.login : ROUTES.signup, next)}>
            {signUp ? AUTH_COPY.toSignIn : AUTH_COPY.toSignUp}
          </Link>
        </p>
      </Card>
    </AuthLayout>
  );
}

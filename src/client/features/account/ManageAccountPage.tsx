// /manage-subscription (signed in only): for free users the plan they are on and what Premium
// adds; for premium users (trial included) Subscription Management; for everyone the profile with
// inline editing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../shared/constants';
import { TOASTS } from '../../../shared/copy';
import { ROUTES } from '../../../shared/routes';
import type { CurrentUser, ProfileUpdate } from '../../../shared/types';
import { apiRequest } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { Badge } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { SiteHeader } from '../../ui/SiteHeader';
import { PageLoading } from '../../ui/PageLoading';
import { usePageTitle } from '../../ui/usePageTitle';
import { AccountMenu } from '../auth/AccountMenu';
import { refreshCurrentUser } from '../auth/session';
import { useAuth } from '../auth/useAuth';
import { YourDataCard } from '../data/YourDataCard';
import { subscribeButton } from '../plans/logic';
import { usePlanStatus } from '../plans/usePlan';
import { ACCOUNT_COPY } from './copy';
import { OtherDevicesCard } from './OtherDevicesCard';
import { RestDaysCard } from './RestDaysCard';
import { SubscriptionCard } from './SubscriptionCard';
import { BlockedSitesSection } from '../blocking';
import { CalendarFeedSection } from '../calendar';
import { NotificationsSection } from '../push';
import { MAIN_ID } from '../../ui/SkipLink';
import { usePremiumList } from '../ai/useSuggestionWords';

function CheckIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="m5 12 5 5 9-10" />
    </svg>
  );
}

function FeatureList({ items, tone }: { items: readonly string[]; tone: 'slate' | 'brand' }) {
  const iconClass = tone === 'brand' ? 'text-brand-600 dark:text-brand-300' : 'text-emerald-600 dark:text-emerald-400';
  return (
    <ul className="space-y-2 text-sm text-slate-800 dark:text-slate-200">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <CheckIcon className={`mt-0.5 h-4 w-4 shrink-0 ${iconClass}`} />
          {item}
        </li>
      ))}
    </ul>
  );
}

function CurrentPlanCard() {
  return (
    <Card>
      <CardHeader title={ACCOUNT_COPY.currentPlan} action={<Badge tone="neutral">{ACCOUNT_COPY.free}</Badge>} />
      <CardBody>
        <p className="text-base font-semibold text-slate-900 dark:text-white">{ACCOUNT_COPY.basic}</p>
        <p className="mt-1">
          <span className="text-3xl font-bold text-slate-900 dark:text-white">{ACCOUNT_COPY.freePrice}</span>
          <span className="muted">{ACCOUNT_COPY.perMonth}</span>
        </p>
        <div className="mt-4">
          <FeatureList items={ACCOUNT_COPY.freeFeatures} tone="slate" />
        </div>
      </CardBody>
    </Card>
  );
}

function PremiumFeaturesCard() {
  const { plan } = usePlanStatus();
  const button = subscribeButton(plan);
  const premiumList = usePremiumList(ACCOUNT_COPY.premiumList);
  return (
    <Card className="border-brand-200 bg-brand-50 dark:border-brand-800 dark:bg-slate-900">
      <CardHeader title={ACCOUNT_COPY.premiumFeatures} description={ACCOUNT_COPY.premiumIntro} />
      <CardBody>
        <FeatureList items={premiumList} tone="brand" />
        <p className="mt-4 text-sm muted">{ACCOUNT_COPY.premiumPrice}</p>
        <ButtonLink to={button.to} className="mt-4 w-full sm:w-auto">
          {button.label}
        </ButtonLink>
      </CardBody>
    </Card>
  );
}

function fullName(user: CurrentUser): string {
  return [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
}

function AccountInformationCard({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [email, setEmail] = useState(user.email);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  const resetFields = () => {
    setFirstName(user.firstName ?? '');
    setLastName(user.lastName ?? '');
    setEmail(user.email);
  };

  useEffect(() => {
    if (editing) firstFieldRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      editButtonRef.current?.focus();
    }
  }, [editing]);

  const save = useMutation({
    mutationFn: (body: { firstName: string; lastName: string; email: string }) =>
      apiRequest<ProfileUpdate>('PUT', '/api/auth/profile', body),
    onSuccess: async ({ pendingEmail, ...answer }) => {
      refreshCurrentUser(queryClient, answer);
      // A new email is only requested: it changes when the link mailed to it is opened.
      toast(
        pendingEmail
          ? { ...ACCOUNT_COPY.confirmNewEmail(pendingEmail), variant: 'success' }
          : { ...TOASTS.profileUpdated, variant: 'success' },
      );
      returnFocus.current = true;
      setEditing(false);
    },
    onError: (error) => {
      toast({
        title: TOASTS.updateFailed.title,
        description: messageOf(error, TOASTS.updateFailed.description),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim() });
  };

  const startEditing = () => {
    resetFields();
    setEditing(true);
  };

  const cancel = () => {
    resetFields();
    returnFocus.current = true;
    setEditing(false);
  };

  return (
    <Card>
      <CardHeader
        title={ACCOUNT_COPY.accountInformation}
        action={
          !editing && (
            <Button
              ref={editButtonRef}
              variant="outline"
              size="sm"
              className="shrink-0 whitespace-nowrap"
              onClick={startEditing}
            >
              {ACCOUNT_COPY.editProfile}
            </Button>
          )
        }
      />
      <CardBody>
        {editing ? (
          <form
            className="space-y-4"
            onSubmit={onSubmit}
            noValidate
            aria-busy={save.isPending}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !save.isPending) {
                event.preventDefault();
                cancel();
              }
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                ref={firstFieldRef}
                label={ACCOUNT_COPY.firstName}
                name="firstName"
                autoComplete="given-name"
                maxLength={NAME_MAX_LENGTH}
                value={firstName}
                onChange={(e) => setFirstName(e.target.value)}
              />
              <Field
                label={ACCOUNT_COPY.lastName}
                name="lastName"
                autoComplete="family-name"
                maxLength={NAME_MAX_LENGTH}
                value={lastName}
                onChange={(e) => setLastName(e.target.value)}
              />
            </div>
            <Field
              label={ACCOUNT_COPY.email}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX_LENGTH}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={cancel} disabled={save.isPending}>
                {ACCOUNT_COPY.cancel}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {ACCOUNT_COPY.save}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="muted">{ACCOUNT_COPY.name}</dt>
              <dd className="mt-1 font-medium text-slate-900 dark:text-white" data-testid="profile-name">
                {fullName(user) || ACCOUNT_COPY.notSet}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="muted">{ACCOUNT_COPY.email}</dt>
              <dd className="mt-1 break-words font-medium text-slate-900 dark:text-white" data-testid="profile-email">
                {user.email}
              </dd>
            </div>
            <div>
              <dt className="muted">{ACCOUNT_COPY.plan}</dt>
              <dd className="mt-1">
                <Badge tone={user.premium ? 'brand' : 'neutral'}>
                  {user.premium ? ACCOUNT_COPY.premium : ACCOUNT_COPY.free}
                </Badge>
              </dd>
            </div>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}

export function ManageAccountPage() {
  usePageTitle(ACCOUNT_COPY.pageTitle);
  const { user, isLoading } = useAuth();
  if (isLoading || !user) return <PageLoading />;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SiteHeader className="border-b border-slate-200/70 bg-white/70 backdrop-blur dark:border-slate-800 dark:bg-slate-950/70">
        <AccountMenu />
      </SiteHeader>
      <main id={MAIN_ID} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6">
        <ButtonLink to={ROUTES.home} variant="ghost" size="sm" className="-ml-3">
          <span aria-hidden="true">←</span> {ACCOUNT_COPY.backToHome}
        </ButtonLink>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {ACCOUNT_COPY.heading}
        </h1>
        <p className="mt-1 muted">{ACCOUNT_COPY.subtitle}</p>

        <div className="mt-8 space-y-6">
          {user.premium ? (
            <SubscriptionCard />
          ) : (
            <div className="grid gap-6 md:grid-cols-2">
              <CurrentPlanCard />
              <PremiumFeaturesCard />
            </div>
          )}
          <AccountInformationCard key={user.id} user={user} />
          <RestDaysCard />
          <OtherDevicesCard />
          <BlockedSitesSection />
          <NotificationsSection />
          <CalendarFeedSection />
          <YourDataCard />
        </div>
      </main>
      <footer className="border-t border-slate-200/70 px-4 py-6 text-center text-sm muted dark:border-slate-800">
        <nav aria-label={ACCOUNT_COPY.legal} className="flex flex-wrap justify-center gap-x-5 gap-y-2">
          <Link className="link" to={ROUTES.privacyPolicy}>
            {ACCOUNT_COPY.privacy}
          </Link>
          <Link className="link" to={ROUTES.termsOfService}>
            {ACCOUNT_COPY.terms}
          </Link>
          <Link className="link" to={ROUTES.cookiePolicy}>
            {ACCOUNT_COPY.cookies}
          </Link>
        </nav>
      </footer>
    </div>
  );
}

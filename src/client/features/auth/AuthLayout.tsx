// The frame of every sign-in and password screen: logo header, one centred card on a soft
// background, and a footer with the legal links.
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { APP_NAME } from '../../../shared/constants';
import { ROUTES } from '../../../shared/routes';
import { SiteHeader } from '../../ui/SiteHeader';
import { MAIN_ID } from '../../ui/SkipLink';
import { Card } from '../../ui/Card';
import { AUTH_COPY } from './copy';
import { CheckCircleIcon } from './icons';

export function AuthLayout({ children, below }: { children: ReactNode; below?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SiteHeader />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="outline-none flex flex-1 flex-col items-center px-4 pb-10 pt-2 sm:px-6 sm:pt-6"
      >
        <div className="w-full max-w-md">{children}</div>
        {below && <div className="mt-8 w-full max-w-md">{below}</div>}
      </main>
      <footer className="border-t border-slate-200/70 px-4 py-6 text-center text-sm muted dark:border-slate-800">
        <p>
          {AUTH_COPY.termsPrefix}{' '}
          <Link className="link" to={ROUTES.termsOfService}>
            {AUTH_COPY.terms}
          </Link>{' '}
          {AUTH_COPY.and}{' '}
          <Link className="link" to={ROUTES.privacyPolicy}>
            {AUTH_COPY.privacy}
          </Link>
          .
        </p>
        <p className="mt-2 text-xs">
          © {new Date().getFullYear()} {APP_NAME}
        </p>
      </footer>
    </div>
  );
}

/** Icon bubble, heading and text at the top of an auth card. */
export function AuthCardHeading({
  icon,
  title,
  subtitle,
  tone = 'brand',
}: {
  icon?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  tone?: 'brand' | 'success' | 'danger';
}) {
  const tones = {
    brand: 'bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-200',
    success: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900 dark:text-emerald-200',
    danger: 'bg-red-100 text-red-700 dark:bg-red-900 dark:text-red-200',
  };
  return (
    <div className="text-center">
      {icon && (
        <div className={`mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full ${tones[tone]}`}>
          {icon}
        </div>
      )}
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      {subtitle && <p className="mt-2 text-sm muted">{subtitle}</p>}
    </div>
  );
}

/**
 * The card a finished step ends on (password reset, email confirmed): a check mark, the heading
 * (which takes focus, so a screen reader hears the outcome), a line of text and one way on.
 */
export function AuthDoneCard({ title, text, action }: { title: string; text: ReactNode; action: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <AuthLayout>
      <Card className="p-6 text-center sm:p-8">
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900 dark:text-emerald-200">
          <CheckCircleIcon />
        </div>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 outline-none dark:text-white"
        >
          {title}
        </h1>
        <p className="mt-2 break-words text-sm muted" data-testid="done-text">
          {text}
        </p>
        {action}
      </Card>
    </AuthLayout>
  );
}

// The frame of the Focus-together pages: the header with the account menu, a way home, the page's
// heading (where focus goes when the page opens) and its content.
import { type ReactNode, useEffect, useRef } from 'react';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../ui/Button';
import { SiteHeader } from '../../ui/SiteHeader';
import { MAIN_ID } from '../../ui/SkipLink';
import { AccountMenu } from '../auth/AccountMenu';

export function RoomsLayout({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new page is announced by its heading, and the next Tab starts from it.
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SiteHeader className="border-b border-slate-200/70 bg-white/70 backdrop-blur dark:border-slate-800 dark:bg-slate-950/70">
        <AccountMenu />
      </SiteHeader>
      <main id={MAIN_ID} className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 sm:px-6">
        <ButtonLink to={ROUTES.home} variant="ghost" size="sm" className="-ml-3">
          <span aria-hidden="true">←</span> Back to Home
        </ButtonLink>
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-3 text-3xl font-bold tracking-tight text-slate-900 outline-none dark:text-white"
        >
          {title}
        </h1>
        {intro && <p className="mt-1 muted">{intro}</p>}
        <div className="mt-6 space-y-6">{children}</div>
      </main>
    </div>
  );
}

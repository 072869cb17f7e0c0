// The shell of every public screen: a header with the logo and optional navigation, the page's
// <main>, and the shared footer. ('Skip to content' is rendered once for every screen, in routes.)
import type { ReactNode } from 'react';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { MAIN_ID } from './SkipLink';

export function PublicLayout({
  nav,
  children,
  mainClassName = '',
}: {
  /** Rendered on the right of the header inside a labelled <nav>. */
  nav?: ReactNode;
  children: ReactNode;
  mainClassName?: string;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SiteHeader className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        {nav && (
          <nav aria-label="Primary" className="flex items-center gap-1 sm:gap-2">
            {nav}
          </nav>
        )}
      </SiteHeader>
      <main id={MAIN_ID} tabIndex={-1} className={`flex-1 outline-none ${mainClassName}`}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

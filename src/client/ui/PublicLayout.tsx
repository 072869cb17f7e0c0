// The shell of every public screen: a skip link, a header with the logo and optional navigation,
// the page's <main>, and the shared footer.
import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { SiteFooter } from './SiteFooter';

export const MAIN_ID = 'main';

export function PublicLayout({ nav, children, mainClassName = '' }: {
  /** Rendered on the right of the header inside a labelled <nav>. */
  nav?: ReactNode;
  children: ReactNode;
  mainClassName?: string;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href={`#${MAIN_ID}`}
        className="focus-ring sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white no-underline focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          {nav && (
            <nav aria-label="Primary" className="flex items-center gap-1 sm:gap-2">
              {nav}
            </nav>
          )}
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className={`flex-1 outline-none ${mainClassName}`}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

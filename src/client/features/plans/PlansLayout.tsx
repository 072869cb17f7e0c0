// The frame of the plan screens: the header (logo, account menu), a centred main column.
import type { ReactNode } from 'react';
import { SiteHeader } from '../../ui/SiteHeader';
import { MAIN_ID } from '../../ui/SkipLink';
import { AccountMenu } from '../auth/AccountMenu';

export function PlansLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SiteHeader
        banner={banner}
        className="border-b border-slate-200/70 bg-white/70 dark:border-slate-800 dark:bg-slate-950/70"
      >
        <AccountMenu />
      </SiteHeader>
      <main id={MAIN_ID} className="mx-auto w-full max-w-xl flex-1 px-4 py-10 sm:px-6 sm:py-16">
        {children}
      </main>
    </div>
  );
}

/** A centred status card: title, text, an optional spinner and actions. */
export function StatusCard({
  title,
  children,
  actions,
  tone = 'neutral',
  busy = false,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'error' | 'success';
  busy?: boolean;
}) {
  const border =
    tone === 'error'
      ? 'border-red-300 dark:border-red-800'
      : tone === 'success'
        ? 'border-emerald-300 dark:border-emerald-800'
        : 'border-slate-200 dark:border-slate-800';
  return (
    <section
      role={tone === 'error' ? 'alert' : undefined}
      aria-busy={busy || undefined}
      className={`card border p-6 text-center sm:p-8 ${border}`}
    >
      {busy && (
        <span
          aria-hidden="true"
          className="mx-auto mb-4 block h-10 w-10 animate-spin rounded-full border-4 border-brand-600 border-t-transparent"
        />
      )}
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      {children && <div className="mt-3 muted">{children}</div>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-2">{actions}</div>}
    </section>
  );
}

// The one page shell of the three legal pages: 'Back to Home', the title, 'Last updated' (today,
// as the spec asks), an 'On this page' index and the numbered sections.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PUBLIC_COPY } from '../../../shared/copy';
import { ROUTES } from '../../../shared/routes';
import { PublicLayout } from '../../ui/PublicLayout';
import { usePageTitle } from '../../ui/usePageTitle';
import { ArrowLeftIcon } from '../landing/icons';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** 'November 22, 2026' */
export function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function LegalLayout({
  title,
  summary,
  sections,
}: {
  title: string;
  summary: ReactNode;
  sections: LegalSection[];
}) {
  usePageTitle(title);
  const today = new Date();
  return (
    <PublicLayout>
      <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-brand-50/0 dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 pb-10 pt-8 sm:px-6 sm:pt-10">
          <Link
            to={ROUTES.home}
            className="link inline-flex items-center gap-1.5 text-sm font-medium no-underline hover:underline"
          >
            <ArrowLeftIcon />
            {PUBLIC_COPY.backToHome}
          </Link>
          <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            {title}
          </h1>
          <p className="mt-3 text-sm muted">
            {PUBLIC_COPY.lastUpdated} <time dateTime={isoDay(today)}>{formatLongDate(today)}</time>
          </p>
          <div className="mt-6 max-w-3xl text-lg leading-8 text-slate-700 dark:text-slate-300">{summary}</div>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[15rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-slate-900 dark:text-white">
            On this page
          </h2>
          <ol className="mt-3 list-none space-y-1 border-l border-slate-200 p-0 dark:border-slate-700">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="focus-ring -ml-px block border-l-2 border-transparent py-1 pl-4 text-sm text-slate-700 no-underline hover:border-brand-500 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-300"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 max-w-3xl">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24 border-b border-slate-200 py-8 first:pt-0 last:border-0 dark:border-slate-800"
            >
              <h2
                id={`${section.id}-title`}
                className="text-xl font-semibold text-slate-900 sm:text-2xl dark:text-white"
              >
                <span className="mr-2 text-brand-700 dark:text-brand-300">{index + 1}.</span>
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-base leading-7 text-slate-700 dark:text-slate-300">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </PublicLayout>
  );
}

/** A bulleted list styled for the legal text. */
export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-brand-600">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list written in the page's source; it never reorders
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** A highlighted statement the reader should not miss. */
export function KeyPoint({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-slate-800 dark:border-brand-800 dark:bg-slate-900 dark:text-slate-200">
      {children}
    </p>
  );
}

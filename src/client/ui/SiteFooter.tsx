// The footer every public screen shares: legal links, the support address, and the help pages
// that are announced but not built yet (shown as 'Coming soon', never as dead links).
import { Link } from 'react-router';
import { APP_NAME, SUPPORT_EMAIL } from '../../shared/constants';
import { PUBLIC_COPY } from '../../shared/copy';
import { ROUTES } from '../../shared/routes';
import { Badge } from './Badge';
import { LockIcon } from './Logo';

const footerLink =
  'focus-ring rounded text-sm text-slate-700 no-underline hover:text-brand-700 hover:underline underline-offset-4 dark:text-slate-300 dark:hover:text-brand-300';
const columnTitle = 'text-xs font-semibold uppercase tracking-wider text-slate-900 dark:text-white';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
            <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
              <LockIcon />
            </span>
            {APP_NAME}
          </p>
          <p className="mt-3 max-w-xs text-sm muted">
            Block out distraction, pick what matters today, and lock in until it is done.
          </p>
        </div>

        <nav aria-label="Legal">
          <h2 className={columnTitle}>Legal</h2>
          <ul className="mt-4 space-y-3 p-0 list-none">
            <li>
              <Link to={ROUTES.privacyPolicy} className={footerLink}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={ROUTES.termsOfService} className={footerLink}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to={ROUTES.cookiePolicy} className={footerLink}>
                Cookie Policy
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className={columnTitle}>Support</h2>
          <ul className="mt-4 space-y-3 p-0 list-none">
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={footerLink}>
                Email support
                <span className="sr-only"> ({SUPPORT_EMAIL})</span>
              </a>
            </li>
            <li className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <span>{PUBLIC_COPY.helpCenter}</span>
              <Badge tone="neutral">{PUBLIC_COPY.comingSoon}</Badge>
            </li>
            <li className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <span>{PUBLIC_COPY.faq}</span>
              <Badge tone="neutral">{PUBLIC_COPY.comingSoon}</Badge>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm muted sm:px-6">
          © {year} {APP_NAME}. Made for people who want to get the important things done.
        </p>
      </div>
    </footer>
  );
}

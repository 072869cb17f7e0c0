// Any path outside the route table (the server answers it with HTTP 404 and this screen).
import { Link } from 'react-router';
import { NOT_FOUND_TITLE, PUBLIC_COPY } from '../../../shared/copy';
import { ROUTES } from '../../../shared/routes';
import { buttonClass } from '../../ui/Button';
import { PublicLayout } from '../../ui/PublicLayout';
import { usePageTitle } from '../../ui/usePageTitle';
import { ArrowLeftIcon } from '../landing/icons';

function LostIllustration() {
  return (
    <svg viewBox="0 0 200 140" className="mx-auto h-36 w-auto sm:h-44" aria-hidden="true">
      <defs>
        <linearGradient id="nf-gradient" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      {/* The shadow: pale indigo on light, a dark slate on dark (a light blob would glow there). */}
      <ellipse cx="100" cy="128" rx="70" ry="8" className="fill-indigo-100 dark:fill-slate-800" />
      <rect x="50" y="52" width="100" height="72" rx="16" fill="url(#nf-gradient)" />
      <path d="M70 52V38a30 30 0 0 1 56-15" fill="none" stroke="#6366f1" strokeWidth="12" strokeLinecap="round" />
      <circle cx="100" cy="82" r="10" fill="#fff" />
      <rect x="96" y="86" width="8" height="20" rx="4" fill="#fff" />
      <text
        x="164"
        y="40"
        fontSize="28"
        fontWeight="700"
        fill="#a5b4fc"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
      >
        ?
      </text>
      <text
        x="22"
        y="64"
        fontSize="20"
        fontWeight="700"
        fill="#c4b5fd"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
      >
        ?
      </text>
    </svg>
  );
}

export function NotFoundPage(_props: { mode?: 'signin' | 'signup' }) {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <PublicLayout mainClassName="flex items-center bg-gradient-to-b from-brand-50 to-brand-50/0 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto w-full max-w-xl px-4 py-20 text-center sm:px-6">
        <LostIllustration />
        <h1 className="mt-8 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {NOT_FOUND_TITLE}
        </h1>
        <p className="mt-4 text-lg muted">
          This page has slipped out of focus. It may have moved, or the address may be mistyped.
        </p>
        <div className="mt-10 flex justify-center">
          <Link to={ROUTES.home} className={buttonClass('primary', 'lg')}>
            <ArrowLeftIcon className="h-5 w-5" />
            {PUBLIC_COPY.backToHome}
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}

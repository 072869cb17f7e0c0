import { Link } from 'react-router';
import { APP_NAME } from '../../shared/constants';

export function LockIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <rect x="4" y="10" width="16" height="11" rx="2.5" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" strokeLinecap="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link
      to="/"
      className="focus-ring flex items-center gap-2 rounded-lg text-lg font-bold text-slate-900 no-underline dark:text-white"
    >
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
        <LockIcon />
      </span>
      {APP_NAME}
    </Link>
  );
}

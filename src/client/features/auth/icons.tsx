// Small inline icons for the auth screens and the account menu (decorative: callers name the control).
export { ClockIcon, CrownIcon, SparklesIcon } from '../../ui/icons';

const base = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2 } as const;

export function EyeIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

export function EyeOffIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <path d="M10.6 5.1A10.7 10.7 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6A17.4 17.4 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20" />
    </svg>
  );
}

export function ChevronDownIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

export function UserIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}

export function PeopleIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
    </svg>
  );
}

export function SignOutIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
    </svg>
  );
}

export function TargetIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </svg>
  );
}

export function MailIcon({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

export function CheckCircleIcon({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12 3 3 5-6" />
    </svg>
  );
}

export function AlertIcon({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9v4M12 17h.01" />
    </svg>
  );
}

export function KeyboardIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
    </svg>
  );
}

export function InstallIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className} strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 3v12M7 10l5 5 5-5" />
      <path d="M5 21h14" />
    </svg>
  );
}

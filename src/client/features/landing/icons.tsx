// Inline SVG icons for the public screens (the CSP allows no outside images or fonts); the ones
// other screens share too (sparkles, check) come from ui/icons.
import type { ReactNode } from 'react';

function Icon({ className = 'h-6 w-6', children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export { ChartIcon, FlameIcon, TimerIcon } from '../../ui/icons';

type IconProps = { className?: string };

export const BankIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="5" rx="1.5" />
    <rect x="3" y="11" width="18" height="5" rx="1.5" />
    <path d="M7 6.5h4M7 13.5h6M5 20h14" />
  </Icon>
);

export const TargetIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
  </Icon>
);

export const ArrowRightIcon = ({ className = 'h-5 w-5' }: IconProps) => (
  <Icon className={className}>
    <path d="M5 12h14M13 6l6 6-6 6" strokeWidth={2} />
  </Icon>
);

export const ArrowLeftIcon = ({ className = 'h-4 w-4' }: IconProps) => (
  <Icon className={className}>
    <path d="M19 12H5M11 6l-6 6 6 6" strokeWidth={2} />
  </Icon>
);

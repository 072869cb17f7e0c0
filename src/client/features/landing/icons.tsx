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

export const TimerIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2.5 2.5M9.5 2.5h5M12 2.5V5" />
  </Icon>
);

export const FlameIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21c-3.9 0-7-2.8-7-6.6 0-3.4 2.3-5.6 4-7.4.4 1.8 1.3 3 2.6 3.6C11.2 7 12.6 4.4 15 3c-.3 2.6.8 4.4 2.2 6.1 1.1 1.4 1.8 3 1.8 5.1 0 3.9-3.1 6.8-7 6.8Z" />
    <path d="M12 21c-1.7 0-3-1.2-3-2.9 0-1.6 1.2-2.6 2.2-3.6.3 1.1 1 1.7 1.8 2 .6.3 2 1 2 2.1 0 1.4-1.3 2.4-3 2.4Z" />
  </Icon>
);

export const ChartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 3v18h18" />
    <path d="M7 15l4-4 3 3 5-6" />
    <circle cx="19" cy="8" r="1" fill="currentColor" />
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

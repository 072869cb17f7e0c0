// Small inline icons for Lock-In (decorative: every control that uses one is named).
import type { ReactNode } from 'react';

type IconProps = { className?: string };

function Icon({ className = 'h-4 w-4', children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}

export const TimerIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2 2M9 2h6" />
  </Icon>
);

export const StopIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="6" y="6" width="12" height="12" rx="2" />
  </Icon>
);

export const FlameIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21c-3.9 0-7-2.8-7-6.6 0-3.4 2.3-5.6 4-7.4.4 1.8 1.3 3 2.6 3.6C11.2 7 12.6 4.4 15 3c-.3 2.6.8 4.4 2.2 6.1 1.1 1.4 1.8 3 1.8 5.1 0 3.9-3.1 6.8-7 6.8Z" />
  </Icon>
);

export const ChartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 3v18h18M8 16v-5M13 16V8M18 16v-8" />
  </Icon>
);

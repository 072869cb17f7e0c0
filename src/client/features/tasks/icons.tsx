// Small inline icons for the tasks screen (decorative: every control that uses one is named).
export { ChartIcon, CheckIcon, ClockIcon, CrownIcon, SparklesIcon, TimerIcon } from '../../ui/icons';

const base = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

type IconProps = { className?: string };

export function PlusIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <svg {...base} aria-hidden="true" className={className}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

export function CalendarPlusIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <svg {...base} aria-hidden="true" className={className}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18M12 13v5M9.5 15.5h5" />
    </svg>
  );
}

export function PencilIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <svg {...base} aria-hidden="true" className={className}>
      <path d="M17 3a2.8 2.8 0 0 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />
      <path d="m15 5 4 4" />
    </svg>
  );
}

export function TrashIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <svg {...base} aria-hidden="true" className={className}>
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6" />
    </svg>
  );
}

export function XIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <svg {...base} aria-hidden="true" className={className}>
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

export function ArrowUpIcon({ className = 'h-5 w-5' }: IconProps) {
  return (
    <svg {...base} aria-hidden="true" className={className}>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </svg>
  );
}

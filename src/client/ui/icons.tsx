// The icons more than one screen uses, drawn once (decorative: every control that shows one is
// named by its text or aria-label). Screen-specific icons stay in their feature's icons.tsx.
import type { ReactNode } from 'react';

export type IconProps = { className?: string };

/** A 24 × 24 outline icon in the text colour: the frame every outline icon here shares. */
export function Stroke({ className, children }: { className: string; children: ReactNode }) {
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

export function SparklesIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <Stroke className={className}>
      <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9Z" />
      <path d="M19 15v4M17 17h4M5 3v3M3.5 4.5h3" />
    </Stroke>
  );
}

export function CrownIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d="M3 7.5 7.5 11 12 4l4.5 7L21 7.5 19 18H5L3 7.5Z" />
      <rect x="5" y="19.5" width="14" height="2" rx="1" />
    </svg>
  );
}

export function ClockIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <Stroke className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Stroke>
  );
}

export function CheckIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <Stroke className={className}>
      <path d="M20 6 9 17l-5-5" />
    </Stroke>
  );
}

export function TimerIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <Stroke className={className}>
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2 2M9 2h6" />
    </Stroke>
  );
}

export function ChartIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <Stroke className={className}>
      <path d="M3 3v18h18" />
      <path d="M7 15l4-4 3 3 5-6" />
    </Stroke>
  );
}

export function FlameIcon({ className = 'h-4 w-4' }: IconProps) {
  return (
    <Stroke className={className}>
      <path d="M12 21c-3.9 0-7-2.8-7-6.6 0-3.4 2.3-5.6 4-7.4.4 1.8 1.3 3 2.6 3.6C11.2 7 12.6 4.4 15 3c-.3 2.6.8 4.4 2.2 6.1 1.1 1.4 1.8 3 1.8 5.1 0 3.9-3.1 6.8-7 6.8Z" />
    </Stroke>
  );
}

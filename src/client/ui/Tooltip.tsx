// A tooltip shown on hover and keyboard focus, linked with aria-describedby. It sits above its
// trigger, below it on a phone (where above it covered the text beside it), and is moved sideways
// to stay on the screen (centred over a button near the edge, it started off-screen at 360 px).
import { type ReactElement, type ReactNode, cloneElement, useId, useLayoutEffect, useRef } from 'react';

const SCREEN_MARGIN_PX = 8;

export function Tooltip({
  content,
  children,
}: {
  content: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const tip = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = tip.current;
    if (!el) return;
    // Laid out while invisible (opacity 0), so it can be measured before it shows.
    const place = () => {
      el.style.setProperty('--tip-shift', '0px');
      const { left, right } = el.getBoundingClientRect();
      const shift =
        left < SCREEN_MARGIN_PX
          ? SCREEN_MARGIN_PX - left
          : right > window.innerWidth - SCREEN_MARGIN_PX
            ? window.innerWidth - SCREEN_MARGIN_PX - right
            : 0;
      el.style.setProperty('--tip-shift', `${shift}px`);
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, []);
  return (
    <span className="group relative inline-flex">
      {cloneElement(children, { 'aria-describedby': id })}
      <span
        ref={tip}
        role="tooltip"
        id={id}
        style={{ transform: 'translateX(calc(-50% + var(--tip-shift, 0px)))' }}
        className="pointer-events-none absolute bottom-full left-1/2 z-50 mb-2 w-max max-w-[min(20rem,calc(100vw-1rem))] rounded-md bg-slate-900 px-2 py-1 text-xs text-white opacity-0 shadow transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 max-sm:bottom-auto max-sm:top-full max-sm:mb-0 max-sm:mt-2 dark:bg-slate-100 dark:text-slate-900"
      >
        {content}
      </span>
    </span>
  );
}

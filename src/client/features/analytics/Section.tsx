// A dashboard panel: a card with a heading (and an optional badge beside it).
import { type ReactNode, useEffect, useRef, useState } from 'react';

export function Section({
  title,
  action,
  testId,
  children,
}: {
  title: string;
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="card min-w-0 p-4 sm:p-5" data-testid={testId} aria-label={title}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

export function EmptyChart({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700">
      <p className="font-medium text-slate-900 dark:text-white">{title}</p>
      <p className="mt-1 text-sm muted">{text}</p>
    </div>
  );
}

/** The width of an element, kept up to date (charts draw to fit their panel, down to 360 px screens). */
export function useWidth<T extends HTMLElement>(fallback = 320): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth || fallback);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(160, Math.floor(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width];
}

/** A small floating label for a chart's hovered or focused mark. */
export function ChartTooltip({ x, y, children }: { x: number; y: number; children: ReactNode }) {
  return (
    <div
      role="tooltip"
      className="pointer-events-none absolute z-10 w-max max-w-56 -translate-x-1/2 -translate-y-full rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow dark:bg-slate-100 dark:text-slate-900"
      style={{ left: x, top: y - 8 }}
    >
      {children}
    </div>
  );
}

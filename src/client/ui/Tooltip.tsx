// A tooltip shown on hover and keyboard focus, linked with aria-describedby.
import { type ReactElement, type ReactNode, cloneElement, useId } from 'react';

export function Tooltip({
  content,
  children,
}: {
  content: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  return (
    <span className="group relative inline-flex">
      {cloneElement(children, { 'aria-describedby': id })}
      <span
        role="tooltip"
        id={id}
        className="pointer-events-none absolute bottom-full left-1/2 z-50 mb-2 w-max max-w-xs -translate-x-1/2 rounded-md bg-slate-900 px-2 py-1 text-xs text-white opacity-0 shadow transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 dark:bg-slate-100 dark:text-slate-900"
      >
        {content}
      </span>
    </span>
  );
}

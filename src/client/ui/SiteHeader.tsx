// The one header frame: the logo at the same place on every screen (same width, same padding),
// a fixed height so nothing below moves when its right-hand side changes (the account menu's
// 'Loading...' becoming the avatar), and whatever the screen puts on the right.
import type { ReactNode } from 'react';
import { Logo } from './Logo';

/** The header's inner width; screens may centre narrower content below it. */
const HEADER_WIDTH = 'max-w-6xl';

export function SiteHeader({
  children,
  className = '',
  banner,
}: {
  children?: ReactNode;
  className?: string;
  /** A full-width strip above the logo row (the plan screens' notices). */
  banner?: ReactNode;
}) {
  return (
    <header className={className}>
      {banner}
      <div className={`mx-auto flex h-16 ${HEADER_WIDTH} items-center justify-between gap-3 px-4 sm:px-6`}>
        <Logo />
        {children}
      </div>
    </header>
  );
}

// 'Skip to content', first in the tab order of every screen (rendered once, above the routes).
// It moves focus to the screen's <main>, whichever screen it is, so no page has to opt in.
import type { MouseEvent } from 'react';

export const MAIN_ID = 'main';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID) ?? document.querySelector('main');
  if (!main) return;
  event.preventDefault();
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  // The jump itself is the feedback; a ring around the whole page would only be noise.
  main.classList.add('outline-none');
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={focusMain}
      className="focus-ring sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white no-underline focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to content
    </a>
  );
}

// After a page change inside the app (sign-up, Manage Account, subscribe, checkout), focus goes to
// the new page's main heading, as a full page load would start reading there: without it focus
// stayed on <body> (or on a link of the page that left), and a screen reader announced nothing.
// The first load is left alone (the skip link comes first), and so is a page that put focus in
// its own content. A page whose code loads on demand gets its heading a moment later: it is
// waited for (up to HEADING_WAIT_MS).
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusMainHeading } from './focus-main-heading';

const HEADING_WAIT_MS = 5_000;

export function FocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each page change (the pathname), reading the page as it is then
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const focusedInPage = () => {
      const active = document.activeElement;
      return active instanceof HTMLElement && active !== document.body && Boolean(active.closest('main, dialog[open]'));
    };
    const tryFocus = () => !focusedInPage() && focusMainHeading();
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (focusedInPage() || tryFocus()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
  return null;
}

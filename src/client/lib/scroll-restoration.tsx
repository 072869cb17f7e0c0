// Where each page was left, for Back and Forward. The app routes with react-router's declarative
// <BrowserRouter> (its data router, which brings <ScrollRestoration>, adds ~60 KB to the first
// load for features the app does not use), so this does what <ScrollRestoration> did: a new page
// starts at the top (or at its #anchor), a page returned to with Back or Forward is shown where it
// was left, also after a reload (positions live in sessionStorage, bounded). A page whose code
// loads on demand shows 'Loading' first, too short for the place it is returned to or for its
// #anchor, so the place is taken as the page grows, until the person scrolls by themselves.
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { RecentMap } from '../../shared/recent-map';

const STORAGE_KEY = 'lockin:scroll-positions';
/** History entries remembered: older ones start at the top when returned to. */
const MAX_POSITIONS = 50;
/** How long a returned-to page may take to grow tall enough for its place (its code on a slow network). */
const GROW_WAIT_MS = 15_000;
/** Inputs that mean the person scrolls by themselves: the page stops moving to its place then. */
const OWN_SCROLL_INPUTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const positions = readPositions();

/**
 * The history entry's own key (react-router keeps it in history.state); an entry without one (the
 * first page, an in-page #anchor link) is known by its address, so two of them stay apart.
 */
function entryKey(key: string | undefined, where: { pathname: string; search: string; hash: string }): string {
  return key && key !== 'default' ? key : `${where.pathname}${where.search}${where.hash}`;
}

/** The entry the browser shows now: read at each scroll, so a position never lands on a neighbour. */
function currentEntryKey(): string {
  const state: unknown = window.history.state;
  const key = typeof state === 'object' && state && 'key' in state ? String(state.key) : undefined;
  return entryKey(key, window.location);
}

function readPositions(): RecentMap<string, number> {
  const kept = new RecentMap<string, number>(MAX_POSITIONS);
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (Array.isArray(saved)) {
      for (const entry of saved) {
        if (typeof entry?.[0] === 'string' && typeof entry?.[1] === 'number') kept.set(entry[0], entry[1]);
      }
    }
  } catch {
    // Storage refused or damaged: start with nothing remembered.
  }
  return kept;
}

function persist(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions.entries()]));
  } catch {
    // Private mode or a full storage: positions are kept for this page's life only.
  }
}

/** The element a #fragment names; none for a malformed one ('#%E0%A4%A' cannot be decoded). */
function anchorOf(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/** Where a navigation puts the page when it is not simply the top: a remembered offset or a #fragment's element. */
type Place = { y: number } | { hash: string };

/** Moves to the place as far as the page allows now; true when it got there. */
function moveTo(place: Place): boolean {
  if ('hash' in place) {
    const anchor = anchorOf(place.hash);
    anchor?.scrollIntoView();
    return anchor !== null;
  }
  window.scrollTo(0, place.y);
  return document.documentElement.scrollHeight - window.innerHeight >= place.y;
}

/** While set, the page is still on its way to its place: offsets it passes are not remembered. */
let settling = false;

/**
 * Moves to the place now, and again each time the page grows (its on-demand code arrived) until it
 * gets there, the person scrolls by themselves, or the wait is over. Returns the cancel.
 */
function settleAt(place: Place): () => void {
  if (moveTo(place)) return () => {};
  settling = true;
  const grows = new ResizeObserver(() => {
    if (moveTo(place)) stop();
  });
  const timer = window.setTimeout(stop, GROW_WAIT_MS);
  function stop() {
    settling = false;
    grows.disconnect();
    window.clearTimeout(timer);
    for (const input of OWN_SCROLL_INPUTS) window.removeEventListener(input, stop, true);
  }
  grows.observe(document.body);
  for (const input of OWN_SCROLL_INPUTS) window.addEventListener(input, stop, { capture: true, passive: true });
  return stop;
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (!settling) positions.set(currentEntryKey(), window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Before paint, so the new page is never shown at the old page's offset.
  useLayoutEffect(() => {
    const saved = positions.get(entryKey(location.key, location));
    if (navigationType === 'POP' && saved !== undefined) return settleAt({ y: saved });
    // A new page starts at the top (also while its #anchor is still loading, or names nothing).
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    if (location.hash) return settleAt({ hash: location.hash });
  }, [location, navigationType]);

  return null;
}

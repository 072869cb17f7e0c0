import { useEffect, useRef } from 'react';

/**
 * When a list item the user just removed disappears, focus would fall to <body>. Call arm() when
 * the user removes it; if focus is lost when the item unmounts, `refocus` puts it somewhere useful.
 */
export function useFocusAfterRemoval(refocus: () => void): () => void {
  const armed = useRef(false);
  const latest = useRef(refocus);
  latest.current = refocus;
  useEffect(
    () => () => {
      if (!armed.current) return;
      const active = document.activeElement;
      if (!active || active === document.body) latest.current();
    },
    [],
  );
  return () => {
    armed.current = true;
  };
}

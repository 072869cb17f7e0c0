// Whether this is the user's first visit to the tasks screen in this browser: the greeting says
// 'Welcome' then and 'Welcome back' after. Kept per user in browser storage; decided once per
// page so the heading does not change under the reader.
import { useEffect, useState } from 'react';

const key = (userId: string) => `lockin:visited:${userId}`;

export function useFirstVisit(userId: string): boolean {
  const [first] = useState(() => {
    try {
      return localStorage.getItem(key(userId)) === null;
    } catch {
      return false;
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(key(userId), '1');
    } catch {
      // Storage off (private mode): every visit reads as a return, which is only a greeting.
    }
  }, [userId]);
  return first;
}

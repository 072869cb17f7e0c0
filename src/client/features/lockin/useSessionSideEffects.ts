// While a session runs: the tab title shows the time left; when the tab is hidden for 30 s a
// notification (if the user allowed them) says the session is still running; coming back shows
// 'Welcome back! Stay focused.'. Without permission nothing else changes.
import { useEffect, useRef } from 'react';
import { HIDDEN_TAB_REMINDER_SECONDS } from '../../../shared/constants';
import { LOCKIN_COPY } from '../../../shared/lockin';
import { useToast } from '../../lib/toast';
import { countdownTitle } from './timer';

/** `remaining` is the seconds left, or null when no session runs. */
export function useSessionSideEffects(remaining: number | null): void {
  const active = remaining !== null;
  const savedTitle = useRef<string | null>(null);
  const toast = useToast();

  useEffect(() => {
    if (remaining === null) return;
    if (savedTitle.current === null) savedTitle.current = document.title;
    document.title = countdownTitle(remaining);
  }, [remaining]);

  useEffect(() => {
    if (active) return;
    if (savedTitle.current !== null) {
      document.title = savedTitle.current;
      savedTitle.current = null;
    }
  }, [active]);

  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        clearTimeout(timer);
        timer = setTimeout(() => {
          try {
            if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
              new Notification('LockIn', { body: LOCKIN_COPY.stillFocused, tag: 'lockin-still-focused' });
            }
          } catch {
            // Some browsers only allow notifications from a service worker: nothing else changes.
          }
        }, HIDDEN_TAB_REMINDER_SECONDS * 1000);
      } else {
        clearTimeout(timer);
        toast({ title: LOCKIN_COPY.welcomeBack, description: '' });
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, toast]);
}

// Keeps the server's idea of the user's time zone in step with the browser, so 'today' (daily
// reset, streaks, weekly figures) matches the clock on the wall. Runs once per user and zone.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { TIME_ZONE_SYNC_DELAY_MS } from '../../../shared/constants';
import type { CurrentUser } from '../../../shared/types';
import { useTRPC } from '../../lib/trpc';
import { browserTimeZone } from './session';
import { CURRENT_USER_KEY } from './useAuth';

export function useTimeZoneSync(user: CurrentUser | null): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate } = useMutation(trpc.accounts.setTimeZone.mutationOptions());
  const sent = useRef<string | null>(null);

  const sync = useEffectEvent((user: CurrentUser) => {
    const zone = browserTimeZone();
    if (zone === user.timeZone) return;
    const key = `${user.id}:${zone}`;
    if (sent.current === key) return;
    sent.current = key;
    mutate(
      { timeZone: zone },
      {
        onSuccess: () => {
          queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_KEY, (current) =>
            current && current.id === user.id ? { ...current, timeZone: zone } : current,
          );
        },
        // A failed sync is harmless (the server keeps the last zone); try again next load.
        onError: () => {
          sent.current = null;
        },
      },
    );
  });

  useEffect(() => {
    if (!user) return;
    // Reading the zone builds the page's first DateTimeFormat: not a start-up task.
    const timer = setTimeout(() => sync(user), TIME_ZONE_SYNC_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user]);
}

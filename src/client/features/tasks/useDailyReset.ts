// The daily reset as the client sees it: the list read (or a write) reports one the server ran,
// and the server is asked again every DAILY_RESET_CHECK_MS; a reset that dropped completed tasks
// is announced with the spec's toast.
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DAILY_RESET_CHECK_MS } from '../../../shared/constants';
import { dailyResetComplete } from '../../../shared/copy';
import type { DailyList, DailyResetResult } from '../../../shared/tasks';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useTaskCaches } from './useTaskCaches';

/** The spec's 'Daily Reset Complete' toast for a reset that dropped completed tasks. */
export function useAnnounceReset(): (reset: DailyResetResult) => void {
  const toast = useToast();
  return useCallback(
    (reset: DailyResetResult) => {
      if (reset.removed >= 1) toast({ ...dailyResetComplete(reset.removed, reset.carriedOver), variant: 'success' });
    },
    [toast],
  );
}

/**
 * The daily reset: the list read (or a Today's Focus write) reports one it performed; besides, the
 * server is asked every DAILY_RESET_CHECK_MS. A reset that dropped completed tasks is announced
 * with the spec's toast. Returns the current time, refreshed on each check, so 'n days ago'
 * badges stay right.
 */
export function useDailyReset(daily: DailyList | undefined): Date {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const [now, setNow] = useState(() => new Date());
  const announced = useRef(new WeakSet<DailyResetResult>());
  const announce = useAnnounceReset();

  useEffect(() => {
    const reset = daily?.reset;
    if (!reset || announced.current.has(reset)) return;
    announced.current.add(reset);
    announce(reset);
  }, [daily?.reset, announce]);

  const { mutate } = useMutation(
    trpc.tasks.daily.reset.mutationOptions({
      onSuccess: (reset) => {
        if (!reset) return;
        announce(reset);
        void caches.refetchDaily();
      },
    }),
  );

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(new Date());
      mutate();
    }, DAILY_RESET_CHECK_MS);
    return () => clearInterval(timer);
  }, [mutate]);

  return now;
}

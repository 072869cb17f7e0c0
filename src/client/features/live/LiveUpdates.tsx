// One live stream per open page (GET /api/live) while signed in: what another device or another
// member of a room changed is refetched within a second instead of at the next refetch. A stream
// that reconnects (a restart, a network change) says 'ready' again, and the page then refetches
// everything it shows, so an event missed while it was away costs nothing.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type CircleEventData, LIVE_PATH, type LiveReadyData, type RoomEventData } from '../../../shared/live';
import { useTRPC } from '../../lib/trpc';
import { CURRENT_USER_KEY, useAuth } from '../auth/useAuth';

export function LiveUpdates() {
  const { isAuthenticated } = useAuth();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isAuthenticated || typeof EventSource === 'undefined') return;
    // The page's age: its first reads were made within it (shared/live.ts, LIVE_CATCH_UP_SECONDS).
    const source = new EventSource(`${LIVE_PATH}?since=${Math.round(performance.now())}`);
    const refetch = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
    let heard = false;
    source.addEventListener('ready', (event) => {
      // A later 'ready' follows a gap; the first follows the page's first reads, stale only when
      // the server says something changed since they were made.
      const { reread } = JSON.parse((event as MessageEvent<string>).data) as Partial<LiveReadyData>;
      if (heard || reread) void queryClient.invalidateQueries();
      heard = true;
    });
    source.addEventListener('session', () => refetch(trpc.lockin.pathKey()));
    source.addEventListener('tasks', () => {
      // This page's own change is settled by its own mutation; a refetch now would race it.
      if (queryClient.isMutating() === 0) refetch(trpc.tasks.pathKey());
    });
    source.addEventListener('plan', () => {
      refetch(trpc.plans.pathKey());
      refetch(CURRENT_USER_KEY);
    });
    source.addEventListener('room', (event) => {
      const { roomId } = JSON.parse((event as MessageEvent<string>).data) as RoomEventData;
      refetch(trpc.rooms.get.queryKey({ roomId }));
      refetch(trpc.rooms.list.queryKey());
    });
    source.addEventListener('circle', (event) => {
      const { circleId } = JSON.parse((event as MessageEvent<string>).data) as CircleEventData;
      refetch(trpc.circles.get.queryKey({ circleId }));
      refetch(trpc.circles.list.queryKey());
    });
    // Closed for good while online (signed out elsewhere: the stream answers 401): the page learns
    // who it is. Offline, the browser gives up on the stream too; nothing is asked then (the
    // offline notices say what holds), and the stream opens again with the page's next load.
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED && navigator.onLine) refetch(CURRENT_USER_KEY);
    });
    return () => source.close();
  }, [isAuthenticated, trpc, queryClient]);
  return null;
}

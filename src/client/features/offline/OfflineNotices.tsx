// Calm notices at the top of every page: 'You're offline' while the browser has no network (what
// shows is the last copy kept on this device; which changes wait and which need a connection),
// how many changes wait, and
// 'Update available — reload' when a new version of the app is waiting. A change restored from an
// earlier page that the server refused is told with a toast.
import { onlineManager, useMutationState } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { decodeError } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { Button } from '../../ui/Button';
import { isWaitingChange, onRestoredChangeFailed } from './offlineChanges';
import { applyUpdate, useUpdateWaiting } from './serviceWorker';

export const OFFLINE_COPY = {
  offline:
    "You're offline. Ticks, task edits and Lock-In sessions are kept on this device and sync when you're back; account, plan and data changes need a connection.",
  /** A phone's line: the long one took four lines at 390 px. */
  offlineShort: "You're offline. Changes sync when you're back.",
  waiting: (count: number) => (count === 1 ? '1 change waiting to sync' : `${count} changes waiting to sync`),
  notSynced: 'An offline change could not be saved',
  notSyncedFor: (title: string) => `Your offline change to “${title}” could not be saved`,
  update: 'Update available',
  reload: 'Reload',
} as const;

/** The network as TanStack Query sees it: the same answer that pauses and replays the changes. */
function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

function useRestoredChangeFailures() {
  const toast = useToast();
  useEffect(
    () =>
      onRestoredChangeFailed((error, taskTitle) =>
        toast({
          title: taskTitle ? OFFLINE_COPY.notSyncedFor(taskTitle) : OFFLINE_COPY.notSynced,
          description: decodeError(error).message ?? '',
          variant: 'destructive',
        }),
      ),
    [toast],
  );
}

export function OfflineNotices() {
  const online = useOnline();
  const updateWaiting = useUpdateWaiting();
  const waiting = useMutationState({ filters: { predicate: isWaitingChange } }).length;
  useRestoredChangeFailures();
  if (online && !updateWaiting) return null;
  return (
    <div className="sticky top-0 z-50">
      {!online && (
        <p
          role="status"
          data-testid="offline-banner"
          className="bg-slate-800 px-4 py-2 text-center text-sm text-white dark:bg-slate-700"
        >
          <span className="sm:hidden">{OFFLINE_COPY.offlineShort}</span>
          <span className="hidden sm:inline">{OFFLINE_COPY.offline}</span>
          {waiting > 0 && <span data-testid="waiting-changes"> {OFFLINE_COPY.waiting(waiting)}.</span>}
        </p>
      )}
      {updateWaiting && (
        <div
          role="status"
          data-testid="update-banner"
          className="flex items-center justify-center gap-3 bg-brand-700 px-4 py-2 text-sm text-white"
        >
          <span>{OFFLINE_COPY.update} —</span>
          <Button size="sm" variant="outline" className="bg-white text-brand-800" onClick={applyUpdate}>
            {OFFLINE_COPY.reload}
          </Button>
        </div>
      )}
    </div>
  );
}

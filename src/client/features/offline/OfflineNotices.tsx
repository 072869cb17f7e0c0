// Two calm notices at the top of every page: 'You're offline' while the browser has no network
// (what shows is the last copy kept on this device; changes need a connection), and 'Update
// available — reload' when a new version of the app is waiting.
import { useSyncExternalStore } from 'react';
import { Button } from '../../ui/Button';
import { applyUpdate, useUpdateWaiting } from './serviceWorker';

export const OFFLINE_COPY = {
  offline: "You're offline. LockIn shows what was last saved on this device; changes need a connection.",
  update: 'Update available',
  reload: 'Reload',
} as const;

function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

export function OfflineNotices() {
  const online = useOnline();
  const updateWaiting = useUpdateWaiting();
  if (online && !updateWaiting) return null;
  return (
    <div className="sticky top-0 z-50">
      {!online && (
        <p
          role="status"
          data-testid="offline-banner"
          className="bg-slate-800 px-4 py-2 text-center text-sm text-white dark:bg-slate-700"
        >
          {OFFLINE_COPY.offline}
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

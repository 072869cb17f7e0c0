// Registers the service worker (production builds, browsers that have them) through
// workbox-window, and tells the page when a new version is waiting, so it can offer
// 'Update available — reload' instead of leaving the user on an old shell. workbox-window is
// fetched with the registration (which waits for the page's load event anyway), not with the
// first load's script.
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

let started = false;
let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

let registration: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);

/** The app's worker registration once registered; undefined where there is none (development, refused). */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return registration;
}

export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || started) return;
  started = true;
  registration = import('workbox-window')
    .then(({ Workbox }) => {
      const wb = new Workbox('/sw.js');
      workbox = wb;
      wb.addEventListener('waiting', () => {
        waiting = true;
        changed();
      });
      // The new version took over (after 'reload' was pressed here or in another tab): load its shell.
      wb.addEventListener('controlling', (event) => {
        if (event.isUpdate) window.location.reload();
      });
      return wb.register();
    })
    // A browser (or profile) that refuses service workers still runs the app, online only.
    .catch(() => undefined);
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
    () => false,
  );
}

/** Lets the waiting version take over; the page reloads when it controls it. */
export function applyUpdate(): void {
  workbox?.messageSkipWaiting();
}

/** On sign-out: the account's offline copies leave the device with it. */
export function forgetOfflineData(): void {
  navigator.serviceWorker?.controller?.postMessage({ type: 'FORGET_USER_DATA' });
}

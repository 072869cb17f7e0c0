// 'Install app': the browser's offer to install LockIn (beforeinstallprompt) is kept from the
// moment the page loads (it can fire before any menu is drawn), shown as an entry in the account
// menu while it stands, and gone once the app is installed or the offer is used.
import { useSyncExternalStore } from 'react';

/** The event Chromium fires when the page may be installed (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep it for the menu instead of the browser's own mini-bar.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

/** Whether the browser offers to install the app now. */
export function useCanInstall(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer !== null,
    () => false,
  );
}

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const current = offer;
  if (!current) return 'unavailable';
  offer = null;
  changed();
  await current.prompt();
  return (await current.userChoice).outcome;
}

// In the Lock-In setup: 'Remind me when it ends' turns notifications on for this device from the
// click (never on load), for a signed-in user whose browser can show them and has not yet.
import { useState } from 'react';
import { useAuth } from '../auth/useAuth';
import { turnOnPush } from './pushSubscription';
import { usePushState } from './usePushState';

export const REMIND_COPY = {
  ask: 'Remind me when it ends',
  on: "You'll get a notification on this device when it ends.",
  denied: 'Notifications are blocked for LockIn in this browser; allow them in the site settings.',
  failed: "Reminders couldn't be turned on. Try again from Manage Account.",
} as const;

export function RemindMeButton() {
  const signedIn = useAuth().isAuthenticated;
  const [state, setState] = usePushState(signedIn);
  const [asked, setAsked] = useState(false);
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);

  // Offered only while this device's reminders are off; after the click, its outcome stays shown.
  if (!signedIn || state === null || state === 'unsupported' || (!asked && state !== 'off')) return null;
  return (
    <div className="mt-4 text-sm" data-testid="remind-me" data-state={failed ? 'failed' : state}>
      {failed && <p role="status">{REMIND_COPY.failed}</p>}
      {!failed && state === 'off' && (
        <button
          type="button"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 disabled:opacity-60 dark:text-brand-300"
          disabled={asking}
          onClick={async () => {
            setAsking(true);
            setAsked(true);
            try {
              setState(await turnOnPush());
            } catch {
              setFailed(true);
            } finally {
              setAsking(false);
            }
          }}
        >
          {REMIND_COPY.ask}
        </button>
      )}
      {state === 'on' && <p role="status">{REMIND_COPY.on}</p>}
      {state === 'denied' && <p role="status">{REMIND_COPY.denied}</p>}
    </div>
  );
}

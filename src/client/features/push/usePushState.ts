// This device's notifications state, read once when a screen that offers the switch mounts
// (null until known; a failed read counts as 'unsupported').
import { useEffect, useState } from 'react';
import { type PushState, readPushState } from './pushSubscription';

export function usePushState(enabled = true): [PushState | null, (state: PushState) => void] {
  const [state, setState] = useState<PushState | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    readPushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, [enabled]);
  return [state, setState];
}

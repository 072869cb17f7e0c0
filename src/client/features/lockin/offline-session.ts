// A Lock-In session started without a network: how it is timed, and its copy on this device so a
// reload in the middle of it does not lose it (recorded with lockin.recordOffline when it ends).
import type { RunningSession } from '../../../shared/lockin';
import type { RunningState } from './session-machine';
import { clockOffsetMs } from './timer';

const STORAGE_KEY = 'lockin-offline-session';

/**
 * A session started without a network: timed on the server's clock as last seen (the answer's
 * offset from when it arrived; an answer from the offline cache arrived later than it looks, which
 * errs early), never before that answer's stamp, and recorded when it ends.
 */
export function offlineSession(
  last: RunningSession,
  receivedAtMs: number,
  setup: { minutes: number; taskTitle: string; taskId?: string; goalText: string | null },
): { session: RunningState; offsetMs: number } {
  const nowMs = Date.now();
  const stampMs = Number(last.syncStamp.split('.')[0]);
  const offsetMs = Math.max(clockOffsetMs(last.serverNow, receivedAtMs), stampMs - nowMs);
  const startMs = nowMs + offsetMs;
  return {
    offsetMs,
    session: {
      id: crypto.randomUUID(),
      startMs,
      endsAtMs: startMs + setup.minutes * 60_000,
      goalMinutes: setup.minutes,
      taskTitle: setup.taskTitle,
      goalText: setup.goalText,
      local: false,
      unrecorded: false,
      offline: { syncStamp: last.syncStamp, taskId: setup.taskId },
    },
  };
}

interface Kept {
  owner: string;
  offsetMs: number;
  session: RunningState;
}

/** Keeps the running offline session of this user on the device, until it ends. */
export function keepOfflineSession(
  store: Storage,
  owner: string,
  running: { session: RunningState; offsetMs: number },
): void {
  store.setItem(STORAGE_KEY, JSON.stringify({ owner, ...running } satisfies Kept));
}

/** The offline session ended (it is recorded, or waits to be): the device's copy goes. */
export function forgetOfflineSession(store: Storage): void {
  store.removeItem(STORAGE_KEY);
}

/** This user's offline session left running by an earlier page, if any. */
export function readOfflineSession(store: Storage, owner: string): { session: RunningState; offsetMs: number } | null {
  try {
    const kept = JSON.parse(store.getItem(STORAGE_KEY) ?? 'null') as Kept | null;
    if (!kept || kept.owner !== owner || !kept.session?.offline || typeof kept.offsetMs !== 'number') return null;
    return { session: kept.session, offsetMs: kept.offsetMs };
  } catch {
    return null;
  }
}

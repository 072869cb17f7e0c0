// What the extension keeps (chrome.storage.local): the LockIn it talks to, its credential, and the
// last answer of the server. The background writes it; the extension's pages read and watch it.
import type { ExtensionState } from '../src/shared/blocking';

export type LinkStatus = 'unpaired' | 'connected' | 'disconnected' | 'offline';

export interface Stored {
  /** The LockIn origin, such as https://lockin.example.com. */
  appUrl: string;
  token: string | null;
  /** The credential's id in Manage Account's list of connected browsers. */
  browserId: string | null;
  status: LinkStatus;
  state: ExtensionState | null;
  /** The running session's end on this computer's clock. */
  endMs: number | null;
}

/** The LockIn this build was made for (scripts/build-extension.ts defines it). */
declare const LOCKIN_APP_URL: string;
export const DEFAULT_APP_URL: string = LOCKIN_APP_URL;

const DEFAULTS: Stored = {
  appUrl: DEFAULT_APP_URL,
  token: null,
  browserId: null,
  status: 'unpaired',
  state: null,
  endMs: null,
};

export async function load(): Promise<Stored> {
  const kept = (await chrome.storage.local.get(null)) as Partial<Stored>;
  return { ...DEFAULTS, ...kept };
}

export async function save(change: Partial<Stored>): Promise<void> {
  await chrome.storage.local.set(change);
}

/** The session the stored answer says runs now (none without a credential, or past its end). */
export function runningSession(stored: Stored, nowMs: number): ExtensionState['session'] {
  if (!stored.token || stored.endMs === null || stored.endMs <= nowMs) return null;
  return stored.state?.session ?? null;
}

// The page's side of the extension bridge: the extension's content script (on LockIn's origin
// only) answers 'hello' with its status; the page tells it when a session starts or ends, and
// hands it a new credential. Nothing here runs unless a component asks about the extension.
import { useSyncExternalStore } from 'react';
import type { ConnectedBrowser } from '../../../shared/blocking';
import { BRIDGE, type ExtensionStatus, type PageMessage, WITHOUT_PAGE_MAX } from '../../../shared/extension-bridge';

type Outgoing = PageMessage extends infer M ? (M extends PageMessage ? Omit<M, 'source'> : never) : never;

let status: ExtensionStatus | null = null;
const listeners = new Set<() => void>();
let listening = false;

function post(message: Outgoing): void {
  window.postMessage({ source: BRIDGE.fromPage, ...message }, location.origin);
}

function onMessage(event: MessageEvent): void {
  if (event.source !== window || event.origin !== location.origin) return;
  const data = event.data as Partial<ExtensionStatus> | null;
  if (data?.source !== BRIDGE.fromExtension) return;
  status = {
    source: BRIDGE.fromExtension,
    version: String(data.version ?? ''),
    browserId: typeof data.browserId === 'string' ? data.browserId : null,
    // Bounded like the list it comes from; anything but site names is dropped.
    withoutPage: Array.isArray(data.withoutPage)
      ? data.withoutPage.filter((s): s is string => typeof s === 'string').slice(0, WITHOUT_PAGE_MAX)
      : [],
  };
  for (const listener of listeners) listener();
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('message', onMessage);
  post({ type: 'hello' });
}

const subscribe = (listener: () => void) => {
  listen();
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The extension in this browser, or null when none answered (not installed, or not for this LockIn). */
export function useExtensionStatus(): ExtensionStatus | null {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => null,
  );
}

/**
 * A session started or ended here, or a browser was disconnected: the extension asks the server at
 * once instead of within a minute.
 */
export function tellExtensionToCheck(): void {
  if (typeof window !== 'undefined') post({ type: 'sync' });
}

/** Whether the extension in this browser holds one of the account's connected credentials. */
export function connectedHere(extension: ExtensionStatus | null, browsers: ConnectedBrowser[]): boolean {
  const id = extension?.browserId;
  return id != null && browsers.some((b) => b.id === id);
}

/** Hands a new credential to this browser's extension; resolves once it says it holds that one. */
export function handOverCredential(id: string, token: string, timeoutMs = 10_000): Promise<void> {
  listen();
  return new Promise((resolve, reject) => {
    const held = () => {
      if (status?.browserId !== id) return;
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error('The extension did not answer'));
    }, timeoutMs);
    const stop = () => {
      clearTimeout(timer);
      listeners.delete(held);
    };
    listeners.add(held);
    post({ type: 'connect', id, token });
  });
}

/** A name for this browser in the connected-browsers list ('Chrome on Linux'). */
export function browserName(userAgent = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : 'Browser';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /CrOS/.test(userAgent)
        ? 'ChromeOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

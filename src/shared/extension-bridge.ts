// The words the page and the browser extension exchange (a module of its own: the app's first
// load carries it, not the rest of site blocking).

/**
 * The page and the extension talk through window.postMessage on LockIn's own origin (a content
 * script of the extension relays): the page says a session started or ended, or hands over a new
 * credential; the extension answers with its status.
 */
export const BRIDGE = { fromPage: 'lockin-app', fromExtension: 'lockin-extension' } as const;
export type PageMessage =
  | { source: typeof BRIDGE.fromPage; type: 'hello' | 'sync' }
  | { source: typeof BRIDGE.fromPage; type: 'connect'; id: string; token: string };
export interface ExtensionStatus {
  source: typeof BRIDGE.fromExtension;
  version: string;
  /** The credential this browser holds (its id in the connected-browsers list), or null. */
  browserId: string | null;
}

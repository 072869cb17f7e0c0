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
/** The most sites a status names (the blocked-sites list's own bound, BLOCKED_SITES_MAX). */
export const WITHOUT_PAGE_MAX = 500;

export interface ExtensionStatus {
  source: typeof BRIDGE.fromExtension;
  version: string;
  /** The credential this browser holds (its id in the connected-browsers list), or null. */
  browserId: string | null;
  /**
   * Listed sites where the extension may not show its own page (the user has not allowed it
   * there yet): the browser's error page shows instead. Older extensions do not say.
   */
  withoutPage?: string[];
}

// LockIn's address as the extension keeps it (an origin) and as host access names it (a pattern),
// and the listed sites the user gave it host access to (where it may show its own page).
import { BLOCKED_SITES_PATH, sitePattern } from '../src/shared/blocking';

/** A LockIn address reduced to its origin, or null when it is not an http(s) address. */
export function appOrigin(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The match pattern of an origin: match patterns cannot name a port, so any port of the host. */
export const originPattern = (origin: string) => {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
};

/** LockIn's Blocked Sites card, where a browser is connected. */
export const cardUrl = (appUrl: string) => `${appUrl}${BLOCKED_SITES_PATH}`;

/** The listed sites whose host the user let the extension show its own page on. */
export async function sitesWithPageAccess(sites: string[]): Promise<Set<string>> {
  const granted = await Promise.all(
    sites.map((site) => chrome.permissions.contains({ origins: [sitePattern(site)] }).catch(() => false)),
  );
  return new Set(sites.filter((_, i) => granted[i]));
}

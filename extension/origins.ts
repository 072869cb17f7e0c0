// LockIn's address as the extension keeps it (an origin) and as host access names it (a pattern).

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

/**
 * Where a notification's click goes: a path of this app only, so a message can never send the
 * user elsewhere (another origin, a protocol-relative '//host', a javascript: URL).
 */
export function notificationTarget(url: unknown, origin: string): string {
  const path = typeof url === 'string' ? url : '/';
  return new URL(path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/', origin).href;
}

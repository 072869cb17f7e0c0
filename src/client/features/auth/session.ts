// What every successful sign-in, sign-up or profile change does to the client's idea of "me".
import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/types';
import { CURRENT_USER_KEY } from './useAuth';

/** The browser's IANA time zone (sent at sign-up and sign-in). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function looksLikeUser(value: unknown): value is CurrentUser {
  return !!value && typeof value === 'object' && typeof (value as { email?: unknown }).email === 'string';
}

/**
 * Puts the user the server answered with into the cache; when the answer carries no user
 * (or wraps it as { user }), the current user is fetched again instead.
 */
export async function refreshCurrentUser(queryClient: QueryClient, answer: unknown): Promise<void> {
  const user = looksLikeUser(answer)
    ? answer
    : answer && typeof answer === 'object' && looksLikeUser((answer as { user?: unknown }).user)
      ? (answer as { user: CurrentUser }).user
      : null;
  if (user) {
    queryClient.setQueryData(CURRENT_USER_KEY, user);
    return;
  }
  await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}

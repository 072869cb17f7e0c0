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

/**
 * Puts the user the server answered with (register, login and profile all answer with the
 * current user) into the cache, so the screens show it without another request.
 */
export function refreshCurrentUser(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueryData<CurrentUser>(CURRENT_USER_KEY, user);
}

// What every successful sign-in, sign-up or profile change does to the client's idea of "me".
import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/types';
import { CURRENT_USER_KEY } from './useAuth';

let zone: string | undefined;

/**
 * The browser's IANA time zone (sent at sign-up and sign-in). Read once per page: building a
 * DateTimeFormat is one of the dearest calls of the first render on a phone.
 */
export function browserTimeZone(): string {
  if (zone === undefined) {
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      zone = 'UTC';
    }
  }
  return zone;
}

/**
 * Puts the user the server answered with (register, login and profile all answer with the
 * current user) into the cache, so the screens show it without another request.
 */
export function refreshCurrentUser(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueryData<CurrentUser>(CURRENT_USER_KEY, user);
}

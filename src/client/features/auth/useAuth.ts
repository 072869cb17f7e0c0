import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/types';
import { apiGet } from '../../lib/api';
import { within } from '../../lib/within';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** The signed-in user, or null for a visitor (a 401). index.html preloads the same request. */
const fetchCurrentUser = () => apiGet<CurrentUser>('/api/auth/user', 'returnNull');

/** The signed-in user; a 401 means a visitor. While loading, callers treat the person as a visitor. */
export function useAuth() {
  const query = useQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

/** How long the first render waits for the sign-in state before it shows the visitor's screen. */
const FIRST_RENDER_WAIT_MS = 300;

/**
 * Starts reading the sign-in state into the cache and resolves with it, or with undefined when it
 * has not come within FIRST_RENDER_WAIT_MS (or failed; the screens then read it as usual). The
 * request is the one index.html preloaded beside the scripts, so it has usually answered by the
 * time they run: a signed-in user's first render is then the tasks screen, not the landing page
 * shown while sign-in loads and swapped for the tasks screen a moment later (one long task).
 */
export function primeSignIn(queryClient: QueryClient): Promise<CurrentUser | null | undefined> {
  return within(
    queryClient.fetchQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser }),
    FIRST_RENDER_WAIT_MS,
  );
}

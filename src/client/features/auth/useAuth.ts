import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/types';
import { apiGet } from '../../lib/api';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** The signed-in user; a 401 means a visitor. While loading, callers treat the person as a visitor. */
export function useAuth() {
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: () => apiGet<CurrentUser>('/api/auth/user', 'returnNull'),
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: user !== null };
}

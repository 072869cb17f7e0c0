// The plan as the client knows it: GET /api/subscription-status through tRPC, fetched only when
// signed in, fresh for 10 minutes and kept 15 (spec section 7), never retried. Every premium
// switch in the client reads this or the current user's `premium`, which the server derives from
// the same rule.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FREE_PLAN_STATUS } from '../../../shared/free-plan';
import type { PlanStatus } from '../../../shared/plans';
import { useTRPC } from '../../lib/trpc';
import { CURRENT_USER_KEY, useAuth } from '../auth/useAuth';
import { PLAN_STATUS_CACHE } from './plan-status-cache';

export function usePlanStatus(): { plan: PlanStatus; isLoading: boolean } {
  const trpc = useTRPC();
  const { isAuthenticated } = useAuth();
  const query = useQuery(trpc.plans.status.queryOptions(undefined, { ...PLAN_STATUS_CACHE, enabled: isAuthenticated }));
  return { plan: query.data ?? FREE_PLAN_STATUS, isLoading: isAuthenticated && query.isLoading };
}

export function useSubscriptionDetails(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.plans.details.queryOptions(undefined, { enabled, retry: false }));
}

/** After a checkout, activation or cancellation: reload the status, the details and the user. */
export function useRefreshPlan(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.plans.status.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.plans.details.queryKey() }),
      queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    ]);
  }, [queryClient, trpc]);
}

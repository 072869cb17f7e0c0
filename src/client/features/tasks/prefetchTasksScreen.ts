// What the tasks screen shows first, asked for in one batch as soon as the sign-in state says it is
// the first screen: the answers arrive while its code loads, so it mounts once with its lists
// instead of mounting empty, starting each read from an effect, and rendering again per answer.
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../../server/trpc/router';
import { PLAN_STATUS_CACHE } from '../plans/plan-status-cache';

export function prefetchTasksScreen(queryClient: QueryClient, client: TRPCClient<AppRouter>): void {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  // Called in one tick: the batch link sends them as one request.
  void queryClient.prefetchQuery(trpc.tasks.daily.list.queryOptions());
  void queryClient.prefetchQuery(trpc.tasks.bank.list.queryOptions());
  void queryClient.prefetchQuery(trpc.lockin.running.queryOptions());
  void queryClient.prefetchQuery(trpc.lockin.streak.queryOptions());
  void queryClient.prefetchQuery(trpc.plans.status.queryOptions(undefined, PLAN_STATUS_CACHE));
  void queryClient.prefetchQuery(trpc.insights.suggestionSource.queryOptions());
}

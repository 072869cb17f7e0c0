// What the tasks screen shows first, asked for in one batch as soon as the sign-in state says it is
// the first screen, while its code loads: it mounts once with its lists instead of mounting
// empty, starting each read from an effect, and rendering again per answer.
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../../server/trpc/router';
import { within } from '../../lib/within';
import { PLAN_STATUS_CACHE } from '../plans/plan-status-cache';

/**
 * How long, at most, the first render waits for the answers. One that arrives while React renders
 * the first screen in slices makes React render the whole page again in one block (query results
 * reach it through useSyncExternalStore, whose changes mid-render are never sliced): ~100 ms of a
 * phone's main thread. The painted header is up meanwhile; a slow network gets its loading states.
 */
const FIRST_READS_WAIT_MS = 1_000;

/** Resolves when every answer is in the cache (a failed read too: the screen shows its error), or after FIRST_READS_WAIT_MS. */
export function prefetchTasksScreen(queryClient: QueryClient, client: TRPCClient<AppRouter>): Promise<unknown> {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  // Called in one tick: the batch link sends them as one request.
  const answers = Promise.all([
    queryClient.prefetchQuery(trpc.tasks.daily.list.queryOptions()),
    queryClient.prefetchQuery(trpc.tasks.bank.list.queryOptions()),
    queryClient.prefetchQuery(trpc.lockin.running.queryOptions()),
    queryClient.prefetchQuery(trpc.lockin.streak.queryOptions()),
    queryClient.prefetchQuery(trpc.plans.status.queryOptions(undefined, PLAN_STATUS_CACHE)),
    queryClient.prefetchQuery(trpc.insights.suggestionSource.queryOptions()),
  ]);
  return within(answers, FIRST_READS_WAIT_MS);
}

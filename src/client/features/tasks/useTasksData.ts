// Server state of the tasks screen: the two lists through the tRPC TanStack Query integration.
// The writes live beside it (useBankMutations, useDailyMutations), all optimistic through one
// helper (useTaskCaches), and the daily reset in useDailyReset.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

export function useBankList() {
  const trpc = useTRPC();
  return useQuery(trpc.tasks.bank.list.queryOptions());
}

export function useDailyList() {
  const trpc = useTRPC();
  return useQuery(trpc.tasks.daily.list.queryOptions());
}

// The optimistic-change pattern every task write follows, written once: snapshot both cached
// lists and patch them, put the snapshot back with the spec's toast when the server refuses or
// cannot be reached, and refetch the lists the change touched as it settles.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BankList, DailyList } from '../../../shared/tasks';
import { decodeError } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { CURRENT_USER_KEY } from '../auth/useAuth';
import { SAVE_FAILED } from './copy';

/** Snapshot, patch, restore and refetch the two cached lists. */
export function useTaskCaches() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const bankKey = trpc.tasks.bank.list.queryKey();
  /** Task changes other than the one settling now (which still counts as running in onSettled). */
  const othersRunning = () => queryClient.isMutating({ mutationKey: [['tasks']] }) > 1;
  const dailyKey = trpc.tasks.daily.list.queryKey();
  return {
    async snapshot() {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: bankKey }),
        queryClient.cancelQueries({ queryKey: dailyKey }),
      ]);
      return {
        bank: queryClient.getQueryData<BankList>(bankKey),
        daily: queryClient.getQueryData<DailyList>(dailyKey),
      };
    },
    restore(snapshot: { bank?: BankList; daily?: DailyList } | undefined) {
      if (!snapshot) return;
      if (snapshot.bank) queryClient.setQueryData<BankList>(bankKey, snapshot.bank);
      if (snapshot.daily) queryClient.setQueryData<DailyList>(dailyKey, snapshot.daily);
    },
    bank: () => queryClient.getQueryData<BankList>(bankKey),
    daily: () => queryClient.getQueryData<DailyList>(dailyKey),
    patchBank(update: (old: BankList) => BankList) {
      queryClient.setQueryData<BankList>(bankKey, (old) => (old ? update(old) : old));
    },
    patchDaily(update: (old: DailyList) => DailyList) {
      queryClient.setQueryData<DailyList>(dailyKey, (old) => (old ? update(old) : old));
    },
    // Called as a change settles. While another change is still running, its optimistic state
    // would be overwritten by a list read before it landed: the last change to settle refetches.
    refetchBank: () => (othersRunning() ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: bankKey })),
    refetchDaily: () => (othersRunning() ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: dailyKey })),
  };
}

export type Snapshot = { bank?: BankList; daily?: DailyList };
/** Toasts for the server's refusals, by tRPC code. */
type Refusals = Record<string, { title: string; destructive?: boolean }>;

/** A failed change: the server's words when it refused, our own when it could not be reached. */
function useFailureToast() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown, byCode: Refusals = {}) => {
      const { code, message } = decodeError(error);
      // The session ended (expired, or signed out elsewhere): 401 means a visitor, so the app
      // goes back to the visitor's screens instead of a list that can no longer be saved.
      if (code === 'UNAUTHORIZED') void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      const known = code ? byCode[code] : undefined;
      if (known) {
        toast({
          title: known.title,
          description: message ?? '',
          variant: known.destructive ? 'destructive' : 'default',
        });
      } else if (message) {
        toast({ title: SAVE_FAILED.title, description: message, variant: 'destructive' });
      } else {
        toast({ ...SAVE_FAILED, variant: 'destructive' });
      }
    },
    [toast, queryClient],
  );
}

/**
 * The optimistic-change pattern every task write follows, written once: snapshot both lists and
 * patch the cache (onMutate), put the snapshot back and toast when the server refuses or cannot
 * be reached (onError), and refetch the lists the change touched as it settles (only the last of
 * changes running at once refetches: see useTaskCaches). Spread the result into mutationOptions;
 * a change's own onSuccess goes beside it.
 */
export function useOptimisticChange() {
  const caches = useTaskCaches();
  const fail = useFailureToast();
  return <TInput>({
    patch,
    refetch,
    refusals,
    waitForRefetch = true,
  }: {
    /** Applies the change to the cached lists (caches.patchBank / patchDaily). */
    patch: (input: TInput, snapshot: Snapshot) => void;
    /** The lists the server may have changed. */
    refetch: readonly ('bank' | 'daily')[];
    /** Toasts for the server's refusals by tRPC code; others show 'Save failed' with its message. */
    refusals?: Refusals;
    /** False: the mutation stops pending before the refetch (the form gets its words back at once). */
    waitForRefetch?: boolean;
  }) => ({
    onMutate: async (input: TInput): Promise<Snapshot> => {
      const snapshot = await caches.snapshot();
      patch(input, snapshot);
      return snapshot;
    },
    onError: (error: unknown, _input: TInput, snapshot: Snapshot | undefined) => {
      caches.restore(snapshot);
      fail(error, refusals);
    },
    onSettled: () => {
      const done = Promise.all(refetch.map((list) => (list === 'bank' ? caches.refetchBank() : caches.refetchDaily())));
      return waitForRefetch ? done : undefined;
    },
  });
}

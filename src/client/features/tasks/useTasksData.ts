// Server state of the tasks screen: the two lists through the tRPC TanStack Query integration,
// and every change applied optimistically, rolled back with the spec's toast when the server
// refuses, and followed by a refetch so the lists always end up as the server has them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DAILY_RESET_CHECK_MS, DEFAULT_CATEGORY } from '../../../shared/constants';
import {
  categoryAdded,
  categoryRemoved,
  dailyResetComplete,
  taskAdded,
  taskAlreadyAdded,
  TOASTS,
} from '../../../shared/copy';
import type { BankList, BankTask, DailyList, DailyResetResult } from '../../../shared/tasks';
import { decodeError } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import type { AppRouter } from '../../../server/trpc/router';
import { CURRENT_USER_KEY } from '../auth/useAuth';
import { SAVE_FAILED, tasksAdded } from './copy';
import { localDate } from '../../../shared/local-date';
import { checkAddToDaily, toDailyTask, validateNewCategory } from './logic';

export function useBankList() {
  const trpc = useTRPC();
  return useQuery(trpc.tasks.bank.list.queryOptions());
}

export function useDailyList() {
  const trpc = useTRPC();
  return useQuery(trpc.tasks.daily.list.queryOptions());
}

/** Snapshot, patch, restore and refetch the two cached lists. */
function useTaskCaches() {
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

type Snapshot = { bank?: BankList; daily?: DailyList };
type TaskInputs = inferRouterInputs<AppRouter>['tasks'];
type BankCreateInput = TaskInputs['bank']['create'];
type BankUpdateInput = TaskInputs['bank']['update'];
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
function useOptimisticChange() {
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

// ---- Task Bank ----------------------------------------------------------------------------

export function useCreateBankTask() {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const toast = useToast();
  const optimistic = useOptimisticChange();
  const mutation = useMutation(
    trpc.tasks.bank.create.mutationOptions(
      optimistic({
        patch: (input: BankCreateInput) => {
          const task: BankTask = {
            id: input.id,
            title: input.title.trim(),
            description: input.description?.trim() || null,
            category: input.category ?? DEFAULT_CATEGORY,
            created: new Date().toISOString(),
          };
          caches.patchBank((old) => ({ ...old, tasks: [task, ...old.tasks], total: old.total + 1 }));
        },
        refetch: ['bank'],
        refusals: { FORBIDDEN: { title: TOASTS.taskLimitReached.title, destructive: true } },
        waitForRefetch: false,
      }),
    ),
  );
  /** Checks the free limit first (the spec's toast, no request); false when nothing was sent. */
  const create = (fields: { title: string; description: string; category: string }, onError?: () => void): boolean => {
    const title = fields.title.trim();
    if (!title) return false;
    const bank = caches.bank();
    if (bank && bank.limit !== null && bank.total >= bank.limit) {
      toast({ ...TOASTS.taskLimitReached, variant: 'destructive' });
      return false;
    }
    const description = fields.description.trim();
    mutation.mutate(
      {
        id: crypto.randomUUID(),
        title,
        description: description || undefined,
        category: fields.category || DEFAULT_CATEGORY,
      },
      { onError },
    );
    return true;
  };
  return { create, isPending: mutation.isPending };
}

export function useUpdateBankTask() {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const optimistic = useOptimisticChange();
  return useMutation(
    trpc.tasks.bank.update.mutationOptions(
      optimistic({
        patch: (input: BankUpdateInput) => {
          const patch = {
            title: input.title.trim(),
            description: input.description?.trim() || null,
            category: input.category,
          };
          const edit = <T extends { id: string }>(tasks: T[]) =>
            tasks.map((t) => (t.id === input.id ? { ...t, ...patch } : t));
          caches.patchBank((old) => ({ ...old, tasks: edit(old.tasks) }));
          // The server also updates today's copy of the task, so the edit shows everywhere.
          caches.patchDaily((old) => ({ ...old, tasks: edit(old.tasks) }));
        },
        refetch: ['bank', 'daily'],
      }),
    ),
  );
}

export function useDeleteBankTask() {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const optimistic = useOptimisticChange();
  return useMutation(
    trpc.tasks.bank.delete.mutationOptions(
      optimistic({
        patch: (input: { id: string }) =>
          caches.patchBank((old) => {
            const tasks = old.tasks.filter((t) => t.id !== input.id);
            return { ...old, tasks, total: old.total - (old.tasks.length - tasks.length) };
          }),
        refetch: ['bank'],
      }),
    ),
  );
}

export function useAddCategory() {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const toast = useToast();
  const optimistic = useOptimisticChange();
  const mutation = useMutation(
    trpc.tasks.categories.add.mutationOptions({
      ...optimistic({
        patch: (input: { name: string }) =>
          caches.patchBank((old) => ({ ...old, customCategories: [...old.customCategories, input.name] })),
        refetch: ['bank'],
        refusals: { BAD_REQUEST: { title: TOASTS.invalidCategory.title, destructive: true } },
      }),
      onSuccess: (customCategories, input) => {
        caches.patchBank((old) => ({ ...old, customCategories }));
        toast({ ...categoryAdded(input.name), variant: 'success' });
      },
    }),
  );
  /** Validates like the server (the spec's toast, no request); returns the added name or null. */
  const add = (name: string, onAdded?: (name: string) => void): string | null => {
    const valid = validateNewCategory(name, caches.bank()?.customCategories ?? []);
    if (!valid) {
      toast({ ...TOASTS.invalidCategory, variant: 'destructive' });
      return null;
    }
    mutation.mutate({ name: valid }, { onSuccess: () => onAdded?.(valid) });
    return valid;
  };
  return { add, isPending: mutation.isPending };
}

export function useRemoveCategory() {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const toast = useToast();
  const optimistic = useOptimisticChange();
  return useMutation(
    trpc.tasks.categories.remove.mutationOptions({
      ...optimistic({
        patch: (input: { name: string }) =>
          caches.patchBank((old) => ({
            ...old,
            customCategories: old.customCategories.filter((c) => c !== input.name),
          })),
        refetch: ['bank'],
      }),
      onSuccess: (_categories, input) => toast(categoryRemoved(input.name)),
    }),
  );
}

// ---- Today's Focus ------------------------------------------------------------------------

/** A Today's Focus write reports a reset it ran first: announced here, as the refetch finds none due. */
function useAnnounceWriteReset() {
  const announceReset = useAnnounceReset();
  return (result: { reset: DailyResetResult | null }) => {
    if (result.reset) announceReset(result.reset);
  };
}

export function useAddToDaily(timeZone: string) {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const toast = useToast();
  const optimistic = useOptimisticChange();
  const announceWriteReset = useAnnounceWriteReset();
  const mutation = useMutation(
    trpc.tasks.daily.add.mutationOptions({
      ...optimistic({
        patch: (input: { ids: string[] }, snapshot) => {
          const bank = snapshot.bank?.tasks ?? [];
          const plannedOn = localDate(new Date(), timeZone);
          const added = input.ids.flatMap((id) => {
            const task = bank.find((t) => t.id === id);
            return task ? [toDailyTask(task, plannedOn)] : [];
          });
          caches.patchDaily((old) => ({ ...old, tasks: [...old.tasks, ...added] }));
        },
        refetch: ['daily'],
        refusals: {
          CONFLICT: { title: taskAlreadyAdded('').title },
          FORBIDDEN: { title: TOASTS.dailyTaskLimitReached.title, destructive: true },
        },
      }),
      onSuccess: (result, input, snapshot) => {
        caches.patchDaily((old) => ({ ...old, tasks: result.tasks }));
        announceWriteReset(result);
        const first = snapshot?.bank?.tasks.find((t) => t.id === input.ids[0]);
        toast({
          ...(input.ids.length === 1 && first ? taskAdded(first.title) : tasksAdded(input.ids.length)),
          variant: 'success',
        });
      },
    }),
  );
  /** Checks 'already added' and the daily limit first (the spec's toasts, no request). */
  const add = (tasks: Pick<BankTask, 'id' | 'title'>[], onDone?: () => void): boolean => {
    if (tasks.length === 0) return false;
    const check = checkAddToDaily(tasks, caches.daily()?.tasks ?? []);
    if (!check.ok) {
      if (check.reason === 'already') toast(taskAlreadyAdded(check.title));
      else toast({ ...TOASTS.dailyTaskLimitReached, variant: 'destructive' });
      return false;
    }
    mutation.mutate({ ids: tasks.map((t) => t.id) }, { onSettled: onDone });
    return true;
  };
  return { add, isPending: mutation.isPending };
}

export function useToggleDaily() {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const optimistic = useOptimisticChange();
  const announceWriteReset = useAnnounceWriteReset();
  const toggleTo = (completed: boolean) => ({
    ...optimistic({
      patch: (input: { id: string }) =>
        caches.patchDaily((old) => ({
          ...old,
          tasks: old.tasks.map((t) => (t.id === input.id ? { ...t, completed } : t)),
        })),
      refetch: ['daily'],
    }),
    onSuccess: announceWriteReset,
  });
  const complete = useMutation(trpc.tasks.daily.complete.mutationOptions(toggleTo(true)));
  const incomplete = useMutation(trpc.tasks.daily.incomplete.mutationOptions(toggleTo(false)));
  return {
    toggle: (id: string, completed: boolean, onSettled?: () => void) =>
      (completed ? complete : incomplete).mutate({ id }, { onSettled }),
    isPending: complete.isPending || incomplete.isPending,
  };
}

export function useRemoveFromDaily() {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const optimistic = useOptimisticChange();
  const announceWriteReset = useAnnounceWriteReset();
  return useMutation(
    trpc.tasks.daily.remove.mutationOptions({
      ...optimistic({
        patch: (input: { id: string }) =>
          caches.patchDaily((old) => ({ ...old, tasks: old.tasks.filter((t) => t.id !== input.id) })),
        refetch: ['daily'],
      }),
      onSuccess: announceWriteReset,
    }),
  );
}

/** The spec's 'Daily Reset Complete' toast for a reset that dropped completed tasks. */
function useAnnounceReset(): (reset: DailyResetResult) => void {
  const toast = useToast();
  return useCallback(
    (reset: DailyResetResult) => {
      if (reset.removed >= 1) toast({ ...dailyResetComplete(reset.removed, reset.carriedOver), variant: 'success' });
    },
    [toast],
  );
}

/**
 * The daily reset: the list read (or a Today's Focus write) reports one it performed; besides, the
 * server is asked every DAILY_RESET_CHECK_MS. A reset that dropped completed tasks is announced
 * with the spec's toast. Returns the current time, refreshed on each check, so 'n days ago'
 * badges stay right.
 */
export function useDailyReset(daily: DailyList | undefined): Date {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const [now, setNow] = useState(() => new Date());
  const announced = useRef(new WeakSet<DailyResetResult>());
  const announce = useAnnounceReset();

  useEffect(() => {
    const reset = daily?.reset;
    if (!reset || announced.current.has(reset)) return;
    announced.current.add(reset);
    announce(reset);
  }, [daily?.reset, announce]);

  const { mutate } = useMutation(
    trpc.tasks.daily.reset.mutationOptions({
      onSuccess: (reset) => {
        if (!reset) return;
        announce(reset);
        void caches.refetchDaily();
      },
    }),
  );

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(new Date());
      mutate();
    }, DAILY_RESET_CHECK_MS);
    return () => clearInterval(timer);
  }, [mutate]);

  return now;
}

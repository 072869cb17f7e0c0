// Server state of the tasks screen: the two lists through the tRPC TanStack Query integration,
// and every change applied optimistically, rolled back with the spec's toast when the server
// refuses, and followed by a refetch so the lists always end up as the server has them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { CURRENT_USER_KEY } from '../auth/useAuth';
import { SAVE_FAILED, tasksAdded } from './copy';
import { localDate } from '../../../shared/local-date';
import { checkAddToDaily, toDailyTask, validateNewCategory } from './logic';

/** The tRPC error code ('FORBIDDEN', 'CONFLICT', …) and the server's message, if it answered. */
export function describeError(error: unknown): { code: string | null; message: string | null } {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  const code = data && typeof data.code === 'string' ? data.code : null;
  const message = code && error instanceof Error && error.message ? error.message : null;
  return { code, message };
}

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

/** A failed change: the server's words when it refused, our own when it could not be reached. */
function useFailureToast() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown, byCode: Record<string, { title: string; destructive?: boolean }> = {}) => {
      const { code, message } = describeError(error);
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

// ---- Task Bank ----------------------------------------------------------------------------

export function useCreateBankTask() {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const toast = useToast();
  const fail = useFailureToast();
  const mutation = useMutation(
    trpc.tasks.bank.create.mutationOptions({
      onMutate: async (input): Promise<Snapshot> => {
        const snapshot = await caches.snapshot();
        const task: BankTask = {
          id: input.id,
          title: input.title.trim(),
          description: input.description?.trim() || null,
          category: input.category ?? DEFAULT_CATEGORY,
          created: new Date().toISOString(),
        };
        caches.patchBank((old) => ({ ...old, tasks: [task, ...old.tasks], total: old.total + 1 }));
        return snapshot;
      },
      onError: (error, _input, snapshot) => {
        caches.restore(snapshot);
        fail(error, { FORBIDDEN: { title: TOASTS.taskLimitReached.title, destructive: true } });
      },
      // Not awaited: the form gets the user's words back as soon as a refusal is known.
      onSettled: () => void caches.refetchBank(),
    }),
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
  const fail = useFailureToast();
  return useMutation(
    trpc.tasks.bank.update.mutationOptions({
      onMutate: async (input): Promise<Snapshot> => {
        const snapshot = await caches.snapshot();
        const patch = {
          title: input.title.trim(),
          description: input.description?.trim() || null,
          category: input.category,
        };
        caches.patchBank((old) => ({
          ...old,
          tasks: old.tasks.map((t) => (t.id === input.id ? { ...t, ...patch } : t)),
        }));
        // The server also updates today's copy of the task, so the edit shows everywhere.
        caches.patchDaily((old) => ({
          ...old,
          tasks: old.tasks.map((t) => (t.id === input.id ? { ...t, ...patch } : t)),
        }));
        return snapshot;
      },
      onError: (error, _input, snapshot) => {
        caches.restore(snapshot);
        fail(error);
      },
      onSettled: () => Promise.all([caches.refetchBank(), caches.refetchDaily()]),
    }),
  );
}

export function useDeleteBankTask() {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const fail = useFailureToast();
  return useMutation(
    trpc.tasks.bank.delete.mutationOptions({
      onMutate: async (input): Promise<Snapshot> => {
        const snapshot = await caches.snapshot();
        caches.patchBank((old) => {
          const tasks = old.tasks.filter((t) => t.id !== input.id);
          return { ...old, tasks, total: old.total - (old.tasks.length - tasks.length) };
        });
        return snapshot;
      },
      onError: (error, _input, snapshot) => {
        caches.restore(snapshot);
        fail(error);
      },
      onSettled: () => caches.refetchBank(),
    }),
  );
}

export function useAddCategory() {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const toast = useToast();
  const fail = useFailureToast();
  const mutation = useMutation(
    trpc.tasks.categories.add.mutationOptions({
      onMutate: async (input): Promise<Snapshot> => {
        const snapshot = await caches.snapshot();
        caches.patchBank((old) => ({ ...old, customCategories: [...old.customCategories, input.name] }));
        return snapshot;
      },
      onSuccess: (customCategories, input) => {
        caches.patchBank((old) => ({ ...old, customCategories }));
        toast({ ...categoryAdded(input.name), variant: 'success' });
      },
      onError: (error, _input, snapshot) => {
        caches.restore(snapshot);
        fail(error, { BAD_REQUEST: { title: TOASTS.invalidCategory.title, destructive: true } });
      },
      onSettled: () => caches.refetchBank(),
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
  const fail = useFailureToast();
  return useMutation(
    trpc.tasks.categories.remove.mutationOptions({
      onMutate: async (input): Promise<Snapshot> => {
        const snapshot = await caches.snapshot();
        caches.patchBank((old) => ({ ...old, customCategories: old.customCategories.filter((c) => c !== input.name) }));
        return snapshot;
      },
      onSuccess: (_categories, input) => toast(categoryRemoved(input.name)),
      onError: (error, _input, snapshot) => {
        caches.restore(snapshot);
        fail(error);
      },
      onSettled: () => caches.refetchBank(),
    }),
  );
}

// ---- Today's Focus ------------------------------------------------------------------------

export function useAddToDaily(timeZone: string) {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const toast = useToast();
  const fail = useFailureToast();
  const announceReset = useAnnounceReset();
  const mutation = useMutation(
    trpc.tasks.daily.add.mutationOptions({
      onMutate: async (input): Promise<Snapshot> => {
        const snapshot = await caches.snapshot();
        const bank = snapshot.bank?.tasks ?? [];
        const plannedOn = localDate(new Date(), timeZone);
        const added = input.ids.flatMap((id) => {
          const task = bank.find((t) => t.id === id);
          return task ? [toDailyTask(task, plannedOn)] : [];
        });
        caches.patchDaily((old) => ({ ...old, tasks: [...old.tasks, ...added] }));
        return snapshot;
      },
      onSuccess: (result, input, snapshot) => {
        caches.patchDaily((old) => ({ ...old, tasks: result.tasks }));
        if (result.reset) announceReset(result.reset);
        const first = snapshot?.bank?.tasks.find((t) => t.id === input.ids[0]);
        toast({
          ...(input.ids.length === 1 && first ? taskAdded(first.title) : tasksAdded(input.ids.length)),
          variant: 'success',
        });
      },
      onError: (error, _input, snapshot) => {
        caches.restore(snapshot);
        fail(error, {
          CONFLICT: { title: taskAlreadyAdded('').title },
          FORBIDDEN: { title: TOASTS.dailyTaskLimitReached.title, destructive: true },
        });
      },
      onSettled: () => caches.refetchDaily(),
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
  const fail = useFailureToast();
  const announceReset = useAnnounceReset();
  const optimistic = (completed: boolean) => ({
    // A reset this write ran first is announced here: the refetch after it finds none due.
    onSuccess: (result: { reset: DailyResetResult | null }) => {
      if (result.reset) announceReset(result.reset);
    },
    onMutate: async (input: { id: string }): Promise<Snapshot> => {
      const snapshot = await caches.snapshot();
      caches.patchDaily((old) => ({
        ...old,
        tasks: old.tasks.map((t) => (t.id === input.id ? { ...t, completed } : t)),
      }));
      return snapshot;
    },
    onError: (error: unknown, _input: { id: string }, snapshot: Snapshot | undefined) => {
      caches.restore(snapshot);
      fail(error);
    },
    onSettled: () => caches.refetchDaily(),
  });
  const complete = useMutation(trpc.tasks.daily.complete.mutationOptions(optimistic(true)));
  const incomplete = useMutation(trpc.tasks.daily.incomplete.mutationOptions(optimistic(false)));
  return {
    toggle: (id: string, completed: boolean, onSettled?: () => void) =>
      (completed ? complete : incomplete).mutate({ id }, { onSettled }),
    isPending: complete.isPending || incomplete.isPending,
  };
}

export function useRemoveFromDaily() {
  const trpc = useTRPC();
  const caches = useTaskCaches();
  const fail = useFailureToast();
  const announceReset = useAnnounceReset();
  return useMutation(
    trpc.tasks.daily.remove.mutationOptions({
      onSuccess: (result) => {
        if (result.reset) announceReset(result.reset);
      },
      onMutate: async (input): Promise<Snapshot> => {
        const snapshot = await caches.snapshot();
        caches.patchDaily((old) => ({ ...old, tasks: old.tasks.filter((t) => t.id !== input.id) }));
        return snapshot;
      },
      onError: (error, _input, snapshot) => {
        caches.restore(snapshot);
        fail(error);
      },
      onSettled: () => caches.refetchDaily(),
    }),
  );
}

/**
 * The daily reset: the list read (or a Today's Focus write) reports one it performed; besides, the server is asked every
 * DAILY_RESET_CHECK_MS. A reset that dropped completed tasks is announced with the spec's toast.
 * Returns the current time, refreshed on each check, so 'n days ago' badges stay right.
 */
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

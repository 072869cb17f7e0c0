// Today's Focus writes (add, complete/uncomplete, remove), each optimistic through
// useOptimisticChange; a write that ran the daily reset first says so with the spec's toast.
import { useMutation } from '@tanstack/react-query';
import { TOASTS, taskAdded, taskAlreadyAdded } from '../../../shared/copy';
import { localDate } from '../../../shared/local-date';
import type { BankTask, DailyResetResult } from '../../../shared/tasks';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { tasksAdded } from './copy';
import { checkAddToDaily, toDailyTask } from './logic';
import { useAnnounceReset } from './useDailyReset';
import { useOptimisticChange, useTaskCaches } from './useTaskCaches';
import { isRunning } from '../../lib/mutation-running';

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
  return { add, isPending: isRunning(mutation) };
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
    isPending: isRunning(complete) || isRunning(incomplete),
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

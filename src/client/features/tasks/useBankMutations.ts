// Task Bank writes (tasks and custom categories), each optimistic through useOptimisticChange.
import { useMutation } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import { DEFAULT_CATEGORY } from '../../../shared/constants';
import { ANNOUNCEMENTS, categoryAdded, categoryRemoved, TOASTS } from '../../../shared/copy';
import { announce } from '../../lib/announce';
import type { BankTask } from '../../../shared/tasks';
import type { AppRouter } from '../../../server/trpc/router';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { validateNewCategory } from './logic';
import { useOptimisticChange, useTaskCaches } from './useTaskCaches';
import { isRunning } from '../../lib/mutation-running';

type TaskInputs = inferRouterInputs<AppRouter>['tasks'];
type BankCreateInput = TaskInputs['bank']['create'];
type BankUpdateInput = TaskInputs['bank']['update'];

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
          announce(ANNOUNCEMENTS.bankTaskAdded(task.title));
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
  return { create, isPending: isRunning(mutation) };
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
          announce(ANNOUNCEMENTS.bankTaskSaved(patch.title));
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
        patch: (input: { id: string }) => {
          caches.patchBank((old) => {
            const tasks = old.tasks.filter((t) => t.id !== input.id);
            return { ...old, tasks, total: old.total - (old.tasks.length - tasks.length) };
          });
          announce(ANNOUNCEMENTS.bankTaskDeleted);
        },
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

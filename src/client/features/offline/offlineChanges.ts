// Changes made without a network are not lost: they are TanStack Query's paused mutations, kept on
// this device across reloads and replayed in the order they were made when the network returns.
//
// - The writes that may wait (ticking Today's Focus, bank edits, ending or recording a Lock-In
//   session) get `networkMode: 'online'` and one shared scope, so offline they pause after their
//   optimistic change, and online they run one after another in the order they were made. Every
//   other write fails at once offline, with its own toast.
// - While any change waits, it is saved to localStorage with the lists it changed (their
//   optimistic state), under the signed-in user's id. A reload restores both the moment the same
//   user is known — before the signed-in screen renders, so it shows the changes — and another
//   account on the device never sees or sends them.
// - Each replay is idempotent on the server (set-state ticks, the client's ids for new tasks and
//   offline sessions, a repeated end answering the recorded one); a replay refused because it
//   already happened (the task is gone, already added) is done, not an error.
// - A request of those writes that gets no answer while the browser believes it is online (a train
//   between masts, a captive portal) counts as going offline: the change waits like any other, and
//   the app asks the server's health endpoint now and then until it answers, then replays. See
//   docs/decisions/2026-11-24-offline-changes.md for the conflict rule and
//   docs/decisions/2026-11-28-flaky-network.md for this one.
import { dehydrate, hashKey, hydrate, type Mutation, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { OFFLINE_SYNC_MAX_AGE_DAYS } from '../../../shared/constants';
import type { CurrentUser } from '../../../shared/types';
import type { AppRouter } from '../../../server/trpc/router';
import { decodeError, isUnreachable } from '../../lib/errors';
import { CURRENT_USER_KEY } from '../auth/useAuth';

const STORAGE_KEY = 'lockin-offline-changes';
const FORMAT = 1;
const MAX_AGE_MS = OFFLINE_SYNC_MAX_AGE_DAYS * 24 * 60 * 60_000;
/** One scope: changes run one at a time, in the order they were made. */
export const SYNC_SCOPE = { id: 'lockin-sync' } as const;

/**
 * What 'already done' looks like for each procedure whose changes may wait (the tRPC code its
 * replay is refused with when the change had been made before), filled by setUpOfflineChanges.
 */
const alreadyDone = new Map<string, string | null>();

/** Where the app asks whether the server can be reached again (never answered from a cache). */
const HEALTH_PATH = '/api/health';
const PROBE_FIRST_MS = 3_000;
const PROBE_MAX_MS = 30_000;

let probing = false;

/**
 * No answer while the browser says online: from here on the app behaves as offline (changes wait,
 * the banner shows) until the server answers a health check, or the browser's own 'online' comes.
 */
function networkLost(): void {
  if (!onlineManager.isOnline()) return;
  onlineManager.setOnline(false);
  if (probing) return;
  probing = true;
  void (async () => {
    let delay = PROBE_FIRST_MS;
    while (!onlineManager.isOnline()) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, PROBE_MAX_MS);
      // The browser knows it has no network: its 'online' event brings the app back.
      if (!navigator.onLine || onlineManager.isOnline()) continue;
      const answered = await fetch(HEALTH_PATH, { cache: 'no-store' }).then(
        (res) => res.ok,
        () => false,
      );
      if (answered) onlineManager.setOnline(true);
    }
    probing = false;
  })();
}

/**
 * The waiting writes' retry rule: a failure without an answer pauses the change (it waits and is
 * replayed) instead of undoing it; an answer from the server, whatever it says, is final.
 */
function waitIfUnreachable(_failures: number, error: unknown): boolean {
  if (!isUnreachable(error)) return false;
  networkLost();
  return true;
}

/** The lists saved with waiting changes, so a reload shows what the user did. */
const KEPT_QUERIES = [
  ['tasks', 'daily', 'list'],
  ['tasks', 'bank', 'list'],
  ['lockin', 'streak'],
] as const;

interface Saved {
  format: number;
  owner: string;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

const pathOf = (mutationKey: readonly unknown[] | undefined): string =>
  Array.isArray(mutationKey?.[0]) ? (mutationKey[0] as string[]).join('.') : '';

/** A change that waits for the network (the banner counts them). */
export const isWaitingChange = (m: Mutation<unknown, Error, unknown, unknown>): boolean =>
  m.state.isPaused && m.options.scope?.id === SYNC_SCOPE.id;

const waiting = (client: QueryClient) => client.getMutationCache().getAll().filter(isWaitingChange);

/** Changes made offline that have not reached the server yet. */
export function waitingChangeCount(client: QueryClient): number {
  return waiting(client).length;
}

type FailureListener = (error: unknown, taskTitle: string | null) => void;
const failureListeners = new Set<FailureListener>();

/** The title of the task a change is about, from its input or the lists kept on this device. */
function taskTitleOf(client: QueryClient, input: unknown): string | null {
  const given = input as { id?: unknown; ids?: unknown; title?: unknown } | null;
  if (typeof given?.title === 'string') return given.title;
  const id = typeof given?.id === 'string' ? given.id : Array.isArray(given?.ids) ? given.ids[0] : null;
  if (typeof id !== 'string') return null;
  for (const key of KEPT_QUERIES) {
    for (const [, data] of client.getQueriesData<{ tasks?: { id: string; title: string }[] }>({ queryKey: [key] })) {
      const task = data?.tasks?.find((t) => t.id === id);
      if (task) return task.title;
    }
  }
  return null;
}

/** A restored change the server refused: the page tells the user, naming the task (see OfflineNotices). */
export function onRestoredChangeFailed(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

function currentOwner(client: QueryClient): string | null {
  return client.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)?.id ?? null;
}

function readSaved(): Saved | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Saved | null;
    return saved && saved.format === FORMAT && Date.now() - saved.savedAt < MAX_AGE_MS ? saved : null;
  } catch {
    return null;
  }
}

function save(client: QueryClient) {
  const owner = currentOwner(client);
  if (!owner || waitingChangeCount(client) === 0) {
    localStorage.removeItem(STORAGE_KEY);
    return;
  }
  const kept = new Set(KEPT_QUERIES.map((key) => hashKey([key])));
  const state = dehydrate(client, {
    shouldDehydrateMutation: isWaitingChange,
    shouldDehydrateQuery: (q) => q.state.status === 'success' && kept.has(hashKey([q.queryKey[0]])),
  });
  // A change's context is the lists as they were before it (to put back if refused): a page
  // restored later has nothing to put back, and n copies of the lists would fill the storage.
  // The task each change is about is named now, while the lists still hold it: by the time a
  // restored change is refused, a refetch may have taken the task away.
  const mutations = state.mutations.map((m) => ({
    ...m,
    meta: { ...m.meta, taskTitle: taskTitleOf(client, m.state.variables) },
    state: { ...m.state, context: undefined },
  }));
  const saved: Saved = { format: FORMAT, owner, savedAt: Date.now(), state: { ...state, mutations } };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the changes still wait in memory for this page's life.
  }
}

/** Replays what waits (in order), then reads everything again: the server's answer is the truth. */
async function replay(client: QueryClient) {
  if (waitingChangeCount(client) === 0) return;
  await client.resumePausedMutations();
  await client.invalidateQueries();
}

/** Puts back the changes (and the lists they changed) saved by this user's last page. */
function restore(client: QueryClient, owner: string) {
  const saved = readSaved();
  localStorage.removeItem(STORAGE_KEY);
  if (!saved || saved.owner !== owner) return;
  for (const query of saved.state.queries) client.setQueryData(query.queryKey, query.state.data);
  hydrate(
    client,
    { mutations: saved.state.mutations, queries: [] },
    {
      defaultOptions: {
        mutations: {
          // The page that made the change is gone, and its toast with it: say it here, unless
          // the server refused because the change had already been made.
          onError: (
            error: unknown,
            input: unknown,
            _result: unknown,
            context: { mutationKey?: readonly unknown[]; meta?: Record<string, unknown> },
          ) => {
            if (decodeError(error).code === alreadyDone.get(pathOf(context.mutationKey))) return;
            const kept = context.meta?.taskTitle;
            const title = typeof kept === 'string' ? kept : taskTitleOf(client, input);
            for (const listener of failureListeners) listener(error, title);
          },
        },
      },
    },
  );
  save(client);
  if (onlineManager.isOnline()) void replay(client);
}

/**
 * Sets the waiting writes up on the app's query client: their defaults, the saving, the restore
 * once the signed-in user is known, and the replay when the network returns.
 */
export function setUpOfflineChanges(client: QueryClient, trpcClient: TRPCClient<AppRouter>): void {
  // TanStack Query assumes a network until told otherwise; a page opened offline is not.
  onlineManager.setOnline(navigator.onLine);
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient: client });
  // Each procedure whose changes may wait, with the code of a replay that finds it already done.
  const waitable = [
    [trpc.tasks.daily.complete, null],
    [trpc.tasks.daily.incomplete, null],
    [trpc.tasks.daily.add, 'CONFLICT'],
    [trpc.tasks.daily.remove, 'NOT_FOUND'],
    [trpc.tasks.bank.create, 'CONFLICT'],
    [trpc.tasks.bank.update, null],
    [trpc.tasks.bank.delete, 'NOT_FOUND'],
    [trpc.lockin.complete, null],
    [trpc.lockin.quit, null],
    [trpc.lockin.recordOffline, null],
  ] as const;
  for (const [procedure, doneCode] of waitable) {
    const { mutationKey, mutationFn } = procedure.mutationOptions();
    alreadyDone.set(pathOf(mutationKey), doneCode);
    client.setMutationDefaults(mutationKey, {
      mutationFn: mutationFn as (input: unknown) => Promise<unknown>,
      networkMode: 'online',
      scope: SYNC_SCOPE,
      retry: waitIfUnreachable,
      // Paused at once (the app is offline now), resumed by the replay.
      retryDelay: 0,
    });
  }

  let restoredFor: string | null = null;
  const userHash = hashKey(CURRENT_USER_KEY);
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== userHash) return;
    const owner = currentOwner(client);
    if (owner && owner !== restoredFor) {
      restoredFor = owner;
      restore(client, owner);
    }
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  client.getMutationCache().subscribe(() => {
    // Nothing is saved (or cleared) before this user's saved changes were put back.
    if (restoredFor === null || restoredFor !== currentOwner(client)) return;
    clearTimeout(timer);
    timer = setTimeout(() => save(client), 100);
  });

  onlineManager.subscribe((online) => {
    if (online) void replay(client);
  });
}

/** On sign-out: changes that never reached the server leave the device with the account. */
export function forgetOfflineChanges(client: QueryClient): void {
  localStorage.removeItem(STORAGE_KEY);
  for (const mutation of waiting(client)) client.getMutationCache().remove(mutation);
}

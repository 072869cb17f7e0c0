// Lock-In for the whole app: one provider talks to the server (signed-in users) or browser storage
// (visitors), runs the clock, and hosts the modal, the quit flow, the celebration, Focus Stats and
// the import offer. What they show is one state moved by events (session-machine.ts, unit-tested).
// Anything can open the modal with `useLockIn().open()`.
//
// The running session is the server's: on load (and on every open) the client asks for it, so a
// reload or another device signed in to the same account shows it with the right time left.
import { onlineManager, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { localDate } from '../../../shared/local-date';
import {
  type CompletionResult,
  LOCKIN_COPY,
  minutesFromSeconds,
  MOTIVATIONAL_MESSAGES,
  type QuitReason,
  type StreakView,
} from '../../../shared/lockin';
import { EMPTY_STREAK, withFocusToday } from '../../../shared/streak';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useToast } from '../../lib/toast';
import { useAuth } from '../auth/useAuth';
import { decodeError, isUnreachable } from '../../lib/errors';
import { isRunning } from '../../lib/mutation-running';
import { browserTimeZone } from '../auth/session';
import { LockInDialogs } from './LockInDialogs';
import { readLocalActive, readLocalStreak } from './local-history';
import { endVisitorSession, fromServer, startVisitorSession, unrecordedSession } from './session-kinds';
import { initialLockInState, type LockInTask, lockInReducer, type RunningState } from './session-machine';
import { clockOffsetMs, elapsedSeconds, remainingSeconds } from './timer';
import { useSessionSideEffects } from './useSessionSideEffects';
import { tellExtensionToCheck } from '../blocking';
import { forgetOfflineSession, keepOfflineSession, offlineSession, readOfflineSession } from './offline-session';

export type { Celebration, LockInTask, RunningState } from './session-machine';

export interface LockInApi {
  /** Opens the Lock-In modal (at setup, or on the running session). */
  open(options?: { task?: LockInTask }): void;
  /** Opens Focus Stats (the 10 most recent sessions and the Daily Streak card). */
  openStats(): void;
  running: RunningState | null;
}

const LockInContext = createContext<LockInApi | null>(null);

/** Opens Lock-In from anywhere (buttons, keyboard shortcuts). */
export function useLockIn(): LockInApi {
  const api = useContext(LockInContext);
  if (!api) throw new Error('useLockIn must be used inside <LockInProvider>');
  return api;
}

function pickMessage(): string {
  return MOTIVATIONAL_MESSAGES[Math.floor(Math.random() * MOTIVATIONAL_MESSAGES.length)] ?? MOTIVATIONAL_MESSAGES[0];
}

/** Record failures are only logged; the session goes on (spec section 8). */
function logFailure(what: string, error: unknown) {
  console.warn(`Lock-In: could not record ${what}`, error);
}

export function LockInProvider({ children }: { children: ReactNode }) {
  const { user, isAuthenticated, isLoading: authLoading } = useAuth();
  // The browser's zone is read only when a visitor's figures need it (a session ends, the stats
  // open), never while rendering: the page's first DateTimeFormat loads ICU's zone data, ~60 ms
  // of a phone's first render of /login or the landing page.
  const userZone = user?.timeZone || null;
  const timeZoneNow = useCallback(() => userZone ?? browserTimeZone(), [userZone]);
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();

  const [state, dispatch] = useReducer(lockInReducer, initialLockInState);
  const { minutes, goalText, task, running, offsetMs, conflict } = state;
  /** Set while this page ends the session: the server's 'none running' answer is then no news. */
  const finishing = useRef(false);

  // ---- the running session: the server's for a signed-in user, the browser's for a visitor ----
  const runningQuery = useQuery(trpc.lockin.running.queryOptions(undefined, { enabled: isAuthenticated }));
  // Reacts to each answer of the server only; the session shown is read as it is then, not watched.
  const onRunningAnswer = useEffectEvent((data: NonNullable<typeof runningQuery.data>) => {
    if (data.session && data.session.status === 'active') {
      if (running?.id === data.session.id) return;
      dispatch({
        type: 'found',
        running: fromServer(data.session),
        offsetMs: clockOffsetMs(data.serverNow, Date.now()),
      });
    } else if (running && !finishing.current) {
      // Ended on another device: this one stops showing it (the reducer keeps a visitor's or an
      // unrecorded session, which the server never knew). With nothing shown there is nothing to
      // end: a dispatch would still render the provider again, right after the first render.
      dispatch({ type: 'endedElsewhere' });
    }
  });
  useEffect(() => {
    if (runningQuery.data) onRunningAnswer(runningQuery.data);
  }, [runningQuery.data]);

  useEffect(() => {
    if (authLoading || isAuthenticated) return;
    const active = readLocalActive(localStorage);
    if (active) {
      dispatch({
        type: 'found',
        offsetMs: 0,
        running: {
          id: active.id,
          startMs: Date.parse(active.startTime),
          endsAtMs: Date.parse(active.endsAt),
          goalMinutes: active.goalMinutes,
          taskTitle: active.taskName,
          goalText: active.goal,
          local: true,
          unrecorded: false,
        },
      });
    }
  }, [authLoading, isAuthenticated]);

  // A session started offline by an earlier page of this user goes on where it was.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const kept = readOfflineSession(localStorage, userId);
    if (kept) dispatch({ type: 'found', running: kept.session, offsetMs: kept.offsetMs });
  }, [userId]);

  const invalidateHistory = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.lockin.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.lockin.streak.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.lockin.running.queryKey() });
  }, [queryClient, trpc]);

  // ---- the modal ----
  const _resetModal = useCallback(() => dispatch({ type: 'close' }), []);

  const open = useCallback(
    (options: { task?: LockInTask } = {}) => {
      dispatch({ type: 'open', task: options.task });
      // Another device may have started one since this page loaded.
      if (!running && isAuthenticated) void runningQuery.refetch();
    },
    [running, isAuthenticated, runningQuery],
  );

  // ---- start ----
  const startMutation = useMutation(trpc.lockin.start.mutationOptions());

  const askNotificationPermission = () => {
    try {
      if (typeof Notification !== 'undefined' && Notification.permission === 'default')
        void Notification.requestPermission();
    } catch {
      // Permission is a nicety; a browser without it changes nothing else.
    }
  };

  const begin = (session: RunningState, sessionOffsetMs?: number) => {
    finishing.current = false;
    dispatch({ type: 'began', running: session, offsetMs: sessionOffsetMs });
  };

  const startSession = async () => {
    askNotificationPermission();
    const goal = goalText.trim() || null;
    const taskTitle = task?.title ?? LOCKIN_COPY.defaultTaskTitle;
    if (!isAuthenticated) {
      begin(startVisitorSession(minutes, taskTitle, goal), 0);
      return;
    }
    try {
      const answer = await startMutation.mutateAsync({
        goalMinutes: minutes,
        goalText: goal ?? undefined,
        taskId: task?.id,
      });
      queryClient.setQueryData(trpc.lockin.running.queryKey(), {
        session: answer.session,
        serverNow: answer.serverNow,
        syncStamp: answer.syncStamp,
      });
      begin(fromServer(answer.session), clockOffsetMs(answer.serverNow, Date.now()));
    } catch (error) {
      const { code } = decodeError(error);
      if (code === 'CONFLICT') {
        // One running session per user: offer to resume the one that runs instead.
        // Asked outside the cache, so the offer shows instead of jumping straight into it.
        const fresh = await trpcClient.lockin.running.query().catch(() => null);
        const session = fresh?.session;
        if (fresh && session) {
          dispatch({
            type: 'conflict',
            conflict: fromServer(session),
            offsetMs: clockOffsetMs(fresh.serverNow, Date.now()),
          });
          return;
        }
      }
      logFailure('the session start', error);
      if (isUnreachable(error) && runningQuery.data) {
        const started = offlineSession(runningQuery.data, runningQuery.dataUpdatedAt, {
          minutes,
          taskTitle,
          taskId: task?.id,
          goalText: goal,
        });
        if (user) keepOfflineSession(localStorage, user.id, started);
        begin(started.session, started.offsetMs);
        return;
      }
      begin(unrecordedSession(minutes, taskTitle, goal));
    }
  };

  const resume = () => {
    if (!conflict) return;
    finishing.current = false;
    dispatch({ type: 'resume' });
    void runningQuery.refetch();
  };

  // ---- end: completion at zero, or quit ----
  // mutateAsync is the same function on every render (TanStack Query's observer method).
  const completion = useMutation(trpc.lockin.complete.mutationOptions());
  const { mutateAsync: recordCompletion } = completion;
  const toast = useToast();
  const quitMutation = useMutation(trpc.lockin.quit.mutationOptions());
  const { mutate: recordOffline } = useMutation(trpc.lockin.recordOffline.mutationOptions());

  /** Records an offline session's end; it waits (and survives a reload) until the network returns. */
  const recordOfflineEnd = useCallback(
    (session: RunningState, outcome: 'completed' | 'quit', endMs: number, reason?: QuitReason | null) => {
      if (!session.offline) return;
      forgetOfflineSession(localStorage);
      recordOffline({
        id: session.id,
        goalMinutes: session.goalMinutes,
        goalText: session.goalText ?? undefined,
        taskId: session.offline.taskId,
        startTime: new Date(session.startMs).toISOString(),
        endTime: new Date(endMs).toISOString(),
        outcome,
        reason: reason ?? null,
        syncStamp: session.offline.syncStamp,
      });
    },
    [recordOffline],
  );

  /**
   * A completion the server cannot hear yet: the streak shown (and kept for the Streak card) is
   * the cached one advanced by today, as the server will count it.
   */
  const streakWithToday = useCallback((): number => {
    const key = trpc.lockin.streak.queryKey();
    const cached = queryClient.getQueryData<StreakView>(key);
    const next = withFocusToday(cached ?? EMPTY_STREAK, localDate(new Date(), timeZoneNow()));
    queryClient.setQueryData<StreakView>(key, next);
    return next.current;
  }, [trpc, queryClient, timeZoneNow]);

  const complete = useCallback(
    async (session: RunningState) => {
      if (finishing.current) return;
      finishing.current = true;
      dispatch({ type: 'ended' });
      let streak = 0;
      if (session.local) {
        const timeZone = timeZoneNow();
        endVisitorSession(session, true, session.goalMinutes * 60, timeZone);
        streak = readLocalStreak(localStorage, timeZone, new Date());
      } else if (session.offline) {
        recordOfflineEnd(session, 'completed', session.endsAtMs);
        streak = streakWithToday();
      } else if (!session.unrecorded && !onlineManager.isOnline()) {
        // Waits for the network (and survives a reload); the celebration does not.
        completion.mutate({ id: session.id, actualMinutes: session.goalMinutes });
        streak = streakWithToday();
      } else if (!session.unrecorded) {
        try {
          const result: CompletionResult = await recordCompletion({
            id: session.id,
            actualMinutes: session.goalMinutes,
          });
          streak = result.streak.current;
        } catch (error) {
          logFailure('the completion', error);
          invalidateHistory();
          // Ended early on another device: nothing to celebrate here.
          if (decodeError(error).code === 'CONFLICT') return;
        }
        invalidateHistory();
      }
      dispatch({ type: 'celebrate', celebration: { minutes: session.goalMinutes, message: pickMessage(), streak } });
    },
    [timeZoneNow, invalidateHistory, recordCompletion, completion.mutate, recordOfflineEnd, streakWithToday],
  );

  const quit = async (reason: QuitReason | null) => {
    const session = running;
    if (!session || finishing.current) return;
    finishing.current = true;
    const seconds = elapsedSeconds(session.startMs, session.goalMinutes * 60, Date.now(), offsetMs);
    if (session.local) {
      endVisitorSession(session, false, seconds, timeZoneNow(), reason);
    } else if (session.offline) {
      recordOfflineEnd(session, 'quit', Date.now() + offsetMs, reason);
    } else if (!session.unrecorded && !onlineManager.isOnline()) {
      quitMutation.mutate({ id: session.id, actualMinutes: minutesFromSeconds(seconds), reason });
    } else if (!session.unrecorded) {
      try {
        await quitMutation.mutateAsync({ id: session.id, actualMinutes: minutesFromSeconds(seconds), reason });
      } catch (error) {
        logFailure('the early end', error);
      }
      invalidateHistory();
    }
    dispatch({ type: 'ended' });
    // The early end is said and seen (WCAG 4.1.3): the dialogs close, and nothing else changes.
    toast(LOCKIN_COPY.endedEarlyToast(minutesFromSeconds(seconds), session.goalMinutes));
  };

  // ---- the clock: re-read every second; at zero the session completes ----
  const [nowMs, setNowMs] = useState(() => Date.now());
  // The clock runs while a session (or the offer to resume one) shows, and starts over for each new
  // session, so its first second never shows the previous one's time. Reset before the browser
  // paints: otherwise the first frame showed the time left against whenever the clock last ran
  // (the resume offer read '30:02 left' for a session with 26 minutes to go).
  const clockFor = running ? running.id : conflict ? 'resume offer' : null;
  useLayoutEffect(() => {
    if (clockFor === null) return;
    setNowMs(Date.now());
    const timer = setInterval(() => setNowMs(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [clockFor]);
  const remaining = running ? remainingSeconds(running.endsAtMs, nowMs, offsetMs) : 0;
  useEffect(() => {
    if (running && remaining === 0) void complete(running);
  }, [running, remaining, complete]);

  useSessionSideEffects(running ? remaining : null);

  // The browser extension hears at once that a session started or ended here (issue #42).
  const recordedId = running && !running.local ? running.id : null;
  const toldExtension = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!isAuthenticated || toldExtension.current === recordedId) return;
    toldExtension.current = recordedId;
    tellExtensionToCheck();
  });

  // ---- what the rest of the app sees ----
  const api = useMemo<LockInApi>(
    () => ({ open, openStats: () => dispatch({ type: 'openStats' }), running }),
    [open, running],
  );
  return (
    <LockInContext.Provider value={api}>
      {children}
      <LockInDialogs
        state={state}
        dispatch={dispatch}
        remaining={remaining}
        conflictRemaining={conflict ? remainingSeconds(conflict.endsAtMs, nowMs, offsetMs) : 0}
        starting={startMutation.isPending}
        // A quit waiting for the network is not running: the next session's 'End Early' is free.
        ending={isRunning(quitMutation)}
        onStart={startSession}
        onResume={resume}
        onQuit={quit}
        signedIn={isAuthenticated}
        timeZoneNow={timeZoneNow}
        onImported={invalidateHistory}
      />
    </LockInContext.Provider>
  );
}

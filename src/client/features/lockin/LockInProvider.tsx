// Lock-In for the whole app: one provider owns the session (signed-in users through the server,
// visitors in browser storage), the modal's steps, the quit flow, the celebration, Focus Stats
// and the import offer. Anything can open the modal with `useLockIn().open()`.
//
// The running session is the server's: on load (and on every open) the client asks for it, so a
// reload or another device signed in to the same account shows it with the right time left.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
} from 'react';
import { DEFAULT_LOCK_IN_MINUTES } from '../../../shared/constants';
import {
  type CompletionResult,
  type LockInSessionView,
  minutesFromSeconds,
  MOTIVATIONAL_MESSAGES,
  type QuitReason,
} from '../../../shared/lockin';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useAuth } from '../auth/useAuth';
import { decodeError } from '../../lib/errors';
import { browserTimeZone } from '../auth/session';
import { ImportOffer } from './ImportOffer';
import { readLocalActive, readLocalStreak, recordLocalSession, writeLocalActive } from './local-history';
import type { Step } from './LockInModal';
import { clockOffsetMs, elapsedSeconds, remainingSeconds } from './timer';
import { useSessionSideEffects } from './useSessionSideEffects';

// The dialogs (and the confetti library) load the first time one opens: every page carries this
// provider, and a visitor reading the landing page should not download them.
const loadQuitEarlyDialog = () => import('./QuitEarlyDialog');
const loadCelebrationDialog = () => import('./CelebrationDialog');
const loadFocusStatsDialog = () => import('./FocusStatsDialog');
const LockInModal = lazy(() => import('./LockInModal').then((m) => ({ default: m.LockInModal })));
const QuitEarlyDialog = lazy(() => loadQuitEarlyDialog().then((m) => ({ default: m.QuitEarlyDialog })));
const CelebrationDialog = lazy(() => loadCelebrationDialog().then((m) => ({ default: m.CelebrationDialog })));
const FocusStatsDialog = lazy(() => loadFocusStatsDialog().then((m) => ({ default: m.FocusStatsDialog })));

/** While a session runs, fetch what its end will show, so 'Stop Session' and the celebration open at once. */
function preloadSessionEndDialogs(): void {
  void loadQuitEarlyDialog();
  void loadCelebrationDialog();
  void loadFocusStatsDialog();
}

/** True from the first render in which `open` is true, so a lazy dialog mounts once and stays. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The task a per-task Lock-In is for (premium): the server reads its title and category. */
export interface LockInTask {
  id: string;
  title: string;
  category: string;
}

export interface RunningState {
  id: string;
  startMs: number;
  endsAtMs: number;
  goalMinutes: number;
  taskTitle: string;
  goalText: string | null;
  /** Visitor session kept in this browser only. */
  local: boolean;
  /** Signed in, but the server could not record the start: the session goes on unrecorded. */
  unrecorded: boolean;
}

export interface Celebration {
  minutes: number;
  message: string;
  streak: number;
}

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

function fromServer(s: LockInSessionView): RunningState {
  return {
    id: s.id,
    startMs: Date.parse(s.startTime),
    endsAtMs: Date.parse(s.endsAt),
    goalMinutes: s.goalMinutes,
    taskTitle: s.taskTitle,
    goalText: s.goalText,
    local: false,
    unrecorded: false,
  };
}

function pickMessage(): string {
  return MOTIVATIONAL_MESSAGES[Math.floor(Math.random() * MOTIVATIONAL_MESSAGES.length)] ?? MOTIVATIONAL_MESSAGES[0];
}

/** Record failures are only logged; the session goes on (spec section 8). */
function logFailure(what: string, error: unknown) {
  console.warn(`Lock-In: could not record ${what}`, error);
}

/** A visitor's session ends in this browser: the running marker goes, the history gains the session. */
function endLocally(
  state: RunningState,
  completed: boolean,
  actualSeconds: number,
  timeZone: string,
  quitReason: QuitReason | null = null,
) {
  writeLocalActive(localStorage, null);
  recordLocalSession(
    localStorage,
    {
      id: state.id,
      timestamp: new Date(state.startMs).toISOString(),
      duration: state.goalMinutes * 60,
      actualDuration: actualSeconds,
      taskName: state.taskTitle,
      goal: state.goalText,
      completed,
      quitReason: completed ? null : quitReason,
    },
    timeZone,
    new Date(),
  );
}

export function LockInProvider({ children }: { children: ReactNode }) {
  const { user, isAuthenticated, isLoading: authLoading } = useAuth();
  const timeZone = user?.timeZone || browserTimeZone();
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();

  const [modalOpen, setModalOpen] = useState(false);
  const [step, setStep] = useState<Step>('setup');
  const [minutes, setMinutes] = useState<number>(DEFAULT_LOCK_IN_MINUTES);
  const [goalText, setGoalText] = useState('');
  const [task, setTask] = useState<LockInTask | null>(null);
  const [running, setRunning] = useState<RunningState | null>(null);
  const [offsetMs, setOffsetMs] = useState(0);
  const [quitOpen, setQuitOpen] = useState(false);
  const [celebration, setCelebration] = useState<Celebration | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  /** The server's running session found when trying to start another (the resume offer). */
  const [conflict, setConflict] = useState<RunningState | null>(null);
  const finishing = useRef(false);
  /** The last session's goal and task, for 'Start Another Session'. */
  const lastSetup = useRef<{ goalText: string; task: LockInTask | null }>({ goalText: '', task: null });

  // ---- the running session: the server's for a signed-in user, the browser's for a visitor ----
  const runningQuery = useQuery(trpc.lockin.running.queryOptions(undefined, { enabled: isAuthenticated }));
  // Reacts to each answer of the server only; the session shown is read as it is then, not watched.
  const onRunningAnswer = useEffectEvent((data: NonNullable<typeof runningQuery.data>) => {
    if (data.session && data.session.status === 'active') {
      if (running?.id === data.session.id) return;
      setOffsetMs(clockOffsetMs(data.serverNow, Date.now()));
      setRunning(fromServer(data.session));
      setStep('active');
      setModalOpen(true);
    } else if (running && !running.local && !running.unrecorded && !finishing.current) {
      // Ended on another device: this one stops showing it.
      setRunning(null);
      setStep('setup');
      setModalOpen(false);
    }
  });
  useEffect(() => {
    if (runningQuery.data) onRunningAnswer(runningQuery.data);
  }, [runningQuery.data]);

  useEffect(() => {
    if (authLoading || isAuthenticated) return;
    const active = readLocalActive(localStorage);
    if (active) {
      setRunning({
        id: active.id,
        startMs: Date.parse(active.startTime),
        endsAtMs: Date.parse(active.endsAt),
        goalMinutes: active.goalMinutes,
        taskTitle: active.taskName,
        goalText: active.goal,
        local: true,
        unrecorded: false,
      });
      setStep('active');
      setModalOpen(true);
    }
  }, [authLoading, isAuthenticated]);

  const invalidateHistory = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.lockin.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.lockin.streak.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.lockin.running.queryKey() });
  }, [queryClient, trpc]);

  // ---- the modal ----
  const resetModal = useCallback(() => {
    setModalOpen(false);
    setStep('setup');
    setTask(null);
    setGoalText('');
    setConflict(null);
  }, []);

  const open = useCallback(
    (options: { task?: LockInTask } = {}) => {
      if (running) {
        setStep('active');
        setModalOpen(true);
        return;
      }
      setTask(options.task ?? null);
      setConflict(null);
      setStep('setup');
      setModalOpen(true);
      // Another device may have started one since this page loaded.
      if (isAuthenticated) void runningQuery.refetch();
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

  const begin = (state: RunningState) => {
    finishing.current = false;
    lastSetup.current = { goalText, task };
    setRunning(state);
    setStep('active');
  };

  const startSession = async () => {
    askNotificationPermission();
    const goal = goalText.trim() || null;
    if (!isAuthenticated) {
      const now = Date.now();
      const state: RunningState = {
        id: `local_${now}`,
        startMs: now,
        endsAtMs: now + minutes * 60_000,
        goalMinutes: minutes,
        taskTitle: task?.title ?? 'Focus Session',
        goalText: goal,
        local: true,
        unrecorded: false,
      };
      writeLocalActive(localStorage, {
        id: state.id,
        startTime: new Date(state.startMs).toISOString(),
        endsAt: new Date(state.endsAtMs).toISOString(),
        goalMinutes: minutes,
        goal,
        taskName: state.taskTitle,
      });
      setOffsetMs(0);
      begin(state);
      return;
    }
    try {
      const answer = await startMutation.mutateAsync({
        goalMinutes: minutes,
        goalText: goal ?? undefined,
        taskId: task?.id,
      });
      setOffsetMs(clockOffsetMs(answer.serverNow, Date.now()));
      queryClient.setQueryData(trpc.lockin.running.queryKey(), {
        session: answer.session,
        serverNow: answer.serverNow,
      });
      begin(fromServer(answer.session));
    } catch (error) {
      const { code } = decodeError(error);
      if (code === 'CONFLICT') {
        // One running session per user: offer to resume the one that runs instead.
        // Asked outside the cache, so the offer shows instead of jumping straight into it.
        const fresh = await trpcClient.lockin.running.query().catch(() => null);
        const session = fresh?.session;
        if (fresh && session) {
          setOffsetMs(clockOffsetMs(fresh.serverNow, Date.now()));
          setConflict(fromServer(session));
          setStep('resume');
          return;
        }
      }
      logFailure('the session start', error);
      const now = Date.now();
      begin({
        id: `unrecorded_${now}`,
        startMs: now,
        endsAtMs: now + minutes * 60_000,
        goalMinutes: minutes,
        taskTitle: task?.title ?? 'Focus Session',
        goalText: goal,
        local: false,
        unrecorded: true,
      });
    }
  };

  const resume = () => {
    if (!conflict) return;
    begin(conflict);
    setConflict(null);
    void runningQuery.refetch();
  };

  // ---- end: completion at zero, or quit ----
  // mutateAsync is the same function on every render (TanStack Query's observer method).
  const { mutateAsync: recordCompletion } = useMutation(trpc.lockin.complete.mutationOptions());
  const quitMutation = useMutation(trpc.lockin.quit.mutationOptions());

  const complete = useCallback(
    async (state: RunningState) => {
      if (finishing.current) return;
      finishing.current = true;
      setQuitOpen(false);
      setRunning(null);
      resetModal();
      let streak = 0;
      if (state.local) {
        endLocally(state, true, state.goalMinutes * 60, timeZone);
        streak = readLocalStreak(localStorage, timeZone, new Date());
      } else if (!state.unrecorded) {
        try {
          const result: CompletionResult = await recordCompletion({
            id: state.id,
            actualMinutes: state.goalMinutes,
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
      setCelebration({ minutes: state.goalMinutes, message: pickMessage(), streak });
    },
    [resetModal, timeZone, invalidateHistory, recordCompletion],
  );

  const quit = async (reason: QuitReason | null) => {
    const state = running;
    if (!state || finishing.current) return;
    finishing.current = true;
    const seconds = elapsedSeconds(state.startMs, state.goalMinutes * 60, Date.now(), offsetMs);
    if (state.local) {
      endLocally(state, false, seconds, timeZone, reason);
    } else if (!state.unrecorded) {
      try {
        await quitMutation.mutateAsync({ id: state.id, actualMinutes: minutesFromSeconds(seconds), reason });
      } catch (error) {
        logFailure('the early end', error);
      }
      invalidateHistory();
    }
    setQuitOpen(false);
    setRunning(null);
    resetModal();
  };

  // ---- the clock: re-read every second; at zero the session completes ----
  const [nowMs, setNowMs] = useState(() => Date.now());
  // The clock runs while a session (or the offer to resume one) shows, and starts over for each new
  // session, so its first second never shows the previous one's time.
  const clockFor = running ? running.id : conflict ? 'resume offer' : null;
  useEffect(() => {
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

  // ---- what the rest of the app sees ----
  const api = useMemo<LockInApi>(() => ({ open, openStats: () => setStatsOpen(true), running }), [open, running]);
  const sessionRunning = running !== null;
  useEffect(() => {
    if (sessionRunning) preloadSessionEndDialogs();
  }, [sessionRunning]);
  const modalLoaded = useOpenedOnce(modalOpen);
  const quitLoaded = useOpenedOnce(quitOpen && running !== null);
  const celebrationLoaded = useOpenedOnce(celebration !== null);
  const statsLoaded = useOpenedOnce(statsOpen);

  return (
    <LockInContext.Provider value={api}>
      {children}
      {modalLoaded && (
        <Suspense fallback={null}>
          <LockInModal
            open={modalOpen}
            step={step}
            onClose={resetModal}
            minutes={minutes}
            onMinutes={setMinutes}
            goalText={goalText}
            onGoalText={setGoalText}
            task={task}
            onContinue={() => setStep('commitment')}
            onBack={() => setStep('setup')}
            onStart={startSession}
            starting={startMutation.isPending}
            running={running}
            remaining={remaining}
            onStop={() => setQuitOpen(true)}
            conflict={conflict}
            conflictRemaining={conflict ? remainingSeconds(conflict.endsAtMs, nowMs, offsetMs) : 0}
            onResume={resume}
          />
        </Suspense>
      )}
      {quitLoaded && (
        <Suspense fallback={null}>
          <QuitEarlyDialog
            open={quitOpen && running !== null}
            remaining={remaining}
            onKeepGoing={() => setQuitOpen(false)}
            onEndEarly={quit}
            ending={quitMutation.isPending}
          />
        </Suspense>
      )}
      {celebrationLoaded && (
        <Suspense fallback={null}>
          <CelebrationDialog
            celebration={celebration}
            onClose={() => setCelebration(null)}
            onStartAnother={() => {
              setCelebration(null);
              setGoalText(lastSetup.current.goalText);
              setTask(lastSetup.current.task);
              setStep('commitment');
              setModalOpen(true);
            }}
            onViewStats={() => {
              setCelebration(null);
              setStatsOpen(true);
            }}
          />
        </Suspense>
      )}
      {statsLoaded && (
        <Suspense fallback={null}>
          <FocusStatsDialog
            open={statsOpen}
            onClose={() => setStatsOpen(false)}
            signedIn={isAuthenticated}
            timeZone={timeZone}
          />
        </Suspense>
      )}
      {isAuthenticated && <ImportOffer onImported={invalidateHistory} />}
    </LockInContext.Provider>
  );
}

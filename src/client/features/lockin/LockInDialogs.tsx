// The Lock-In dialogs as the session state shows them: the modal, the quit flow, the celebration,
// Focus Stats and the import offer. They (and the confetti library) load the first time one
// opens: every page carries the provider, and a visitor reading the landing page should not
// download them; while a session runs, what its end shows is fetched ahead.
import { type ActionDispatch, lazy, Suspense, useEffect, useMemo } from 'react';
import type { QuitReason } from '../../../shared/lockin';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { pendingImport } from './local-history';
import type { LockInEvent, LockInState } from './session-machine';

const loadQuitEarlyDialog = () => import('./QuitEarlyDialog');
const loadCelebrationDialog = () => import('./CelebrationDialog');
const loadFocusStatsDialog = () => import('./FocusStatsDialog');
const LockInModal = lazy(() => import('./LockInModal').then((m) => ({ default: m.LockInModal })));
const QuitEarlyDialog = lazy(() => loadQuitEarlyDialog().then((m) => ({ default: m.QuitEarlyDialog })));
const CelebrationDialog = lazy(() => loadCelebrationDialog().then((m) => ({ default: m.CelebrationDialog })));
const FocusStatsDialog = lazy(() => loadFocusStatsDialog().then((m) => ({ default: m.FocusStatsDialog })));
// Only a browser that ran sessions as a visitor has anything to offer: the offer's code loads then.
const ImportOffer = lazy(() => import('./ImportOffer').then((m) => ({ default: m.ImportOffer })));

/** While a session runs, fetch what its end will show, so 'Stop Session' and the celebration open at once. */
function preloadSessionEndDialogs(): void {
  void loadQuitEarlyDialog();
  void loadCelebrationDialog();
  void loadFocusStatsDialog();
}

export interface LockInDialogsProps {
  state: LockInState;
  dispatch: ActionDispatch<[event: LockInEvent]>;
  /** Seconds left of the running session, and of the one offered for resuming. */
  remaining: number;
  conflictRemaining: number;
  starting: boolean;
  ending: boolean;
  onStart: () => void;
  onResume: () => void;
  onQuit: (reason: QuitReason | null) => void;
  signedIn: boolean;
  /** The zone a visitor's own figures are counted in; read only when they are shown. */
  timeZoneNow: () => string;
  onImported: () => void;
}

export function LockInDialogs({
  state,
  dispatch,
  remaining,
  conflictRemaining,
  starting,
  ending,
  onStart,
  onResume,
  onQuit,
  signedIn,
  timeZoneNow,
  onImported,
}: LockInDialogsProps) {
  const { modalOpen, step, minutes, goalText, task, running, conflict, quitOpen, celebration, statsOpen } = state;
  const sessionRunning = running !== null;
  useEffect(() => {
    if (sessionRunning) preloadSessionEndDialogs();
  }, [sessionRunning]);
  const modalLoaded = useOpenedOnce(modalOpen);
  const quitLoaded = useOpenedOnce(quitOpen && running !== null);
  const celebrationLoaded = useOpenedOnce(celebration !== null);
  const statsLoaded = useOpenedOnce(statsOpen);
  // Read when the user signs in (a visitor who signs up stays on the same page).
  const hasVisitorHistory = useMemo(() => signedIn && pendingImport(localStorage).length > 0, [signedIn]);

  return (
    <>
      {modalLoaded && (
        <Suspense fallback={null}>
          <LockInModal
            open={modalOpen}
            step={step}
            onClose={() => dispatch({ type: 'close' })}
            minutes={minutes}
            onMinutes={(value) => dispatch({ type: 'minutes', minutes: value })}
            goalText={goalText}
            onGoalText={(value) => dispatch({ type: 'goalText', goalText: value })}
            task={task}
            onContinue={() => dispatch({ type: 'continue' })}
            onBack={() => dispatch({ type: 'back' })}
            onStart={onStart}
            starting={starting}
            running={running}
            remaining={remaining}
            onStop={() => dispatch({ type: 'askQuit' })}
            conflict={conflict}
            conflictRemaining={conflictRemaining}
            onResume={onResume}
            behindQuit={quitOpen && running !== null}
          />
        </Suspense>
      )}
      {quitLoaded && (
        <Suspense fallback={null}>
          <QuitEarlyDialog
            open={quitOpen && running !== null}
            remaining={remaining}
            onKeepGoing={() => dispatch({ type: 'keepGoing' })}
            onEndEarly={onQuit}
            ending={ending}
          />
        </Suspense>
      )}
      {celebrationLoaded && (
        <Suspense fallback={null}>
          <CelebrationDialog
            celebration={celebration}
            onClose={() => dispatch({ type: 'closeCelebration' })}
            onStartAnother={() => dispatch({ type: 'startAnother' })}
            onViewStats={() => dispatch({ type: 'openStats' })}
          />
        </Suspense>
      )}
      {statsLoaded && (
        <Suspense fallback={null}>
          <FocusStatsDialog
            open={statsOpen}
            onClose={() => dispatch({ type: 'closeStats' })}
            signedIn={signedIn}
            timeZoneNow={timeZoneNow}
          />
        </Suspense>
      )}
      {hasVisitorHistory && (
        <Suspense fallback={null}>
          <ImportOffer onImported={onImported} />
        </Suspense>
      )}
    </>
  );
}

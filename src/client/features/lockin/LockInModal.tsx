// The Lock-In Mode modal's steps: setup (duration and optional goal), commitment, active (the
// countdown and a stop button), and the offer to resume a session already running elsewhere.
// The backdrop and Escape close it in every step but the active one.
import { useEffect, useEffectEvent } from 'react';
import { LOCK_IN_DURATIONS_MINUTES } from '../../../shared/constants';
import { formatFocusTime, LOCKIN_COPY } from '../../../shared/lockin';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { StopIcon, TimerIcon } from './icons';
import type { LockInTask, RunningState } from './session-machine';
import { takeQuitLink } from './quit-link';
import { formatCountdown, minuteAnnouncement } from './timer';

import type { Step } from './session-machine';
import { RemindMeButton } from '../push/RemindMeButton';
import { SessionBlockingNote } from '../blocking';
import { Link } from 'react-router';
import { useAuth } from '../auth/useAuth';
import { ROOM_COPY } from '../../../shared/rooms';
import { ROUTES } from '../../../shared/routes';

export type { Step };

export interface LockInModalProps {
  open: boolean;
  step: Step;
  onClose: () => void;
  minutes: number;
  onMinutes: (m: number) => void;
  goalText: string;
  onGoalText: (text: string) => void;
  task: LockInTask | null;
  onContinue: () => void;
  onBack: () => void;
  onStart: () => void;
  starting: boolean;
  running: RunningState | null;
  remaining: number;
  onStop: () => void;
  conflict: RunningState | null;
  conflictRemaining: number;
  onResume: () => void;
  /** The quit dialog is open over it: it stays open underneath, unseen (no grey ghost of the timer). */
  behindQuit?: boolean;
}

export function LockInModal(props: LockInModalProps) {
  const { open, step, onClose } = props;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      // A room's session can be put away: its room's page is where it is watched.
      dismissible={step !== 'active' || Boolean(props.running?.roomId)}
      title={LOCKIN_COPY.modalTitle}
      description={DESCRIPTIONS[step]}
      size="md"
      concealed={props.behindQuit}
    >
      <div data-testid="lockin-modal" data-step={step}>
        {step === 'setup' && <SetupStep {...props} />}
        {step === 'commitment' && <CommitmentStep {...props} />}
        {step === 'active' && props.running && (
          <ActiveStep running={props.running} remaining={props.remaining} onStop={props.onStop} />
        )}
        {step === 'resume' && <ResumeStep {...props} />}
      </div>
    </Dialog>
  );
}

const DESCRIPTIONS: Record<Step, string> = {
  setup: 'Choose how long to focus and, if you like, what you want to get done.',
  commitment: 'Ready to commit? Once you start, quitting takes a deliberate step.',
  active: 'Stay with it. The clock keeps running even if you switch tabs.',
  resume: 'You already have a Lock-In session running.',
};

function TaskLine({ task }: { task: LockInTask | null }) {
  if (!task) return null;
  return (
    <p className="mb-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-900/40 dark:text-brand-100">
      Locking in on <strong className="font-semibold">{task.title}</strong>
      <span className="muted"> · {task.category}</span>
    </p>
  );
}

/** Focus together from the setup: a room with this length and task, or one to join by its code. */
function FocusTogetherEntry({
  minutes,
  task,
  onLeave,
}: {
  minutes: number;
  task: LockInTask | null;
  onLeave: () => void;
}) {
  // Rooms are for signed-in people (a visitor's sessions stay in the browser).
  if (!useAuth().isAuthenticated) return null;
  const params = new URLSearchParams({ minutes: String(minutes) });
  if (task) {
    params.set('task', task.title);
    params.set('category', task.category);
  }
  return (
    <div className="mt-5 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
      <p className="font-medium text-slate-900 dark:text-white">{ROOM_COPY.entry}</p>
      <p className="mt-0.5 muted">{ROOM_COPY.entryHint}</p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <Link className="link font-medium" to={`${ROUTES.newRoom}?${params}`} onClick={onLeave}>
          Open a room
        </Link>
        <Link className="link font-medium" to={ROUTES.joinRoom} onClick={onLeave}>
          Join with a code
        </Link>
      </p>
    </div>
  );
}

function SetupStep({ minutes, onMinutes, goalText, onGoalText, task, onContinue, onClose }: LockInModalProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <TaskLine task={task} />
      <fieldset>
        <legend className="label mb-2">Session length</legend>
        <div className="grid grid-cols-4 gap-2">
          {LOCK_IN_DURATIONS_MINUTES.map((m) => (
            <label
              key={m}
              className={`flex h-11 cursor-pointer items-center justify-center rounded-lg border text-sm font-medium transition-colors focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-offset-2 dark:focus-within:ring-offset-slate-900 ${
                m === minutes
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
              }`}
            >
              <input
                type="radio"
                name="lockin-duration"
                value={m}
                checked={m === minutes}
                onChange={() => onMinutes(m)}
                className="sr-only"
                // Focus starts on the chosen length (arrows move within the group), not the ×.
                data-autofocus={m === minutes ? true : undefined}
              />
              {m} min
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-5">
        <label htmlFor="lockin-goal" className="label">
          Session goal <span className="font-normal muted">(optional)</span>
        </label>
        <input
          id="lockin-goal"
          className="input mt-1"
          maxLength={200}
          value={goalText}
          onChange={(e) => onGoalText(e.target.value)}
          placeholder="What will you get done?"
        />
      </div>
      <RemindMeButton />
      <SessionBlockingNote />
      <FocusTogetherEntry minutes={minutes} task={task} onLeave={onClose} />
      <div className="mt-6 flex justify-end">
        <Button type="submit">{LOCKIN_COPY.continue}</Button>
      </div>
    </form>
  );
}

function CommitmentStep({ minutes, goalText, task, onBack, onStart, starting }: LockInModalProps) {
  return (
    <div>
      <TaskLine task={task} />
      {/* Where focus lands after 'Continue': a screen reader reads the commitment first. */}
      <div
        data-autofocus
        tabIndex={-1}
        className="rounded-xl border border-slate-200 p-5 text-center dark:border-slate-700"
      >
        <p className="text-sm muted">You are committing to</p>
        <p className="mt-1 text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">
          {formatFocusTime(minutes)}
        </p>
        <p className="mt-1 text-sm muted">of focused work{goalText.trim() ? ':' : '.'}</p>
        {goalText.trim() && (
          <p className="mt-2 break-words font-medium text-slate-900 dark:text-white">{goalText.trim()}</p>
        )}
      </div>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-sm muted">
        <li>Close the tabs you do not need and silence your phone.</li>
        <li>Ending early takes a deliberate step and does not count toward your streak.</li>
      </ul>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onBack} disabled={starting}>
          {LOCKIN_COPY.cancel}
        </Button>
        <Button onClick={onStart} loading={starting}>
          <TimerIcon />
          {LOCKIN_COPY.startSession}
        </Button>
      </div>
    </div>
  );
}

function ActiveStep({ running, remaining, onStop }: { running: RunningState; remaining: number; onStop: () => void }) {
  // Opened by the extension's quit link: the quit dialog opens over this step once it shows (the
  // dialog's own effect shows it after this one runs, hence the turn of the event loop).
  const askQuit = useEffectEvent(onStop);
  useEffect(() => {
    if (takeQuitLink()) setTimeout(askQuit, 0);
  }, []);
  const total = running.goalMinutes * 60;
  const done = total > 0 ? Math.min(100, Math.round(((total - remaining) / total) * 100)) : 0;
  return (
    <div className="text-center">
      <p className="break-words font-medium text-slate-900 dark:text-white">{running.taskTitle}</p>
      {running.goalText && <p className="mt-1 break-words text-sm muted">Goal: {running.goalText}</p>}
      {/* Read once a minute by screen readers; the ticking digits below are not announced. */}
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="lockin-announcement">
        {minuteAnnouncement(remaining)}
      </p>
      <p
        role="timer"
        aria-live="off"
        aria-label="Time remaining"
        // 'Start Session' brings the running countdown to the user (focus lands here).
        data-autofocus
        tabIndex={-1}
        data-testid="lockin-countdown"
        className="my-6 font-mono text-6xl font-bold tabular-nums tracking-tight text-brand-700 sm:text-7xl dark:text-brand-300"
      >
        {formatCountdown(remaining)}
      </p>
      <div
        role="progressbar"
        aria-label="Session progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] dark:bg-brand-400"
          style={{ width: `${done}%` }}
        />
      </div>
      {running.offline && (
        <p className="mt-3 text-xs muted" data-testid="lockin-offline-note">
          {LOCKIN_COPY.offlineSession}
        </p>
      )}
      {running.unrecorded && (
        <p className="mt-3 text-xs muted">
          This session could not be saved to your account, but the timer keeps going.
        </p>
      )}
      <div className="mt-6 flex justify-center">
        <Button variant="destructive" onClick={onStop}>
          <StopIcon />
          Stop Session
        </Button>
      </div>
    </div>
  );
}

function ResumeStep({ conflict, conflictRemaining, onResume, onClose }: LockInModalProps) {
  if (!conflict) return null;
  return (
    <div>
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
        <p className="font-medium">{conflict.taskTitle}</p>
        <p className="mt-1 text-sm">
          {formatCountdown(conflictRemaining)} left of {formatFocusTime(conflict.goalMinutes)}. One session runs at a
          time: pick it up where it is.
        </p>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          {LOCKIN_COPY.close}
        </Button>
        <Button onClick={onResume}>Resume Session</Button>
      </div>
    </div>
  );
}

// What the Lock-In screens show, as one state and the events that move it: the modal and its
// step, the setup fields, the running session, the resume offer, the quit dialog, the celebration
// and Focus Stats. A pure reducer, so every transition is unit-tested without a browser; the
// provider does the talking (server, browser storage, clock) and dispatches what happened.
import { DEFAULT_LOCK_IN_MINUTES } from '../../../shared/constants';

export type Step = 'setup' | 'commitment' | 'active' | 'resume';

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
  /**
   * Started without a network: timed on this browser's guess of the server's clock and recorded
   * (lockin.recordOffline) when it ends, with the stamp of the last answer from the server.
   */
  offline?: { syncStamp: string; taskId?: string };
  /** Started by a Focus-together room: the room's page shows it, so it does not take the screen. */
  roomId?: string;
}

export interface Celebration {
  minutes: number;
  message: string;
  streak: number;
}

export interface LockInState {
  modalOpen: boolean;
  step: Step;
  minutes: number;
  goalText: string;
  task: LockInTask | null;
  running: RunningState | null;
  /** Server clock minus this browser's clock (ms). */
  offsetMs: number;
  /** The server's running session found when trying to start another (the resume offer). */
  conflict: RunningState | null;
  quitOpen: boolean;
  celebration: Celebration | null;
  statsOpen: boolean;
  /** The last session's goal and task, for 'Start Another Session'. */
  lastSetup: { goalText: string; task: LockInTask | null };
  /**
   * The session this page ended last: an answer that left the server before the end was recorded
   * still calls it active, and must not bring it back.
   */
  endedId: string | null;
}

export type LockInEvent =
  | { type: 'open'; task?: LockInTask }
  | { type: 'close' }
  | { type: 'minutes'; minutes: number }
  | { type: 'goalText'; goalText: string }
  | { type: 'continue' }
  | { type: 'back' }
  /** A session began here (started now, or the resume offer accepted). */
  | { type: 'began'; running: RunningState; offsetMs?: number }
  /** Starting was refused because one already runs (another device): offer to resume it. */
  | { type: 'conflict'; conflict: RunningState; offsetMs: number }
  | { type: 'resume' }
  /** The server (or browser storage) has a running session this page did not show yet. */
  | { type: 'found'; running: RunningState; offsetMs: number }
  /** The server has no running session any more: it ended on another device. */
  | { type: 'endedElsewhere' }
  | { type: 'askQuit' }
  | { type: 'keepGoing' }
  /** The running session ended here (completed at zero, or quit): the modal closes. */
  | { type: 'ended' }
  /** A completion was recorded (or kept in the browser): the celebration shows. */
  | { type: 'celebrate'; celebration: Celebration }
  | { type: 'closeCelebration' }
  | { type: 'startAnother' }
  | { type: 'openStats' }
  | { type: 'closeStats' };

export const initialLockInState: LockInState = {
  modalOpen: false,
  step: 'setup',
  minutes: DEFAULT_LOCK_IN_MINUTES,
  goalText: '',
  task: null,
  running: null,
  offsetMs: 0,
  conflict: null,
  quitOpen: false,
  celebration: null,
  statsOpen: false,
  lastSetup: { goalText: '', task: null },
  endedId: null,
};

/** The modal closed and set back to its first step; the session length chosen last is kept. */
const closedModal = (state: LockInState): LockInState => ({
  ...state,
  modalOpen: false,
  step: 'setup',
  task: null,
  goalText: '',
  conflict: null,
});

export function lockInReducer(state: LockInState, event: LockInEvent): LockInState {
  switch (event.type) {
    case 'open':
      // A running session is shown as it is; otherwise the setup starts over for this task.
      if (state.running) return { ...state, step: 'active', modalOpen: true };
      return { ...state, task: event.task ?? null, conflict: null, step: 'setup', modalOpen: true };
    case 'close':
      return closedModal(state);
    case 'minutes':
      return { ...state, minutes: event.minutes };
    case 'goalText':
      return { ...state, goalText: event.goalText };
    case 'continue':
      return state.step === 'setup' ? { ...state, step: 'commitment' } : state;
    case 'back':
      return state.step === 'commitment' ? { ...state, step: 'setup' } : state;
    case 'began':
      return {
        ...state,
        running: event.running,
        offsetMs: event.offsetMs ?? state.offsetMs,
        step: 'active',
        modalOpen: true,
        conflict: null,
        lastSetup: { goalText: state.goalText, task: state.task },
      };
    case 'conflict':
      return { ...state, conflict: event.conflict, offsetMs: event.offsetMs, step: 'resume' };
    case 'resume':
      if (!state.conflict) return state;
      return lockInReducer(state, { type: 'began', running: state.conflict });
    case 'found':
      if (state.running?.id === event.running.id || state.endedId === event.running.id) return state;
      // A room's session is watched on the room's page; any other takes the screen at once.
      return {
        ...state,
        running: event.running,
        offsetMs: event.offsetMs,
        step: 'active',
        modalOpen: event.running.roomId ? state.modalOpen : true,
      };
    case 'endedElsewhere':
      if (!state.running || state.running.local || state.running.unrecorded || state.running.offline) return state;
      return { ...closedModal(state), running: null, quitOpen: false };
    case 'askQuit':
      return state.running ? { ...state, quitOpen: true } : state;
    case 'keepGoing':
      return { ...state, quitOpen: false };
    case 'ended':
      return { ...closedModal(state), running: null, quitOpen: false, endedId: state.running?.id ?? state.endedId };
    case 'celebrate':
      return { ...state, celebration: event.celebration };
    case 'closeCelebration':
      return { ...state, celebration: null };
    case 'startAnother':
      // Straight to the commitment step with the last session's goal and task.
      return {
        ...state,
        celebration: null,
        goalText: state.lastSetup.goalText,
        task: state.lastSetup.task,
        step: 'commitment',
        modalOpen: true,
      };
    case 'openStats':
      return { ...state, celebration: null, statsOpen: true };
    case 'closeStats':
      return { ...state, statsOpen: false };
  }
}

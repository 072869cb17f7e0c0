// The kinds of Lock-In session the provider runs, one starter each: the server's (a signed-in
// user's, recorded as it starts), a visitor's (kept in this browser's storage), an unrecorded one
// (the server refused the start for a reason other than the network; it runs but is not kept) and,
// in offline-session.ts, one started without a network, recorded when it returns.
import type { LockInSessionView, QuitReason } from '../../../shared/lockin';
import { recordLocalSession, writeLocalActive } from './local-history';
import type { RunningState } from './session-machine';

export function fromServer(s: LockInSessionView): RunningState {
  return {
    id: s.id,
    startMs: Date.parse(s.startTime),
    endsAtMs: Date.parse(s.endsAt),
    goalMinutes: s.goalMinutes,
    taskTitle: s.taskTitle,
    goalText: s.goalText,
    local: false,
    unrecorded: false,
    ...(s.roomId ? { roomId: s.roomId } : {}),
  };
}

/** A session that starts now and runs for `minutes`, on this device's clock. */
function startingNow(
  kind: 'local' | 'unrecorded',
  minutes: number,
  taskTitle: string,
  goalText: string | null,
): RunningState {
  const now = Date.now();
  return {
    id: `${kind}_${now}`,
    startMs: now,
    endsAtMs: now + minutes * 60_000,
    goalMinutes: minutes,
    taskTitle,
    goalText,
    local: kind === 'local',
    unrecorded: kind === 'unrecorded',
  };
}

/** A visitor's session: the running marker in this browser's storage, read again after a reload. */
export function startVisitorSession(minutes: number, taskTitle: string, goalText: string | null): RunningState {
  const session = startingNow('local', minutes, taskTitle, goalText);
  writeLocalActive(localStorage, {
    id: session.id,
    startTime: new Date(session.startMs).toISOString(),
    endsAt: new Date(session.endsAtMs).toISOString(),
    goalMinutes: minutes,
    goal: goalText,
    taskName: taskTitle,
  });
  return session;
}

/** A session the server would not record: it runs and celebrates, and nothing is kept. */
export const unrecordedSession = (minutes: number, taskTitle: string, goalText: string | null): RunningState =>
  startingNow('unrecorded', minutes, taskTitle, goalText);

/** A visitor's session ends in this browser: the running marker goes, the history gains the session. */
export function endVisitorSession(
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

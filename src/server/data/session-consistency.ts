// What a focus session in an imported file must be to be taken (decisions.md §8: figures are
// never set by a client or a file; docs/decisions/2026-11-28-import-rules.md): a session LockIn
// could have recorded. Ended in the past, a goal LockIn offers, minutes within the goal and the
// time that passed, an outcome its flags agree with, and no overlap with another session.
import { LOCK_IN_DURATIONS_MINUTES, OFFLINE_CLOCK_TOLERANCE_MS } from '../../shared/constants';
import type { ExportFocusSession } from '../../shared/data';
import { isAllowedDuration } from '../../shared/lockin';
import { COMPLETION_GRACE_MS } from '../lockin/end-session';

const MINUTE_MS = 60_000;

/** Its start and end (ms), or what is wrong with it, in words that follow 'Focus sessions entry N '. */
export function sessionProblem(s: ExportFocusSession, now: Date): { problem: string } | { start: number; end: number } {
  const start = Date.parse(s.startedAt);
  const endsAt = Date.parse(s.endsAt);
  if (!isAllowedDuration(s.goalMinutes))
    return { problem: `has a goal of ${s.goalMinutes} minutes; LockIn offers ${LOCK_IN_DURATIONS_MINUTES.join(', ')}` };
  const span = endsAt - start;
  // Exactly its goal; shorter only for a session that joined a room late (it ended with the room).
  if (Math.abs(span - s.goalMinutes * MINUTE_MS) > 1000 && !(s.roomId && span > 0 && span < s.goalMinutes * MINUTE_MS))
    return { problem: 'must have endsAt exactly its goal after startedAt' };
  if (s.endedAt === null) return { problem: 'has ended but has no endedAt' };
  const end = Date.parse(s.endedAt);
  if (end < start) return { problem: 'must not end before it started' };
  if (end > now.getTime() + OFFLINE_CLOCK_TOLERANCE_MS) return { problem: 'must have ended in the past' };
  if (s.actualMinutes === null) return { problem: 'has ended but has no actualMinutes' };
  if (s.actualMinutes > s.goalMinutes) return { problem: 'must have actualMinutes at most its goal' };
  if (s.actualMinutes > Math.round(span / MINUTE_MS))
    return { problem: 'must have actualMinutes at most the time between startedAt and endsAt' };
  const completed = s.status === 'completed';
  if (s.completed !== completed || s.quitEarly !== !completed)
    return { problem: `has status '${s.status}' but completed ${s.completed} and quitEarly ${s.quitEarly}` };
  if (completed && s.quitReason !== null) return { problem: 'is completed, so it has no quitReason' };
  if (completed && end < endsAt - COMPLETION_GRACE_MS) return { problem: 'is completed but ended before its goal' };
  if (!completed && s.actualMinutes > Math.ceil((end - start) / MINUTE_MS))
    return { problem: 'must have actualMinutes at most the time between startedAt and endedAt' };
  return { start, end: Math.min(end, endsAt) };
}

import { DEFAULT_CATEGORY, LOCAL_HISTORY_IMPORT_DAYS, LOCAL_HISTORY_LIMIT } from '../../shared/constants';
import { isAllowedDuration, LOCKIN_COPY, type StreakView, minutesFromSeconds } from '../../shared/lockin';
import type { LocalSession } from '../../shared/lockin-input';
import { lockInSessions } from '../db/schema';
import type { AppDeps } from '../deps';
import { type LockInUser, MINUTE_MS, streakAt } from './lockin.service';

const DAY_MS = 24 * 60 * MINUTE_MS;

export interface ImportResult {
  imported: number;
  /** Already in the account (an earlier import) or invalid. */
  skipped: number;
  streak: StreakView;
}

/**
 * Imports the sessions a visitor ran in this browser. Each becomes an ended session with id
 * 'local_<id>', so importing the same history twice adds nothing. Times are the browser's own
 * (the server never saw these sessions): only those of the last LOCAL_HISTORY_IMPORT_DAYS days,
 * never in the future. Completed ones count for the streak like any other completed session.
 */
export async function importLocalSessions(
  deps: AppDeps,
  user: LockInUser,
  sessions: LocalSession[],
): Promise<ImportResult> {
  const now = deps.clock.now();
  const valid = sessions
    .slice(0, LOCAL_HISTORY_LIMIT)
    .map((s) => ({ s, start: new Date(s.timestamp), goal: minutesFromSeconds(s.duration) }))
    .filter(
      ({ s, start, goal }) =>
        isAllowedDuration(goal) &&
        s.actualDuration <= s.duration &&
        start.getTime() <= now.getTime() &&
        // The browser's own record, never seen by the server: only recent history is taken.
        start.getTime() >= now.getTime() - LOCAL_HISTORY_IMPORT_DAYS * DAY_MS,
    )
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  return deps.db.transaction(async (tx) => {
    let imported = 0;
    for (const { s, start, goal } of valid) {
      const actual = Math.min(goal, minutesFromSeconds(s.actualDuration));
      const endedAt = new Date(Math.min(now.getTime(), start.getTime() + s.actualDuration * 1000));
      const inserted = await tx
        .insert(lockInSessions)
        .values({
          userId: user.id,
          id: `local_${s.id}`,
          taskTitle: s.taskName?.trim() || LOCKIN_COPY.defaultTaskTitle,
          category: DEFAULT_CATEGORY,
          goalText: s.goal?.trim() || null,
          goalMinutes: goal,
          actualMinutes: actual,
          status: s.completed ? 'completed' : 'quit',
          completed: s.completed,
          quitEarly: !s.completed,
          quitReason: s.completed ? null : (s.quitReason ?? null),
          startedAt: start,
          endsAt: new Date(start.getTime() + goal * MINUTE_MS),
          endedAt,
        })
        .onConflictDoNothing()
        .returning({ id: lockInSessions.id });
      if (inserted.length > 0) imported += 1;
    }
    return { imported, skipped: sessions.length - imported, streak: await streakAt(tx, user, now) };
  });
}

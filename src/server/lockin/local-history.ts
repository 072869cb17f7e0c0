// The sessions a visitor ran in this browser, brought into the account after sign-up. The server
// never saw them, so they are taken under the offline sessions' rules
// (docs/decisions/2026-11-28-import-rules.md): an outcome that agrees with the minutes, nothing in
// the future or older than LOCAL_HISTORY_IMPORT_DAYS, no two overlapping each other or a session
// already recorded, and once per account: a second history (another browser, or the same one
// sent again with new ids) is refused, so a file of made-up sessions cannot be fed in repeatedly.
import { and, eq, isNull } from 'drizzle-orm';
import {
  DEFAULT_CATEGORY,
  LOCAL_HISTORY_IMPORT_DAYS,
  LOCAL_HISTORY_LIMIT,
  OFFLINE_CLOCK_TOLERANCE_MS,
} from '../../shared/constants';
import {
  isAllowedDuration,
  LOCKIN_COPY,
  LOCKIN_MESSAGES,
  minutesFromSeconds,
  type StreakView,
} from '../../shared/lockin';
import type { LocalSession } from '../../shared/lockin-input';
import { lockInSessions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { hitRateLimit, type RateLimitRule } from '../http/rate-limit';
import { COMPLETION_GRACE_MS } from './end-session';
import { type LockInUser, MINUTE_MS, streakAt } from './lockin.service';
import { overlaps, recordedStretches, type Stretch } from './recorded-time';
import { storableZone } from '../db/pg-zones';

const DAY_MS = 24 * 60 * MINUTE_MS;

/** The import happens once; attempts refused as bad input are bounded too. */
const LOCAL_IMPORTS_PER_USER: RateLimitRule = { name: 'local-import:user', limit: 5, windowMs: 60 * MINUTE_MS };

export interface ImportResult {
  imported: number;
  /** Invalid, overlapping, or repeated within the history. */
  skipped: number;
  streak: StreakView;
}

interface Candidate {
  session: LocalSession;
  start: number;
  end: number;
  goalMinutes: number;
}

/** A session the offline rules accept, with its times; null when they do not. */
function candidate(session: LocalSession, now: number): Candidate | null {
  const goalMinutes = session.duration / 60;
  if (!isAllowedDuration(goalMinutes)) return null;
  const goalMs = session.duration * 1000;
  const elapsedMs = session.actualDuration * 1000;
  const start = Date.parse(session.timestamp);
  const end = start + elapsedMs;
  if (start < now - LOCAL_HISTORY_IMPORT_DAYS * DAY_MS || end > now + OFFLINE_CLOCK_TOLERANCE_MS) return null;
  if (elapsedMs <= 0 || elapsedMs > goalMs + OFFLINE_CLOCK_TOLERANCE_MS) return null;
  // Completed means the whole goal ran (within an online completion's grace); quit, that it did not.
  if (session.completed ? elapsedMs < goalMs - COMPLETION_GRACE_MS : elapsedMs >= goalMs) return null;
  return { session, start, end: Math.min(end, start + goalMs, now), goalMinutes };
}

/** In start order, each id once and none overlapping an earlier one or a recorded stretch. */
function keepApart(candidates: Candidate[], recorded: Stretch[]): Candidate[] {
  const ids = new Set<string>();
  const kept: Candidate[] = [];
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const c of candidates.sort((a, b) => a.start - b.start)) {
    if (ids.has(c.session.id) || c.start < lastEnd) continue;
    if (recorded.some((r) => overlaps(c, r))) continue;
    ids.add(c.session.id);
    kept.push(c);
    lastEnd = c.end;
  }
  return kept;
}

export async function importLocalSessions(
  deps: AppDeps,
  user: LockInUser,
  sessions: LocalSession[],
): Promise<ImportResult> {
  await hitRateLimit(deps, LOCAL_IMPORTS_PER_USER, user.id);
  const now = deps.clock.now();
  const usable = sessions
    .slice(0, LOCAL_HISTORY_LIMIT)
    .map((s) => candidate(s, now.getTime()))
    .filter((c): c is Candidate => c !== null);
  // Read before the transaction: PGlite's one connection is the transaction's until it ends.
  const zone = await storableZone(deps.db, user.timeZone);
  return deps.db.transaction(async (tx) => {
    // Claimed in the transaction: two imports at once cannot both pass, and a failed one claims nothing.
    const claimed = await tx
      .update(users)
      .set({ localHistoryImportedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.localHistoryImportedAt)))
      .returning({ id: users.id });
    if (claimed.length === 0) throw new AppError('CONFLICT', LOCKIN_MESSAGES.historyAlreadyImported);
    const from = Math.min(...usable.map((c) => c.start));
    const to = Math.max(...usable.map((c) => c.end));
    const recorded = usable.length > 0 ? await recordedStretches(tx, user.id, new Date(from), new Date(to)) : [];
    const kept = keepApart(usable, recorded);
    let imported = 0;
    if (kept.length > 0) {
      const inserted = await tx
        .insert(lockInSessions)
        .values(
          kept.map(({ session: s, start, end, goalMinutes }) => ({
            userId: user.id,
            id: `local_${s.id}`,
            taskTitle: s.taskName?.trim() || LOCKIN_COPY.defaultTaskTitle,
            category: DEFAULT_CATEGORY,
            goalText: s.goal?.trim() || null,
            goalMinutes,
            actualMinutes: s.completed ? goalMinutes : Math.min(goalMinutes, minutesFromSeconds(s.actualDuration)),
            status: s.completed ? ('completed' as const) : ('quit' as const),
            completed: s.completed,
            quitEarly: !s.completed,
            quitReason: s.completed ? null : (s.quitReason ?? null),
            timeZone: zone,
            startedAt: new Date(start),
            endsAt: new Date(start + goalMinutes * MINUTE_MS),
            endedAt: new Date(end),
            // Over long before the server heard of it: nothing left to remind anyone of.
            endNotifiedAt: now,
          })),
        )
        // An id a file import already brought (local_…) stays as it is.
        .onConflictDoNothing()
        .returning({ id: lockInSessions.id });
      imported = inserted.length;
    }
    return { imported, skipped: sessions.length - imported, streak: await streakAt(tx, user, now) };
  });
}

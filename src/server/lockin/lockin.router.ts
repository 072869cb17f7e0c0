// tRPC procedures of Lock-In, the ones the client uses: validate with the shared schemas, call
// the service. Core Lock-In is open to every signed-in user; the per-task start (taskId) is
// premium, decided by the service with the plans rule.
import {
  completeSessionInput,
  importLocalInput,
  listSessionsInput,
  offlineSessionInput,
  quitSessionInput,
  startSessionInput,
} from '../../shared/lockin-input';
import { protectedProcedure, router } from '../trpc/init';
import { endSession } from './end-session';
import { importLocalSessions } from './local-history';
import * as lockin from './lockin.service';
import { startSession } from './start-session';
import { recordOfflineSession } from './offline-session';
import { issueSyncStamp } from './sync-stamp';
import { getRestDays, setRestDays } from './rest-days';
import { restDaysInput, streakCalendarInput } from '../../shared/streak-input';

export const lockinRouter = router({
  running: protectedProcedure.query(({ ctx }) => lockin.getRunning(ctx.deps, ctx.user, ctx.session)),
  list: protectedProcedure
    .input(listSessionsInput)
    .query(({ ctx, input }) => lockin.listSessions(ctx.deps, ctx.user, input ?? {})),
  streak: protectedProcedure.query(({ ctx }) => lockin.getStreak(ctx.deps, ctx.user)),
  streakCalendar: protectedProcedure
    .input(streakCalendarInput)
    .query(({ ctx, input }) => lockin.getStreakCalendar(ctx.deps, ctx.user, input.month)),
  restDays: protectedProcedure.query(({ ctx }) => getRestDays(ctx.deps, ctx.user)),
  setRestDays: protectedProcedure
    .input(restDaysInput)
    .mutation(({ ctx, input }) => setRestDays(ctx.deps, ctx.user, input.weekdays)),
  start: protectedProcedure.input(startSessionInput).mutation(async ({ ctx, input }) => {
    const { session } = await startSession(ctx.deps, ctx.user, input);
    const now = ctx.deps.clock.now();
    return { session, serverNow: now.toISOString(), syncStamp: await issueSyncStamp(ctx.deps.db, ctx.session, now) };
  }),
  complete: protectedProcedure
    .input(completeSessionInput)
    .mutation(({ ctx, input }) =>
      endSession(ctx.deps, ctx.user, { id: input.id, outcome: 'completed', actualMinutes: input.actualMinutes }),
    ),
  quit: protectedProcedure.input(quitSessionInput).mutation(({ ctx, input }) =>
    endSession(ctx.deps, ctx.user, {
      id: input.id,
      outcome: 'quit',
      actualMinutes: input.actualMinutes,
      reason: input.reason ?? null,
    }),
  ),
  recordOffline: protectedProcedure
    .input(offlineSessionInput)
    .mutation(({ ctx, input }) => recordOfflineSession(ctx.deps, ctx.user, ctx.session, input)),
  importLocal: protectedProcedure
    .input(importLocalInput)
    .mutation(({ ctx, input }) => importLocalSessions(ctx.deps, ctx.user, input.sessions)),
});

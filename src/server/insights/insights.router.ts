// tRPC procedures of the insights domain: the analytics dashboard, AI suggestions and the
// calendar feed settings. Thin: the rules (and the premium checks) live in the services.
import { aiSuggestionsInput } from '../../shared/insights-input';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';
import { suggestionSource, suggestTasks } from './ai-suggestions.service';
import { getAnalytics } from './analytics.service';
import { getFeed, regenerateFeed, revokeFeed } from './calendar.service';

export const insightsRouter = router({
  /** Free users get the four basic figures; premium users every field. */
  analytics: protectedProcedure.query(({ ctx }) => getAnalytics(ctx.deps, ctx.user)),
  /** Where suggestions come from ('model' or 'offline'): every screen names the feature by it. */
  suggestionSource: publicProcedure.query(({ ctx }) => ({ source: suggestionSource(ctx.deps) })),
  aiSuggestions: protectedProcedure
    .input(aiSuggestionsInput)
    .mutation(({ ctx, input }) => suggestTasks(ctx.deps, ctx.user, input)),
  calendarFeed: router({
    get: protectedProcedure.query(({ ctx }) => getFeed(ctx.deps, ctx.user)),
    regenerate: protectedProcedure.mutation(({ ctx }) => regenerateFeed(ctx.deps, ctx.user)),
    revoke: protectedProcedure.mutation(({ ctx }) => revokeFeed(ctx.deps, ctx.user)),
  }),
});

// Account procedures for the client: thin wrappers over accounts.service (the same rules as the
// REST shims).
import { profileInput, timeZoneInput } from '../../shared/accounts';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';
import { setTimeZone, toCurrentUser, updateProfile } from './accounts.service';

export const accountsRouter = router({
  /** The signed-in user, or null for a visitor. */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? toCurrentUser(ctx.deps, ctx.user) : null)),
  updateProfile: protectedProcedure
    .input(profileInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.user.id, input)),
  /** The browser sends its IANA zone at sign-up, sign-in and whenever it changes. */
  setTimeZone: protectedProcedure
    .input(timeZoneInput)
    .mutation(({ ctx, input }) => setTimeZone(ctx.deps, ctx.user.id, input.timeZone)),
});

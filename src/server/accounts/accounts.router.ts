import { publicProcedure, router } from '../trpc/init';

export const accountsRouter = router({
  me: publicProcedure.query(({ ctx }) => ctx.user),
});

// tRPC procedures of the plans domain, over the same service as the REST shims, plus the demo
// checkout page's three calls (only when the demo provider is in use).
import { activatePremiumInput, cancelSubscriptionInput, demoCheckoutInput } from '../../shared/plans';
import { AppError } from '../http/errors';
import { cancelDemoCheckout, completeDemoCheckout, viewDemoCheckout } from './demo-provider';
import { paymentProvider } from './payments';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';
import * as plans from './plans.service';

/** The demo checkout exists only when Stripe is not configured. */
const demoProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (paymentProvider(ctx.deps)?.kind !== 'demo') throw new AppError('NOT_FOUND', 'The demo checkout is off');
  return next();
});

export const plansRouter = router({
  /** Which checkout this server runs ('stripe', 'demo'), or null when payments are not set up. */
  payments: publicProcedure.query(({ ctx }) => ({ provider: paymentProvider(ctx.deps)?.kind ?? null })),
  status: protectedProcedure.query(({ ctx }) => plans.subscriptionStatus(ctx.deps, ctx.user)),
  details: protectedProcedure.query(({ ctx }) => plans.subscriptionDetails(ctx.deps, ctx.user)),
  createSubscription: protectedProcedure.mutation(({ ctx }) => plans.createSubscription(ctx.deps, ctx.user)),
  activate: protectedProcedure
    .input(activatePremiumInput)
    .mutation(({ ctx, input }) => plans.activatePremium(ctx.deps, ctx.user, input?.sessionId ?? input?.session_id)),
  cancel: protectedProcedure
    .input(cancelSubscriptionInput)
    .mutation(({ ctx, input }) => plans.cancelSubscription(ctx.deps, ctx.user, input ?? {})),
  demoCheckout: router({
    get: demoProcedure
      .input(demoCheckoutInput)
      .query(({ ctx, input }) => viewDemoCheckout(ctx.deps, ctx.user.id, input.session)),
    complete: demoProcedure
      .input(demoCheckoutInput)
      .mutation(({ ctx, input }) => completeDemoCheckout(ctx.deps, ctx.user.id, input.session)),
    cancel: demoProcedure.input(demoCheckoutInput).mutation(async ({ ctx, input }) => {
      await cancelDemoCheckout(ctx.deps, ctx.user.id, input.session);
      return { cancelled: true };
    }),
  }),
});

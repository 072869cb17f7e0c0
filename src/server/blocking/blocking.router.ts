// tRPC procedures of the blocked-sites list and the connected browsers (Manage Account).
import {
  addBlockedSitesInput,
  blockModeInput,
  connectExtensionInput,
  extensionIdInput,
  removeBlockedSiteInput,
} from '../../shared/blocking-inputs';
import { protectedProcedure, router } from '../trpc/init';
import * as blocking from './blocking.service';

export const blockingRouter = router({
  get: protectedProcedure.query(({ ctx }) => blocking.getBlocking(ctx.deps, ctx.user)),
  add: protectedProcedure
    .input(addBlockedSitesInput)
    .mutation(({ ctx, input }) => blocking.addBlockedSites(ctx.deps, ctx.user, input.sites)),
  remove: protectedProcedure
    .input(removeBlockedSiteInput)
    .mutation(({ ctx, input }) => blocking.removeBlockedSite(ctx.deps, ctx.user, input.site)),
  setMode: protectedProcedure
    .input(blockModeInput)
    .mutation(({ ctx, input }) => blocking.setBlockMode(ctx.deps, ctx.user, input.mode)),
  connect: protectedProcedure
    .input(connectExtensionInput)
    .mutation(({ ctx, input }) => blocking.connectExtension(ctx.deps, ctx.user, input.name)),
  disconnect: protectedProcedure
    .input(extensionIdInput)
    .mutation(({ ctx, input }) => blocking.disconnectExtension(ctx.deps, ctx.user, input.id)),
});

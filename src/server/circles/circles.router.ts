// tRPC procedures of circles: make one, see one, join by link, hide your minutes, leave, and the
// creator's removal and deletion.
import {
  circleIdInput,
  circleInviteInput,
  createCircleInput,
  hideMinutesInput,
  removeCircleMemberInput,
} from '../../shared/rooms-input';
import { clientIp } from '../http/rate-limit';
import { protectedProcedure, router } from '../trpc/init';
import * as circles from './circles.service';

export const circlesRouter = router({
  create: protectedProcedure
    .input(createCircleInput)
    .mutation(({ ctx, input }) => circles.createCircle(ctx.deps, ctx.user, input)),
  list: protectedProcedure.query(({ ctx }) => circles.listCircles(ctx.deps, ctx.user)),
  get: protectedProcedure
    .input(circleIdInput)
    .query(({ ctx, input }) => circles.getCircle(ctx.deps, ctx.user, input.circleId)),
  preview: protectedProcedure
    .input(circleInviteInput)
    .query(({ ctx, input }) => circles.previewCircle(ctx.deps, ctx.user, input.token)),
  join: protectedProcedure.input(circleInviteInput).mutation(({ ctx, input }) =>
    circles.joinCircle(ctx.deps, ctx.user, input.token, {
      ip: ctx.hono ? clientIp(ctx.hono, ctx.deps.config.trustProxy) : 'in-process',
    }),
  ),
  hideMinutes: protectedProcedure
    .input(hideMinutesInput)
    .mutation(({ ctx, input }) => circles.setHideMinutes(ctx.deps, ctx.user, input.circleId, input.hide)),
  removeMember: protectedProcedure
    .input(removeCircleMemberInput)
    .mutation(({ ctx, input }) => circles.removeCircleMember(ctx.deps, ctx.user, input.circleId, input.memberKey)),
  leave: protectedProcedure
    .input(circleIdInput)
    .mutation(({ ctx, input }) => circles.leaveCircle(ctx.deps, ctx.user, input.circleId)),
  delete: protectedProcedure
    .input(circleIdInput)
    .mutation(({ ctx, input }) => circles.deleteCircle(ctx.deps, ctx.user, input.circleId)),
});

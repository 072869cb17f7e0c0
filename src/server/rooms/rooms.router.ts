// tRPC procedures of Focus together: open a room, preview and join one by link or code, the room
// as a member sees it, the host's controls, leaving, and starting late.
import {
  createRoomInput,
  joinRoomInput,
  previewRoomInput,
  removeMemberInput,
  roomIdInput,
} from '../../shared/rooms-input';
import { clientIp } from '../http/rate-limit';
import { protectedProcedure, router, type TrpcContext } from '../trpc/init';
import * as rooms from './rooms.service';

const meta = (ctx: TrpcContext) => ({
  ip: ctx.hono ? clientIp(ctx.hono, ctx.deps.config.trustProxy) : 'in-process',
});

export const roomsRouter = router({
  create: protectedProcedure
    .input(createRoomInput)
    .mutation(({ ctx, input }) => rooms.createRoom(ctx.deps, ctx.user, input)),
  get: protectedProcedure.input(roomIdInput).query(({ ctx, input }) => rooms.getRoom(ctx.deps, ctx.user, input.roomId)),
  list: protectedProcedure.query(({ ctx }) => rooms.listRooms(ctx.deps, ctx.user)),
  preview: protectedProcedure
    .input(previewRoomInput)
    .query(({ ctx, input }) => rooms.previewRoom(ctx.deps, ctx.user, input, meta(ctx))),
  join: protectedProcedure
    .input(joinRoomInput)
    .mutation(({ ctx, input }) => rooms.joinRoom(ctx.deps, ctx.user, input, meta(ctx))),
  startWithRoom: protectedProcedure
    .input(roomIdInput)
    .mutation(({ ctx, input }) => rooms.startWithRoom(ctx.deps, ctx.user, input.roomId)),
  revokeInvite: protectedProcedure
    .input(roomIdInput)
    .mutation(({ ctx, input }) => rooms.revokeInvite(ctx.deps, ctx.user, input.roomId)),
  removeMember: protectedProcedure
    .input(removeMemberInput)
    .mutation(({ ctx, input }) => rooms.removeMember(ctx.deps, ctx.user, input.roomId, input.memberKey)),
  leave: protectedProcedure
    .input(roomIdInput)
    .mutation(({ ctx, input }) => rooms.leaveRoom(ctx.deps, ctx.user, input.roomId)),
});

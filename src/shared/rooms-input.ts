// The Focus-together inputs the server validates (zod), apart from shared/rooms.ts so the client's
// room screens do not load zod.
import { z } from 'zod';
import { goalMinutesField, lockInCategorySchema, taskTitleSchema } from './lockin-input';
import { textField } from './text';
import { CIRCLE_NAME_MAX_LENGTH } from './circles';
import { ROOM_CODE_LENGTH } from './rooms';

const roomTask = {
  taskTitle: taskTitleSchema,
  category: lockInCategorySchema,
  shareTask: z.boolean({ error: 'must be true or false' }),
};

export const createRoomInput = z.object({
  goalMinutes: goalMinutesField,
  /** A room for a circle: its members may join it from the circle, and are told of it. */
  circleId: z.uuid({ error: 'must be a circle id' }).optional(),
  /** Null: now. */
  startsAt: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).nullable(),
  strict: z.boolean({ error: 'must be true or false' }),
  ...roomTask,
});
export type CreateRoomInput = z.infer<typeof createRoomInput>;

export const roomIdInput = z.object({ roomId: z.uuid({ error: 'must be a room id' }) });
/** `<room id>.<tag>`: the tag is an HMAC the server checks, so the link cannot be guessed. */
export const inviteTokenSchema = textField().trim().min(1, 'is required').max(100, 'is not an invite link');
/** Letters and digits in any case, spaces and dashes ignored (as people read and type a code). */
export const roomCodeSchema = textField()
  .max(20, 'is not a room code')
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .refine((code) => code.length === ROOM_CODE_LENGTH, `must be ${ROOM_CODE_LENGTH} letters and digits`);

/** An invite link's token, a room's code, or (for a member of its circle) the room's id: exactly one. */
const invite = {
  token: inviteTokenSchema.optional(),
  code: roomCodeSchema.optional(),
  roomId: z.uuid({ error: 'must be a room id' }).optional(),
};
const oneInvite = (input: { token?: string; code?: string; roomId?: string }) =>
  [input.token, input.code, input.roomId].filter((v) => v !== undefined).length === 1;
const ONE_INVITE = { message: 'must be an invite link or a room code (one of them)', path: ['token'] };

export const previewRoomInput = z.object(invite).refine(oneInvite, ONE_INVITE);
export type PreviewRoomInput = z.infer<typeof previewRoomInput>;
export const joinRoomInput = z.object({ ...invite, ...roomTask }).refine(oneInvite, ONE_INVITE);
export type JoinRoomInput = z.infer<typeof joinRoomInput>;
export const removeMemberInput = roomIdInput.extend({ memberKey: textField().trim().min(1).max(64) });

// Circles
export const circleNameSchema = textField()
  .trim()
  .min(1, 'is required')
  .max(CIRCLE_NAME_MAX_LENGTH, `must be at most ${CIRCLE_NAME_MAX_LENGTH} characters`);
export const createCircleInput = z.object({ name: circleNameSchema });
export const circleIdInput = z.object({ circleId: z.uuid({ error: 'must be a circle id' }) });
export const circleInviteInput = z.object({ token: inviteTokenSchema });
export const removeCircleMemberInput = circleIdInput.extend({ memberKey: textField().trim().min(1).max(64) });
export const hideMinutesInput = circleIdInput.extend({ hide: z.boolean({ error: 'must be true or false' }) });

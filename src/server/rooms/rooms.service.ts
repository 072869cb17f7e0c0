// Focus together (issue #49): a host opens a room (goal, start, strict or kind), people join by
// link or code, and at the start every member's own Lock-In session begins at the same instant
// with the same end. Each session is an ordinary one (streaks, analytics, the extension, the quit
// flow); the room only knows who is in it and derives each member's state from their session.
// What others see of a member is RoomMemberView: first name and last initial, state, when they
// gave up (never why), and the task title only if they share it.
import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  memberState,
  publicName,
  ROOM_KEPT_HOURS,
  ROOM_MESSAGES,
  ROOM_SIZE_FREE,
  ROOM_SIZE_PREMIUM,
  ROOM_START_WITHIN_HOURS,
  ROOMS_OPEN_PER_HOST,
  type RoomPreview,
  type RoomSummary,
  type RoomView,
  roomPhase,
  roomResult,
} from '../../shared/rooms';
import type { CreateRoomInput, JoinRoomInput, PreviewRoomInput } from '../../shared/rooms-input';
import { hashToken } from '../accounts/sessions';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { focusCircleMembers, focusCircles, focusRoomMembers, focusRooms, lockInSessions, users } from '../db/schema';
import { isCircleMember } from '../circles/circles.service';
import { sendToUser } from '../push/push.service';
import { CIRCLE_COPY, CIRCLE_PATHS } from '../../shared/circles';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { hitRateLimit, RATE_LIMITS } from '../http/rate-limit';
import { finishRow } from '../lockin/end-session';
import { findRunning, MINUTE_MS, windowMinutes } from '../lockin/lockin.service';
import { isPremium } from '../plans/plan-status';
import { checkInviteTag, idOfToken, inviteLink, inviteToken, newRoomCode } from './invites';
import { ownerFirst, roomPlan } from './room-rows';

type RoomRow = typeof focusRooms.$inferSelect;
type MemberRow = typeof focusRoomMembers.$inferSelect;
export interface RoomUser {
  id: string;
}
interface RequestMeta {
  ip: string;
}

const HOUR_MS = 60 * MINUTE_MS;

const notFound = () => new AppError('NOT_FOUND', ROOM_MESSAGES.notFound);

/** Opaque within a room: the host names a member by it, and it says nothing outside the room. */
const memberKey = (roomId: string, userId: string) => hashToken(`${roomId}:${userId}`).slice(0, 16);

async function capacityOf(deps: AppDeps, hostId: string): Promise<number> {
  return (await isPremium(deps, { id: hostId })) ? ROOM_SIZE_PREMIUM : ROOM_SIZE_FREE;
}

async function roomById(tx: Db | Tx, roomId: string, lock = false): Promise<RoomRow | undefined> {
  const query = tx.select().from(focusRooms).where(eq(focusRooms.id, roomId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function membership(tx: Db | Tx, roomId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await tx
    .select()
    .from(focusRoomMembers)
    .where(and(eq(focusRoomMembers.roomId, roomId), eq(focusRoomMembers.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Starts `member`'s session for the room at `startedAt`, ending with the room. A session of theirs
 * still marked running past its end is completed first; one still counting down keeps them
 * waiting (false), and they can start with the room once it is over.
 */
async function startMemberSession(tx: Tx, room: RoomRow, member: MemberRow, startedAt: Date): Promise<boolean> {
  const running = await findRunning(tx, member.userId);
  if (running && running.endsAt <= startedAt) {
    const owner = { id: member.userId, timeZone: 'UTC' };
    await finishRow(tx, owner, running, 'completed', windowMinutes(running), null, running.endsAt);
  } else if (running) {
    return false;
  }
  const id = crypto.randomUUID();
  const inserted = await tx
    .insert(lockInSessions)
    .values({
      userId: member.userId,
      id,
      taskTitle: member.taskTitle,
      category: member.category,
      goalMinutes: room.goalMinutes,
      status: 'active',
      startedAt,
      endsAt: room.endsAt,
      roomId: room.id,
      // The member's zone as it is now: the room starts for them wherever they are.
      timeZone: sql`insights_zone((select ${users.timeZone} from ${users} where ${users.id} = ${member.userId}))`,
    })
    // Another start of theirs committed since the read above (the one-running-session index).
    .onConflictDoNothing()
    .returning({ id: lockInSessions.id });
  if (inserted.length === 0) return false;
  await tx
    .update(focusRoomMembers)
    .set({ sessionId: id })
    .where(and(eq(focusRoomMembers.roomId, room.id), eq(focusRoomMembers.userId, member.userId)));
  return true;
}

/** Starts the room's sessions if its time has come and nobody has yet (any process, once). */
async function startIfDue(tx: Tx, roomId: string, now: Date): Promise<void> {
  const [claimed] = await tx
    .update(focusRooms)
    .set({ startedAt: now })
    .where(and(eq(focusRooms.id, roomId), isNull(focusRooms.startedAt), lte(focusRooms.startsAt, now)))
    .returning();
  if (!claimed || claimed.endsAt <= now) return;
  const waiting = await tx
    .select()
    .from(focusRoomMembers)
    .where(and(eq(focusRoomMembers.roomId, roomId), isNull(focusRoomMembers.sessionId)));
  for (const member of waiting) await startMemberSession(tx, claimed, member, claimed.startsAt);
}

/** Every room whose start has come, started (the sweep; a read of a room does the same for it). */
export async function startDueRooms(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: focusRooms.id })
    .from(focusRooms)
    .where(and(isNull(focusRooms.startedAt), lte(focusRooms.startsAt, now)))
    .limit(100);
  for (const { id } of due) await deps.db.transaction((tx) => startIfDue(tx, id, now));
  return due.length;
}

/** Rooms past their keep time go, members and all; the sessions stay their members' own. */
export async function removeOldRooms(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - ROOM_KEPT_HOURS * HOUR_MS);
  const gone = await deps.db.delete(focusRooms).where(lte(focusRooms.endsAt, before)).returning({ id: focusRooms.id });
  return gone.length;
}

/** The room as `userId` (a member) sees it. */
async function viewOf(deps: AppDeps, room: RoomRow, userId: string): Promise<RoomView> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({
      userId: focusRoomMembers.userId,
      joinedAt: focusRoomMembers.joinedAt,
      taskTitle: focusRoomMembers.taskTitle,
      category: focusRoomMembers.category,
      shareTask: focusRoomMembers.shareTask,
      sessionId: focusRoomMembers.sessionId,
      firstName: users.firstName,
      lastName: users.lastName,
      status: lockInSessions.status,
      endsAt: lockInSessions.endsAt,
      endedAt: lockInSessions.endedAt,
    })
    .from(focusRoomMembers)
    .innerJoin(users, eq(users.id, focusRoomMembers.userId))
    .leftJoin(
      lockInSessions,
      and(eq(lockInSessions.userId, focusRoomMembers.userId), eq(lockInSessions.id, focusRoomMembers.sessionId)),
    )
    .where(eq(focusRoomMembers.roomId, room.id))
    .orderBy(asc(focusRoomMembers.joinedAt), asc(focusRoomMembers.userId));
  const phase = roomPhase(room, now);
  ownerFirst(rows, room.hostId);
  const members = rows.map((row) => {
    const { state, gaveUpAt } = memberState(
      row.status && row.endsAt ? { status: row.status, endsAt: row.endsAt, endedAt: row.endedAt } : null,
      now,
    );
    return {
      key: memberKey(room.id, row.userId),
      name: publicName(row.firstName, row.lastName),
      isHost: row.userId === room.hostId,
      isYou: row.userId === userId,
      state,
      gaveUpAt: gaveUpAt?.toISOString() ?? null,
      taskTitle: row.shareTask ? row.taskTitle : null,
    };
  });
  const you = rows.find((row) => row.userId === userId);
  if (!you) throw notFound();
  const isHost = room.hostId === userId;
  const invite =
    isHost && !room.inviteRevoked && room.code && phase !== 'ended'
      ? {
          link: inviteLink(deps.config.appUrl, await inviteToken(deps, room.id, room.inviteVersion)),
          code: room.code,
        }
      : null;
  return {
    ...roomPlan(room),
    phase,
    result: roomResult(
      room.strict,
      phase,
      members.map((m) => m.state),
    ),
    capacity: await capacityOf(deps, room.hostId),
    members,
    you: {
      isHost,
      taskTitle: you.taskTitle,
      category: you.category,
      shareTask: you.shareTask,
      sessionId: you.sessionId,
    },
    invite,
    serverNow: now.toISOString(),
  };
}

export async function createRoom(deps: AppDeps, user: RoomUser, input: CreateRoomInput): Promise<RoomView> {
  const now = deps.clock.now();
  const startsAt = input.startsAt === null ? now : new Date(input.startsAt);
  // A minute of slack for a time picked 'now' in the form and sent a moment later.
  if (
    startsAt.getTime() < now.getTime() - MINUTE_MS ||
    startsAt.getTime() > now.getTime() + ROOM_START_WITHIN_HOURS * HOUR_MS
  )
    throw new AppError('BAD_REQUEST', ROOM_MESSAGES.startRange);
  const start = new Date(Math.max(startsAt.getTime(), now.getTime()));
  const id = crypto.randomUUID();
  for (let attempt = 0; ; attempt++) {
    try {
      await deps.db.transaction(async (tx) => {
        // One host's rooms one at a time, so two cannot both pass the count below.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const [open] = await tx
          .select({ n: count() })
          .from(focusRooms)
          .where(and(eq(focusRooms.hostId, user.id), gt(focusRooms.endsAt, now)));
        if ((open?.n ?? 0) >= ROOMS_OPEN_PER_HOST) throw new AppError('LIMIT_REACHED', ROOM_MESSAGES.tooManyOpen);
        if (input.circleId && !(await isCircleMember(tx, input.circleId, user.id))) throw notFound();
        if (start <= now) {
          const running = await findRunning(tx, user.id);
          if (running && running.endsAt > now) throw new AppError('CONFLICT', ROOM_MESSAGES.sessionRunning);
        }
        await tx.insert(focusRooms).values({
          id,
          hostId: user.id,
          circleId: input.circleId ?? null,
          goalMinutes: input.goalMinutes,
          strict: input.strict,
          startsAt: start,
          endsAt: new Date(start.getTime() + input.goalMinutes * MINUTE_MS),
          code: newRoomCode(),
          createdAt: now,
        });
        await tx.insert(focusRoomMembers).values({
          roomId: id,
          userId: user.id,
          joinedAt: now,
          taskTitle: input.taskTitle,
          category: input.category,
          shareTask: input.shareTask,
        });
        await startIfDue(tx, id, now);
      });
      break;
    } catch (error) {
      // Two rooms drew the same code (one in a billion): draw again.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
  // The circle's members are told in the app (the live channel, from the insert) and by push.
  if (input.circleId)
    void tellCircleOfRoom(deps, user.id, input.circleId, id).catch((error: unknown) =>
      deps.log.error('room: telling the circle failed', error),
    );
  return getRoom(deps, user, id);
}

/** A Web Push to every other member of the circle who allowed notifications: a tap opens the circle. */
async function tellCircleOfRoom(deps: AppDeps, hostId: string, circleId: string, roomId: string): Promise<void> {
  const [circle] = await deps.db.select().from(focusCircles).where(eq(focusCircles.id, circleId)).limit(1);
  const [host] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, hostId))
    .limit(1);
  if (!circle || !host) return;
  const members = await deps.db
    .select({ userId: focusCircleMembers.userId })
    .from(focusCircleMembers)
    .where(eq(focusCircleMembers.circleId, circleId));
  const { title, body } = CIRCLE_COPY.roomStarted(publicName(host.firstName, host.lastName), circle.name);
  for (const { userId } of members) {
    if (userId === hostId) continue;
    await sendToUser(deps, userId, { title, body, url: CIRCLE_PATHS.circle(circleId), tag: `room-${roomId}` });
  }
}

export async function getRoom(deps: AppDeps, user: RoomUser, roomId: string): Promise<RoomView> {
  const now = deps.clock.now();
  let room = await roomById(deps.db, roomId);
  if (!room || !(await membership(deps.db, roomId, user.id))) throw notFound();
  // The sweep starts rooms within seconds; a member looking at one starts it at once.
  if (!room.startedAt && room.startsAt <= now) {
    await deps.db.transaction((tx) => startIfDue(tx, roomId, now));
    room = (await roomById(deps.db, roomId)) ?? room;
  }
  return viewOf(deps, room, user.id);
}

export async function listRooms(deps: AppDeps, user: RoomUser): Promise<RoomSummary[]> {
  const now = deps.clock.now();
  const mine = await deps.db
    .select({ room: focusRooms })
    .from(focusRoomMembers)
    .innerJoin(focusRooms, eq(focusRooms.id, focusRoomMembers.roomId))
    .where(eq(focusRoomMembers.userId, user.id))
    .orderBy(asc(focusRooms.startsAt));
  if (mine.length === 0) return [];
  const sizes = await deps.db
    .select({ roomId: focusRoomMembers.roomId, n: count() })
    .from(focusRoomMembers)
    .where(
      inArray(
        focusRoomMembers.roomId,
        mine.map((m) => m.room.id),
      ),
    )
    .groupBy(focusRoomMembers.roomId);
  const size = new Map(sizes.map((s) => [s.roomId, s.n]));
  return mine.map(({ room }) => ({
    ...roomPlan(room),
    phase: roomPhase(room, now),
    members: size.get(room.id) ?? 0,
    isHost: room.hostId === user.id,
  }));
}

/**
 * The room an invite names, if it may still be joined: a link whose tag matches the room's
 * current invite, or a code of a room still open. Codes are counted per account and per address,
 * so guessing one is bounded; a link's tag cannot be guessed.
 */
async function invitedRoom(
  deps: AppDeps,
  user: RoomUser,
  invite: { token?: string; code?: string; roomId?: string },
  meta: RequestMeta,
): Promise<RoomRow> {
  const now = deps.clock.now();
  if (invite.code !== undefined) {
    await hitRateLimit(deps, RATE_LIMITS.roomCodePerUser, user.id);
    await hitRateLimit(deps, RATE_LIMITS.roomCodePerIp, meta.ip);
    const [room] = await deps.db
      .select()
      .from(focusRooms)
      .where(and(eq(focusRooms.code, invite.code), gt(focusRooms.endsAt, now), eq(focusRooms.inviteRevoked, false)))
      .limit(1);
    if (!room) throw new AppError('NOT_FOUND', ROOM_MESSAGES.codeInvalid);
    return room;
  }
  if (invite.roomId !== undefined) return circleRoom(deps, user, invite.roomId);
  const named = idOfToken(invite.token ?? '');
  const room = named ? await roomById(deps.db, named.id) : undefined;
  if (!named || !room || room.inviteRevoked || !(await checkInviteTag(deps, room.id, room.inviteVersion, named.tag)))
    throw new AppError('NOT_FOUND', ROOM_MESSAGES.inviteInvalid);
  if (room.endsAt <= now) throw new AppError('CONFLICT', ROOM_MESSAGES.ended);
  return room;
}

/** A room started for a circle, to one of that circle's members: no invite needed. */
async function circleRoom(deps: AppDeps, user: RoomUser, roomId: string): Promise<RoomRow> {
  const room = await roomById(deps.db, roomId);
  if (!room?.circleId || !(await isCircleMember(deps.db, room.circleId, user.id)))
    throw new AppError('NOT_FOUND', ROOM_MESSAGES.inviteInvalid);
  if (room.endsAt <= deps.clock.now()) throw new AppError('CONFLICT', ROOM_MESSAGES.ended);
  return room;
}

export async function previewRoom(
  deps: AppDeps,
  user: RoomUser,
  input: PreviewRoomInput,
  meta: RequestMeta,
): Promise<RoomPreview> {
  const room = await invitedRoom(deps, user, input, meta);
  const rows = await deps.db
    .select({
      userId: focusRoomMembers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(focusRoomMembers)
    .innerJoin(users, eq(users.id, focusRoomMembers.userId))
    .where(eq(focusRoomMembers.roomId, room.id))
    .orderBy(asc(focusRoomMembers.joinedAt), asc(focusRoomMembers.userId));
  ownerFirst(rows, room.hostId);
  const capacity = await capacityOf(deps, room.hostId);
  return {
    ...roomPlan(room),
    phase: roomPhase(room, deps.clock.now()),
    capacity,
    members: rows.map((r) => ({
      key: memberKey(room.id, r.userId),
      name: publicName(r.firstName, r.lastName),
      isHost: r.userId === room.hostId,
    })),
    full: rows.length >= capacity,
    youAreIn: rows.some((r) => r.userId === user.id),
  };
}

export async function joinRoom(
  deps: AppDeps,
  user: RoomUser,
  input: JoinRoomInput,
  meta: RequestMeta,
): Promise<RoomView> {
  await hitRateLimit(deps, RATE_LIMITS.roomJoinPerUser, user.id);
  await hitRateLimit(deps, RATE_LIMITS.roomJoinPerIp, meta.ip);
  const invited = await invitedRoom(deps, user, input, meta);
  const capacity = await capacityOf(deps, invited.hostId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Joins of one room one at a time: the count below stays true until commit.
    const room = await roomById(tx, invited.id, true);
    // A circle's members join its rooms from the circle, whatever became of the invite.
    if (!room || (room.inviteRevoked && input.roomId === undefined))
      throw new AppError('NOT_FOUND', ROOM_MESSAGES.inviteInvalid);
    if (room.endsAt <= now) throw new AppError('CONFLICT', ROOM_MESSAGES.ended);
    if (await membership(tx, room.id, user.id)) return;
    const [held] = await tx.select({ n: count() }).from(focusRoomMembers).where(eq(focusRoomMembers.roomId, room.id));
    if ((held?.n ?? 0) >= capacity) throw new AppError('LIMIT_REACHED', ROOM_MESSAGES.full(capacity));
    const member = {
      roomId: room.id,
      userId: user.id,
      joinedAt: now,
      taskTitle: input.taskTitle,
      category: input.category,
      shareTask: input.shareTask,
      sessionId: null,
    };
    await tx.insert(focusRoomMembers).values(member);
    if (room.startsAt <= now) {
      await startIfDue(tx, room.id, now);
      // A late joiner starts now and ends with the room.
      if (room.startedAt) await startMemberSession(tx, room, member, now);
    }
  });
  return getRoom(deps, user, invited.id);
}

/** A member who was waiting when the room started (a session of their own was running) starts now. */
export async function startWithRoom(deps: AppDeps, user: RoomUser, roomId: string): Promise<RoomView> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const room = await roomById(tx, roomId, true);
    const member = room && (await membership(tx, roomId, user.id));
    if (!room || !member) throw notFound();
    if (room.endsAt <= now) throw new AppError('CONFLICT', ROOM_MESSAGES.ended);
    await startIfDue(tx, roomId, now);
    if (member.sessionId || room.startsAt > now) return;
    if (!(await startMemberSession(tx, room, member, now)))
      throw new AppError('CONFLICT', ROOM_MESSAGES.sessionRunning);
  });
  return getRoom(deps, user, roomId);
}

async function hostedRoom(tx: Db | Tx, user: RoomUser, roomId: string): Promise<RoomRow> {
  const room = await roomById(tx, roomId);
  if (!room || !(await membership(tx, roomId, user.id))) throw notFound();
  if (room.hostId !== user.id) throw new AppError('FORBIDDEN', ROOM_MESSAGES.hostOnly);
  return room;
}

export async function revokeInvite(deps: AppDeps, user: RoomUser, roomId: string): Promise<RoomView> {
  const room = await hostedRoom(deps.db, user, roomId);
  await deps.db
    .update(focusRooms)
    .set({ inviteRevoked: true, code: null, inviteVersion: room.inviteVersion + 1 })
    .where(eq(focusRooms.id, roomId));
  return getRoom(deps, user, roomId);
}

/** The host removes a member: they leave at once (their own session, if one runs, goes on). */
export async function removeMember(deps: AppDeps, user: RoomUser, roomId: string, key: string): Promise<RoomView> {
  const room = await hostedRoom(deps.db, user, roomId);
  const members = await deps.db
    .select({ userId: focusRoomMembers.userId })
    .from(focusRoomMembers)
    .where(eq(focusRoomMembers.roomId, roomId));
  const target = members.find((m) => memberKey(roomId, m.userId) === key);
  if (!target || target.userId === room.hostId) throw new AppError('NOT_FOUND', ROOM_MESSAGES.memberNotFound);
  await leave(deps.db, roomId, target.userId);
  return getRoom(deps, user, roomId);
}

export async function leaveRoom(deps: AppDeps, user: RoomUser, roomId: string): Promise<void> {
  const room = await roomById(deps.db, roomId);
  if (!room || !(await membership(deps.db, roomId, user.id))) throw notFound();
  if (room.hostId === user.id) throw new AppError('BAD_REQUEST', ROOM_MESSAGES.hostCannotLeave);
  await leave(deps.db, roomId, user.id);
}

async function leave(db: Db | Tx, roomId: string, userId: string): Promise<void> {
  await db
    .delete(focusRoomMembers)
    .where(and(eq(focusRoomMembers.roomId, roomId), eq(focusRoomMembers.userId, userId)));
}

/**
 * Signed out everywhere (no sign-in left): the user leaves every room they joined that has not
 * ended. A host stays (their room goes on; their session is the server's, as everyone's is).
 */
export async function leaveRoomsSignedOut(tx: Db | Tx, userId: string, now: Date): Promise<void> {
  const open = await tx
    .select({ roomId: focusRoomMembers.roomId, hostId: focusRooms.hostId })
    .from(focusRoomMembers)
    .innerJoin(focusRooms, eq(focusRooms.id, focusRoomMembers.roomId))
    .where(and(eq(focusRoomMembers.userId, userId), gt(focusRooms.endsAt, now)));
  const joined = open.filter((r) => r.hostId !== userId).map((r) => r.roomId);
  if (joined.length > 0)
    await tx
      .delete(focusRoomMembers)
      .where(and(eq(focusRoomMembers.userId, userId), inArray(focusRoomMembers.roomId, joined)));
}

/** What the data export holds of rooms: the user's own part in each room still kept (never others' names). */
export async function roomsForExport(deps: AppDeps, userId: string) {
  const rows = await deps.db
    .select({ room: focusRooms, member: focusRoomMembers })
    .from(focusRoomMembers)
    .innerJoin(focusRooms, eq(focusRooms.id, focusRoomMembers.roomId))
    .where(eq(focusRoomMembers.userId, userId))
    .orderBy(asc(focusRooms.startsAt));
  return rows.map(({ room, member }) => ({
    ...roomPlan(room),
    role: room.hostId === userId ? ('host' as const) : ('member' as const),
    joinedAt: member.joinedAt.toISOString(),
    taskTitle: member.taskTitle,
    category: member.category,
    shareTask: member.shareTask,
    sessionId: member.sessionId,
  }));
}

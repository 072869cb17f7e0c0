// Circles (issue #49): a small group that persists. Its creator invites by link (an HMAC like a
// room's, rooms/invites.ts) and may remove members; anyone may leave. A circle shows who is
// focusing right now, each member's minutes this week (unless they hide them) and the rooms
// started for it, which its members join without an invite. What others see of a member is
// CircleMemberView: first name and last initial, focusing or not, and those minutes.
import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import {
  CIRCLE_MESSAGES,
  CIRCLES_FREE,
  CIRCLES_PREMIUM,
  type CirclePreview,
  type CircleRoomView,
  type CircleSummary,
  type CircleView,
} from '../../shared/circles';
import { safeTimeZone } from '../../shared/local-date';
import { publicName } from '../../shared/rooms';
import { hashToken } from '../accounts/sessions';
import type { Db, Tx } from '../db/client';
import { focusCircleMembers, focusCircles, focusRoomMembers, focusRooms, lockInSessions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { hitRateLimit, RATE_LIMITS } from '../http/rate-limit';
import { isPremium } from '../plans/plan-status';
import { checkInviteTag, idOfToken, inviteLink, inviteToken } from '../rooms/invites';
import { ownerFirst, roomPlan } from '../rooms/room-rows';

type CircleRow = typeof focusCircles.$inferSelect;
export interface CircleUser {
  id: string;
  timeZone?: string;
}

const notFound = () => new AppError('NOT_FOUND', CIRCLE_MESSAGES.notFound);
const memberKey = (circleId: string, userId: string) => hashToken(`circle:${circleId}:${userId}`).slice(0, 16);

async function limitsOf(deps: AppDeps, userId: string) {
  return (await isPremium(deps, { id: userId })) ? CIRCLES_PREMIUM : CIRCLES_FREE;
}

async function circleById(tx: Db | Tx, circleId: string, lock = false): Promise<CircleRow | undefined> {
  const query = tx.select().from(focusCircles).where(eq(focusCircles.id, circleId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function isCircleMember(tx: Db | Tx, circleId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: focusCircleMembers.userId })
    .from(focusCircleMembers)
    .where(and(eq(focusCircleMembers.circleId, circleId), eq(focusCircleMembers.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** The circle, if `userId` is in it (a stranger learns nothing, not even that it exists). */
async function memberCircle(tx: Db | Tx, circleId: string, userId: string): Promise<CircleRow> {
  const circle = await circleById(tx, circleId);
  if (!circle || !(await isCircleMember(tx, circleId, userId))) throw notFound();
  return circle;
}

/**
 * Each user's focus minutes in sessions started since Monday 00:00 in `zone`, ended ones only;
 * never those from a file this server did not sign (other people see these minutes).
 */
async function minutesThisWeek(deps: AppDeps, userIds: string[], zone: string): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const now = deps.clock.now().toISOString();
  const weekStart = sql`(date_trunc('week', ${now}::timestamptz at time zone ${zone}) at time zone ${zone})`;
  const rows = await deps.db
    .select({
      userId: lockInSessions.userId,
      minutes: sql<number>`coalesce(sum(${lockInSessions.actualMinutes}), 0)::int`,
    })
    .from(lockInSessions)
    .where(
      and(
        inArray(lockInSessions.userId, userIds),
        ne(lockInSessions.status, 'active'),
        eq(lockInSessions.imported, false),
        sql`${lockInSessions.startedAt} >= ${weekStart}`,
      ),
    )
    .groupBy(lockInSessions.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.minutes)]));
}

/** Who of `userIds` has a session counting down now. */
async function focusingNow(deps: AppDeps, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await deps.db
    .select({ userId: lockInSessions.userId })
    .from(lockInSessions)
    .where(
      and(
        inArray(lockInSessions.userId, userIds),
        eq(lockInSessions.status, 'active'),
        gt(lockInSessions.endsAt, deps.clock.now()),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** Rooms started for these circles that have not ended, as `userId` sees them from the circle. */
async function openRooms(deps: AppDeps, circleIds: string[], userId: string): Promise<Map<string, CircleRoomView[]>> {
  const byCircle = new Map<string, CircleRoomView[]>();
  if (circleIds.length === 0) return byCircle;
  const rooms = await deps.db
    .select({ room: focusRooms, firstName: users.firstName, lastName: users.lastName })
    .from(focusRooms)
    .innerJoin(users, eq(users.id, focusRooms.hostId))
    .where(and(inArray(focusRooms.circleId, circleIds), gt(focusRooms.endsAt, deps.clock.now())))
    .orderBy(asc(focusRooms.startsAt));
  if (rooms.length === 0) return byCircle;
  const members = await deps.db
    .select({ roomId: focusRoomMembers.roomId, userId: focusRoomMembers.userId })
    .from(focusRoomMembers)
    .where(
      inArray(
        focusRoomMembers.roomId,
        rooms.map((r) => r.room.id),
      ),
    );
  for (const { room, firstName, lastName } of rooms) {
    const inRoom = members.filter((m) => m.roomId === room.id);
    const list = byCircle.get(room.circleId ?? '') ?? [];
    list.push({
      ...roomPlan(room),
      hostName: publicName(firstName, lastName),
      members: inRoom.length,
      youAreIn: inRoom.some((m) => m.userId === userId),
    });
    byCircle.set(room.circleId ?? '', list);
  }
  return byCircle;
}

/** The circle's members with their names, the creator first, then in the order they joined. */
async function membersOf(db: Db, circle: CircleRow) {
  const rows = await db
    .select({
      userId: focusCircleMembers.userId,
      hideMinutes: focusCircleMembers.hideMinutes,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(focusCircleMembers)
    .innerJoin(users, eq(users.id, focusCircleMembers.userId))
    .where(eq(focusCircleMembers.circleId, circle.id))
    .orderBy(asc(focusCircleMembers.joinedAt), asc(focusCircleMembers.userId));
  ownerFirst(rows, circle.creatorId);
  return rows;
}

async function viewOf(deps: AppDeps, circle: CircleRow, user: CircleUser): Promise<CircleView> {
  const rows = await membersOf(deps.db, circle);
  const ids = rows.map((r) => r.userId);
  const shown = rows.filter((r) => !r.hideMinutes || r.userId === user.id).map((r) => r.userId);
  const [minutes, focusing, rooms, limits] = await Promise.all([
    minutesThisWeek(deps, shown, safeTimeZone(user.timeZone)),
    focusingNow(deps, ids),
    openRooms(deps, [circle.id], user.id),
    limitsOf(deps, circle.creatorId),
  ]);
  const you = rows.find((r) => r.userId === user.id);
  if (!you) throw notFound();
  const isCreator = circle.creatorId === user.id;
  return {
    id: circle.id,
    name: circle.name,
    capacity: limits.members,
    members: rows.map((r) => ({
      key: memberKey(circle.id, r.userId),
      name: publicName(r.firstName, r.lastName),
      isCreator: r.userId === circle.creatorId,
      isYou: r.userId === user.id,
      focusing: focusing.has(r.userId),
      minutesThisWeek: r.hideMinutes && r.userId !== user.id ? null : (minutes.get(r.userId) ?? 0),
    })),
    you: { isCreator, hideMinutes: you.hideMinutes },
    inviteLink: isCreator
      ? inviteLink(deps.config.appUrl, await inviteToken(deps, circle.id, circle.inviteVersion, 'circle'), 'circle')
      : null,
    rooms: rooms.get(circle.id) ?? [],
  };
}

export async function getCircle(deps: AppDeps, user: CircleUser, circleId: string): Promise<CircleView> {
  return viewOf(deps, await memberCircle(deps.db, circleId, user.id), user);
}

export async function createCircle(deps: AppDeps, user: CircleUser, input: { name: string }): Promise<CircleView> {
  const limits = await limitsOf(deps, user.id);
  const id = crypto.randomUUID();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // One person's circles one at a time, so two cannot both pass the count below.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [made] = await tx.select({ n: count() }).from(focusCircles).where(eq(focusCircles.creatorId, user.id));
    if ((made?.n ?? 0) >= limits.circles) throw new AppError('LIMIT_REACHED', CIRCLE_MESSAGES.tooMany(limits.circles));
    await tx.insert(focusCircles).values({ id, creatorId: user.id, name: input.name, createdAt: now });
    await tx.insert(focusCircleMembers).values({ circleId: id, userId: user.id, joinedAt: now });
  });
  return getCircle(deps, user, id);
}

export async function listCircles(deps: AppDeps, user: CircleUser): Promise<CircleSummary[]> {
  const mine = await deps.db
    .select({ circle: focusCircles })
    .from(focusCircleMembers)
    .innerJoin(focusCircles, eq(focusCircles.id, focusCircleMembers.circleId))
    .where(eq(focusCircleMembers.userId, user.id))
    .orderBy(asc(focusCircles.createdAt));
  if (mine.length === 0) return [];
  const circleIds = mine.map((m) => m.circle.id);
  const members = await deps.db
    .select({ circleId: focusCircleMembers.circleId, userId: focusCircleMembers.userId })
    .from(focusCircleMembers)
    .where(inArray(focusCircleMembers.circleId, circleIds));
  const [focusing, rooms] = await Promise.all([
    focusingNow(deps, [...new Set(members.map((m) => m.userId))]),
    openRooms(deps, circleIds, user.id),
  ]);
  return mine.map(({ circle }) => {
    const inCircle = members.filter((m) => m.circleId === circle.id);
    return {
      id: circle.id,
      name: circle.name,
      members: inCircle.length,
      focusingNow: inCircle.filter((m) => focusing.has(m.userId)).length,
      isCreator: circle.creatorId === user.id,
      roomsToJoin: (rooms.get(circle.id) ?? []).filter((r) => !r.youAreIn),
    };
  });
}

async function invitedCircle(deps: AppDeps, token: string): Promise<CircleRow> {
  const named = idOfToken(token);
  const circle = named ? await circleById(deps.db, named.id) : undefined;
  if (!named || !circle || !(await checkInviteTag(deps, circle.id, circle.inviteVersion, named.tag, 'circle')))
    throw new AppError('NOT_FOUND', CIRCLE_MESSAGES.inviteInvalid);
  return circle;
}

export async function previewCircle(deps: AppDeps, user: CircleUser, token: string): Promise<CirclePreview> {
  const circle = await invitedCircle(deps, token);
  const rows = await membersOf(deps.db, circle);
  const { members: capacity } = await limitsOf(deps, circle.creatorId);
  return {
    id: circle.id,
    name: circle.name,
    members: rows.map((r) => ({
      key: memberKey(circle.id, r.userId),
      name: publicName(r.firstName, r.lastName),
      isCreator: r.userId === circle.creatorId,
    })),
    capacity,
    full: rows.length >= capacity,
    youAreIn: rows.some((r) => r.userId === user.id),
  };
}

export async function joinCircle(
  deps: AppDeps,
  user: CircleUser,
  token: string,
  meta: { ip: string },
): Promise<CircleView> {
  await hitRateLimit(deps, RATE_LIMITS.roomJoinPerUser, user.id);
  await hitRateLimit(deps, RATE_LIMITS.roomJoinPerIp, meta.ip);
  const invited = await invitedCircle(deps, token);
  const { members: capacity } = await limitsOf(deps, invited.creatorId);
  await deps.db.transaction(async (tx) => {
    // Joins of one circle one at a time: the count below stays true until commit.
    const circle = await circleById(tx, invited.id, true);
    if (!circle || circle.inviteVersion !== invited.inviteVersion)
      throw new AppError('NOT_FOUND', CIRCLE_MESSAGES.inviteInvalid);
    if (await isCircleMember(tx, circle.id, user.id)) return;
    const [held] = await tx
      .select({ n: count() })
      .from(focusCircleMembers)
      .where(eq(focusCircleMembers.circleId, circle.id));
    if ((held?.n ?? 0) >= capacity) throw new AppError('LIMIT_REACHED', CIRCLE_MESSAGES.full(capacity));
    await tx.insert(focusCircleMembers).values({ circleId: circle.id, userId: user.id, joinedAt: deps.clock.now() });
  });
  return getCircle(deps, user, invited.id);
}

export async function setHideMinutes(
  deps: AppDeps,
  user: CircleUser,
  circleId: string,
  hide: boolean,
): Promise<CircleView> {
  const circle = await memberCircle(deps.db, circleId, user.id);
  await deps.db
    .update(focusCircleMembers)
    .set({ hideMinutes: hide })
    .where(and(eq(focusCircleMembers.circleId, circleId), eq(focusCircleMembers.userId, user.id)));
  return viewOf(deps, circle, user);
}

async function createdCircle(tx: Db | Tx, user: CircleUser, circleId: string): Promise<CircleRow> {
  const circle = await memberCircle(tx, circleId, user.id);
  if (circle.creatorId !== user.id) throw new AppError('FORBIDDEN', CIRCLE_MESSAGES.creatorOnly);
  return circle;
}

export async function removeCircleMember(
  deps: AppDeps,
  user: CircleUser,
  circleId: string,
  key: string,
): Promise<CircleView> {
  const circle = await createdCircle(deps.db, user, circleId);
  const members = await deps.db
    .select({ userId: focusCircleMembers.userId })
    .from(focusCircleMembers)
    .where(eq(focusCircleMembers.circleId, circleId));
  const target = members.find((m) => memberKey(circleId, m.userId) === key);
  if (!target || target.userId === circle.creatorId) throw new AppError('NOT_FOUND', CIRCLE_MESSAGES.memberNotFound);
  await deps.db
    .delete(focusCircleMembers)
    .where(and(eq(focusCircleMembers.circleId, circleId), eq(focusCircleMembers.userId, target.userId)));
  return viewOf(deps, circle, user);
}

export async function leaveCircle(deps: AppDeps, user: CircleUser, circleId: string): Promise<void> {
  const circle = await memberCircle(deps.db, circleId, user.id);
  if (circle.creatorId === user.id) throw new AppError('BAD_REQUEST', CIRCLE_MESSAGES.creatorLeaves);
  await deps.db
    .delete(focusCircleMembers)
    .where(and(eq(focusCircleMembers.circleId, circleId), eq(focusCircleMembers.userId, user.id)));
}

export async function deleteCircle(deps: AppDeps, user: CircleUser, circleId: string): Promise<void> {
  await createdCircle(deps.db, user, circleId);
  // Members first, so each of them hears that they are out (the live trigger on members).
  await deps.db.transaction(async (tx) => {
    await tx.delete(focusCircleMembers).where(eq(focusCircleMembers.circleId, circleId));
    await tx.delete(focusCircles).where(eq(focusCircles.id, circleId));
  });
}

/** What the data export holds of circles: your part in each (never the other members' names). */
export async function circlesForExport(deps: Pick<AppDeps, 'db'>, userId: string) {
  const rows = await deps.db
    .select({ circle: focusCircles, member: focusCircleMembers })
    .from(focusCircleMembers)
    .innerJoin(focusCircles, eq(focusCircles.id, focusCircleMembers.circleId))
    .where(eq(focusCircleMembers.userId, userId))
    .orderBy(asc(focusCircles.createdAt));
  return rows.map(({ circle, member }) => ({
    id: circle.id,
    name: circle.name,
    role: circle.creatorId === userId ? ('creator' as const) : ('member' as const),
    joinedAt: member.joinedAt.toISOString(),
    hideMinutes: member.hideMinutes,
  }));
}

/**
 * Circles a file's owner made come back as circles of the importer's (new ids, the importer its
 * only member: members are other people's accounts), within the plan's count; a circle of the
 * same name already made is not made twice. Circles the owner only joined are not imported.
 */
export async function importCircles(
  tx: Tx,
  userId: string,
  circles: { name: string; role: 'creator' | 'member'; hideMinutes: boolean }[] | undefined,
  limit: number,
  now: Date,
): Promise<{ added: number; skipped: number; overLimit: number }> {
  const made = (circles ?? []).filter((c) => c.role === 'creator');
  if (made.length === 0) return { added: 0, skipped: 0, overLimit: 0 };
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const have = await tx
    .select({ name: focusCircles.name })
    .from(focusCircles)
    .where(eq(focusCircles.creatorId, userId));
  const names = new Set(have.map((c) => c.name));
  const fresh = made.filter((c) => !names.has(c.name));
  const taken = fresh.slice(0, Math.max(0, limit - have.length));
  for (const circle of taken) {
    const id = crypto.randomUUID();
    await tx.insert(focusCircles).values({ id, creatorId: userId, name: circle.name, createdAt: now });
    await tx
      .insert(focusCircleMembers)
      .values({ circleId: id, userId, joinedAt: now, hideMinutes: circle.hideMinutes });
  }
  return { added: taken.length, skipped: made.length - fresh.length, overLimit: fresh.length - taken.length };
}

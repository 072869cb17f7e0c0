// What rooms' and circles' answers share, from their rows: the room's plan, and members in order.
import type { RoomPlan } from '../../shared/rooms';
import type { focusRooms } from '../db/schema';

/** The plan every answer about a room carries. */
export function roomPlan(room: typeof focusRooms.$inferSelect): RoomPlan {
  return {
    id: room.id,
    goalMinutes: room.goalMinutes,
    strict: room.strict,
    startsAt: room.startsAt.toISOString(),
    endsAt: room.endsAt.toISOString(),
  };
}

/**
 * A room's host or a circle's creator first, then everyone in the order the query gave (the order
 * they joined; the sort is stable). In place.
 */
export function ownerFirst(rows: { userId: string }[], ownerId: string): void {
  rows.sort((a, b) => Number(b.userId === ownerId) - Number(a.userId === ownerId));
}

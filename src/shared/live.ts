// The live channel (GET /api/live, Server-Sent Events): what an event says changed. An event names
// what to refetch (and a room's id); it never carries another user's data, and a client that
// reconnects refetches what it shows, so a missed event costs nothing.
export const LIVE_PATH = '/api/live';

/**
 * A page's first reads are answered before its stream opens (the tasks screen's are in the cache
 * before its first render), so the page opens the stream with `?since=` its age in milliseconds,
 * and the first 'ready' says whether anything of its user's changed in that time: the page rereads
 * what it shows then, and only then. A page older than this asks about this much only (its later
 * reads, after a sign-in, went out with the stream).
 */
export const LIVE_CATCH_UP_SECONDS = 60;

/** The data of the 'ready' event: whether the page's first reads may have missed a change. */
export interface LiveReadyData {
  reread: boolean;
}

export const LIVE_EVENTS = ['session', 'tasks', 'plan', 'room', 'circle'] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];

/** The data of a 'room' event. */
export interface RoomEventData {
  roomId: string;
}

/** The data of a 'circle' event; the others carry none. */
export interface CircleEventData {
  circleId: string;
}

/** Seconds between heartbeats: under Bun's idle timeout (40 s) and any proxy's read timeout. */
export const LIVE_HEARTBEAT_SECONDS = 20;

/** How many streams one user may hold open at once (pages and devices); the oldest closes first. */
export const LIVE_STREAMS_PER_USER = 20;

export const LIVE_MESSAGES = {
  restarting: 'This server is restarting; live updates continue on another one in a moment.',
} as const;

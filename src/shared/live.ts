// The live channel (GET /api/live, Server-Sent Events): what an event says changed. An event names
// what to refetch (and a room's id); it never carries another user's data, and a client that
// reconnects refetches what it shows, so a missed event costs nothing.
export const LIVE_PATH = '/api/live';

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

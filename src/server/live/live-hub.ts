// One process's side of the live channel: the streams its pages hold, by user, and the one LISTEN
// that tells it what changed. Writes announce themselves in their own transactions (the triggers
// of drizzle/0018), so a change made through any process reaches every process's streams at
// commit. Kept here: the open streams, and when each user's data last changed within the catch-up
// window (LIVE_CATCH_UP_SECONDS), so a new stream can say whether its page's first reads are stale.
import type { Database } from '../db/client';
import type { Logger } from '../ops/logger';
import {
  LIVE_CATCH_UP_SECONDS,
  LIVE_EVENTS,
  LIVE_HEARTBEAT_SECONDS,
  LIVE_STREAMS_PER_USER,
  type LiveEventName,
} from '../../shared/live';

export const LIVE_CHANNEL = 'lockin_live';

/** A NOTIFY payload as the triggers write it. */
interface Announcement {
  /** What changed: a live event's name, or 'ended' (a sign-in ended: its streams close). */
  w: LiveEventName | 'ended';
  /** The users to tell. */
  u: string[];
  /** The room, for 'room'. */
  r?: string;
  /** The circle, for 'circle'. */
  c?: string;
  /** The sign-in that ended, for 'ended'. */
  s?: string;
}

export interface LiveStream {
  userId: string;
  /** The sign-in the stream was opened with: it closes when that sign-in ends. */
  sessionId: string;
  send(event: LiveEventName, data: string): void;
  /** A comment line that keeps proxies from closing a quiet stream. */
  beat(): void;
  close(): void;
}

export interface OpenedStream {
  /** Lets the stream go (the page went away). */
  leave(): void;
  /** Whether the stream's user's data changed in the `since` window: the page's first reads may be stale. */
  reread: boolean;
}

export interface LiveHub {
  /** False once the process is stopping: a page asking now is sent to another process. */
  accepting(): boolean;
  /** Starts the LISTEN now, not with the first stream: a stream then knows what changed before it. */
  listen(): Promise<void>;
  /**
   * Holds `stream` until `leave` is called. `since`: milliseconds before now that its page's first
   * reads may have been made (at most LIVE_CATCH_UP_SECONDS' worth).
   */
  open(stream: LiveStream, since: number): Promise<OpenedStream>;
  /** Open streams in this process (metrics and benches). */
  count(): number;
  stop(): Promise<void>;
}

const NAMES = new Set<string>(LIVE_EVENTS);

/** What a stream is told: which room or circle changed, and nothing else. */
function dataOf(event: Announcement): string {
  if (event.w === 'room') return JSON.stringify({ roomId: event.r });
  if (event.w === 'circle') return JSON.stringify({ circleId: event.c });
  return '{}';
}

function parse(payload: string): Announcement | null {
  try {
    const value = JSON.parse(payload) as Partial<Announcement>;
    if (!Array.isArray(value.u) || typeof value.w !== 'string') return null;
    if (value.w !== 'ended' && !NAMES.has(value.w)) return null;
    return value as Announcement;
  } catch {
    return null;
  }
}

/**
 * Heartbeats go out in this many slices spread over the interval: one tick writing to every stream
 * of a process held its requests for as long as 15,000 writes take (bench/RESULTS.md, 'Heartbeats
 * in slices'). Each stream still beats once an interval.
 */
export const HEARTBEAT_SLICES = 20;

const CATCH_UP_MS = LIVE_CATCH_UP_SECONDS * 1000;

/** `now`: a monotonic clock in milliseconds (the server's own clock may be moved in tests). */
export function createLiveHub(
  database: Pick<Database, 'listen'>,
  log: Pick<Logger, 'error'>,
  now: () => number = () => performance.now(),
): LiveHub {
  const byUser = new Map<string, Set<LiveStream>>();
  // User → when an announcement for them last arrived, oldest first (a user moves to the end), so
  // what is older than the window leaves from the front: it holds a window's worth of users at most.
  const changedAt = new Map<string, number>();
  // When the LISTEN began to deliver: what came before is unknown here.
  let heardSince = Number.POSITIVE_INFINITY;
  const slices = Array.from({ length: HEARTBEAT_SLICES }, () => new Set<LiveStream>());
  let total = 0;
  let opened = 0;
  let stopped = false;
  // Listening starts with the first stream, so a process nobody watches holds no connection for it.
  let listening: Promise<() => Promise<void>> | null = null;
  // One heartbeat timer for the process, not a timer each: a process holds thousands of streams.
  let beating: ReturnType<typeof setInterval> | undefined;
  let tick = 0;

  function beatSlice(): void {
    const slice = slices[tick++ % HEARTBEAT_SLICES];
    if (slice) for (const stream of slice) stream.beat();
  }

  function noteChanged(users: string[]): void {
    const at = now();
    for (const userId of users) {
      changedAt.delete(userId);
      changedAt.set(userId, at);
    }
    for (const [userId, when] of changedAt) {
      if (at - when <= CATCH_UP_MS) break;
      changedAt.delete(userId);
    }
  }

  function deliver(payload: string): void {
    const event = parse(payload);
    if (!event) return;
    if (event.w !== 'ended') noteChanged(event.u);
    for (const userId of event.u) {
      const streams = byUser.get(userId);
      if (!streams) continue;
      for (const stream of streams) {
        if (event.w === 'ended') {
          if (stream.sessionId === event.s) stream.close();
        } else {
          stream.send(event.w, dataOf(event));
        }
      }
    }
  }

  function remove(stream: LiveStream): void {
    const streams = byUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    // A page going away is rare next to beats: looking through the slices costs less than a map.
    for (const slice of slices) if (slice.delete(stream)) break;
    total -= 1;
    if (streams.size === 0) byUser.delete(stream.userId);
    if (total === 0) {
      clearInterval(beating);
      beating = undefined;
    }
  }

  function startListening(): Promise<() => Promise<void>> {
    listening ??= database.listen(LIVE_CHANNEL, deliver).then(
      (unlisten) => {
        heardSince = now();
        return unlisten;
      },
      (error: unknown) => {
        listening = null;
        throw error;
      },
    );
    return listening;
  }

  const closed = (stream: LiveStream): OpenedStream => {
    stream.close();
    return { leave: () => {}, reread: false };
  };

  return {
    accepting: () => !stopped,
    async listen() {
      await startListening();
    },
    async open(stream, since) {
      const from = now() - Math.min(since, CATCH_UP_MS);
      // Stopping since the route looked: the page reconnects elsewhere.
      if (stopped) return closed(stream);
      await startListening();
      // Stopped while the LISTEN was starting: a stream added now would never be closed, and the
      // process would wait for it until its hard stop.
      if (stopped) return closed(stream);
      let streams = byUser.get(stream.userId);
      if (!streams) {
        streams = new Set();
        byUser.set(stream.userId, streams);
      }
      // A user's streams are bounded: a script opening streams in a loop closes its own oldest.
      if (streams.size >= LIVE_STREAMS_PER_USER) {
        const [oldest] = streams;
        if (oldest) {
          remove(oldest);
          oldest.close();
        }
      }
      streams.add(stream);
      slices[opened++ % HEARTBEAT_SLICES]?.add(stream);
      total += 1;
      beating ??= setInterval(beatSlice, (LIVE_HEARTBEAT_SECONDS * 1000) / HEARTBEAT_SLICES);
      // From here on the stream hears every change; before, only what the window remembers.
      const reread = heardSince > from || (changedAt.get(stream.userId) ?? Number.NEGATIVE_INFINITY) >= from;
      return { leave: () => remove(stream), reread };
    },
    count: () => total,
    async stop() {
      stopped = true;
      clearInterval(beating);
      beating = undefined;
      for (const streams of byUser.values()) for (const stream of streams) stream.close();
      byUser.clear();
      for (const slice of slices) slice.clear();
      changedAt.clear();
      total = 0;
      const unlisten = await listening?.catch(() => null);
      listening = null;
      await unlisten?.().catch((error: unknown) => log.error('live: unlisten failed', error));
    },
  };
}

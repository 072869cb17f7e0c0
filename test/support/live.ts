// A page's live stream (GET /api/live) read as a test: each Server-Sent Event in order, through
// the app in this process or a server's URL.
import type { Hono } from 'hono';
import type { AppEnv } from '../../src/server/http/auth-middleware';
import { SESSION_COOKIE } from '../../src/shared/constants';
import { LIVE_PATH } from '../../src/shared/live';
import type { TestClient } from './app';

export interface LiveEvent {
  event: string;
  data: unknown;
}

export interface LiveReader {
  status: number;
  /** The next event (heartbeats skipped), or null once the stream ended. */
  next(): Promise<LiveEvent | null>;
  /** The next event named `event`, skipping others. */
  nextNamed(event: string): Promise<LiveEvent | null>;
  close(): Promise<void>;
}

/** `since`: the page's age the stream is opened with (`?since=`), as the client sends it; none by default. */
export async function openLiveStream(
  target: Hono<AppEnv> | string,
  cookie: string | TestClient,
  since?: number | string,
): Promise<LiveReader> {
  const header = typeof cookie === 'string' ? cookie : `${SESSION_COOKIE}=${cookie.cookie(SESSION_COOKIE) ?? ''}`;
  const init = { headers: { cookie: header, accept: 'text/event-stream' } };
  const path = since === undefined ? LIVE_PATH : `${LIVE_PATH}?since=${since}`;
  const res =
    typeof target === 'string'
      ? await fetch(`${target}${path}`, init)
      : await target.request(`http://localhost:3000${path}`, init);
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const next = async (): Promise<LiveEvent | null> => {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const lines = block.split('\n').filter((line) => !line.startsWith(':'));
        if (lines.length === 0) continue;
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
        const data = lines
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        return { event, data: data ? JSON.parse(data) : null };
      }
      // A connection that breaks (its process was killed) ends the stream as a close does.
      const chunk = await reader?.read().catch(() => null);
      if (!chunk || chunk.done) return null;
      buffered += decoder.decode(chunk.value, { stream: true });
    }
  };
  return {
    status: res.status,
    next,
    async nextNamed(name) {
      for (let e = await next(); e; e = await next()) if (e.event === name) return e;
      return null;
    },
    async close() {
      await reader?.cancel().catch(() => {});
    },
  };
}

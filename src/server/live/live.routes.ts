// GET /api/live: one Server-Sent Events stream per open page, with the session cookie. It says
// what changed for this user (their sessions, tasks and plan from any device, and the rooms they
// are in) as it commits; the page refetches what it shows. It closes when its sign-in ends.
//
// The body is a plain ReadableStream of pre-encoded frames: a process holds one per open page, and
// Hono's streamSSE (a TransformStream, its writer and an async callback per stream) cost more
// memory per stream than the goal allows (figures in bench/RESULTS.md, 'Live streams').
import { Hono } from 'hono';
import { z } from 'zod';
import { LIVE_CATCH_UP_SECONDS, LIVE_MESSAGES, LIVE_PATH, type LiveReadyData } from '../../shared/live';
import type { AppDeps } from '../deps';
import { AppError, describeZodError } from '../http/errors';
import { type AppEnv, requireAuth } from '../http/auth-middleware';
import type { LiveHub } from './live-hub';

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': beat\n\n');
/** How long a page waits before it reconnects, sent with the first event. */
const RETRY_MS = 3000;

/** `since`: the page's age in milliseconds (a larger one counts as the catch-up window). */
const liveQuery = z.object({ since: z.number().int().min(0) });

/** One SSE event; a data line break would end the field, so each line gets its own `data:`. */
function frame(event: string, data: string, retry?: number): Uint8Array {
  const lines = data
    .split('\n')
    .map((line) => `data: ${line}\n`)
    .join('');
  return encoder.encode(`event: ${event}\n${lines}${retry ? `retry: ${retry}\n` : ''}\n`);
}

/**
 * One page's stream: its body, and `attach`, which settles once the hub delivers to it. Built
 * outside the route's async handler on purpose: closures made inside an async function keep its
 * whole scope (the request, its context, the signed-in user) for as long as the page stays open.
 */
function openStream(
  live: LiveHub,
  userId: string,
  sessionId: string,
  since: number,
): { body: ReadableStream<Uint8Array>; attach(): Promise<void> } {
  let open = true;
  let leave: (() => void) | null = null;
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const close = () => {
    if (!open) return;
    open = false;
    leave?.();
    try {
      controller?.close();
    } catch {
      // Already closed by the other side.
    }
  };
  const send = (bytes: Uint8Array) => {
    if (!open || !controller) return;
    try {
      controller.enqueue(bytes);
    } catch {
      close();
    }
  };
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    // The page went away (Bun cancels the body when the connection closes).
    cancel: close,
  });
  const attach = async () => {
    const opened = await live.open(
      {
        userId,
        sessionId,
        send: (event, data) => send(frame(event, data)),
        beat: () => send(HEARTBEAT),
        close,
      },
      since,
    );
    if (!open) return opened.leave();
    leave = opened.leave;
    // 'ready' once this stream hears every change. A page that reconnects refetches then; a new
    // page does when something changed since it began, so nothing committed between its first
    // reads and this moment is missed.
    const ready: LiveReadyData = { reread: opened.reread };
    send(frame('ready', JSON.stringify(ready), RETRY_MS));
  };
  return { body, attach };
}

export function liveRoutes(deps: Pick<AppDeps, 'log'> & { live: LiveHub }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(LIVE_PATH.replace(/^\/api/, ''), async (c) => {
    const { user, session } = requireAuth(c);
    const raw = c.req.query('since');
    // A page from before `since` existed asks about the whole window.
    const query = liveQuery.safeParse({ since: raw === undefined ? LIVE_CATCH_UP_SECONDS * 1000 : Number(raw) });
    if (!query.success) throw new AppError('BAD_REQUEST', describeZodError(query.error));
    // A process that is stopping takes no new streams: 503 sends the page (and nginx) elsewhere.
    if (!deps.live.accepting()) throw new AppError('UNAVAILABLE', LIVE_MESSAGES.restarting, 1);
    const stream = openStream(deps.live, user.id, session.id, query.data.since);
    await stream.attach();
    return c.body(stream.body, 200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      // nginx passes the stream through unbuffered (deploy/nginx.conf sets it too).
      'x-accel-buffering': 'no',
    });
  });
  return routes;
}

// GET /api/live: one Server-Sent Events stream per open page, with the session cookie. It says
// what changed for this user (their sessions, tasks and plan from any device, and the rooms they
// are in) as it commits; the page refetches what it shows. It closes when its sign-in ends.
//
// The body is a plain ReadableStream of pre-encoded frames: a process holds one per open page, and
// Hono's streamSSE (a TransformStream, its writer and an async callback per stream) cost more
// memory per stream than the goal allows (figures in bench/RESULTS.md, 'Live streams').
import { Hono } from 'hono';
import { LIVE_MESSAGES, LIVE_PATH } from '../../shared/live';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { type AppEnv, requireAuth } from '../http/auth-middleware';
import type { LiveHub } from './live-hub';

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': beat\n\n');
/** How long a page waits before it reconnects, sent with the first event. */
const RETRY_MS = 3000;

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
    const left = await live.open({
      userId,
      sessionId,
      send: (event, data) => send(frame(event, data)),
      beat: () => send(HEARTBEAT),
      close,
    });
    if (!open) return left();
    leave = left;
    // 'ready' once this stream hears every change: a page refetches then, so nothing committed
    // between its last read and this moment is missed.
    send(frame('ready', '{}', RETRY_MS));
  };
  return { body, attach };
}

export function liveRoutes(deps: Pick<AppDeps, 'log'> & { live: LiveHub }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(LIVE_PATH.replace(/^\/api/, ''), async (c) => {
    const { user, session } = requireAuth(c);
    // A process that is stopping takes no new streams: 503 sends the page (and nginx) elsewhere.
    if (!deps.live.accepting()) throw new AppError('UNAVAILABLE', LIVE_MESSAGES.restarting, 1);
    const stream = openStream(deps.live, user.id, session.id);
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

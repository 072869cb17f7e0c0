// GET /api/live: one Server-Sent Events stream per open page, with the session cookie. It says
// what changed for this user (their sessions, tasks and plan from any device, and the rooms they
// are in) as it commits; the page refetches what it shows. It closes when its sign-in ends.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { LIVE_HEARTBEAT_SECONDS, LIVE_MESSAGES, LIVE_PATH } from '../../shared/live';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { type AppEnv, requireAuth } from '../http/auth-middleware';
import type { LiveHub } from './live-hub';

export function liveRoutes(deps: Pick<AppDeps, 'log'> & { live: LiveHub }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(LIVE_PATH.replace(/^\/api/, ''), (c) => {
    const { user, session } = requireAuth(c);
    // A process that is stopping takes no new streams: 503 sends the page (and nginx) elsewhere.
    if (!deps.live.accepting()) throw new AppError('UNAVAILABLE', LIVE_MESSAGES.restarting, 1);
    // nginx passes the stream through unbuffered (deploy/nginx.conf sets it too).
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const ended = Promise.withResolvers<void>();
      let open = true;
      const close = () => {
        if (!open) return;
        open = false;
        ended.resolve();
      };
      stream.onAbort(close);
      const write = (sent: Promise<unknown>) => sent.then(() => undefined, close);
      const leave = await deps.live.open({
        userId: user.id,
        sessionId: session.id,
        send: (event, data) => {
          if (open) void write(stream.writeSSE({ event, data }));
        },
        close,
      });
      // 'ready' once this stream hears every change: a page refetches then, so nothing committed
      // between its last read and this moment is missed.
      await write(stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 }));
      const beat = setInterval(() => void write(stream.write(': beat\n\n')), LIVE_HEARTBEAT_SECONDS * 1000);
      try {
        await ended.promise;
      } finally {
        clearInterval(beat);
        leave();
      }
    });
  });
  return routes;
}

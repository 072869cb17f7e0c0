// Liveness and readiness, for a load balancer or an orchestrator: GET /api/health is 200 while
// the process runs; GET /api/ready is 200 once the database is open and migrated, and 503 before
// that and from the moment a SIGTERM arrives (so traffic moves elsewhere while in-flight requests
// finish). Both answer without touching the database or a session.

export interface Lifecycle {
  /** The database is open and migrated and the whole app serves. */
  ready: boolean;
  /** A SIGTERM (or SIGINT) arrived: finishing what is in flight. */
  stopping: boolean;
}

/**
 * Seconds a connection may stay silent before the server closes it (Bun's default is 10, cut
 * somewhere between 8 and 12 s by its 4 s timer). It covers two waits: a GET whose handler waits
 * on an outside service (an OAuth sign-in's code exchange and profile, PROFILE_TIMEOUT_MS each),
 * during which no byte moves; and a keep-alive connection parked in a proxy's pool or a client between
 * requests. A proxy must close its idle upstream connections sooner (deploy/nginx.conf: 30 s), or
 * it may send a request down a socket this side is closing and see a reset.
 */
export const IDLE_CONNECTION_SECONDS = 40;

export const PROBE_PATHS = { health: '/api/health', ready: '/api/ready' } as const;

const probe = (status: number, body: object) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

/** The answer to a probe path, or null for any other request. */
export function answerProbe(method: string, pathname: string, lifecycle: Lifecycle): Response | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (pathname === PROBE_PATHS.health) return probe(200, { status: 'ok' });
  if (pathname === PROBE_PATHS.ready) {
    if (lifecycle.stopping) return probe(503, { status: 'stopping' });
    return lifecycle.ready ? probe(200, { status: 'ready' }) : probe(503, { status: 'starting' });
  }
  return null;
}

// The server's loggers: readable text for development, one JSON object per line in production.
// Neither ever writes a failed query's values (an email, a name, a password hash): only the
// statement and why it failed.
import { DrizzleQueryError } from 'drizzle-orm';
import { tryGetContext } from 'hono/context-storage';
import type { AppEnv } from '../http/auth-middleware';

/**
 * The id of the request the calling code runs for (Hono's context storage, which the common
 * middleware opens for every request), so an error logged deep in a service joins its request line.
 */
export function currentRequestId(): string | undefined {
  return tryGetContext<AppEnv>()?.get('requestId');
}

/** ' [id]' after a readable line written during a request. */
const requestTag = () => {
  const id = currentRequestId();
  return id ? ` [${id}]` : '';
};
/** One answered request, as the request log writes it: never a raw path (ids, feed tokens) or a header. */
export interface RequestLogLine {
  method: string;
  /** The route pattern ('/api/lock-in-sessions/:id'), a tRPC procedure, or a page's path. */
  route: string;
  status: number;
  ms: number;
  requestId: string;
}

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** The one-line-per-request log; loggers without it get the line as text through info. */
  request?(line: RequestLogLine): void;
}

export const requestText = (l: RequestLogLine) => `${l.method} ${l.route} ${l.status} ${l.ms}ms ${l.requestId}`;

/** The failed query somewhere in an error's causes (tRPC and the services wrap them), if any. */
function failedQueryIn(error: unknown): DrizzleQueryError | undefined {
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 8; depth++, e = e.cause) {
    if (e instanceof DrizzleQueryError) return e;
  }
  return undefined;
}

/**
 * What the log may say of an error. Drizzle's message for a failed query lists its values, and
 * errors that wrap it repeat that message: everywhere it appears it becomes the statement and its
 * cause.
 */
export function loggableError(error: Error): { name: string; message: string; stack?: string } {
  const failed = failedQueryIn(error);
  if (!failed) return { name: error.name, message: error.message, stack: error.stack };
  const cause = failed.cause instanceof Error ? failed.cause.message : String(failed.cause ?? 'unknown');
  const safe = `Failed query: ${failed.query}\ncause: ${cause}`;
  const scrub = (text: string) => text.replaceAll(failed.message, safe);
  return { name: error.name, message: scrub(error.message), stack: error.stack && scrub(error.stack) };
}

/** Readable text, for development. */
export const consoleLogger: Logger = {
  info: (m) => console.log(m + requestTag()),
  warn: (m) => console.warn(m + requestTag()),
  error: (m, e) => {
    const safe = e instanceof Error ? loggableError(e) : undefined;
    console.error(m + requestTag(), safe ? (safe.stack ?? safe.message) : (e ?? ''));
  },
  request: (line) => console.log(requestText(line)),
};

const jsonLine = (level: string, fields: Record<string, unknown>) =>
  JSON.stringify({ time: new Date().toISOString(), level, requestId: currentRequestId(), ...fields });

/** One JSON object per line, for production log collectors. */
export const jsonLogger: Logger = {
  info: (msg) => console.log(jsonLine('info', { msg })),
  warn: (msg) => console.warn(jsonLine('warn', { msg })),
  error: (msg, e) =>
    console.error(
      jsonLine('error', {
        msg,
        error: e instanceof Error ? loggableError(e) : e === undefined ? undefined : String(e),
      }),
    ),
  request: (line) => console.log(jsonLine('info', { msg: 'request', ...line })),
};

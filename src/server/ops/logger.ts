// The server's loggers: readable text for development, one JSON object per line in production.
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

/** Readable text, for development. */
export const consoleLogger: Logger = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m, e) => console.error(m, e instanceof Error ? (e.stack ?? e.message) : (e ?? '')),
  request: (line) => console.log(requestText(line)),
};

const jsonLine = (level: string, fields: Record<string, unknown>) =>
  JSON.stringify({ time: new Date().toISOString(), level, ...fields });

/** One JSON object per line, for production log collectors. */
export const jsonLogger: Logger = {
  info: (msg) => console.log(jsonLine('info', { msg })),
  warn: (msg) => console.warn(jsonLine('warn', { msg })),
  error: (msg, e) =>
    console.error(
      jsonLine('error', {
        msg,
        error:
          e instanceof Error
            ? { name: e.name, message: e.message, stack: e.stack }
            : e === undefined
              ? undefined
              : String(e),
      }),
    ),
  request: (line) => console.log(jsonLine('info', { msg: 'request', ...line })),
};

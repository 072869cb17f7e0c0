// Every request gets an id (the proxy's X-Request-Id when LockIn trusts its proxy and the id looks
// like one, else a new UUID), sent back as X-Request-Id, and one log line: method, route pattern,
// status, milliseconds and the id. Never the raw path (it can hold a calendar feed's token), the
// query, a cookie or any other header.
import type { MiddlewareHandler } from 'hono';
import { type Logger, requestText } from '../deps';
import type { AppEnv } from '../http/auth-middleware';
import type { RouteLabels } from './metrics';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function requestId(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const offered = trustProxy ? c.req.header('x-request-id') : undefined;
    const id = offered && REQUEST_ID.test(offered) ? offered : crypto.randomUUID();
    c.set('requestId', id);
    await next();
    // On the answer once it is made, not with c.header before: answers built outside Hono (every
    // tRPC one, onError's) would not carry it, and the header set made for it cost every request.
    c.res.headers.set('X-Request-Id', id);
  };
}

export function requestLog(log: Logger, routes: RouteLabels): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const line = {
      method: c.req.method,
      route: routes.of(c),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      requestId: c.get('requestId') ?? '-',
    };
    if (log.request) log.request(line);
    else log.info(requestText(line));
  };
}

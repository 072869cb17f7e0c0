// Cross-cutting HTTP protections: secure headers with a real CSP, a same-origin check on every
// state-changing request, and a body size limit.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from './errors';

export const MAX_BODY_BYTES = 64 * 1024;

export function securityHeaders(secure: boolean): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    strictTransportSecurity: secure ? 'max-age=63072000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses unsafe requests whose Origin (or, lacking one, Sec-Fetch-Site) says they came from
 * another site. Requests without either header come from non-browser clients, which carry no
 * ambient cookies to abuse. Paths in `exempt` (signed webhooks) skip the check.
 */
export function sameOriginOnly(appUrl: string, exempt: string[] = []): MiddlewareHandler {
  const allowed = new URL(appUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.some((p) => c.req.path.startsWith(p))) return next();
    const origin = c.req.header('origin');
    const requestOrigin = new URL(c.req.url).origin;
    if (origin !== undefined) {
      if (origin !== allowed && origin !== requestOrigin) {
        throw new AppError('FORBIDDEN', 'Cross-site request refused');
      }
    } else {
      const site = c.req.header('sec-fetch-site');
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        throw new AppError('FORBIDDEN', 'Cross-site request refused');
      }
    }
    return next();
  };
}

export function limitBody(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', `body: must be at most ${MAX_BODY_BYTES / 1024} KiB`);
    },
  });
}

/** One line per request: method, path, status, milliseconds. */
export function requestLog(write: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    write(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}

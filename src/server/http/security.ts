// Cross-cutting HTTP protections: secure headers with a real CSP (pages) or the API set (JSON and
// files under /api), a same-origin check on every state-changing request, and a body size limit.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from './errors';

export const MAX_BODY_BYTES = 64 * 1024;

const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The headers every page and static file carries: a document's full set. `styleHashes` are the
 * hash sources of the shell's inline styles (StaticSite.styleHashes); no other inline style runs.
 */
export function securityHeaders(secure: boolean, styleHashes: readonly string[] = []): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", ...styleHashes],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    strictTransportSecurity: secure ? HSTS : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    // Agrees with frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: 'DENY',
    // Device features the app never uses are off for it and anything it might embed.
    // Notifications (Lock-In's end-of-session alert), fullscreen and wake lock stay allowed. Only
    // features Chromium knows: an unknown one ('bluetooth') is logged on every page load.
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      hid: [],
      midi: [],
      displayCapture: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
    },
  });
}

/**
 * The headers every answer under /api carries: OWASP's set for API responses (REST Security Cheat
 * Sheet), which are JSON, files or redirects and never a document. A document's headers
 * (Permissions-Policy, COOP, Origin-Agent-Cluster, the DNS-prefetch and legacy IE/Flash/XSS-auditor
 * switches) govern nothing here; each was a header write on every API answer. The policy is stricter
 * than a page's: an answer opened as a page may load nothing and be framed by nobody. CORP keeps
 * other sites' no-cors requests (an <img> or <script> pointing here) from reading an answer.
 */
export function apiSecurityHeaders(secure: boolean): MiddlewareHandler {
  const owasp = secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    strictTransportSecurity: secure ? HSTS : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    xContentTypeOptions: true,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    // Nothing under /api sets X-Powered-By (neither Bun nor Hono does): no delete per answer.
    removePoweredBy: false,
  });
  // API answers are never stored by a browser or a shared cache: they are per user (and a shared
  // computer's back button or disk cache must not show one user's data to the next). A route that
  // says otherwise (the calendar feed) keeps its own. In this middleware, not one of its own: each
  // layer is a function and a promise on every request.
  return (c, next) =>
    owasp(c, async () => {
      await next();
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    });
}

/**
 * True when a GET navigation came from another site (a link or an <img> elsewhere). Browsers
 * send Sec-Fetch-Site on every request; without it (old browsers, scripts) the request counts as ours.
 */
export function isCrossSiteNavigation(c: { req: { header(name: string): string | undefined } }): boolean {
  const site = c.req.header('sec-fetch-site');
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The methods that change something: the ones a body limit and the same-origin check are for. */
export const UNSAFE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Refuses unsafe requests whose Origin is not APP_URL's (or, lacking one, whose Sec-Fetch-Site
 * says they came from another site). Requests without either header come from non-browser clients, which carry no
 * ambient cookies to abuse. Paths in `exempt` (signed webhooks) skip the check.
 */
export function sameOriginOnly(appUrl: string, exempt: string[] = []): MiddlewareHandler {
  const allowed = new URL(appUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.some((p) => c.req.path.startsWith(p))) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      // Only APP_URL's origin: the request's own Host is the client's to choose (a DNS-rebound
      // name pointing here would otherwise count as 'same origin').
      if (origin !== allowed) {
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

/**
 * Refuses bodies over `maxBytes` (64 KiB by default) with a 413. Paths in `exempt` skip it because
 * their route sets its own bound (POST /api/import takes whole export files).
 */
export function limitBody(options: { maxBytes?: number; exempt?: string[] } = {}): MiddlewareHandler {
  const maxSize = options.maxBytes ?? MAX_BODY_BYTES;
  const exempt = options.exempt ?? [];
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      const size = maxSize >= 1024 * 1024 ? `${maxSize / (1024 * 1024)} MiB` : `${maxSize / 1024} KiB`;
      throw new AppError('PAYLOAD_TOO_LARGE', `The request body must be at most ${size}`);
    },
  });
  if (exempt.length === 0) return limit;
  return (c, next) => (exempt.includes(c.req.path) ? next() : limit(c, next));
}

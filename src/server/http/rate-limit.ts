// Brute-force protection: fixed-window counters in the rate_limits table. Each hit is one atomic
// upsert in SQL, so several app processes on one database agree on the count; a window that has
// run out (or that the clock has moved behind) starts over, so a victim is never locked out for long.
import { lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getConnInfo } from 'hono/bun';
import { AUTH_MESSAGES } from '../../shared/copy';
import { hashToken } from '../accounts/sessions';
import { rateLimits } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from './errors';

export interface RateLimitRule {
  /** Prefix of the counter key. */
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Per-email limits stop guessing one account's password; per-IP limits stop one client spraying
 * many accounts. The per-IP numbers leave room for many people behind one NAT (a school, an office).
 * Sign-in's strict limit is keyed on email + address, so an attacker's failures lock out only the
 * attacker's address, never the owner signing in from elsewhere; the per-email ceiling is far
 * higher and only stops guessing spread over many addresses. A browser that signed in to the
 * account before (its device cookie) is counted on its own, per device, and skips the per-email,
 * per-email-and-address and per-address limits: nobody else's failures can lock it out.
 */
export const RATE_LIMITS = {
  loginPerEmailAndIp: { name: 'login:emailip', limit: 10, windowMs: 15 * MINUTE },
  loginPerEmail: { name: 'login:email', limit: 100, windowMs: 15 * MINUTE },
  loginPerIp: { name: 'login:ip', limit: 100, windowMs: 15 * MINUTE },
  loginPerDevice: { name: 'login:device', limit: 10, windowMs: 15 * MINUTE },
  registerPerIp: { name: 'register:ip', limit: 30, windowMs: 60 * MINUTE },
  forgotPerEmail: { name: 'forgot:email', limit: 5, windowMs: 60 * MINUTE },
  forgotPerIp: { name: 'forgot:ip', limit: 30, windowMs: 60 * MINUTE },
  resetPerIp: { name: 'reset:ip', limit: 30, windowMs: 15 * MINUTE },
  pushTestPerUser: { name: 'push-test:user', limit: 10, windowMs: 15 * MINUTE },
  // Focus together: joining, and trying a room's short code (a code is 30 bits; these bound guessing).
  roomJoinPerUser: { name: 'room-join:user', limit: 30, windowMs: 15 * MINUTE },
  roomJoinPerIp: { name: 'room-join:ip', limit: 100, windowMs: 15 * MINUTE },
  roomCodePerUser: { name: 'room-code:user', limit: 20, windowMs: 15 * MINUTE },
  roomCodePerIp: { name: 'room-code:ip', limit: 60, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((r) => r.windowMs));
/** Every this many hits a process deletes counters whose window ended long ago. */
const PRUNE_EVERY = 200;
let hitsSincePrune = 0;

/** Subjects (emails, addresses) are stored hashed: the table never holds who tried. */
function keyOf(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${hashToken(subject.trim().toLowerCase())}`;
}

/**
 * Counts one attempt against the rule for this subject; throws TOO_MANY_REQUESTS (429 with
 * Retry-After) once the window holds more than `limit` attempts.
 */
export async function hitRateLimit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  rule: RateLimitRule,
  subject: string,
): Promise<void> {
  const now = deps.clock.now();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const cutoffSql = sql`${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`;
  const expired = sql`(${rateLimits.windowStartedAt} <= ${cutoffSql} or ${rateLimits.windowStartedAt} > ${nowSql})`;
  const rows = await deps.db
    .insert(rateLimits)
    .values({ key: keyOf(rule, subject), count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${nowSql} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });

  hitsSincePrune += 1;
  if (hitsSincePrune >= PRUNE_EVERY) {
    hitsSincePrune = 0;
    await pruneRateLimits(deps);
  }

  const row = rows[0];
  if (!row || row.count <= rule.limit) return;
  const endsAt = row.windowStartedAt.getTime() + rule.windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
  throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyAttempts, retryAfterSeconds);
}

/** Forgets the counter (after a successful sign-in, the owner's failed attempts stop counting). */
export async function clearRateLimit(deps: Pick<AppDeps, 'db'>, rule: RateLimitRule, subject: string): Promise<void> {
  await deps.db.delete(rateLimits).where(sql`${rateLimits.key} = ${keyOf(rule, subject)}`);
}

/** Deletes counters whose window ended before the longest window could still need them. */
export async function pruneRateLimits(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - LONGEST_WINDOW_MS);
  await deps.db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, cutoff));
}

/**
 * The address of the connected peer as Bun reports it (the server is passed as Hono's env).
 * X-Forwarded-For is read only with TRUST_PROXY=true, and then only its last entry: the one our
 * own proxy appended (earlier entries are whatever the client wrote). Without it, behind a proxy
 * every client shares the proxy's address and the per-IP limits act as global limits.
 * Requests that do not come through Bun.serve (app.request in tests) are 'unknown'.
 */
export function clientIp(c: Context, trustProxy = false): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

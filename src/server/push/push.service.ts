// Browsers' push subscriptions (kept per user, bounded) and sending to them through web-push:
// it encrypts the payload (aes128gcm) and signs the VAPID header; we send the request ourselves
// so it has a timeout, never follows a redirect, and a subscription the push service says is
// gone (404/410) is deleted.
import { createECDH } from 'node:crypto';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  PUSH_MESSAGES,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushSendOutcome,
  type PushSubscriptionInput,
} from '../../shared/push';
import { pushSubscriptions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { assertPushEndpointAllowed } from './allowed-hosts';
import { getVapidKeys } from './vapid';

/** How long a push service keeps a message for a device that is offline. */
const TTL_SECONDS = 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

export interface PushMessage {
  title: string;
  body: string;
  /** The app path a click on the notification opens. */
  url: string;
  /** Replaces an earlier notification with the same tag on the device. */
  tag?: string;
}

/**
 * A key of the right length that is not on the curve would be stored and then fail every send to
 * the user: it is refused here. Deriving a shared secret with it is the check web-push would make.
 */
function assertPushKey(p256dh: string): void {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
  } catch {
    throw new AppError('BAD_REQUEST', PUSH_MESSAGES.badKey);
  }
}

export async function subscribe(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  input: PushSubscriptionInput,
  sessionId: string,
) {
  assertPushEndpointAllowed(input.endpoint, deps.config.push.allowedHosts);
  assertPushKey(input.keys.p256dh);
  await deps.db.transaction(async (tx) => {
    // One user's subscribes run one at a time, so the count below cannot be raced past the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, input.endpoint)));
    if ((others?.n ?? 0) >= PUSH_SUBSCRIPTIONS_PER_USER) throw new AppError('LIMIT_REACHED', PUSH_MESSAGES.tooMany);
    const row = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, sessionId };
    // An endpoint is one browser: a new sign-in there takes it over.
    await tx
      .insert(pushSubscriptions)
      .values({ id: crypto.randomUUID(), ...row })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...row, createdAt: sql`now()` } });
  });
}

export async function unsubscribe(deps: Pick<AppDeps, 'db'>, userId: string, endpoint: string): Promise<void> {
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function sendToUser(
  deps: Pick<AppDeps, 'db' | 'config' | 'log'>,
  userId: string,
  message: PushMessage,
): Promise<PushSendOutcome> {
  const rows = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const keys = await getVapidKeys(deps);
  // Loaded with the first push this process sends (~13 MiB), not at start.
  const { default: webpush } = await import('web-push');
  const payload = JSON.stringify(message);
  const results = await Promise.all(
    rows.map(async (row) => {
      // Checked again at send time: PUSH_ALLOWED_HOSTS may have narrowed since the row was stored.
      try {
        assertPushEndpointAllowed(row.endpoint, deps.config.push.allowedHosts);
      } catch {
        return 'gone' as const;
      }
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
          payload,
          {
            vapidDetails: { subject: deps.config.push.vapidSubject, ...keys },
            TTL: TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'high',
          },
        );
      } catch (error) {
        // Keys nothing can be encrypted to (stored before subscribe checked them): never deliverable.
        deps.log.warn(`push: a subscription's keys cannot be encrypted to (${(error as Error).message}); removed`);
        return 'gone' as const;
      }
      try {
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body as BodyInit | null,
          redirect: 'manual',
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.status === 404 || response.status === 410) return 'gone' as const;
        if (response.status >= 200 && response.status < 300) return 'sent' as const;
        deps.log.warn(`push: ${new URL(row.endpoint).host} answered ${response.status}`);
        return 'failed' as const;
      } catch (error) {
        deps.log.warn(`push: ${new URL(row.endpoint).host} unreachable (${(error as Error).name})`);
        return 'failed' as const;
      }
    }),
  );
  const gone = rows.filter((_, i) => results[i] === 'gone').map((row) => row.id);
  if (gone.length) await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  return {
    sent: results.filter((r) => r === 'sent').length,
    removed: gone.length,
    failed: results.filter((r) => r === 'failed').length,
  };
}

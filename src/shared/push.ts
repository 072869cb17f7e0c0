// Web Push: what a browser sends us (its PushSubscription's JSON) and the limits on it.
import { z } from 'zod';

export const PUSH_PATHS = {
  publicKey: '/api/push/vapid-public-key',
  subscriptions: '/api/push/subscriptions',
  test: '/api/push/test',
} as const;

/** Browsers a person uses at once are few; more rows would only be a way to make us send more. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** The keys' base64url texts: p256dh is a 65-byte P-256 point (87 characters), auth 16 bytes (22). */
const base64url = (name: string, length: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), `must be the browser's ${name} key (base64url)`);

export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'must be the push service URL the browser gave' }).max(2048),
  keys: z.object({ p256dh: base64url('p256dh', 87), auth: base64url('auth', 22) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** What a send did: delivered, removed (the push service said the subscription is gone), failed. */
export interface PushSendOutcome {
  sent: number;
  removed: number;
  failed: number;
}

export const pushUnsubscribeInput = z.object({ endpoint: z.string().min(1).max(2048) });

export const PUSH_MESSAGES = {
  hostNotAllowed: 'endpoint: is not a known push service',
  badKey: "keys.p256dh: is not a browser's push key (a point on the P-256 curve)",
  tooMany: `At most ${PUSH_SUBSCRIPTIONS_PER_USER} devices can get reminders; turn them off on one you no longer use`,
  noSubscriptions: 'No device of yours is set up for notifications yet',
  sessionEndTitle: (minutes: number) =>
    `Session complete — ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} of focus`,
  testTitle: 'LockIn notifications work',
  testBody: 'This is how LockIn will tell you when a Lock-In session ends.',
} as const;

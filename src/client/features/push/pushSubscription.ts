// This browser's Web Push subscription: made only from a user's click (the permission prompt is
// never shown on page load), sent to the server, and removed from both sides on 'Turn off'.
import { PUSH_PATHS, type PushSendOutcome } from '../../../shared/push';
import { apiRequest } from '../../lib/api';
import { serviceWorkerRegistration } from '../offline/serviceWorker';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

export async function readPushState(): Promise<PushState> {
  // No worker in development builds, where it is not registered.
  const worker = pushSupported() ? await serviceWorkerRegistration() : undefined;
  if (!worker) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await worker.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Asks for permission (call it from a click), subscribes and tells the server. */
export async function turnOnPush(): Promise<PushState> {
  const worker = await serviceWorkerRegistration();
  if (!worker) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await apiRequest<{ publicKey: string }>('GET', PUSH_PATHS.publicKey);
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  await apiRequest('POST', PUSH_PATHS.subscriptions, subscription.toJSON());
  return 'on';
}

export async function turnOffPush(): Promise<PushState> {
  const subscription = await (await serviceWorkerRegistration())?.pushManager.getSubscription();
  if (subscription) {
    await apiRequest('DELETE', PUSH_PATHS.subscriptions, { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return 'off';
}

/** This browser's push endpoint, if it has a subscription (so 'Sign out of all other devices' keeps it). */
export async function currentPushEndpoint(): Promise<string | undefined> {
  if (!pushSupported()) return undefined;
  const subscription = await (await serviceWorkerRegistration())?.pushManager.getSubscription();
  return subscription?.endpoint;
}

export function sendTestNotification(): Promise<PushSendOutcome> {
  return apiRequest('POST', PUSH_PATHS.test);
}

// LockIn's service worker (workbox): the app shell and every chunk precached at build time
// (hashed names; caches of older builds cleaned), navigations answered with the cached shell, and
// the reads (who is signed in, and every tRPC query: Today's Focus, the Task Bank, the running
// Lock-In session, the streak, the plan) served from their last good answer when the network is
// gone. Writes are never cached or replayed here. A new version waits until the page asks it to take over ('Update available — reload').
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { notificationTarget } from './notification-target';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

export const API_CACHE = 'lockin-api';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the same shell; the API and the calendar feed are never pages.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/'), { denylist: [/^\/api\//, /^\/metrics$/] }));

// Reads only: tRPC queries (GET; its writes are POSTs) and who is signed in. A batch's URL names
// its procedures, so a reload offline asks for the same URL the last online load answered.
const OFFLINE_READS = [/^\/api\/auth\/user$/, /^\/api\/trpc\/[\w.,]+$/];
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    OFFLINE_READS.some((pattern) => pattern.test(url.pathname)),
  // The network first (fresh data whenever there is a connection); the last answer when not.
  new NetworkFirst({ cacheName: API_CACHE, networkTimeoutSeconds: 5 }),
);

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // Signing out: nothing of the account stays on the device.
  if (event.data?.type === 'FORGET_USER_DATA') event.waitUntil(caches.delete(API_CACHE));
});

// Web Push: the server's message ({ title, body, url, tag }) shown as a notification, even with
// every tab closed; a click focuses an open LockIn window (or opens one) on the message's page.
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let message: PushPayload;
  try {
    message = event.data?.json() as PushPayload;
  } catch {
    return;
  }
  if (!message?.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data?.url, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        // navigate() works on pages this worker controls; any other gets a new window.
        await open.navigate(target).catch(() => self.clients.openWindow(target));
      } else {
        await self.clients.openWindow(target);
      }
    })(),
  );
});

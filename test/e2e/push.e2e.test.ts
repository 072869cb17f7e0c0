// Notifications on Manage Account, end to end: 'Turn on notifications' asks permission from the
// click, subscribes and registers with the server; 'Send a test notification' makes the server
// push to the browser's push service (a local stand-in: the one double, at the network edge, since
// this machine cannot reach FCM), encrypted for this browser's keys; the service worker shows a
// pushed message as a notification (delivered through CDP); 'Turn off' removes it on both sides.
import { afterAll, describe, expect, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { PUSH_MESSAGES } from '../../src/shared/push';
import { browserKeys, startPushStandIn } from '../support/push-standin';
import { browserSuite, setServerClock } from './support/harness';
import { screenChecks } from './support/screens';

const push = startPushStandIn();
const suite = browserSuite({ env: { PUSH_ALLOWED_HOSTS: push.host } });
const { checkScreen } = screenChecks('push');
afterAll(() => push.stop());

/**
 * Chromium's PushManager talks to Google's push service, which this machine cannot reach: the
 * page's pushManager answers instead with a subscription at the stand-in, holding keys the test
 * can decrypt with. Everything else (permission, the worker, the server) is real.
 */
async function useStandInPushService(
  context: BrowserContext,
  endpoint: string,
  keys: { p256dh: string; auth: string },
) {
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const stored = () => localStorage.getItem('standin-push') === 'on';
      const subscription = {
        endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem('standin-push');
          return true;
        },
      };
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem('standin-push', 'on');
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        (stored() ? subscription : null) as unknown as PushSubscription | null;
    },
    { endpoint, keys },
  );
}

/** What the browser does with a push for this origin's worker, sent through CDP (`page` lends its session). */
async function deliverPush(context: BrowserContext, page: Page, message: unknown): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r: { scopeURL: string }) => r.scopeURL.startsWith(suite.server.url));
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: suite.server.url,
    registrationId: await registrationId,
    data: JSON.stringify(message),
  });
}

async function openManageAccount(page: Page): Promise<void> {
  await page.goto('/manage-subscription');
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
}

const state = (page: Page) => page.getByTestId('notifications-state');

describe('notifications', () => {
  test('turn on from the click, a test notification reaches the push service encrypted, the worker shows a push, turn off', async () => {
    const { context, page } = await suite.open({ account: { firstName: 'Noor' }, serviceWorkers: 'allow' });
    const browser = browserKeys();
    const endpoint = `${push.url}/send/${crypto.randomUUID()}`;
    await useStandInPushService(context, endpoint, browser.keys);
    await context.grantPermissions(['notifications'], { origin: suite.server.url });

    await openManageAccount(page);
    await page.locator('[data-state="off"]').waitFor();
    await checkScreen(page, 'notifications-off');
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await page.locator('[data-state="on"]').waitFor();
    expect(await state(page).innerText()).toContain('Notifications are on for this device.');

    const before = push.received.length;
    await page.getByRole('button', { name: 'Send a test notification' }).click();
    await page.getByText('Test Sent', { exact: true }).waitFor();
    const sent = push.received.slice(before).filter((r) => r.path === new URL(endpoint).pathname);
    expect(sent).toHaveLength(1);
    expect(browser.decrypt(sent[0]?.body ?? new Uint8Array())).toMatchObject({ title: PUSH_MESSAGES.testTitle });
    await checkScreen(page, 'notifications-on');

    // What the browser does with a push it receives: the worker shows it.
    await deliverPush(context, page, {
      title: 'Session complete — 25 minutes of focus',
      body: 'Well done.',
      url: '/',
      tag: 't',
    });
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).some((n) => n.title === 'Session complete — 25 minutes of focus');
    });

    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.locator('[data-state="off"]').waitFor();
    // The server forgot this device: a test now has nowhere to go.
    const test = await context.request.post(`${suite.server.url}/api/push/test`, {
      headers: { origin: suite.server.url },
    });
    expect(test.status()).toBe(400);
    expect((await test.json()).message).toBe(PUSH_MESSAGES.noSubscriptions);
  });

  test("'Remind me when it ends' in the Lock-In setup turns reminders on from the click", async () => {
    const { context, page } = await suite.open({ account: {}, serviceWorkers: 'allow' });
    await useStandInPushService(context, `${push.url}/send/${crypto.randomUUID()}`, browserKeys().keys);
    await context.grantPermissions(['notifications'], { origin: suite.server.url });
    await page.goto('/');
    await page.getByRole('button', { name: 'Lock In', exact: true }).click();
    await page.getByTestId('lockin-modal').waitFor();
    await page.getByRole('button', { name: 'Remind me when it ends' }).click();
    await page.locator('[data-testid="remind-me"][data-state="on"]').waitFor();
    expect(await page.getByTestId('remind-me').innerText()).toBe(
      "You'll get a notification on this device when it ends.",
    );
    await checkScreen(page, 'lockin-remind-on');
    // The server has this device now: a test notification has somewhere to go.
    const test = await context.request.post(`${suite.server.url}/api/push/test`, {
      headers: { origin: suite.server.url },
    });
    expect(test.status()).toBe(200);
    expect(await test.json()).toEqual({ sent: 1, removed: 0, failed: 0 });
  });

  test('a session ends with every tab closed: the push comes, the worker shows it, and its link opens the app on the celebration', async () => {
    const { context, page } = await suite.open({ account: {}, serviceWorkers: 'allow' });
    const browser = browserKeys();
    const endpoint = `${push.url}/send/${crypto.randomUUID()}`;
    await context.grantPermissions(['notifications'], { origin: suite.server.url });
    const post = (path: string, data: unknown) =>
      context.request.post(`${suite.server.url}${path}`, { data, headers: { origin: suite.server.url } });
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    expect((await post('/api/push/subscriptions', { endpoint, keys: browser.keys })).status()).toBe(201);
    const start = new Date();
    await setServerClock(suite.server, start);
    expect((await post('/api/trpc/lockin.start', { goalMinutes: 5 })).status()).toBe(200);
    // Every tab closed; only the worker is left. A blank page (no app) lends its CDP session.
    const blank = await context.newPage();
    await page.close();

    try {
      await setServerClock(suite.server, new Date(start.getTime() + 5 * 60_000 + 1000));
      const path = new URL(endpoint).pathname;
      const deadline = Date.now() + 20_000;
      while (!push.received.some((r) => r.path === path) && Date.now() < deadline) await Bun.sleep(100);
      const pushed = push.received.filter((r) => r.path === path);
      expect(pushed).toHaveLength(1);
      const message = browser.decrypt(pushed[0]?.body ?? new Uint8Array());
      expect(message).toMatchObject({ title: 'Session complete — 5 minutes of focus', url: '/' });

      await deliverPush(context, blank, message);
      // The registration's notifications, read from a page of the app's origin that neither runs
      // the app nor is answered by the worker. Not through a handle on the worker: with no tab
      // left Chromium may stop the worker and start another for the push, and a handle taken from
      // context.serviceWorkers() can then be the wrong one (CI saw it read no notification).
      const probe = await context.newPage();
      await probe.goto(`${suite.server.url}/api/ready`);
      const notified = await probe.waitForFunction(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        const [n] = (await registration?.getNotifications()) ?? [];
        return n ? { title: n.title, url: n.data?.url as string } : false;
      });
      const shown = (await notified.jsonValue()) as { title: string; url: string };
      await probe.close();
      expect(shown).toEqual({ title: 'Session complete — 5 minutes of focus', url: '/' });

      // A click opens a window on the notification's link (a trusted click cannot be sent from a
      // test): the app finds the session at its end, records it and celebrates.
      const opened = await context.newPage();
      await opened.goto(shown?.url ?? '/');
      const celebration = opened.getByRole('dialog', { name: 'Session Complete!' });
      await celebration.waitFor();
      expect(await celebration.innerText()).toContain('5m');
    } finally {
      await setServerClock(suite.server, new Date());
    }
  });

  test('where no service worker can run, the card says so instead of offering a switch', async () => {
    const { page } = await suite.open({ account: {}, serviceWorkers: 'block' });
    await openManageAccount(page);
    await page.locator('[data-state="unsupported"]').waitFor();
    expect(await page.getByRole('button', { name: 'Turn on notifications' }).count()).toBe(0);
  });
});

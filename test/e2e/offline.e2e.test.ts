// The service worker: it controls the page, a reload with no network opens the signed-in app from
// the cached shell and shows today's tasks from their last answer with the offline notice, and a
// new version waits until 'Reload' lets it take over (the page then loads its shell); Sign Out
// deletes the cached reads.
import { afterAll, describe, expect, test } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { freePort, REPO_ROOT } from '../support/process';
import { tempDirsRemovedAfterAll } from '../support/temp-dirs';
import { browserSuite, newContext, startServer } from './support/harness';
import { screenChecks } from './support/screens';

const suite = browserSuite();
const dataDir = tempDirsRemovedAfterAll('lockin-e2e-sw-');
const { checkScreen } = screenChecks('offline');
const SW = join(REPO_ROOT, 'dist/public/sw.js');
const original = readFileSync(SW);
/** Writes another version of sw.js, as a build would (a process started afterwards serves it). */
const writeServiceWorker = (content: Buffer) => {
  writeFileSync(SW, content);
  writeFileSync(`${SW}.br`, brotliCompressSync(content));
  writeFileSync(`${SW}.gz`, gzipSync(content));
};
afterAll(() => writeServiceWorker(original));

async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

describe('service worker', () => {
  test('offline, the signed-in app opens from a reload with today’s tasks and the offline notice', async () => {
    const { context, page } = await suite.open({ account: { firstName: 'Ada' }, serviceWorkers: 'allow' });
    const api = (path: string, data: unknown) =>
      context.request.post(`${suite.server.url}${path}`, { data, headers: { origin: suite.server.url } });
    const id = crypto.randomUUID();
    expect((await api('/api/tasks', { id, title: 'Read on the train', category: 'Learning' })).status()).toBe(201);
    expect((await api('/api/trpc/tasks.daily.add', { ids: [id] })).status()).toBe(200);

    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The first load installs it; from the reload on it answers the page's requests.
    await page.reload();
    await controlled(page);
    await page.getByText('Read on the train', { exact: true }).first().waitFor();
    expect(await page.getByTestId('offline-banner').count()).toBe(0);

    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Ada!$/ }).waitFor();
      await page.getByText('Read on the train', { exact: true }).first().waitFor();
      await page.getByTestId('offline-banner').waitFor();
      expect(await page.getByTestId('offline-banner').innerText()).toContain("You're offline.");
      // It says which changes wait for the network and which cannot be made without it.
      expect(await page.getByTestId('offline-banner').innerText()).toContain(
        'Ticks, task edits and Lock-In sessions are kept on this device',
      );
      expect(await page.getByTestId('offline-banner').innerText()).toContain(
        'account, plan and data changes need a connection',
      );
      await checkScreen(page, 'offline-home');
    } finally {
      await context.setOffline(false);
    }
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });

    // Signing out takes the account's cached reads off the device.
    expect(await page.evaluate(() => caches.has('lockin-api'))).toBe(true);
    await page.getByRole('button', { name: /Ada/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    // The server signs out and sends the browser home, where nobody is signed in any more.
    await page.getByRole('button', { name: /Ada/ }).waitFor({ state: 'detached' });
    await page.waitForFunction(async () => !(await caches.has('lockin-api')), undefined, { timeout: 10_000 });
  });

  test("a new version waits, 'Update available — Reload' lets it take over and the page reloads", async () => {
    // A deploy as it happens: the build writes a new sw.js, then the server restarts on the same
    // address (a running process keeps serving its own version's worker, from memory).
    const port = await freePort();
    const env = { DATA_DIR: dataDir() };
    let server = await startServer(env, { port });
    try {
      const context = await newContext(suite.browser, server, { serviceWorkers: 'allow' });
      suite.track(context);
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      await controlled(page);
      const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

      writeServiceWorker(Buffer.concat([original, Buffer.from('\n// a newer build\n')]));
      // Until the restart, the running process still serves the worker it started with.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
      ).toBeNull();
      await server.stop();
      server = await startServer(env, { port });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const banner = page.getByTestId('update-banner');
      await banner.waitFor();
      expect(await banner.innerText()).toContain('Update available');
      await checkScreen(page, 'update-available');
      const reloaded = page.waitForEvent('load');
      await banner.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await controlled(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
      const waiting = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
      );
      expect(waiting).toBeNull();
      expect(await page.getByTestId('update-banner').count()).toBe(0);
    } finally {
      await server.stop();
    }
  });
});

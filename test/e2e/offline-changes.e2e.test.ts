// Changes made offline: ticks, a new bank task and a whole Lock-In session made with no network
// wait on the device (through a reload), the banner counts them, and when the network returns they
// reach the server once each, in order.
import { describe, expect, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { LOCKIN_COPY, type LockInSessionView } from '../../src/shared/lockin';
import type { BankList, DailyList } from '../../src/shared/tasks';
import { browserSuite, setServerClock, eventually } from './support/harness';
import { screenChecks } from './support/screens';

const suite = browserSuite({
  afterEachTest: (s) => setServerClock(s.server, new Date()),
});
const { checkScreen } = screenChecks('offline-changes');
const MIN = 60_000;

async function controlledHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The first load installs the worker; from the reload on it answers the page's reads.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.getByRole('heading', { level: 1, name: /Ada!$/ }).waitFor();
}

async function read<T>(context: BrowserContext, procedure: string): Promise<T> {
  const res = await context.request.get(`${suite.server.url}/api/trpc/${procedure}`);
  return (await res.json()).result.data as T;
}

const box = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });
const waitingText = (page: Page) => page.getByTestId('waiting-changes').innerText();

describe('a connection that drops while the browser still says online', () => {
  test('a tick waits and is replayed, as offline, with no error toast and nothing undone', async () => {
    const { context, page } = await suite.open({ account: { firstName: 'Ada' } });
    const api = (path: string, data: unknown) =>
      context.request.post(`${suite.server.url}${path}`, { data, headers: { origin: suite.server.url } });
    const id = crypto.randomUUID();
    expect((await api('/api/tasks', { id, title: 'Read on the train' })).status()).toBe(201);
    expect((await api('/api/trpc/tasks.daily.add', { ids: [id] })).status()).toBe(200);
    await page.goto('/');
    await box(page, 'Read on the train').waitFor();

    // A train between masts: every request fails, yet navigator.onLine stays true.
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await box(page, 'Read on the train').check();
    await page.getByTestId('offline-banner').waitFor();
    await eventually(async () => expect(await waitingText(page)).toContain('1 change waiting to sync'));
    expect(await box(page, 'Read on the train').isChecked()).toBe(true);
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect((await read<DailyList>(context, 'tasks.daily.list')).tasks[0]?.completed).toBe(false);

    // The connection comes back without any browser event: the app's health check finds it.
    await context.unroute('**/api/**');
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 30_000 });
    await eventually(async () =>
      expect((await read<DailyList>(context, 'tasks.daily.list')).tasks[0]?.completed).toBe(true),
    );
    expect(await box(page, 'Read on the train').isChecked()).toBe(true);
    expect(await page.getByTestId('toast').count()).toBe(0);
  });
});

describe('a change the server refuses after a reload', () => {
  test('the toast names the task it was about', async () => {
    const { context, page } = await suite.open({ account: { firstName: 'Ada' }, serviceWorkers: 'allow' });
    const api = (path: string, data: unknown) =>
      context.request.post(`${suite.server.url}${path}`, { data, headers: { origin: suite.server.url } });
    const id = crypto.randomUUID();
    expect((await api('/api/tasks', { id, title: 'Water the plants' })).status()).toBe(201);
    expect((await api('/api/trpc/tasks.daily.add', { ids: [id] })).status()).toBe(200);
    await controlledHome(page);
    await box(page, 'Water the plants').waitFor();

    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    await box(page, 'Water the plants').check();
    await eventually(async () => expect(await waitingText(page)).toContain('1 change waiting to sync'));
    // Kept on the device (written a moment after the change), so the reload brings it back.
    await eventually(async () =>
      expect(await page.evaluate(() => localStorage.getItem('lockin-offline-changes') !== null)).toBe(true),
    );
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    await eventually(async () => expect(await waitingText(page)).toContain('1 change waiting to sync'));
    // Meanwhile, on another device, the task leaves Today's Focus.
    expect((await api('/api/trpc/tasks.daily.remove', { id })).status()).toBe(200);

    await context.setOffline(false);
    const toast = page
      .getByTestId('toast')
      .filter({ hasText: 'Your offline change to “Water the plants” could not be saved' });
    await toast.waitFor();
  });
});

describe('changes made offline', () => {
  test('ticks and a new bank task wait through a reload, then reach the server once each, in order', async () => {
    const { context, page } = await suite.open({ account: { firstName: 'Ada' }, serviceWorkers: 'allow' });
    const api = (path: string, data: unknown) =>
      context.request.post(`${suite.server.url}${path}`, { data, headers: { origin: suite.server.url } });
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    expect((await api('/api/tasks', { id: a, title: 'Read on the train' })).status()).toBe(201);
    expect((await api('/api/tasks', { id: b, title: 'Call the bank' })).status()).toBe(201);
    expect((await api('/api/trpc/tasks.daily.add', { ids: [a, b] })).status()).toBe(200);
    await controlledHome(page);
    await box(page, 'Read on the train').waitFor();

    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    // Three ticks, the last undoing the second: the server must end with B open.
    await box(page, 'Read on the train').check();
    await box(page, 'Call the bank').check();
    await box(page, 'Call the bank').uncheck();
    await page.getByRole('tab', { name: /^Task Bank \(\d+\)$/ }).click();
    await page.getByRole('button', { name: '+ Add Task' }).click();
    const form = page.getByRole('form', { name: 'Add a task to your Task Bank' });
    await form.getByLabel('Task Title').fill('Pack the charger');
    await form.getByRole('button', { name: 'Add to Task Bank' }).click();
    await page.getByRole('heading', { level: 3, name: 'Pack the charger' }).waitFor();
    await eventually(async () => expect(await waitingText(page)).toBe(' 4 changes waiting to sync.'));
    await checkScreen(page, 'waiting');

    // A reload with no network keeps them, and shows the lists as the user left them.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Ada!$/ }).waitFor();
    await page.getByTestId('offline-banner').waitFor();
    expect(await waitingText(page)).toBe(' 4 changes waiting to sync.');
    await page.getByRole('tab', { name: /^Daily Tasks/ }).click();
    expect(await box(page, 'Read on the train').isChecked()).toBe(true);
    expect(await box(page, 'Call the bank').isChecked()).toBe(false);
    // Nothing reached the server.
    const before = await read<DailyList>(context, 'tasks.daily.list');
    expect(before.tasks.every((t) => !t.completed)).toBe(true);

    await context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await eventually(async () => {
      const daily = await read<DailyList>(context, 'tasks.daily.list');
      expect(Object.fromEntries(daily.tasks.map((t) => [t.title, t.completed]))).toEqual({
        'Read on the train': true,
        'Call the bank': false,
      });
      const bank = await read<BankList>(context, 'tasks.bank.list');
      expect(bank.tasks.filter((t) => t.title === 'Pack the charger')).toHaveLength(1);
    }, 20_000);
    await eventually(async () =>
      expect(await page.evaluate(() => localStorage.getItem('lockin-offline-changes'))).toBeNull(),
    );
    // The page shows the server's lists again, and no error toast came up.
    await box(page, 'Read on the train').waitFor();
    expect(await box(page, 'Read on the train').isChecked()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'could not be saved' }).count()).toBe(0);
  });

  test('a Lock-In session started offline survives a reload, is celebrated at zero and recorded when the network returns', async () => {
    const { context, page } = await suite.open({ account: { firstName: 'Ada' }, serviceWorkers: 'allow' });
    const start = new Date();
    start.setUTCSeconds(0, 0);
    await setServerClock(suite.server, start);
    await page.clock.install({ time: start });
    await controlledHome(page);
    // The stamp of the last answer (lockin.running) is what the offline session will send back.
    await page.waitForFunction(() => document.querySelector('[data-testid="streak-days"]') !== null);

    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    await page.getByRole('button', { name: 'Lock In', exact: true }).click();
    await page.getByText('5 min', { exact: true }).click();
    await page.getByLabel('Session goal (optional)').fill('Sketch the plan');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Start Session' }).click();
    await page.getByRole('timer').waitFor();
    expect(await page.getByTestId('lockin-offline-note').innerText()).toBe(LOCKIN_COPY.offlineSession);
    // A reload in the middle (still offline) does not lose it.
    await page.clock.fastForward(2 * MIN);
    await page.reload();
    await page.getByRole('timer').waitFor();
    expect(await page.getByRole('timer').innerText()).toMatch(/^0?[23]:\d\d$/);

    const elapsed = Date.now();
    await setServerClock(suite.server, new Date(start.getTime() + 5 * MIN + (Date.now() - elapsed) + 1000));
    await page.clock.fastForward(3 * MIN);
    const celebration = page.getByRole('dialog', { name: 'Session Complete!' });
    await celebration.waitFor();
    expect(await celebration.innerText()).toContain('1-day streak');
    expect(await waitingText(page)).toBe(' 1 change waiting to sync.');
    await checkScreen(page, 'celebration-offline');
    expect(await read<LockInSessionView[]>(context, 'lockin.list')).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('lockin-offline-session'))).toBeNull();

    await context.setOffline(false);
    await eventually(async () => {
      const sessions = await read<LockInSessionView[]>(context, 'lockin.list');
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({
        status: 'completed',
        goalMinutes: 5,
        actualMinutes: 5,
        goalText: 'Sketch the plan',
      });
      expect(sessions[0]?.id).toStartWith('offline_');
    }, 20_000);
    expect((await read<{ current: number }>(context, 'lockin.streak')).current).toBe(1);
  });

  test('a quit made offline waits for the network without keeping the next session busy', async () => {
    const { context, page } = await suite.open({ account: { firstName: 'Ada' }, serviceWorkers: 'allow' });
    const start = new Date();
    start.setUTCSeconds(0, 0);
    await setServerClock(suite.server, start);
    await page.clock.install({ time: start });
    await controlledHome(page);
    const startSession = async () => {
      await page.getByRole('button', { name: 'Lock In', exact: true }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Start Session' }).click();
      await page.getByRole('timer').waitFor();
    };
    const started = page.waitForResponse((r) => r.url().includes('lockin.start'));
    await startSession();
    await started;

    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    await page.getByRole('button', { name: 'Stop Session' }).click();
    const quit = page.getByRole('alertdialog', { name: 'End your session early?' });
    await page.clock.runFor(5000);
    await eventually(async () => expect(await quit.getByTestId('end-early').isDisabled()).toBe(false));
    await quit.getByTestId('end-early').click();
    await quit.waitFor({ state: 'detached' });
    expect(await waitingText(page)).toBe(' 1 change waiting to sync.');

    // The next session (offline) offers its own quit at once: nothing of the first one is running.
    await startSession();
    await page.getByRole('button', { name: 'Stop Session' }).click();
    await quit.waitFor();
    expect(await quit.getByRole('button', { name: 'Keep Going' }).isDisabled()).toBe(false);
    await quit.getByRole('button', { name: 'Keep Going' }).click();

    await context.setOffline(false);
    await eventually(async () => {
      const sessions = await read<LockInSessionView[]>(context, 'lockin.list');
      expect(sessions.map((s) => s.status)).toEqual(['quit']);
    }, 20_000);
  });
});

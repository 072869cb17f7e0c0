// Browser tests of 'Your data' and the keyboard shortcuts: downloading the JSON and both CSV
// files, importing a file (and a refused one), deleting an account through the dialog, every
// wired shortcut, the help dialog (by '?' and from the account menu), and the off switch. Each
// state is checked with axe and photographed at 1280 and 360 px.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { BrowserContext, Page } from 'playwright-core';
import { DATA_COPY } from '../../src/client/features/data/copy';
import type { ExportDocument } from '../../src/shared/data';
import {
  browserSuite,
  expectNoAxeViolations,
  newContext,
  registerViaApi,
  screenshot,
  eventually,
} from './support/harness';

const suite = browserSuite();

interface Session {
  context: BrowserContext;
  page: Page;
  email: string;
}

async function signIn(width = 1280): Promise<Session> {
  const context = await newContext(suite.browser, suite.server, { width });
  suite.track(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  const { email } = await registerViaApi(context, suite.server, { firstName: 'Ada' });
  return { context, page, email };
}

async function createTask(context: BrowserContext, title: string, category = 'Work'): Promise<string> {
  const id = crypto.randomUUID();
  const res = await context.request.post(`${suite.server.url}/api/tasks`, {
    data: { id, title, category },
    headers: { origin: suite.server.url },
  });
  if (res.status() !== 201) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return id;
}

async function openManageAccount(page: Page): Promise<void> {
  await page.goto('/manage-subscription');
  await page.getByTestId('your-data-card').waitFor();
}

async function openHome(page: Page): Promise<void> {
  const listed = page.waitForResponse((r) => r.url().includes('/api/trpc/') && r.url().includes('tasks.bank.list'));
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Ada!$/ }).waitFor();
  await listed;
}

async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.getByTestId('toast').filter({ has: page.getByText(title, { exact: true }) });
  await toast.waitFor({ state: 'visible' });
  return toast.innerText();
}

async function download(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path!, 'utf8') };
}

const selectedTab = (page: Page) => page.getByRole('tab', { selected: true });

describe('Your data card', () => {
  test('downloads the JSON export and both CSV files', async () => {
    const { context, page } = await signIn();
    await createTask(context, 'Plan, "review" and ship 🚀');
    await openManageAccount(page);
    await expectNoAxeViolations(page, 'manage account with Your data');
    await screenshot(page, 'data-card-1280');

    const json = await download(page, 'download-json');
    expect(json.name).toMatch(/^lockin-export-\d{4}-\d{2}-\d{2}\.json$/);
    const doc = JSON.parse(json.text) as ExportDocument;
    expect(doc.format).toBe('lockin-export');
    expect(doc.bank.map((t) => t.title)).toEqual(['Plan, "review" and ship 🚀']);

    const tasks = await download(page, 'download-tasks-csv');
    expect(tasks.name).toMatch(/^lockin-tasks-.*\.csv$/);
    const rows = parse(tasks.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.list, r.title, r.category])).toEqual([['bank', 'Plan, "review" and ship 🚀', 'Work']]);

    const sessions = await download(page, 'download-sessions-csv');
    expect(sessions.name).toMatch(/^lockin-sessions-.*\.csv$/);
    expect(sessions.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toStartWith('id,task_title,category');
  });

  test('imports a JSON export, and says what is wrong with a foreign file', async () => {
    const source = await signIn();
    await createTask(source.context, 'Imported one');
    await createTask(source.context, 'Imported two');
    const exported = await source.context.request.get(`${suite.server.url}/api/export?format=json`);
    const file = Buffer.from(await exported.body());

    const { page } = await signIn();
    await openManageAccount(page);
    const input = page.getByTestId('import-file');
    await input.setInputFiles({ name: 'export.json', mimeType: 'application/json', buffer: file });
    expect(await toastText(page, DATA_COPY.importDoneTitle)).toContain('Added 2 bank tasks.');
    await screenshot(page, 'data-import-done-1280');

    await input.setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello":"world"}'),
    });
    expect(await toastText(page, DATA_COPY.importFailedTitle)).toContain(
      "Format must be 'lockin-export' (this is not a LockIn export)",
    );

    await openHome(page);
    await page.getByRole('tab', { name: /^Task Bank \(2\)$/ }).waitFor();
  });

  test('deletes the account after the email is typed, and lists what is lost', async () => {
    const { context, page, email } = await signIn();
    await createTask(context, 'Soon gone');
    await openManageAccount(page);
    await page.getByRole('button', { name: DATA_COPY.deleteButton }).click();
    const dialog = page.getByRole('alertdialog', { name: DATA_COPY.dialogTitle });
    await dialog.waitFor();
    for (const item of DATA_COPY.lost) expect(await dialog.innerText()).toContain(item);
    const confirm = dialog.getByRole('button', { name: DATA_COPY.confirmDelete });
    expect(await confirm.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'delete account dialog');
    await screenshot(page, 'data-delete-dialog-1280');

    const field = dialog.getByLabel(DATA_COPY.confirmLabel(email));
    await field.fill('someone-else@example.com');
    expect(await confirm.isDisabled()).toBe(true);
    await field.fill(email.toUpperCase());
    expect(await confirm.isDisabled()).toBe(false);
    await Promise.all([page.waitForURL(`${suite.server.url}/`), confirm.click()]);
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    // The landing page says it is done, once.
    const done = page.getByTestId('toast');
    await done.filter({ hasText: 'Account Deleted' }).waitFor();
    expect(await done.innerText()).toContain('Your account and all of its data are gone');
    await page.reload();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect((await context.request.get(`${suite.server.url}/api/auth/user`)).status()).toBe(401);
    const login = await context.request.post(`${suite.server.url}/api/auth/login`, {
      data: { email, password: 'focus-time-2026' },
      headers: { origin: suite.server.url },
    });
    expect(login.status()).toBe(401);
  });

  test('at 360 px: the card and the delete dialog fit and pass axe', async () => {
    const { page } = await signIn(360);
    await openManageAccount(page);
    await page.getByTestId('your-data-card').scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'Your data at 360');
    await screenshot(page, 'data-card-360');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: DATA_COPY.deleteButton }).click();
    await page.getByRole('alertdialog').waitFor();
    await screenshot(page, 'data-delete-dialog-360');
  });

  test("at 360 px, offline: the failure toast sits clear of the dialog's buttons, says what to do once, and dismissing it gives focus back", async () => {
    const { context, page, email } = await signIn(360);
    await openManageAccount(page);
    await page.getByRole('button', { name: DATA_COPY.deleteButton }).click();
    const dialog = page.getByRole('alertdialog', { name: DATA_COPY.dialogTitle });
    await dialog.waitFor();
    await dialog.getByLabel(DATA_COPY.confirmLabel(email)).fill(email);
    const confirm = dialog.getByRole('button', { name: DATA_COPY.confirmDelete });
    await context.setOffline(true);
    await confirm.click();
    const toast = dialog.getByTestId('toast');
    await toast.waitFor();
    const text = await toast.innerText();
    expect(text).toContain(DATA_COPY.deleteFailedTitle);
    expect(text).toContain(DATA_COPY.deleteFailedOffline);
    expect(text.split(DATA_COPY.deleteFailedTitle).length - 1).toBe(1);
    await screenshot(page, 'data-delete-failed-360');
    // Nothing of the toast covers Cancel or the delete button.
    const box = await toast.boundingBox();
    for (const name of [DATA_COPY.cancel, DATA_COPY.confirmDelete]) {
      const button = await dialog.getByRole('button', { name, exact: true }).boundingBox();
      if (!box || !button) throw new Error('missing box');
      const overlaps =
        box.x < button.x + button.width &&
        button.x < box.x + box.width &&
        box.y < button.y + button.height &&
        button.y < box.y + box.height;
      expect(overlaps).toBe(false);
    }
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await toast.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim())).toBe(
      DATA_COPY.confirmDelete,
    );
    await context.setOffline(false);
  });
});

describe('keyboard shortcuts', () => {
  test('every wired shortcut, never while typing or while a dialog is open', async () => {
    const { context, page } = await signIn();
    await createTask(context, 'Write report');
    await openHome(page);
    expect(await selectedTab(page).innerText()).toContain('Daily Tasks');

    await page.keyboard.press('b');
    await eventually(async () => expect(await selectedTab(page).innerText()).toContain('Task Bank'));
    await eventually(async () => expect(await page.evaluate(() => document.activeElement?.id)).toBe('task-bank-title'));
    await page.keyboard.press('d');
    await eventually(async () => expect(await selectedTab(page).innerText()).toContain('Daily Tasks'));
    await eventually(async () =>
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('todays-focus-title'),
    );

    // n: the Task Bank's add form, with the title field focused; typing there types, not switches.
    await page.keyboard.press('n');
    await eventually(async () => expect(await selectedTab(page).innerText()).toContain('Task Bank'));
    const title = page.locator('#bank-add-form input').first();
    await eventually(async () => expect(await title.evaluate((el) => el === document.activeElement)).toBe(true));
    await page.keyboard.type('bad');
    expect(await title.inputValue()).toBe('bad');
    expect(await selectedTab(page).innerText()).toContain('Task Bank');
    await screenshot(page, 'shortcuts-new-task-1280');

    // a: the Add Task picker on Today's Focus; while it is open, keys belong to it.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('a');
    const picker = page.getByRole('dialog');
    await picker.waitFor();
    expect(await selectedTab(page).innerText()).toContain('Daily Tasks');
    await page.keyboard.press('b');
    expect(await selectedTab(page).innerText()).toContain('Daily Tasks');
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });

    // l: the Lock-In modal, from Today's Focus and from the Task Bank; while it is open, keys belong to it.
    const lockInModal = page.getByRole('dialog', { name: 'Lock-In Mode' });
    await page.keyboard.press('l');
    await lockInModal.waitFor();
    expect(await page.getByTestId('lockin-modal').getAttribute('data-step')).toBe('setup');
    await page.keyboard.press('b');
    expect(await selectedTab(page).innerText()).toContain('Daily Tasks');
    await screenshot(page, 'shortcuts-lockin-1280');
    await page.keyboard.press('Escape');
    await lockInModal.waitFor({ state: 'hidden' });
    await page.keyboard.press('b');
    await eventually(async () => expect(await selectedTab(page).innerText()).toContain('Task Bank'));
    await page.keyboard.press('l');
    await lockInModal.waitFor();
    await page.keyboard.press('Escape');
    await lockInModal.waitFor({ state: 'hidden' });
    await page.keyboard.press('d');
    await eventually(async () => expect(await selectedTab(page).innerText()).toContain('Daily Tasks'));

    // ?: the help dialog lists every shortcut and which ones this screen offers.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    const rows = help.locator('tbody tr');
    expect(await rows.count()).toBe(7);
    const availability = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.getAttribute('data-shortcut'), tr.getAttribute('data-available')]),
    );
    expect(Object.fromEntries(availability)).toEqual({
      newBankTask: 'true',
      addTaskPicker: 'true',
      dailyTab: 'true',
      bankTab: 'true',
      lockIn: 'true',
      analytics: 'true', // a free user's My Analytics is Quick Analytics
      help: 'true',
    });
    await expectNoAxeViolations(page, 'shortcuts help');
    await screenshot(page, 'shortcuts-help-1280');
    // At 360 px the long description squeezed the close button (and its focus ring) into an oval.
    await page.setViewportSize({ width: 360, height: 800 });
    const close = await help.getByRole('button', { name: 'Close' }).boundingBox();
    expect({ width: close?.width, height: close?.height }).toEqual({ width: 36, height: 36 });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
  });

  test('a dialog opened by a shortcut gives focus back to what had it; Lock-In starts on the chosen duration', async () => {
    const { page } = await signIn();
    await openHome(page);
    const bankTab = page.getByRole('tab', { name: /Task Bank/ });
    await bankTab.focus();
    const focusedIsBankTab = () => bankTab.evaluate((el) => el === document.activeElement);

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await eventually(async () => expect(await focusedIsBankTab()).toBe(true));

    await page.keyboard.press('l');
    const lockInModal = page.getByRole('dialog', { name: 'Lock-In Mode' });
    await lockInModal.waitFor();
    // Not on the ×: on the selected session length, whose group the arrow keys move through.
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return { name: el?.name, checked: el?.checked, type: el?.type };
    });
    expect(focused).toEqual({ name: 'lockin-duration', checked: true, type: 'radio' });
    await page.keyboard.press('Escape');
    await lockInModal.waitFor({ state: 'hidden' });
    await eventually(async () => expect(await focusedIsBankTab()).toBe(true));
  });

  test('the off switch turns every shortcut off, survives a reload, and the account menu still opens the help', async () => {
    const { page } = await signIn();
    await openHome(page);
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    const toggle = help.getByRole('switch', { name: 'Single-key shortcuts' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    expect(await toggle.isChecked()).toBe(false);
    await help.getByRole('button', { name: 'Done' }).click();
    await help.waitFor({ state: 'hidden' });

    await page.keyboard.press('b');
    await page.keyboard.press('?');
    expect(await selectedTab(page).innerText()).toContain('Daily Tasks');
    expect(await help.isVisible()).toBe(false);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Ada!$/ }).waitFor();
    await page.keyboard.press('n');
    expect(await page.locator('#bank-add-form').count()).toBe(0);

    // The account menu reaches the help (and the switch) whatever the setting.
    await page.getByTestId('account-name').click();
    await page.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
    await help.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    // Focus is back on the account menu's button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('b');
    await eventually(async () => expect(await selectedTab(page).innerText()).toContain('Task Bank'));
  });

  test('m opens My Analytics for a Premium (trial) user', async () => {
    const { context, page } = await signIn();
    const { checkoutUrl } = (await (
      await context.request.post(`${suite.server.url}/api/create-subscription`, {
        headers: { origin: suite.server.url },
      })
    ).json()) as { checkoutUrl: string };
    const session = new URL(checkoutUrl, suite.server.url).searchParams.get('session');
    const done = await context.request.post(`${suite.server.url}/api/trpc/plans.demoCheckout.complete`, {
      data: { session },
      headers: { origin: suite.server.url },
    });
    expect(done.ok()).toBe(true);
    // The same trial makePremium(…, 'trial') writes in the HTTP tests, here through the demo
    // checkout because the browser suite's server is its own process.
    const plan = await (await context.request.get(`${suite.server.url}/api/subscription-status`)).json();
    expect(plan).toMatchObject({ premium: true, trialActive: true });
    await openHome(page);
    await page.getByRole('button', { name: 'My Analytics' }).waitFor();
    await page.keyboard.press('m');
    const dashboard = page.getByRole('dialog', { name: 'Productivity Dashboard' });
    await dashboard.waitFor();
    // The dashboard owns the keyboard: a tab key does nothing behind it.
    await page.keyboard.press('b');
    expect(await selectedTab(page).innerText()).toContain('Daily Tasks');
    // Photographed once the figures are in (the modal's code and its data load on first open).
    const body = dashboard.getByTestId('analytics-body');
    await body.waitFor();
    await body.locator('[role="status"]').waitFor({ state: 'detached' });
    await expectNoAxeViolations(page, 'My Analytics opened with m');
    await screenshot(page, 'shortcuts-analytics-1280');
    await page.keyboard.press('Escape');
    await dashboard.waitFor({ state: 'hidden' });
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.locator('tr[data-shortcut="analytics"]').getAttribute('data-available')).toBe('true');
  });

  test('at 360 px the help dialog is readable and passes axe', async () => {
    const { page } = await signIn(360);
    await openHome(page);
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await expectNoAxeViolations(page, 'shortcuts help at 360');
    await screenshot(page, 'shortcuts-help-360');
  });
});

// Browser tests of the signed-in main screen: the Task Bank (create, edit, delete, categories,
// filter, the free limit), Today's Focus (item button and picker, their limits and toasts,
// completion and order, removal), the daily reset across midnight with the browser's and the
// server's clocks moved together, jump-to-top, a keyboard-only flow, and failures at the network
// edge. Every state is checked with axe and photographed at 1280 and 360 px.
import { describe, expect, test } from 'bun:test';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import {
  dailyResetComplete,
  TOASTS,
  categoryAdded,
  categoryRemoved,
  taskAdded,
  taskAlreadyAdded,
} from '../../src/shared/copy';
import { SAVE_FAILED, tasksAdded } from '../../src/client/features/tasks/copy';
import {
  browserSuite,
  expectNoAxeViolations,
  isLiveStream,
  newContext,
  registerViaApi,
  screenshot,
  setServerClock,
  transitionsSettled,
  eventually,
} from './support/harness';
import { expectToast, screenChecks } from './support/screens';

// Whole-screen walks with a real server and browser: allow for a busy machine.
const suite = browserSuite();

// ---- helpers --------------------------------------------------------------------------------

interface Session {
  context: BrowserContext;
  page: Page;
}

/** A fresh account signed in through the API in a new browser context. */
async function signIn(
  options: { width?: number; beforeRegister?: (page: Page) => Promise<void> } = {},
): Promise<Session> {
  const context = await newContext(suite.browser, suite.server, { width: options.width });
  suite.track(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await options.beforeRegister?.(page);
  await registerViaApi(context, suite.server, { firstName: 'Ada' });
  return { context, page };
}

/** Opens '/' and waits until both lists have been answered by the server. */
async function openHome(page: Page): Promise<void> {
  const listed = (name: string) =>
    page.waitForResponse((r) => r.url().includes('/api/trpc/') && r.url().includes(name));
  const lists = Promise.all([listed('tasks.daily.list'), listed('tasks.bank.list')]);
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Ada!$/ }).waitFor();
  await lists;
  await eventually(async () => expect(await page.getByText('Loading tasks…').count()).toBe(0));
}

/** Creates a bank task through the spec's REST shim (as another device would). */
async function createViaApi(
  context: BrowserContext,
  title: string,
  category = 'General',
  description?: string,
): Promise<string> {
  const id = crypto.randomUUID();
  const res = await context.request.post(`${suite.server.url}/api/tasks`, {
    data: { id, title, category, description },
    headers: { origin: suite.server.url },
  });
  if (res.status() !== 201) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return id;
}

async function trpcMutation(context: BrowserContext, path: string, input: unknown): Promise<unknown> {
  const res = await context.request.post(`${suite.server.url}/api/trpc/${path}`, {
    data: input,
    headers: { origin: suite.server.url },
  });
  if (!res.ok()) throw new Error(`${path} failed: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** Runs an action and waits until the tRPC mutation it sends has been answered. */
async function andWaitFor(page: Page, procedure: string, action: () => Promise<unknown>): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/trpc/') && r.url().includes(procedure) && r.request().method() === 'POST',
  );
  try {
    await action();
  } catch (error) {
    answered.catch(() => {});
    throw error;
  }
  await answered;
}

/**
 * Ticks a Today's Focus task and waits for the list refetch that follows the write as well: one
 * still on its way when the test moves the server clock past midnight would run the reset itself,
 * and its toast would be lost to the page clock's jump or a reload.
 */
async function tickBeforeMidnight(page: Page, title: string): Promise<void> {
  const refetched = page.waitForResponse((r) => r.url().includes('tasks.daily.list'));
  await andWaitFor(page, 'tasks.daily.complete', () => page.getByRole('checkbox', { name: title }).check());
  await refetched;
}

async function dismissToast(page: Page): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  if (await dismiss.count()) {
    // Its time may run out while it is being clicked (it leaves on its own): gone either way.
    await dismiss.click({ timeout: 2_000 }).catch(() => {});
    await dismiss.waitFor({ state: 'detached' });
  }
}

const bankTab = (page: Page) => page.getByRole('tab', { name: /^Task Bank \(\d+\)$/ });
const dailyTab = (page: Page) => page.getByRole('tab', { name: /^Daily Tasks \(\d\/5\)$/ });
const bankItems = (page: Page) => page.getByTestId('bank-task');
const dailyItems = (page: Page) => page.getByTestId('daily-task');
const titlesOf = async (items: Locator, selector: string) =>
  (await items.locator(selector).allInnerTexts()).map((t) => t.trim());
const bankTitles = (page: Page) => titlesOf(bankItems(page), 'h3');
const dailyTitles = (page: Page) => titlesOf(dailyItems(page), 'label');

async function tabLabels(page: Page): Promise<string[]> {
  return (await page.getByRole('tab').allInnerTexts()).map((t) => t.trim());
}

async function openBank(page: Page): Promise<void> {
  await bankTab(page).click();
  await page.getByRole('heading', { level: 2, name: 'Task Bank' }).waitFor();
}

async function addViaForm(
  page: Page,
  title: string,
  options: { description?: string; category?: string } = {},
): Promise<void> {
  if ((await page.getByRole('form', { name: 'Add a task to your Task Bank' }).count()) === 0) {
    await page.getByRole('button', { name: '+ Add Task' }).click();
  }
  const form = page.getByRole('form', { name: 'Add a task to your Task Bank' });
  await form.getByLabel('Task Title').fill(title);
  if (options.description) await form.getByLabel('Description').fill(options.description);
  if (options.category) await form.getByLabel('Category', { exact: true }).selectOption(options.category);
  await andWaitFor(page, 'tasks.bank.create', () => form.getByRole('button', { name: 'Add to Task Bank' }).click());
}

const { checkScreen } = screenChecks('tasks');

/** Switches light/dark and waits for the colour transitions it starts (axe would measure them half-way). */
async function colorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await transitionsSettled(page);
}

// ---- Task Bank --------------------------------------------------------------------------------

describe('Task Bank', () => {
  test('empty states, create (newest on top, counts), inline edit with Save/Cancel, delete with confirmation', async () => {
    const { page } = await signIn();
    await openHome(page);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.title()).toBe('Tasks — LockIn');
    expect(await tabLabels(page)).toEqual(['Daily Tasks (0/5)', 'Task Bank (0)']);
    await page.getByText('No tasks for today.', { exact: true }).waitFor();
    await page.getByText('Add up to 5 tasks to start focusing!', { exact: true }).waitFor();
    // Free users: My Analytics is Quick Analytics; the premium upsell with 'Start Free Trial' to /subscribe.
    expect(await page.getByRole('button', { name: 'My Analytics' }).count()).toBe(1);
    await page.getByRole('heading', { name: 'Unlock Premium Features' }).waitFor();
    for (const feature of [
      'Task suggestions from your own tasks',
      // Every signed-in user has Lock In: what Premium adds is Lock In on each task.
      'Lock In on any task',
      'Comprehensive analytics',
      'Focus time recommendations',
    ]) {
      await page.getByText(feature, { exact: true }).waitFor();
    }
    expect(await page.getByText('Lock-In Mode', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/subscribe');
    expect(await page.getByText('Your trial has ended.', { exact: false }).count()).toBe(0);
    // A brand-new account's first visit says 'Welcome'; every visit after, 'Welcome back'.
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' }).waitFor();
    await checkScreen(page, 'daily-empty');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Ada!' }).waitFor();

    await openBank(page);
    await page.getByText('No tasks in your bank yet.', { exact: true }).waitFor();
    await page.getByText('Add some tasks to get started!', { exact: true }).waitFor();
    expect(await page.getByTestId('bank-count').innerText()).toBe('0 / 10 tasks');
    await checkScreen(page, 'bank-empty');

    // '+ Add Task' toggles the form and becomes 'Cancel'.
    await page.getByRole('button', { name: '+ Add Task' }).click();
    const form = page.getByRole('form', { name: 'Add a task to your Task Bank' });
    await form.waitFor();
    expect(await page.getByRole('button', { name: '+ Add Task' }).count()).toBe(0);
    expect(await form.getByLabel('Category', { exact: true }).inputValue()).toBe('General');
    // A blank title sends nothing (the field is required).
    let creates = 0;
    page.on('request', (req) => {
      if (req.url().includes('tasks.bank.create')) creates += 1;
    });
    await form.getByLabel('Task Title').fill('   ');
    await form.getByRole('button', { name: 'Add to Task Bank' }).click();
    expect(creates).toBe(0);

    await addViaForm(page, 'Write report', { description: 'Quarterly numbers', category: 'Work' });
    await addViaForm(page, 'Go for a run', { category: 'Health' });
    await eventually(async () => expect(await bankTitles(page)).toEqual(['Go for a run', 'Write report']));
    expect(await page.getByTestId('bank-count').innerText()).toBe('2 / 10 tasks');
    expect(await tabLabels(page)).toEqual(['Daily Tasks (0/5)', 'Task Bank (2)']);
    const report = bankItems(page).filter({ hasText: 'Write report' });
    expect(await report.innerText()).toContain('Quarterly numbers');
    expect(await report.getByTestId('category-badge').innerText()).toBe('Work');
    expect(await report.innerText()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    // The form was cleared for the next task and stays open.
    expect(await form.getByLabel('Task Title').inputValue()).toBe('');
    expect(await form.getByLabel('Category', { exact: true }).inputValue()).toBe('General');
    await checkScreen(page, 'bank-form');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await form.count()).toBe(0);

    // Edit, then Cancel: nothing changes.
    await page.getByRole('button', { name: 'Edit Write report' }).click();
    const edit = page.getByRole('form', { name: 'Edit Write report' });
    expect(await edit.getByLabel('Task Title').inputValue()).toBe('Write report');
    await edit.getByLabel('Task Title').fill('Something else');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await eventually(async () => expect(await bankTitles(page)).toEqual(['Go for a run', 'Write report']));

    // Edit, Save needs a non-empty trimmed title, then saves title, description and category.
    await page.getByRole('button', { name: 'Edit Write report' }).click();
    await edit.getByLabel('Task Title').fill('   ');
    expect(await edit.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await edit.getByLabel('Task Title').fill('Write annual report');
    await edit.getByLabel('Description').fill('With charts');
    await edit.getByLabel('Category').selectOption('Urgent');
    await checkScreen(page, 'bank-edit');
    await andWaitFor(page, 'tasks.bank.update', () => edit.getByRole('button', { name: 'Save' }).click());
    const edited = bankItems(page).filter({ hasText: 'Write annual report' });
    await edited.waitFor();
    expect(await edited.getByTestId('category-badge').innerText()).toBe('Urgent');
    expect(await edited.innerText()).toContain('With charts');

    // Delete asks first; Cancel keeps the task, Delete removes it.
    await page.getByRole('button', { name: 'Delete Go for a run' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Task?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Are you sure you want to delete "Go for a run"?');
    expect(await dialog.innerText()).toContain('This action cannot be undone.');
    await checkScreen(page, 'bank-delete-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await bankTitles(page)).toEqual(['Go for a run', 'Write annual report']);
    await page.getByRole('button', { name: 'Delete Go for a run' }).click();
    await andWaitFor(page, 'tasks.bank.delete', () => dialog.getByRole('button', { name: 'Delete' }).click());
    await eventually(async () => expect(await bankTitles(page)).toEqual(['Write annual report']));
    expect(await page.getByTestId('bank-count').innerText()).toBe('1 / 10 tasks');

    // The server has it the same way.
    await openHome(page);
    await openBank(page);
    expect(await bankTitles(page)).toEqual(['Write annual report']);
    expect(await bankItems(page).first().getByTestId('category-badge').innerText()).toBe('Urgent');
  });

  test('categories: add, duplicate and empty refused, remove reverts the form and resets the filter; filter with counts', async () => {
    const { context, page } = await signIn();
    await createViaApi(context, 'Read chapter', 'Learning');
    await createViaApi(context, 'Plan sprint', 'Work');
    await createViaApi(context, 'Email team', 'Work');
    await openHome(page);
    await openBank(page);

    const filter = page.getByLabel('Filter by category');
    const options = async () => (await filter.locator('option').allInnerTexts()).map((t) => t.trim());
    expect(await options()).toEqual(['All Categories (3)', 'Work (2)', 'Learning (1)']);
    await filter.selectOption('Work');
    await eventually(async () => expect(await bankTitles(page)).toEqual(['Email team', 'Plan sprint']));
    await filter.selectOption('');
    expect(await bankTitles(page)).toHaveLength(3);

    await page.getByRole('button', { name: '+ Add Task' }).click();
    const form = page.getByRole('form', { name: 'Add a task to your Task Bank' });
    const formCategory = form.getByLabel('Category', { exact: true });

    // Enter adds; the new category is selected in the form and listed with its remove control.
    await form.getByRole('button', { name: '+ Add a category' }).click();
    await form.getByLabel('New category name').fill('  Reading ');
    await andWaitFor(page, 'tasks.categories.add', () => form.getByLabel('New category name').press('Enter'));
    await expectToast(page, categoryAdded('Reading'));
    await eventually(async () => expect(await formCategory.inputValue()).toBe('Reading'));
    await form.getByRole('button', { name: 'Remove category Reading' }).waitFor();
    expect(await form.getByLabel('New category name').count()).toBe(0);

    // Duplicates (built-in or custom, case-sensitive) and blanks are refused with 'Invalid Category'.
    await dismissToast(page);
    await form.getByRole('button', { name: '+ Add a category' }).click();
    await form.getByLabel('New category name').fill('Work');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, TOASTS.invalidCategory);
    await dismissToast(page);
    await form.getByLabel('New category name').fill('Reading');
    await form.getByLabel('New category name').press('Enter');
    await expectToast(page, TOASTS.invalidCategory);
    await dismissToast(page);
    await form.getByLabel('New category name').fill('   ');
    await form.getByLabel('New category name').press('Enter');
    await expectToast(page, TOASTS.invalidCategory);
    // Escape cancels the inline input.
    await form.getByLabel('New category name').press('Escape');
    expect(await form.getByLabel('New category name').count()).toBe(0);
    expect(await form.isVisible()).toBe(true);
    // Cancel too.
    await form.getByRole('button', { name: '+ Add a category' }).click();
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await form.getByLabel('New category name').count()).toBe(0);
    await checkScreen(page, 'bank-categories');

    // A task in the custom category; the filter lists it with its count.
    await formCategory.selectOption('Reading');
    await addViaForm(page, 'Finish the novel');
    await eventually(async () =>
      expect(await options()).toEqual(['All Categories (4)', 'Work (2)', 'Learning (1)', 'Reading (1)']),
    );
    const novel = bankItems(page).filter({ hasText: 'Finish the novel' });
    expect(await novel.getByTestId('category-badge').innerText()).toBe('Reading');
    // Custom categories take the General style.
    expect(await novel.getByTestId('category-badge').getAttribute('class')).toContain('bg-slate-100');

    // Filtered to Reading, then its only task deleted: the filtered empty texts.
    await filter.selectOption('Reading');
    await eventually(async () => expect(await bankTitles(page)).toEqual(['Finish the novel']));
    await page.getByRole('button', { name: 'Delete Finish the novel' }).click();
    await andWaitFor(page, 'tasks.bank.delete', () =>
      page.getByRole('alertdialog', { name: 'Delete Task?' }).getByRole('button', { name: 'Delete' }).click(),
    );
    await page.getByText('No tasks in "Reading" category.', { exact: true }).waitFor();
    await page.getByText('Try selecting "All Categories" or add tasks to this category.', { exact: true }).waitFor();
    await checkScreen(page, 'bank-filtered-empty');

    // Removing the category selected in the form reverts it to General; the filter resets.
    await formCategory.selectOption('Reading');
    await andWaitFor(page, 'tasks.categories.remove', () =>
      form.getByRole('button', { name: 'Remove category Reading' }).click(),
    );
    await expectToast(page, categoryRemoved('Reading'));
    expect(await formCategory.inputValue()).toBe('General');
    expect(await filter.inputValue()).toBe('');
    expect(await bankTitles(page)).toHaveLength(3);
    expect(await form.getByRole('button', { name: 'Remove category Reading' }).count()).toBe(0);
    expect(await formCategory.locator('option').allInnerTexts()).not.toContain('Reading');

    await openHome(page);
    await openBank(page);
    await page.getByRole('button', { name: '+ Add Task' }).click();
    expect(await page.getByRole('button', { name: /^Remove category/ }).count()).toBe(0);
  });

  test("another device's change shows in the bank without a reload (the page's live stream)", async () => {
    const { context, page } = await signIn();
    await createViaApi(context, 'Task 1');
    await openHome(page);
    await openBank(page);
    await eventually(async () => expect(await bankTitles(page)).toEqual(['Task 1']));
    await createViaApi(context, 'From my phone');
    await eventually(async () => expect(await bankTitles(page)).toContain('From my phone'));
  });

  test('the free limit: 10 tasks, "n / 10 tasks", upgrade text, submit disabled; a refusal by the server rolls back with the toast', async () => {
    const { context, page } = await signIn();
    // This page hears nothing live (a proxy that drops the stream), so the phone's task below
    // reaches it only as the server's refusal.
    await page.route(isLiveStream, (route) => route.abort());
    for (let i = 1; i <= 9; i++) await createViaApi(context, `Task ${i}`);
    await openHome(page);
    await openBank(page);
    expect(await page.getByTestId('bank-count').innerText()).toBe('9 / 10 tasks');
    expect(await page.getByText('Upgrade to Premium for unlimited tasks').count()).toBe(0);

    await addViaForm(page, 'Task 10');
    await eventually(async () => expect(await page.getByTestId('bank-count').innerText()).toBe('10 / 10 tasks'));
    await page.getByText('Upgrade to Premium for unlimited tasks', { exact: true }).waitFor();
    const submit = page.getByRole('button', { name: 'Add to Task Bank' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await bankTitles(page)).toHaveLength(10);
    expect((await bankTitles(page))[0]).toBe('Task 10');
    await checkScreen(page, 'bank-limit');

    // Back to 9 here, but another device fills the bank meanwhile: the server refuses.
    await page.getByRole('button', { name: 'Delete Task 1', exact: true }).click();
    // Wait for the refetch that follows the delete too, so it cannot land after the phone's task.
    const relisted = page.waitForResponse((r) => r.url().includes('tasks.bank.list'));
    await andWaitFor(page, 'tasks.bank.delete', () =>
      page.getByRole('alertdialog', { name: 'Delete Task?' }).getByRole('button', { name: 'Delete' }).click(),
    );
    await relisted;
    await eventually(async () => expect(await page.getByTestId('bank-count').innerText()).toBe('9 / 10 tasks'));
    expect(await submit.isDisabled()).toBe(false);
    await createViaApi(context, 'From my phone');
    const form = page.getByRole('form', { name: 'Add a task to your Task Bank' });
    await form.getByLabel('Task Title').fill('One too many');
    await andWaitFor(page, 'tasks.bank.create', () => submit.click());
    const toast = await expectToast(page, TOASTS.taskLimitReached);
    expect(await toast.getAttribute('class')).toContain('bg-red-50');
    // Rolled back, the user's words given back, and the list is the server's after the refetch.
    await eventually(async () => expect(await bankTitles(page)).not.toContain('One too many'));
    await eventually(async () => expect(await form.getByLabel('Task Title').inputValue()).toBe('One too many'));
    await eventually(async () => expect(await bankTitles(page)).toContain('From my phone'));
    expect(await page.getByTestId('bank-count').innerText()).toBe('10 / 10 tasks');
  });
});

// ---- Today's Focus ----------------------------------------------------------------------------

describe('toasts', () => {
  test('show bottom centre, clear of the rows\u2019 buttons, and above an open dialog where they can be dismissed', async () => {
    const { context, page } = await signIn();
    for (const title of ['Write the report', 'Call the bank', 'Plan the week', 'Read a chapter'])
      await createViaApi(context, title);
    await openHome(page);
    await page.getByRole('tab', { name: /Task Bank/ }).click();
    await page.getByRole('button', { name: 'Add Write the report to today' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    const rowButtons = await page.locator('main li button').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, name: el.getAttribute('aria-label') };
      }),
    );
    expect(rowButtons.length).toBeGreaterThan(0);
    const overlapping = rowButtons.filter(
      (b) => b.left < box.x + box.width && b.right > box.x && b.top < box.y + box.height && b.bottom > box.y,
    );
    expect(overlapping).toEqual([]);

    // A dialog opens while the toast shows: the toast belongs to the screen that raised it, so it
    // stays on the page (issue #51: 'Task Added!' showed at the top of the Lock-In setup).
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.getByTestId('toast').count()).toBe(0);
    expect(await page.locator('[data-toast="page"]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    expect(await page.getByTestId('toast').count()).toBe(0);
  });
});

describe("Today's Focus", () => {
  test('add via the item button and the picker, their limits and toasts, complete and sort, remove', async () => {
    const { context, page } = await signIn();
    for (const title of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf']) {
      await createViaApi(
        context,
        title,
        title === 'Alpha' ? 'Work' : 'General',
        title === 'Alpha' ? 'The first one' : undefined,
      );
    }
    await openHome(page);
    await openBank(page);

    await andWaitFor(page, 'tasks.daily.add', () => page.getByRole('button', { name: 'Add Alpha to today' }).click());
    await expectToast(page, taskAdded('Alpha'));
    await eventually(async () => expect(await tabLabels(page)).toEqual(['Daily Tasks (1/5)', 'Task Bank (7)']));
    await dismissToast(page);
    await page.getByRole('button', { name: 'Add Alpha to today' }).click();
    await expectToast(page, taskAlreadyAdded('Alpha'));

    await dailyTab(page).click();
    expect(await dailyTitles(page)).toEqual(['Alpha']);
    const alpha = dailyItems(page).filter({ hasText: 'Alpha' });
    expect(await alpha.innerText()).toContain('The first one');
    expect(await alpha.getByTestId('category-badge').innerText()).toBe('Work');
    expect(await alpha.getByTestId('carry-over-badge').count()).toBe(0);

    // The picker: tasks on today's list are hidden; only 5 − 1 = 4 may be chosen.
    await page.getByRole('button', { name: 'Add Task (1/5)' }).click();
    const picker = page.getByRole('dialog', { name: 'Add to Daily Tasks' });
    await picker.waitFor();
    expect(await picker.innerText()).toContain('Choose up to 4 more tasks from your Task Bank.');
    const boxes = picker.getByRole('checkbox');
    expect(await boxes.count()).toBe(6);
    expect(await picker.getByRole('checkbox', { name: /Alpha/ }).count()).toBe(0);
    const addSelected = picker.getByRole('button', { name: /^Add Selected/ });
    expect(await addSelected.isDisabled()).toBe(true);
    for (const name of ['Bravo', 'Charlie', 'Delta', 'Echo'])
      await picker.getByRole('checkbox', { name: new RegExp(name) }).check();
    expect(await picker.getByRole('checkbox', { name: /Foxtrot/ }).isDisabled()).toBe(true);
    expect(await picker.getByRole('checkbox', { name: /Golf/ }).isDisabled()).toBe(true);
    await picker.getByRole('checkbox', { name: /Echo/ }).uncheck();
    expect(await picker.getByRole('checkbox', { name: /Golf/ }).isDisabled()).toBe(false);
    await picker.getByRole('checkbox', { name: /Echo/ }).check();
    expect(await picker.getByRole('checkbox', { name: /Golf/ }).isDisabled()).toBe(true);
    expect(await addSelected.innerText()).toBe('Add Selected (4)');
    await checkScreen(page, 'daily-picker');
    await andWaitFor(page, 'tasks.daily.add', () => addSelected.click());
    await picker.waitFor({ state: 'hidden' });
    await expectToast(page, tasksAdded(4));
    await eventually(async () =>
      expect(await dailyTitles(page)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']),
    );
    expect(await tabLabels(page)).toEqual(['Daily Tasks (5/5)', 'Task Bank (7)']);
    expect(await page.getByRole('button', { name: 'Add Task (5/5)' }).isDisabled()).toBe(true);

    // Full: the bank's add button answers with the limit toast.
    await openBank(page);
    await dismissToast(page);
    await page.getByRole('button', { name: 'Add Golf to today' }).click();
    const limitToast = await expectToast(page, TOASTS.dailyTaskLimitReached);
    expect(await limitToast.getAttribute('class')).toContain('bg-red-50');

    // Complete: struck through and sorted below the incomplete ones; kept after a reload.
    await dailyTab(page).click();
    await andWaitFor(page, 'tasks.daily.complete', () => page.getByRole('checkbox', { name: 'Alpha' }).check());
    expect(await page.getByRole('checkbox', { name: 'Alpha' }).isChecked()).toBe(true);
    expect(await dailyItems(page).filter({ hasText: 'Alpha' }).locator('label').getAttribute('class')).toContain(
      'line-through',
    );
    await eventually(async () =>
      expect(await dailyTitles(page)).toEqual(['Bravo', 'Charlie', 'Delta', 'Echo', 'Alpha']),
    );
    await andWaitFor(page, 'tasks.daily.complete', () => page.getByRole('checkbox', { name: 'Charlie' }).check());
    await eventually(async () =>
      expect(await dailyTitles(page)).toEqual(['Bravo', 'Delta', 'Echo', 'Alpha', 'Charlie']),
    );
    await checkScreen(page, 'daily-list');
    await openHome(page);
    expect(await dailyTitles(page)).toEqual(['Bravo', 'Delta', 'Echo', 'Alpha', 'Charlie']);
    expect(await page.getByRole('checkbox', { name: 'Alpha' }).isChecked()).toBe(true);

    // Uncomplete: back among the incomplete ones, in the order they were added.
    await andWaitFor(page, 'tasks.daily.incomplete', () => page.getByRole('checkbox', { name: 'Alpha' }).uncheck());
    await eventually(async () =>
      expect(await dailyTitles(page)).toEqual(['Alpha', 'Bravo', 'Delta', 'Echo', 'Charlie']),
    );
    expect(await dailyItems(page).filter({ hasText: 'Alpha' }).locator('label').getAttribute('class')).not.toContain(
      'line-through',
    );

    // Remove from today: gone from the list, still in the bank.
    await andWaitFor(page, 'tasks.daily.remove', () =>
      page.getByRole('button', { name: 'Remove Bravo from today' }).click(),
    );
    await eventually(async () => expect(await dailyTitles(page)).toEqual(['Alpha', 'Delta', 'Echo', 'Charlie']));
    // Focus did not fall to the page body.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('todays-focus-title');
    expect(await tabLabels(page)).toEqual(['Daily Tasks (4/5)', 'Task Bank (7)']);
    expect(await page.getByRole('button', { name: 'Add Task (4/5)' }).isDisabled()).toBe(false);
    await openHome(page);
    expect(await dailyTitles(page)).toEqual(['Alpha', 'Delta', 'Echo', 'Charlie']);
    await openBank(page);
    expect(await bankTitles(page)).toContain('Bravo');
  });

  test('an edit in the bank shows on today’s copy too', async () => {
    const { context, page } = await signIn();
    const id = await createViaApi(context, 'Draft slides', 'Work');
    await trpcMutation(context, 'tasks.daily.add', { ids: [id] });
    await openHome(page);
    expect(await dailyTitles(page)).toEqual(['Draft slides']);
    await openBank(page);
    await page.getByRole('button', { name: 'Edit Draft slides' }).click();
    const edit = page.getByRole('form', { name: 'Edit Draft slides' });
    await edit.getByLabel('Task Title').fill('Draft final slides');
    await andWaitFor(page, 'tasks.bank.update', () => edit.getByRole('button', { name: 'Save' }).click());
    await dailyTab(page).click();
    await eventually(async () => expect(await dailyTitles(page)).toEqual(['Draft final slides']));
  });

  test('daily reset across midnight: completed dropped, incomplete carried over with a growing highlight, the toast', async () => {
    const start = new Date();
    start.setUTCHours(10, 0, 0, 0);
    const day = 24 * 60 * 60 * 1000;
    await setServerClock(suite.server, start);
    try {
      const { context, page } = await signIn({ beforeRegister: (p) => p.clock.install({ time: start }) });
      const write = await createViaApi(context, 'Write tests', 'Work');
      const run = await createViaApi(context, 'Morning run', 'Health');
      await trpcMutation(context, 'tasks.daily.add', { ids: [write, run] });
      await openHome(page);
      expect(await dailyTitles(page)).toEqual(['Write tests', 'Morning run']);
      await tickBeforeMidnight(page, 'Morning run');

      // Midnight passes on both clocks; the 60-second check runs the reset.
      await setServerClock(suite.server, new Date(start.getTime() + day));
      await andWaitFor(page, 'tasks.daily.reset', () => page.clock.fastForward(day));
      await expectToast(page, dailyResetComplete(1, 1));
      await eventually(async () => expect(await dailyTitles(page)).toEqual(['Write tests']));
      const write1 = dailyItems(page).first();
      await eventually(async () => expect(await write1.getByTestId('carry-over-badge').innerText()).toBe('1 day ago'));
      expect(await write1.getAttribute('data-carry-level')).toBe('1');
      expect(await write1.getAttribute('class')).toContain('bg-red-50');
      expect(await tabLabels(page)).toEqual(['Daily Tasks (1/5)', 'Task Bank (2)']);
      await checkScreen(page, 'daily-after-reset');

      // Still undone three days later: a stronger ring (no toast: nothing completed was removed).
      await dismissToast(page);
      await setServerClock(suite.server, new Date(start.getTime() + 3 * day));
      await andWaitFor(page, 'tasks.daily.reset', () => page.clock.fastForward(2 * day));
      await eventually(async () =>
        expect(await dailyItems(page).first().getByTestId('carry-over-badge').innerText()).toBe('3 days ago'),
      );
      expect(await dailyItems(page).first().getAttribute('data-carry-level')).toBe('2');
      expect(await page.getByText('Daily Reset Complete').count()).toBe(0);

      // A week: the strongest ring.
      await setServerClock(suite.server, new Date(start.getTime() + 7 * day));
      await andWaitFor(page, 'tasks.daily.reset', () => page.clock.fastForward(4 * day));
      await eventually(async () =>
        expect(await dailyItems(page).first().getByTestId('carry-over-badge').innerText()).toBe('7 days ago'),
      );
      expect(await dailyItems(page).first().getAttribute('data-carry-level')).toBe('3');
      await checkScreen(page, 'daily-overdue-week');

      // Completed: 0 days, no badge or highlight; the next day's first read runs the reset and says so.
      await tickBeforeMidnight(page, 'Write tests');
      expect(await dailyItems(page).first().getByTestId('carry-over-badge').count()).toBe(0);
      expect(await dailyItems(page).first().getAttribute('data-carry-level')).toBe('0');
      await setServerClock(suite.server, new Date(start.getTime() + 8 * day));
      await page.clock.setFixedTime(new Date(start.getTime() + 8 * day));
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Ada!$/ }).waitFor();
      await expectToast(page, dailyResetComplete(1, 0));
      await page.getByText('No tasks for today.', { exact: true }).waitFor();
    } finally {
      await setServerClock(suite.server, new Date());
    }
  });
});

// ---- Whole screen -----------------------------------------------------------------------------

describe('the screen as a whole', () => {
  test('jump-to-top appears on the bank tab after scrolling past 300 px', async () => {
    const { context, page } = await signIn({ width: 360 });
    for (let i = 1; i <= 10; i++)
      await createViaApi(
        context,
        `Long list task ${i}`,
        'General',
        'A description long enough to take some room on a phone screen.',
      );
    await openHome(page);
    await openBank(page);
    const jump = page.getByRole('button', { name: 'Jump to top' });
    expect(await jump.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForFunction(() => window.scrollY === 250);
    expect(await jump.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await jump.waitFor();
    await expectNoAxeViolations(page, 'jump-to-top');
    await screenshot(page, 'tasks-jump-to-top-360-viewport', { fullPage: false });
    await jump.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await jump.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('task-bank-title');
    // Not on the daily tab.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await dailyTab(page).click();
    await page.evaluate(() => window.scrollTo(0, 400));
    expect(await jump.count()).toBe(0);
  });

  test('at 360 px: the last card clears the jump button, a long word wraps in the picker, the Premium tooltip stays on screen', async () => {
    const { context, page } = await signIn({ width: 360 });
    const longWord = 'quarterly_report_final_version_2026_reviewed_by_finance_and_legal.xlsx';
    for (let i = 1; i <= 9; i++) await createViaApi(context, `Long list task ${i}`, 'Work', 'Room on a phone screen.');
    await createViaApi(context, longWord, 'Learning');
    await openHome(page);
    await openBank(page);

    // Scrolled to the bottom: the jump button sits on no part of the last card's badge.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const jump = page.getByRole('button', { name: 'Jump to top' });
    await jump.waitFor();
    const jumpBox = await jump.boundingBox();
    const badgeBox = await bankItems(page).last().getByTestId('category-badge').boundingBox();
    if (!jumpBox || !badgeBox) throw new Error('missing box');
    expect(badgeBox.y + badgeBox.height <= jumpBox.y || jumpBox.y + jumpBox.height <= badgeBox.y).toBe(true);

    // The Premium tooltip, shown by focus: wholly on the screen.
    await page.evaluate(() => window.scrollTo(0, 0));
    const ai = page.getByRole('button', { name: 'Task Suggestions', exact: true });
    await ai.focus();
    const tooltip = page.locator(`[id="${await ai.getAttribute('aria-describedby')}"]`);
    await eventually(async () => expect(await tooltip.evaluate((el) => getComputedStyle(el).opacity)).toBe('1'));
    const tip = await tooltip.boundingBox();
    if (!tip) throw new Error('no tooltip box');
    expect(tip.x).toBeGreaterThanOrEqual(0);
    expect(tip.x + tip.width).toBeLessThanOrEqual(360);

    // The Add-to-Today picker: a title of one long word wraps inside its row.
    await dailyTab(page).click();
    await page
      .getByRole('button', { name: /^Add Task/ })
      .first()
      .click();
    const picker = page.getByRole('dialog', { name: 'Add to Daily Tasks' });
    await picker.waitFor();
    const row = picker.locator('label').filter({ hasText: 'quarterly_report' });
    const rowBox = await row.boundingBox();
    const pickerBox = await picker.boundingBox();
    if (!rowBox || !pickerBox) throw new Error('missing box');
    expect(rowBox.width).toBeLessThanOrEqual(pickerBox.width);
    expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'tasks-picker-long-word-360');
  });

  test('keyboard only: create a task, put it on today, complete it; the AI upsell tooltip is reachable', async () => {
    const { page } = await signIn();
    await openHome(page);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el
          ? `${el.getAttribute('role') ?? el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.textContent?.trim()}`
          : '';
      });
    async function tabTo(target: string, max = 30): Promise<void> {
      for (let i = 0; i < max; i++) {
        if ((await focused()) === target) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`never reached ${target}; at ${await focused()}`);
    }

    await tabTo('tab:Daily Tasks (0/5)');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('tab:Task Bank (0)');
    await page.getByRole('heading', { name: 'Task Bank' }).waitFor();

    await tabTo('button:Task Suggestions');
    const ai = page.getByRole('button', { name: 'Task Suggestions', exact: true });
    expect(await ai.getAttribute('aria-disabled')).toBe('true');
    const tooltipId = await ai.getAttribute('aria-describedby');
    const tooltip = page.locator(`[id="${tooltipId}"]`);
    expect(await tooltip.innerText()).toBe('Upgrade to Premium for Task Suggestions');
    await eventually(async () => expect(await tooltip.evaluate((el) => getComputedStyle(el).opacity)).toBe('1'));
    await page.keyboard.press('Enter');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await tabTo('button:+ Add Task');
    await page.keyboard.press('Enter');
    // Focus lands in the title field.
    const titleId = await page.getByLabel('Task Title').getAttribute('id');
    await eventually(async () =>
      expect(await page.evaluate(() => document.activeElement?.id ?? '')).toBe(titleId ?? 'missing'),
    );
    await page.keyboard.type('Keyboard task');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Typed without a mouse');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown'); // General → Work
    expect(await page.getByLabel('Category', { exact: true }).inputValue()).toBe('Work');
    await tabTo('button:Add to Task Bank');
    await andWaitFor(page, 'tasks.bank.create', () => page.keyboard.press('Enter'));
    await eventually(async () => expect(await bankTitles(page)).toEqual(['Keyboard task']));
    expect(await bankItems(page).first().getByTestId('category-badge').innerText()).toBe('Work');

    await tabTo('button:Add Keyboard task to today');
    await andWaitFor(page, 'tasks.daily.add', () => page.keyboard.press('Enter'));
    await expectToast(page, taskAdded('Keyboard task'));
    // The button stayed focusable while its request ran, so focus is where the user left it.
    expect(await focused()).toBe('button:Add Keyboard task to today');

    await tabTo('tab:Task Bank (1)', 40);
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('tab:Daily Tasks (1/5)');
    await tabTo('input:');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('checkbox');
    await andWaitFor(page, 'tasks.daily.complete', () => page.keyboard.press('Space'));
    expect(await page.getByRole('checkbox', { name: 'Keyboard task' }).isChecked()).toBe(true);
    await tabTo('button:Remove Keyboard task from today');
  });

  test('ticking a task with the keyboard keeps focus on its box while the list re-sorts', async () => {
    const { context, page } = await signIn();
    const first = await createViaApi(context, 'First up');
    const second = await createViaApi(context, 'Second up');
    await trpcMutation(context, 'tasks.daily.add', { ids: [first, second] });
    await openHome(page);
    await eventually(async () => expect(await dailyTitles(page)).toEqual(['First up', 'Second up']));
    const box = page.getByRole('checkbox', { name: 'First up' });
    await box.focus();
    await andWaitFor(page, 'tasks.daily.complete', () => page.keyboard.press('Space'));
    await eventually(async () => expect(await dailyTitles(page)).toEqual(['Second up', 'First up']));
    expect(await box.isChecked()).toBe(true);
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test("the picker keeps 'Cancel' and 'Add Selected (n)' in view however long the list; filling today to 5/5 leaves focus on Today's Focus", async () => {
    const { context, page } = await signIn();
    const words = 'A description long enough to wrap onto several lines on a phone-sized screen.';
    for (let n = 1; n <= 10; n++) await createViaApi(context, `Picker task ${n}`, 'General', `${words} (${n})`);
    await openHome(page);

    /** The button is drawn inside the viewport and is what a click at its centre reaches. */
    const inView = (button: Locator) =>
      button.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return box.bottom <= window.innerHeight && box.top >= 0 && hit !== null && el.contains(hit);
      });

    const picker = page.getByRole('dialog', { name: 'Add to Daily Tasks' });
    const cancel = picker.getByRole('button', { name: 'Cancel' });
    const addSelected = picker.getByRole('button', { name: /^Add Selected/ });
    for (const size of [
      { width: 360, height: 640 },
      { width: 1280, height: 600 },
    ]) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: 'Add Task (0/5)' }).click();
      await picker.waitFor();
      // The list is longer than the dialog: it scrolls, the actions do not.
      const list = picker.getByRole('group', { name: 'Tasks in your Task Bank' });
      expect((await list.boundingBox())!.height).toBeGreaterThan(size.height);
      expect({ size, cancel: await inView(cancel), add: await inView(addSelected) }).toEqual({
        size,
        cancel: true,
        add: true,
      });
      await picker.getByRole('checkbox', { name: /Picker task 10/ }).scrollIntoViewIfNeeded();
      expect({ size, scrolled: await inView(addSelected) }).toEqual({ size, scrolled: true });
      await cancel.click();
      await picker.waitFor({ state: 'hidden' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Keyboard only: tick five, add them. The Add Task button the dialog hands focus back to is
    // disabled at 5/5, so focus goes to the list's heading instead of falling to the page.
    await page.getByRole('button', { name: 'Add Task (0/5)' }).focus();
    await page.keyboard.press('Enter');
    await picker.waitFor();
    for (let n = 1; n <= 5; n++) {
      await picker.getByRole('checkbox', { name: new RegExp(`Picker task ${n}\\b`) }).focus();
      await page.keyboard.press('Space');
    }
    expect(await addSelected.innerText()).toBe('Add Selected (5)');
    for (const scheme of ['light', 'dark'] as const) {
      await colorScheme(page, scheme);
      await checkScreen(page, `daily-picker-long-${scheme}`);
    }
    await colorScheme(page, 'light');
    await addSelected.focus();
    await andWaitFor(page, 'tasks.daily.add', () => page.keyboard.press('Enter'));
    await picker.waitFor({ state: 'hidden' });
    await eventually(async () => expect(await tabLabels(page)).toEqual(['Daily Tasks (5/5)', 'Task Bank (10)']));
    expect(await page.getByRole('button', { name: 'Add Task (5/5)' }).isDisabled()).toBe(true);
    await eventually(async () =>
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Today's Focus"),
    );
    // From there the keyboard goes on into the list.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    for (const scheme of ['light', 'dark'] as const) {
      await colorScheme(page, scheme);
      await checkScreen(page, `daily-full-${scheme}`);
    }
  });

  test('a write after the session ended takes the app back to the visitor screens', async () => {
    const { context, page } = await signIn();
    await openHome(page);
    await context.clearCookies();
    await openBank(page);
    await page.getByRole('button', { name: '+ Add Task' }).click();
    await page.getByLabel('Task Title').fill('Too late');
    await page.getByRole('button', { name: 'Add to Task Bank' }).click();
    await page.getByRole('link', { name: 'Lock In' }).first().waitFor();
    expect(await page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Ada!$/ }).count()).toBe(0);
  });

  test('a request the server fails rolls back, says so, and the list is right after a reload', async () => {
    const { context, page } = await signIn();
    const id = await createViaApi(context, 'Stable task');
    await trpcMutation(context, 'tasks.daily.add', { ids: [id] });
    await openHome(page);
    // The server answers, and the answer is a failure (a network failure instead waits and is
    // replayed: offline-changes.e2e.test.ts).
    const serverFails = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'Internal server error',
              code: -32603,
              data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
            },
          },
        ]),
      });

    // Completing: the tick is undone and the user told.
    await page.route('**/api/trpc/tasks.daily.complete**', serverFails);
    await page.getByRole('checkbox', { name: 'Stable task' }).check();
    await expectToast(page, { title: SAVE_FAILED.title });
    await eventually(async () =>
      expect(await page.getByRole('checkbox', { name: 'Stable task' }).isChecked()).toBe(false),
    );
    await page.unroute('**/api/trpc/tasks.daily.complete**');

    // Creating: the optimistic row goes away, the typed words stay in the form.
    await openBank(page);
    await page.route('**/api/trpc/tasks.bank.create**', serverFails);
    await page.getByRole('button', { name: '+ Add Task' }).click();
    const form = page.getByRole('form', { name: 'Add a task to your Task Bank' });
    await form.getByLabel('Task Title').fill('Offline idea');
    await dismissToast(page);
    await form.getByRole('button', { name: 'Add to Task Bank' }).click();
    await expectToast(page, { title: SAVE_FAILED.title });
    await eventually(async () => expect(await bankTitles(page)).toEqual(['Stable task']));
    await eventually(async () => expect(await form.getByLabel('Task Title').inputValue()).toBe('Offline idea'));
    await page.unroute('**/api/trpc/tasks.bank.create**');

    // Once the server answers again the same words go through.
    await andWaitFor(page, 'tasks.bank.create', () => form.getByRole('button', { name: 'Add to Task Bank' }).click());
    await openHome(page);
    expect(await page.getByRole('checkbox', { name: 'Stable task' }).isChecked()).toBe(false);
    await openBank(page);
    expect(await bankTitles(page)).toEqual(['Offline idea', 'Stable task']);
  });
});

// ---- A reset run by a write -------------------------------------------------------------------

describe('the daily reset run by a write', () => {
  test('after midnight the first write runs the reset, and its answer brings the toast', async () => {
    const start = new Date();
    start.setUTCHours(10, 0, 0, 0);
    const day = 24 * 60 * 60 * 1000;
    await setServerClock(suite.server, start);
    try {
      // The page's clock stands still, so its 60-second check never runs: only the write can.
      const { context, page } = await signIn({ beforeRegister: (p) => p.clock.install({ time: start }) });
      const write = await createViaApi(context, 'Write tests', 'Work');
      const run = await createViaApi(context, 'Morning run', 'Health');
      await trpcMutation(context, 'tasks.daily.add', { ids: [write, run] });
      await openHome(page);
      await andWaitFor(page, 'tasks.daily.complete', () => page.getByRole('checkbox', { name: 'Morning run' }).check());
      expect(await page.getByText('Daily Reset Complete').count()).toBe(0);

      // Midnight passes on the server only; ticking the carried-over task is the first request of the new day.
      await setServerClock(suite.server, new Date(start.getTime() + day));
      await andWaitFor(page, 'tasks.daily.complete', () => page.getByRole('checkbox', { name: 'Write tests' }).check());
      await expectToast(page, dailyResetComplete(1, 1));
      await eventually(async () => expect(await dailyTitles(page)).toEqual(['Write tests']));
      expect(await page.getByRole('checkbox', { name: 'Write tests' }).isChecked()).toBe(true);
    } finally {
      await setServerClock(suite.server, new Date());
    }
  });
});

// The phone, keyboard and screen-reader polish of issue #51: on a 390 px phone with touch, the
// landing page's sign-up buttons, Quick Analytics for a free user, a toast that stays on the
// screen that raised it, the Lock-In steps with focus kept in the dialog and the quit dialog with
// no ghost behind it, End Early said and seen, a two-line offline banner, the demo's honest
// success line; and a keyboard-only walk from sign-up through a Lock-In started and ended to
// Manage Account, asserting where focus is after every step and what is announced.
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { ANNOUNCEMENTS } from '../../src/shared/copy';
import { LOCKIN_COPY } from '../../src/shared/lockin';
import { browserSuite, eventually, expectNoAxeViolations, screenshot, setServerClock } from './support/harness';
import { expectToast } from './support/screens';

const suite = browserSuite();

/** What has focus: its tag, its accessible name as the page gives it, and its test id. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const label = el instanceof HTMLInputElement ? el.labels?.[0]?.innerText : undefined;
    return {
      tag: el?.tagName.toLowerCase() ?? null,
      name: (el?.getAttribute('aria-label') ?? label ?? el?.innerText ?? '').trim().split('\n')[0] ?? '',
      testId: el?.getAttribute('data-testid') ?? null,
      inDialog: Boolean(el?.closest('dialog[open]')),
      menu: el?.getAttribute('aria-haspopup') === 'menu',
    };
  });
}

/** Presses Tab until the focused element's name is `name` (a keyboard user's way there). */
async function tabTo(page: Page, name: string | RegExp, max = 60): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let i = 0; i < max; i++) {
    if (matches((await focused(page)).name)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached '${name}' (at '${(await focused(page)).name}')`);
}

const announced = (page: Page) =>
  page.evaluate(() => {
    const dialogs = document.querySelectorAll('dialog[open]');
    const top = dialogs[dialogs.length - 1];
    const region = top?.querySelector('[data-announcer]') ?? document.querySelector('[data-announcer="page"]');
    return region?.textContent ?? '';
  });

async function signUpWithForm(page: Page, firstName: string): Promise<void> {
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill('Tester');
  await page
    .getByLabel('Email', { exact: true })
    .fill(`polish-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('focus-time-2026');
}

describe('on a phone (390 px, touch)', () => {
  test('sign-up buttons, Quick Analytics, toasts, the Lock-In steps, End Early, the offline banner', async () => {
    const { context, page } = await suite.open({ phone: true });
    await page.goto('/');
    // 'Get Started Free' and 'Create an Account' open the sign-up form, not 'Welcome Back'.
    for (const name of ['Get Started Free', 'Create an Account']) {
      await page.goto('/');
      await page.getByRole('link', { name }).tap();
      await page.getByRole('heading', { level: 1, name: 'Create Your Account' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/signup');
    }
    await signUpWithForm(page, 'Pia');
    await page.getByRole('button', { name: 'Create Account' }).tap();
    // After sign-up focus is on the new page's heading, not <body>.
    await page.getByRole('heading', { level: 1, name: /Welcome, Pia/ }).waitFor();
    await eventually(async () => expect((await focused(page)).tag).toBe('h1'));

    // A free user's My Analytics is Quick Analytics, with the upsell.
    await page.getByRole('button', { name: 'My Analytics' }).tap();
    const analytics = page.getByRole('dialog', { name: 'Quick Analytics' });
    await analytics.getByRole('heading', { name: 'Unlock Premium Analytics' }).waitFor();
    await expectNoAxeViolations(page, 'quick analytics @390');
    await screenshot(page, 'polish-quick-analytics-390');
    await analytics.getByRole('button', { name: 'Close' }).tap();
    await analytics.waitFor({ state: 'hidden' });

    // A toast raised on the page stays there when a dialog opens over it.
    const res = await context.request.post(`${suite.server.url}/api/trpc/tasks.bank.create`, {
      data: { id: crypto.randomUUID(), title: 'Plan the week' },
      headers: { origin: suite.server.url },
    });
    expect(res.ok()).toBe(true);
    await page.clock.install();
    await page.reload();
    await page.getByRole('tab', { name: /Task Bank/ }).tap();
    await page.getByRole('button', { name: 'Add Plan the week to today' }).tap();
    await expectToast(page, { title: 'Task Added!' });
    await page.getByRole('tab', { name: /Daily Tasks/ }).tap();
    await page.getByRole('button', { name: 'Lock In', exact: true }).tap();
    const modal = page.getByRole('dialog', { name: LOCKIN_COPY.modalTitle });
    await modal.waitFor();
    expect(await modal.getByTestId('toast').count()).toBe(0);

    // Each step keeps focus in the dialog: the commitment after 'Continue', the countdown after 'Start Session'.
    await modal.getByText('25 min', { exact: true }).tap();
    await modal.getByRole('button', { name: LOCKIN_COPY.continue }).tap();
    await eventually(async () => expect(await focused(page)).toMatchObject({ inDialog: true, tag: 'div' }));
    expect((await focused(page)).name).toBe('You are committing to');
    await modal.getByRole('button', { name: LOCKIN_COPY.cancel }).tap();
    await eventually(async () => expect((await focused(page)).name).toBe('25 min'));
    await modal.getByRole('button', { name: LOCKIN_COPY.continue }).tap();
    await modal.getByRole('button', { name: LOCKIN_COPY.startSession }).tap();
    await page.getByTestId('lockin-countdown').waitFor();
    await eventually(async () => expect((await focused(page)).testId).toBe('lockin-countdown'));

    // The quit dialog: nothing of the running card shows behind it.
    await modal.getByRole('button', { name: 'Stop Session' }).tap();
    const quit = page.getByRole('alertdialog', { name: LOCKIN_COPY.quitTitle });
    await quit.waitFor();
    expect(
      await page.locator('dialog:has([data-testid="lockin-modal"])').evaluate((d) => getComputedStyle(d).visibility),
    ).toBe('hidden');
    await screenshot(page, 'polish-quit-390');
    await page.clock.runFor(5_000);
    const endEarly = quit.getByTestId('end-early');
    await eventually(async () => expect(await endEarly.isDisabled()).toBe(false));
    await endEarly.tap();
    // End Early is seen and heard (a toast is a polite live region); focus is on the page, not <body>.
    await expectToast(page, LOCKIN_COPY.endedEarlyToast(0, 25));
    await eventually(async () => expect((await focused(page)).tag).not.toBe('body'));
    expect((await focused(page)).tag).not.toBeNull();
    await expectNoAxeViolations(page, 'after end early @390');
    await screenshot(page, 'polish-ended-early-390');

    // Offline, the banner is at most two lines at 390 px.
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    const lines = await banner.evaluate((el) => {
      const style = getComputedStyle(el);
      return Math.round(
        (el.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom)) /
          Number.parseFloat(style.lineHeight),
      );
    });
    expect(lines).toBeLessThanOrEqual(2);
    await screenshot(page, 'polish-offline-390');
    await context.setOffline(false);
  });

  test('Manage Account: saving keeps focus, a removed site hands focus on and is announced, no toast covers the focused link', async () => {
    const { context, page } = await suite.open({ phone: true, account: { firstName: 'Max' } });
    for (const site of ['news.example', 'video.example', 'social.example']) {
      const res = await context.request.post(`${suite.server.url}/api/trpc/blocking.add`, {
        data: { sites: [site] },
        headers: { origin: suite.server.url },
      });
      expect(res.ok()).toBe(true);
    }
    await page.clock.install();
    await page.goto('/manage-subscription');
    // Rest days: saving keeps focus on Save, and the toast says when they start.
    const rest = page.getByTestId('rest-days');
    await rest.getByRole('checkbox', { name: 'Sunday' }).tap();
    const save = rest.getByRole('button', { name: 'Save rest days' });
    await save.tap();
    await expectToast(page, { title: 'Rest days saved', description: 'From tomorrow: Sunday.' });
    await eventually(async () => expect((await focused(page)).name).toBe('Save rest days'));

    // A focused link near the bottom is never under the toast (it stays while the clock is held).
    const cookies = page.getByRole('link', { name: 'Cookie Policy' });
    await cookies.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const covered = await page.evaluate(() => {
      const a = document.activeElement?.getBoundingClientRect();
      const t = document.querySelector('[data-toast="page"]')?.getBoundingClientRect();
      return a && t ? a.bottom > t.top && a.top < t.bottom && a.right > t.left && a.left < t.right : null;
    });
    expect(covered).toBe(false);
    await screenshot(page, 'polish-toast-clear-of-focus-390');

    // Removing a site: said, and focus moves to the site now in its place.
    const card = page.getByTestId('blocked-sites');
    await card.getByRole('button', { name: 'Remove video.example' }).tap();
    await eventually(async () => expect(await announced(page)).toBe(ANNOUNCEMENTS.siteRemoved('video.example')));
    await eventually(async () => expect((await focused(page)).name).toBe('Remove social.example'));
    await card.getByRole('button', { name: 'Remove social.example' }).tap();
    await eventually(async () => expect((await focused(page)).name).toBe('Remove news.example'));
    await card.getByRole('button', { name: 'Remove news.example' }).tap();
    // The last one gone: the field to add a site.
    await eventually(async () => expect((await focused(page)).tag).toBe('input'));
    await expectNoAxeViolations(page, 'manage account @390');
  });

  test('the upsell is its own section heading; the celebration has one Close', async () => {
    const { page } = await suite.open({ phone: true, account: { firstName: 'Cel' } });
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('heading', { level: 2, name: 'Unlock Premium Features' }).waitFor();
    await page.getByRole('button', { name: 'Lock In', exact: true }).tap();
    const modal = page.getByRole('dialog', { name: LOCKIN_COPY.modalTitle });
    await modal.getByText('25 min', { exact: true }).tap();
    await modal.getByRole('button', { name: LOCKIN_COPY.continue }).tap();
    await modal.getByRole('button', { name: LOCKIN_COPY.startSession }).tap();
    await page.getByTestId('lockin-countdown').waitFor();
    await setServerClock(suite.server, new Date(Date.now() + 26 * 60_000));
    try {
      await page.clock.runFor(25 * 60_000 + 2_000);
      const celebration = page.getByRole('dialog', { name: LOCKIN_COPY.completeTitle });
      await celebration.waitFor();
      expect(await celebration.getByRole('button', { name: 'Close' }).count()).toBe(1);
      await expectNoAxeViolations(page, 'celebration @390');
    } finally {
      await setServerClock(suite.server, new Date());
    }
  });

  test("the demo checkout's success page says no payment was taken", async () => {
    const { page } = await suite.open({ phone: true, account: { firstName: 'Dee' } });
    await page.clock.install();
    await page.goto('/subscribe-success?session_id=demo_x&demo=1');
    await page.getByText('Confirming your demo subscription. No payment was taken.', { exact: true }).waitFor();
    expect(await page.getByText('Confirming your payment', { exact: false }).count()).toBe(0);
  });
});

describe('by keyboard alone', () => {
  test('sign-up, a Lock-In started and ended, Manage Account: focus after every step, and what is announced', async () => {
    const { page } = await suite.open();
    await page.clock.install();
    await page.goto('/signup');
    await page.getByLabel('First Name').focus();
    await signUpWithForm(page, 'Kay');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /Welcome, Kay/ }).waitFor();
    await eventually(async () => expect(await focused(page)).toMatchObject({ tag: 'h1' }));

    // A Task Bank task added by keyboard is announced. The tabs are one stop: arrows between them.
    await tabTo(page, /^Daily Tasks/);
    await page.keyboard.press('ArrowRight');
    await eventually(async () => expect((await focused(page)).name).toMatch(/^Task Bank/));
    await page.keyboard.press('Enter');
    await tabTo(page, '+ Add Task');
    await page.keyboard.press('Enter');
    await eventually(async () => expect((await focused(page)).tag).toBe('input'));
    await page.keyboard.type('Write the report');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await announced(page)).toBe(ANNOUNCEMENTS.bankTaskAdded('Write the report')));
    // Escape closes the inline form, and focus goes back to its toggle.
    await page.keyboard.press('Escape');
    await eventually(async () => expect((await focused(page)).name).toBe('+ Add Task'));
    // Back to Today's Focus: Shift+Tab to the tabs, an arrow to the other one.
    for (let i = 0; i < 20 && !/^Task Bank/.test((await focused(page)).name); i++)
      await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowLeft');
    await eventually(async () => expect((await focused(page)).name).toMatch(/^Daily Tasks/));
    await page.keyboard.press('Enter');

    // Lock In: the setup starts on the chosen length; each step keeps focus in the dialog.
    await tabTo(page, 'Lock In');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await focused(page)).toMatchObject({ inDialog: true, name: '25 min' }));
    await tabTo(page, LOCKIN_COPY.continue);
    await page.keyboard.press('Enter');
    await eventually(async () =>
      expect(await focused(page)).toMatchObject({ inDialog: true, name: 'You are committing to' }),
    );
    await tabTo(page, LOCKIN_COPY.startSession);
    await page.keyboard.press('Enter');
    await eventually(async () =>
      expect(await focused(page)).toMatchObject({ inDialog: true, testId: 'lockin-countdown' }),
    );
    await tabTo(page, 'Stop Session');
    await page.keyboard.press('Enter');
    const quit = page.getByRole('alertdialog', { name: LOCKIN_COPY.quitTitle });
    await quit.waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    await page.clock.runFor(5_000);
    await eventually(async () => expect(await quit.getByTestId('end-early').isDisabled()).toBe(false));
    await tabTo(page, LOCKIN_COPY.endEarly);
    await page.keyboard.press('Enter');
    await expectToast(page, LOCKIN_COPY.endedEarlyToast(0, 25));
    // Back on what opened the Lock-In dialog.
    await eventually(async () => expect((await focused(page)).name).toBe('Lock In'));

    // Manage Account through the account menu: focus on its heading.
    // The account menu's button (it reads 'K Kay': its avatar, then the name).
    for (let i = 0; i < 60 && !(await focused(page)).menu; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).innerText)).toContain('Kay');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Manage Account' }).waitFor();
    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 5 && (await focused(page)).name !== 'Manage Account'; i++)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
    await eventually(async () => expect(await focused(page)).toMatchObject({ tag: 'h1', name: 'Manage Account' }));
    await expectNoAxeViolations(page, 'manage account by keyboard');

    // Escape closes the profile form and gives focus back to 'Edit Profile'.
    await tabTo(page, 'Edit Profile');
    await page.keyboard.press('Enter');
    await eventually(async () => expect((await focused(page)).tag).toBe('input'));
    await page.keyboard.press('Escape');
    await eventually(async () => expect((await focused(page)).name).toBe('Edit Profile'));
  });
});

// Fair streaks in the browser (issue #50): rest days chosen in Manage Account, the Streak card
// saying what happened, and the streak calendar from Focus Stats: its days, the current and
// longest streak, moved through by keyboard alone, read in words, at 1280 and 360 px, light and
// dark, with axe. The history is made through the API on the server's clock.
import { describe, expect, test } from 'bun:test';
import type { APIRequestContext, Page } from 'playwright-core';
import { ROUTES } from '../../src/shared/routes';
import { REST_DAYS_COPY } from '../../src/shared/streak';
import { browserSuite, eventually, setServerClock } from './support/harness';
import { expectToast, screenChecks } from './support/screens';

const suite = browserSuite();
const { checkScreen } = screenChecks('streaks');

async function trpc(request: APIRequestContext, path: string, input: unknown): Promise<unknown> {
  const res = await request.post(`${suite.server.url}/api/trpc/${path}`, {
    data: input,
    headers: { origin: suite.server.url },
  });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: { data: unknown } }).result.data;
}

/** A five-minute session completed at noon UTC on `day`. */
async function focusOn(request: APIRequestContext, day: string): Promise<void> {
  await setServerClock(suite.server, new Date(`${day}T12:00:00Z`));
  const { session } = (await trpc(request, 'lockin.start', { goalMinutes: 5 })) as { session: { id: string } };
  await setServerClock(suite.server, new Date(`${day}T12:05:00Z`));
  await trpc(request, 'lockin.complete', { id: session.id, actualMinutes: 5 });
}

const focusedDate = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-date') ?? null);

describe('streak calendar and rest days', () => {
  test('a user who rests on Sundays and misses one Wednesday can read their streak from the calendar', async () => {
    const { context, page } = await suite.open({ account: { firstName: 'Rhea' } });
    try {
      // Saturday 28 February: Sundays become rest days from tomorrow.
      await setServerClock(suite.server, new Date('2026-02-28T09:00:00Z'));
      await page.goto(ROUTES.manageSubscription);
      const card = page.getByTestId('rest-days');
      await card.getByText(REST_DAYS_COPY.explain).waitFor();
      const save = card.getByRole('button', { name: REST_DAYS_COPY.save });
      await card.getByRole('checkbox', { name: 'Sunday' }).check();
      await card.getByRole('checkbox', { name: 'Saturday' }).check();
      // Two is the most: the other days wait until one is taken off.
      expect(await card.getByRole('checkbox', { name: 'Monday' }).isDisabled()).toBe(true);
      await card.getByText(REST_DAYS_COPY.tooMany).waitFor();
      await card.getByRole('checkbox', { name: 'Saturday' }).uncheck();
      expect(await card.getByRole('checkbox', { name: 'Monday' }).isDisabled()).toBe(false);
      await save.click();
      await expectToast(page, { title: REST_DAYS_COPY.saved, description: 'From tomorrow: Sunday.' });
      await eventually(async () =>
        expect(await card.getByTestId('rest-days-now').innerText()).toBe('Now: No rest days · From tomorrow: Sunday'),
      );
      await checkScreen(page, 'rest-days');

      // Sat 28, Mon 2 … Sat 7 (a freeze earned), Sun 8 rests, Mon 9, Tue 10, Wednesday 11
      // missed (the freeze spent), Thu 12 … Sat 14, Sun 15 rests, Mon 16.
      const days = ['2026-02-28', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];
      days.push('2026-03-09', '2026-03-10', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-16');
      for (const day of days) await focusOn(context.request, day);
      await setServerClock(suite.server, new Date('2026-03-16T18:00:00Z'));

      await page.goto('/');
      await eventually(async () =>
        expect(await page.getByTestId('streak-note').innerText()).toBe('Freeze used on Wednesday, 0 left'),
      );
      expect(await page.getByTestId('streak-days').innerText()).toBe('13 days');

      await page.getByRole('button', { name: 'Focus Stats' }).click();
      const dialog = page.getByRole('dialog', { name: 'Focus Stats' });
      const open = dialog.getByRole('button', { name: 'Streak calendar' });
      expect(await open.getAttribute('aria-expanded')).toBe('false');
      await open.click();
      expect(await open.getAttribute('aria-expanded')).toBe('true');
      const grid = dialog.getByRole('grid', { name: 'March 2026' });
      await grid.waitFor();
      expect(await dialog.getByTestId('calendar-current').innerText()).toBe('13 days');
      expect(await dialog.getByTestId('calendar-longest').innerText()).toBe('13 days');
      const statusOf = (date: string) => grid.locator(`[data-date="${date}"]`).getAttribute('data-status');
      expect(await statusOf('2026-03-01')).toBe('rest');
      expect(await statusOf('2026-03-07')).toBe('focus');
      expect(await statusOf('2026-03-11')).toBe('freeze');
      expect(await statusOf('2026-03-15')).toBe('rest');
      expect(await statusOf('2026-03-17')).toBe('none');
      // Each day says what it was in words, not by colour alone.
      expect(await grid.locator('[data-date="2026-03-11"]').innerText()).toContain('Wednesday, March 11: Freeze used');
      expect(await grid.locator('[data-date="2026-03-16"]').innerText()).toContain(
        'Monday, March 16, today: Focus day',
      );

      // One tab stop (today); arrows move by day and week, Page Up to February, where the
      // history starts (no month before it), Page Down back.
      expect(await grid.locator('[tabindex="0"]').getAttribute('data-date')).toBe('2026-03-16');
      await open.focus();
      await page.keyboard.press('Tab'); // Previous month (Next month is disabled: today's month)
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous month');
      await page.keyboard.press('Tab');
      expect(await focusedDate(page)).toBe('2026-03-16');
      await page.keyboard.press('ArrowLeft');
      expect(await focusedDate(page)).toBe('2026-03-15');
      await page.keyboard.press('ArrowUp');
      expect(await focusedDate(page)).toBe('2026-03-08');
      await page.keyboard.press('Home');
      expect(await focusedDate(page)).toBe('2026-03-08');
      await page.keyboard.press('End');
      expect(await focusedDate(page)).toBe('2026-03-14');
      await page.keyboard.press('PageUp');
      await dialog.getByRole('grid', { name: 'February 2026' }).waitFor();
      await eventually(async () => expect(await focusedDate(page)).toBe('2026-02-01'));
      expect(await dialog.getByRole('button', { name: 'Previous month' }).isDisabled()).toBe(true);
      await eventually(async () =>
        expect(await dialog.locator('[data-date="2026-02-28"]').getAttribute('data-status')).toBe('focus'),
      );
      await page.keyboard.press('PageUp'); // nothing before the history: stays
      expect(await focusedDate(page)).toBe('2026-02-01');
      await page.keyboard.press('PageDown');
      await dialog.getByRole('grid', { name: 'March 2026' }).waitFor();
      await eventually(async () => expect(await focusedDate(page)).toBe('2026-03-01'));
      // The month after today is not offered.
      expect(await dialog.getByRole('button', { name: 'Next month' }).isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.getByRole('button', { name: 'Focus Stats' }).click();
        await dialog.getByRole('button', { name: 'Streak calendar' }).click();
        await dialog.getByRole('grid', { name: 'March 2026' }).waitFor();
        await eventually(async () => expect(await statusOf('2026-03-11')).toBe('freeze'));
        await checkScreen(page, `calendar-${scheme}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
    } finally {
      await setServerClock(suite.server, new Date());
    }
  });
});

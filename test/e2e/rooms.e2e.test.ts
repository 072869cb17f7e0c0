// Focus together (issue #49) in the browser: three people in three browser contexts. The host
// opens a strict room from the Lock-In setup for a time a few minutes ahead; one joins by the
// link, one by the code; the server's clock reaches the start and every page shows everyone
// focusing without a reload; one gives up through the usual quit flow and every page shows the
// room failed. A kind room shows '2 of 3 finished', a late joiner ends with the room, and the host
// removes a member. Screens checked with axe at 1280 and 360 px, light and dark.
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { CIRCLE_COPY } from '../../src/shared/circles';
import { ROOM_COPY } from '../../src/shared/rooms';
import {
  browserSuite,
  eventually,
  expectNoAxeViolations,
  isLiveStream,
  registerViaApi,
  setServerClock,
} from './support/harness';
import { screenChecks } from './support/screens';

const suite = browserSuite({ afterEachTest: (s) => setServerClock(s.server, new Date()) });
const { checkScreen } = screenChecks('rooms');

async function person(firstName: string, lastName: string, colorScheme: 'light' | 'dark' = 'light') {
  const { context, page } = await suite.open({ colorScheme });
  await registerViaApi(context, suite.server, { firstName, lastName });
  return { context, page };
}

const members = (page: Page) => page.getByTestId('room-member');

/** Each member's 'name: state', read in one go (the list changes live under the test). */
async function statesOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="room-member"]')].map((row) => {
      const name = (row as HTMLElement).innerText.split('\n')[0];
      const state = (row.querySelector('[data-testid="member-state"]') as HTMLElement | null)?.innerText.split('\n')[0];
      return `${name}: ${state}`;
    }),
  );
}

async function expectStates(page: Page, expected: string[]): Promise<void> {
  await eventually(async () => expect(await statesOf(page)).toEqual(expected));
}

/** HH:MM a few minutes after the browser's now (its zone is UTC). */
function timeAhead(minutes: number): { hhmm: string; at: Date } {
  const at = new Date(Date.now() + minutes * 60_000);
  at.setUTCSeconds(0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { hhmm: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`, at };
}

async function quitThroughTheQuitFlow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Show my session' }).click();
  await page.getByRole('button', { name: 'Stop Session' }).click();
  const quit = page.getByRole('alertdialog', { name: 'End your session early?' });
  await quit.waitFor();
  const endEarly = quit.getByTestId('end-early');
  await eventually(async () => expect(await endEarly.isDisabled()).toBe(false), 15_000);
  await quit.getByRole('button', { name: 'Distracted' }).click();
  await endEarly.click();
  await eventually(async () => expect(await quit.count()).toBe(0));
}

describe('a strict room for three', () => {
  test('opened from the setup, joined by link and by code, started together, failed for everyone by one give-up', async () => {
    const ada = await person('Ada', 'Lovelace');
    const grace = await person('Grace', 'Hopper', 'dark');
    const bob = await person('Bob', 'Ross');

    // Ada opens the room from the Lock-In setup, with the length she chose there.
    await ada.page.goto('/');
    await ada.page.getByRole('button', { name: 'Lock In', exact: true }).click();
    const modal = ada.page.getByTestId('lockin-modal');
    await modal.getByText('25 min', { exact: true }).click();
    await modal.getByRole('link', { name: 'Open a room' }).click();
    await ada.page.waitForURL('**/rooms/new?minutes=25');
    await ada.page.getByRole('heading', { level: 1, name: ROOM_COPY.setupTitle }).waitFor();
    const start = timeAhead(3);
    await ada.page.getByText(ROOM_COPY.startLater, { exact: true }).click();
    await ada.page.getByLabel(ROOM_COPY.startTimeLabel).fill(start.hhmm);
    await ada.page.getByRole('textbox', { name: 'Task title' }).fill('Write the report');
    await ada.page.getByLabel(ROOM_COPY.shareTask).check();
    await checkScreen(ada.page, 'new-room');
    await ada.page.getByRole('button', { name: ROOM_COPY.create }).click();
    await ada.page.waitForURL(/\/rooms\/[0-9a-f-]{36}$/);
    await ada.page.getByRole('heading', { level: 1, name: ROOM_COPY.goal(25) }).waitFor();
    const link = await ada.page.getByLabel(ROOM_COPY.inviteLink).inputValue();
    const code = await ada.page.getByTestId('room-code').innerText();
    expect(link).toMatch(/\/join\/[0-9a-f-]{36}\./);
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await expectStates(ada.page, ['Ada L.: Waiting']);

    // Grace opens the link: she sees who is in it, the goal, the start and that it is strict.
    await grace.page.goto(link);
    const preview = grace.page.getByTestId('room-preview');
    await preview.waitFor();
    expect(await preview.innerText()).toContain('Ada L.');
    expect(await preview.innerText()).toContain(ROOM_COPY.strict);
    await checkScreen(grace.page, 'join-preview-dark');
    await grace.page.getByRole('textbox', { name: 'Task title' }).fill('Read chapter 3');
    await grace.page.getByRole('button', { name: ROOM_COPY.join }).click();
    await grace.page.waitForURL(/\/rooms\//);
    // Ada's page shows her without a reload.
    await expectStates(ada.page, ['Ada L.: Waiting', 'Grace H.: Waiting']);

    // Bob types the code Ada reads out.
    await bob.page.goto('/join');
    await bob.page.getByLabel(ROOM_COPY.joinCodeLabel).fill(code.toLowerCase());
    await bob.page.getByRole('button', { name: ROOM_COPY.findRoom }).click();
    await bob.page.getByTestId('room-preview').waitFor();
    await bob.page.getByRole('textbox', { name: 'Task title' }).fill('Sketch');
    await bob.page.getByRole('button', { name: ROOM_COPY.join }).click();
    await bob.page.waitForURL(/\/rooms\//);
    for (const { page } of [ada, grace, bob])
      await expectStates(page, ['Ada L.: Waiting', 'Grace H.: Waiting', 'Bob R.: Waiting']);
    // Ada shares her task; the others did not.
    expect(await members(grace.page).first().innerText()).toContain('Write the report');
    expect(await members(ada.page).nth(2).innerText()).not.toContain('Sketch');

    // The start comes: every page shows everyone focusing, without a reload.
    await setServerClock(suite.server, new Date(start.at.getTime() + 2_000));
    for (const { page } of [ada, grace, bob]) {
      await expectStates(page, ['Ada L.: Focusing', 'Grace H.: Focusing', 'Bob R.: Focusing']);
      await eventually(async () => expect(await page.getByTestId('room-phase').innerText()).toMatch(/left$/));
    }
    await checkScreen(ada.page, 'running');

    // Bob gives up through the usual quit flow; everyone sees the room fail.
    await quitThroughTheQuitFlow(bob.page);
    for (const { page } of [ada, grace, bob]) {
      await eventually(async () =>
        expect(await page.getByTestId('room-result').innerText()).toBe(ROOM_COPY.resultStrict.failed),
      );
      await expectStates(page, ['Ada L.: Focusing', 'Grace H.: Focusing', 'Bob R.: Gave up']);
    }
    // When he gave up, never why.
    expect(await members(ada.page).nth(2).innerText()).toMatch(/Gave up at/);
    expect(await ada.page.locator('main').innerText()).not.toContain('Distracted');
    await checkScreen(grace.page, 'failed-dark');
  });
});

describe('a kind room', () => {
  test("a late joiner ends with the room; the end says '2 of 3 finished'; the host can remove someone", async () => {
    const ada = await person('Ada', 'Lovelace');
    const grace = await person('Grace', 'Hopper');
    const bob = await person('Bob', 'Ross');
    const eve = await person('Eve', 'Extra');
    await ada.page.goto('/rooms/new?minutes=25');
    await ada.page.getByText(ROOM_COPY.kind).click();
    await ada.page.getByRole('textbox', { name: 'Task title' }).fill('Plan the week');
    await ada.page.getByRole('button', { name: ROOM_COPY.create }).click();
    await ada.page.waitForURL(/\/rooms\/[0-9a-f-]{36}$/);
    const link = await ada.page.getByLabel(ROOM_COPY.inviteLink).inputValue();
    const opened = Date.now();

    for (const who of [grace, bob, eve]) {
      await who.page.goto(link);
      await who.page.getByRole('textbox', { name: 'Task title' }).fill('Focus');
      await who.page.getByRole('button', { name: ROOM_COPY.join }).click();
      await who.page.waitForURL(/\/rooms\//);
    }
    await expectStates(ada.page, ['Ada L.: Focusing', 'Grace H.: Focusing', 'Bob R.: Focusing', 'Eve E.: Focusing']);

    // The host removes Eve: gone from every page, and her page says she is not in the room.
    await ada.page.getByRole('button', { name: ROOM_COPY.remove('Eve E.') }).click();
    await expectStates(grace.page, ['Ada L.: Focusing', 'Grace H.: Focusing', 'Bob R.: Focusing']);
    await eve.page.getByRole('alert').filter({ hasText: 'not in it' }).waitFor();

    await quitThroughTheQuitFlow(bob.page);
    await eventually(async () =>
      expect(await ada.page.getByTestId('room-result').innerText()).toBe(ROOM_COPY.resultKind(0, 3)),
    );
    // The room's end: the others finish with it.
    await setServerClock(suite.server, new Date(opened + 26 * 60_000));
    await ada.page.reload();
    await eventually(async () =>
      expect(await ada.page.getByTestId('room-result').innerText()).toBe(ROOM_COPY.resultKind(2, 3)),
    );
    await ada.page.getByText(ROOM_COPY.celebrate).waitFor();
    await expectStates(ada.page, ['Ada L.: Finished', 'Grace H.: Finished', 'Bob R.: Gave up']);
    await checkScreen(ada.page, 'kind-ended');
  });
});

describe('an invite opened signed out', () => {
  test('asks to sign in, and comes back to the invite after', async () => {
    const ada = await person('Ada', 'Lovelace');
    await ada.page.goto('/rooms/new?minutes=15');
    await ada.page.getByRole('textbox', { name: 'Task title' }).fill('Emails');
    await ada.page.getByRole('button', { name: ROOM_COPY.create }).click();
    await ada.page.waitForURL(/\/rooms\/[0-9a-f-]{36}$/);
    const link = await ada.page.getByLabel(ROOM_COPY.inviteLink).inputValue();

    const { context, page } = await suite.open();
    const account = await registerViaApi(context, suite.server, { firstName: 'Nia', lastName: 'New' });
    await context.clearCookies();
    await page.goto(link);
    await page.locator('main').getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByTestId('room-preview').waitFor();
    expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
  });
});

describe('a circle', () => {
  test('made, joined by link, shows who is focusing live; a room started for it reaches the others on the tasks screen', async () => {
    const ada = await person('Ada', 'Lovelace');
    const grace = await person('Grace', 'Hopper', 'dark');
    await ada.page.goto('/');
    await ada.page.locator('header [aria-haspopup="menu"]').click();
    await ada.page.getByRole('menuitem', { name: CIRCLE_COPY.title }).click();
    await ada.page.getByRole('heading', { level: 1, name: CIRCLE_COPY.title }).waitFor();
    await ada.page.getByLabel(CIRCLE_COPY.nameLabel).fill('Writers');
    await ada.page.getByRole('button', { name: CIRCLE_COPY.create }).click();
    await ada.page.getByRole('heading', { level: 1, name: 'Writers' }).waitFor();
    const link = await ada.page.getByLabel(CIRCLE_COPY.inviteTitle).inputValue();

    await grace.page.goto(link);
    await grace.page.getByRole('button', { name: CIRCLE_COPY.join }).click();
    await grace.page.getByRole('heading', { level: 1, name: 'Writers' }).waitFor();
    const circleMembers = (page: Page) => page.getByTestId('circle-member');
    await eventually(async () => expect(await circleMembers(ada.page).count()).toBe(2));

    // Grace starts an ordinary session: Ada's circle page shows her focusing, without a reload.
    await grace.context.request.post('/api/lock-in-sessions', {
      data: { taskTitle: 'Draft', category: 'Work', goalMinutes: 25 },
      headers: { origin: suite.server.url },
    });
    await eventually(async () =>
      expect(await circleMembers(ada.page).nth(1).innerText()).toContain(CIRCLE_COPY.focusing),
    );
    await checkScreen(ada.page, 'circle');
    await grace.context.request.put(
      `/api/lock-in-sessions/${(await (await grace.context.request.get('/api/lock-in-sessions')).json())[0].id}`,
      { data: { actualMinutes: 1, completed: false, quitEarly: true }, headers: { origin: suite.server.url } },
    );

    // Ada starts a room for the circle while Grace's tasks screen has read its circles but its
    // stream is still connecting (held here until the room exists, as a slow network would): the
    // stream's first 'ready' says a change came since the page began, and the screen offers the
    // room without a reload.
    const streamHeld = Promise.withResolvers<void>();
    await grace.page.route(isLiveStream, async (route) => {
      await streamHeld.promise;
      await route.continue();
    });
    const circlesRead = grace.page.waitForResponse((res) => res.url().includes('circles.list'));
    await grace.page.goto('/');
    await circlesRead;
    await ada.page.getByRole('link', { name: CIRCLE_COPY.startRoom }).click();
    await ada.page.getByRole('textbox', { name: 'Task title' }).fill('Chapter 2');
    await ada.page.getByRole('button', { name: ROOM_COPY.create }).click();
    await ada.page.waitForURL(/\/rooms\/[0-9a-f-]{36}$/);
    streamHeld.resolve();
    const banner = grace.page.getByRole('region', { name: CIRCLE_COPY.roomsTitle });
    await banner.getByText(CIRCLE_COPY.banner('Ada L.', 'Writers')).waitFor();
    await checkScreen(grace.page, 'circle-banner-dark');
    await banner.getByRole('link', { name: CIRCLE_COPY.joinRoom }).click();
    await grace.page.getByTestId('room-preview').waitFor();
    await grace.page.getByRole('textbox', { name: 'Task title' }).fill('Edit');
    await grace.page.getByRole('button', { name: ROOM_COPY.join }).click();
    await grace.page.waitForURL(/\/rooms\//);
    await expectStates(ada.page, ['Ada L.: Focusing', 'Grace H.: Focusing']);
  });
});

describe('by keyboard alone', () => {
  /** Presses Tab until the focused element's accessible name (label, aria-label or text) matches. */
  async function tabTo(page: Page, name: string | RegExp, max = 60): Promise<void> {
    const nameOf = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const label = el instanceof HTMLInputElement ? el.labels?.[0]?.innerText : undefined;
        return (el?.getAttribute('aria-label') ?? label ?? el?.innerText ?? '').trim().split('\n')[0] ?? '';
      });
    const seen: string[] = [];
    for (let i = 0; i < max; i++) {
      const now = await nameOf();
      if (typeof name === 'string' ? now === name : name.test(now)) return;
      seen.push(now);
      await page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${String(name)}: ${seen.slice(0, 25).join(' | ')}`);
  }
  const focusedHeading = (page: Page) =>
    page.evaluate(() =>
      document.activeElement?.tagName === 'H1' ? (document.activeElement as HTMLElement).innerText : null,
    );

  test('a room opened, joined by its code, and a circle made: every step by keyboard, focus on each new page', async () => {
    const ada = await person('Ada', 'Lovelace');
    const bob = await person('Bob', 'Ross', 'dark');

    // Ada opens a room from the setup page, by keyboard.
    await ada.page.goto('/rooms/new');
    await ada.page.getByRole('heading', { level: 1, name: ROOM_COPY.setupTitle }).waitFor();
    await tabTo(ada.page, 'Task title');
    await ada.page.keyboard.type('Write the report');
    await tabTo(ada.page, ROOM_COPY.create);
    await ada.page.keyboard.press('Enter');
    await ada.page.waitForURL(/\/rooms\/[0-9a-f-]{36}$/);
    // The new page's heading has focus: a screen reader starts there.
    await eventually(async () => expect(await focusedHeading(ada.page)).toBe(ROOM_COPY.goal(25)));
    const code = await ada.page.getByTestId('room-code').innerText();
    await expectNoAxeViolations(ada.page, 'room by keyboard');

    // Bob types the code, finds the room, joins it: Enter submits each form.
    await bob.page.goto('/join');
    await bob.page.getByLabel(ROOM_COPY.joinCodeLabel).waitFor();
    await tabTo(bob.page, ROOM_COPY.joinCodeLabel);
    await bob.page.keyboard.type(code);
    await bob.page.keyboard.press('Enter');
    await bob.page.getByTestId('room-preview').waitFor();
    await tabTo(bob.page, 'Task title');
    await bob.page.keyboard.type('Sketch');
    await tabTo(bob.page, ROOM_COPY.join);
    await bob.page.keyboard.press('Enter');
    await bob.page.waitForURL(/\/rooms\//);
    await eventually(async () => expect(await focusedHeading(bob.page)).toBe(ROOM_COPY.goal(25)));
    // The room started at once (its default start is now): both are focusing.
    await expectStates(ada.page, ['Ada L.: Focusing', 'Bob R.: Focusing']);
    await expectNoAxeViolations(bob.page, 'joined by keyboard');

    // Ada makes a circle from the circles page.
    await ada.page.goto('/circles');
    // The page's code and its list load first: tabbing before the form is there finds only the skip link.
    await ada.page.getByLabel(CIRCLE_COPY.nameLabel).waitFor();
    await tabTo(ada.page, CIRCLE_COPY.nameLabel);
    await ada.page.keyboard.type('Writers');
    await ada.page.keyboard.press('Enter');
    await ada.page.waitForURL(/\/circles\/[0-9a-f-]{36}$/);
    await eventually(async () => expect(await focusedHeading(ada.page)).toBe('Writers'));
    await expectNoAxeViolations(ada.page, 'circle by keyboard');
  });
});

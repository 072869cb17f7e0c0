// Browser tests of the insights features on seeded data: the premium dashboard (cards, period
// toggle, Category Focus, Activity Trends, Overdue Tasks, heatmap, best hours, quit insights),
// its empty states, the free 'Quick Analytics' view, the AI Suggestions modal and the calendar
// feed settings. History is made through the real API while the server's clock moves. Every
// screen is checked with axe and photographed at 1280 and 360 px.
import { describe, expect, test } from 'bun:test';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import {
  browserSuite,
  eventually,
  expectNoAxeViolations,
  linesOf,
  newContext,
  registerViaApi,
  screenshot,
  setServerClock,
  textContrast,
} from './support/harness';
import { screenChecks } from './support/screens';

// Each test seeds from its own start; the clock is put back for the next one.
const suite = browserSuite({ afterEachTest: (s) => setServerClock(s.server, new Date()) });

// Tuesday 10 March 2026, noon UTC: 'now' for the seeded histories (the browser runs in UTC).
const NOW = new Date('2026-03-10T12:00:00Z');

async function open(width = 1280): Promise<{ context: BrowserContext; page: Page; api: Api }> {
  const context = await newContext(suite.browser, suite.server, { width });
  suite.track(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await registerViaApi(context, suite.server, { firstName: 'Ada' });
  return { context, page, api: new Api(context.request) };
}

/** The API as the signed-in browser context calls it. */
class Api {
  constructor(private readonly request: APIRequestContext) {}
  async call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
    const res = await this.request.fetch(`${suite.server.url}${path}`, {
      method,
      data: body === undefined ? undefined : body,
      headers: { origin: suite.server.url },
    });
    const text = await res.text();
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${text}`);
    return text ? JSON.parse(text) : null;
  }
  async mutate(path: string, input: unknown = {}) {
    return (await this.call('POST', `/api/trpc/${path}`, input)).result.data;
  }
  /** A 7-day trial through the built-in demo checkout. */
  async startTrial() {
    const { checkoutUrl } = await this.call('POST', '/api/create-subscription');
    const session = new URL(checkoutUrl, suite.server.url).searchParams.get('session');
    await this.mutate('plans.demoCheckout.complete', { session });
  }
  async bankTask(id: string, title: string, category: string) {
    await this.mutate('tasks.bank.create', { id, title, category });
    this.tasks.set(id, { title, category });
  }
  private tasks = new Map<string, { title: string; category: string }>();
  /** A Lock-In session (the spec's REST shape) started at `at` on a bank task, completed or quit after `minutes`. */
  async session(at: Date, taskId: string, outcome: 'completed' | 'quit', minutes = 25, reason?: string) {
    const task = this.tasks.get(taskId)!;
    await setServerClock(suite.server, at);
    const started = await this.call('POST', '/api/lock-in-sessions', {
      taskTitle: task.title,
      category: task.category,
      goalMinutes: 25,
    });
    await setServerClock(suite.server, new Date(at.getTime() + minutes * 60_000));
    await this.call('PUT', `/api/lock-in-sessions/${started.id}`, {
      actualMinutes: outcome === 'completed' ? 25 : minutes,
      completed: outcome === 'completed',
      quitEarly: outcome === 'quit',
      quitReason: reason,
    });
  }
}

const at = (iso: string) => new Date(iso);

/** A week of history: 12 completed sessions (Tuesday mornings stand out), 3 quits, tasks done and overdue. */
async function seedHistory(api: Api) {
  // The 7-day trial covers 'now' (the history before it is core Lock-In, open to every user).
  await setServerClock(suite.server, at('2026-03-09T08:00:00Z'));
  await api.startTrial();
  await setServerClock(suite.server, at('2026-02-20T08:00:00Z'));
  await api.bankTask('w1', 'Write the quarterly report', 'Work');
  await api.bankTask('l1', 'Read chapter 4', 'Learning');
  await api.bankTask('h1', 'Morning run', 'Health');
  await api.bankTask('p1', 'Plan the garden', 'Personal');
  await api.bankTask('f1', 'Pay the bills', 'Finance');
  // Tuesday mornings 9–11 (three weeks), and more across the week.
  for (const day of ['2026-02-24', '2026-03-03', '2026-03-10']) {
    await api.session(at(`${day}T09:05:00Z`), 'w1', 'completed');
    await api.session(at(`${day}T10:05:00Z`), 'w1', 'completed');
  }
  await api.session(at('2026-03-04T14:00:00Z'), 'l1', 'completed');
  await api.session(at('2026-03-05T07:00:00Z'), 'h1', 'completed');
  await api.session(at('2026-03-06T16:00:00Z'), 'l1', 'completed');
  await api.session(at('2026-03-07T20:00:00Z'), 'p1', 'completed');
  await api.session(at('2026-03-08T11:00:00Z'), 'h1', 'completed');
  await api.session(at('2026-03-09T15:00:00Z'), 'w1', 'completed');
  await api.session(at('2026-03-05T15:10:00Z'), 'w1', 'quit', 8, 'Distracted');
  await api.session(at('2026-03-06T15:20:00Z'), 'l1', 'quit', 5, 'Distracted');
  await api.session(at('2026-03-09T21:00:00Z'), 'p1', 'quit', 12, 'Tired');
  // Today's Focus planned on 4 March: one done two days later, three left overdue.
  await setServerClock(suite.server, at('2026-03-04T08:00:00Z'));
  await api.mutate('tasks.daily.add', { ids: ['f1', 'p1', 'l1', 'h1'] });
  await setServerClock(suite.server, at('2026-03-06T18:00:00Z'));
  await api.mutate('tasks.daily.complete', { id: 'h1' });
  await setServerClock(suite.server, NOW);
}

const { checkScreen } = screenChecks('insights');

const dialog = (page: Page) => page.getByRole('dialog');

/** True when every legend name shows in full: nothing cut with an ellipsis, no name squeezed to a few letters. */
async function legendNamesWhole(categoryFocus: Locator): Promise<boolean> {
  const names = categoryFocus.getByTestId('category-name');
  expect(await names.count()).toBeGreaterThan(0);
  // Not clipped, and each name has at least 7 rem of its row (it had ~2 rem: 'W…', 'Le…').
  return names.evaluateAll((els) =>
    els.every(
      (el) =>
        el.scrollWidth <= el.clientWidth + 1 &&
        getComputedStyle(el).textOverflow !== 'ellipsis' &&
        (el.parentElement?.getBoundingClientRect().width ?? 0) >= 112,
    ),
  );
}

describe('analytics dashboard', () => {
  test('premium view on a seeded week: cards, toggle, charts, overdue, heatmap, best hours, quit insights', async () => {
    const { page, api } = await open();
    await seedHistory(api);
    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Ada!$/ }).waitFor();
    await page.waitForLoadState('networkidle');
    // The dashboard's code (and visx) is not loaded until it opens.
    expect(chunks.filter((p) => p.includes('AnalyticsModal'))).toEqual([]);

    await page.getByRole('button', { name: 'My Analytics' }).click();
    const d = dialog(page);
    await d.getByRole('heading', { name: 'Productivity Dashboard' }).waitFor();
    expect(chunks.filter((p) => p.includes('AnalyticsModal')).length).toBe(1);
    await d.getByTestId('category-focus').waitFor();

    // This week (Mon 9 – Tue 10 March): 3 completed (Mon 15:00, Tue 9:05, 10:05), 1 quit, 0 tasks.
    expect(await d.getByTestId('stat-sessions').textContent()).toBe('Sessions This Week3');
    expect(await d.getByTestId('stat-focus').textContent()).toBe('Focus Time This Week1h 27m');
    expect(await d.getByTestId('stat-ended-early').textContent()).toBe('Sessions Ended Early1');
    await d.getByRole('button', { name: 'All Time' }).click();
    expect(await d.getByRole('button', { name: 'All Time' }).getAttribute('aria-pressed')).toBe('true');
    expect(await d.getByTestId('stat-sessions').textContent()).toBe('Total Sessions12');
    expect(await d.getByTestId('stat-tasks').textContent()).toBe('Tasks Completed1');
    expect(await d.getByTestId('stat-ended-early').textContent()).toBe('Sessions Ended Early3');

    // Category Focus: Work first, legend with success rates and totals.
    const cat = d.getByTestId('category-focus');
    const legend = await cat.getByRole('list', { name: 'Categories' }).innerText();
    expect(legend.split('\n')[0]).toBe('Work');
    expect(legend).toContain('88% success'); // 7 completed of 8 Work sessions
    expect(await cat.innerText()).toContain('Total Categories');
    // Keyboard: the donut takes focus and the arrow keys read each category.
    await cat.getByRole('group', { name: /Focus time by category/ }).focus();
    expect(await cat.innerText()).toContain('Success Rate: 88%');
    await page.keyboard.press('ArrowRight');
    expect(await cat.innerText()).toMatch(/Focus Time: \d/);

    // Every category name is whole (the legend gave names ~32 px and cut them to 'W…').
    expect(await legendNamesWhole(cat)).toBe(true);
    // The streak counts today already: the widget says so instead of asking for a session today.
    const streakText = await d.getByTestId('streak-widget').innerText();
    expect(streakText).toContain('Today counts already');
    expect(streakText).not.toContain('Keep it going with a session today');

    // Activity Trends: totals per metric, quick insights, day labels, the table.
    const trends = d.getByTestId('activity-trends');
    expect(await trends.getByTestId('trend-total').innerText()).toBe('8');
    await trends.getByRole('button', { name: 'Tasks' }).click();
    expect(await trends.getByTestId('trend-total').innerText()).toBe('1');
    expect(await trends.getByTestId('quick-insights').innerText()).toContain(
      'most productive day Tue, Mar 10 (2 sessions)',
    );
    // The axis names each day as the spec does: short weekday, month and day.
    expect(await trends.getByTestId('trend-axis-label').allTextContents()).toEqual([
      'Wed, Mar 4',
      'Thu, Mar 5',
      'Fri, Mar 6',
      'Sat, Mar 7',
      'Sun, Mar 8',
      'Mon, Mar 9',
      'Tue, Mar 10',
    ]);
    // On a phone the dates never run together: no two labels overlap, and today keeps its date.
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await eventually(async () => {
        // Line by line (weekdays, then dates): the spans of one line never overlap.
        const lines = await trends.getByTestId('trend-axis-label').evaluateAll((els) =>
          [0, 1].map((n) =>
            els
              .map((el) => el.querySelectorAll('tspan')[n]?.getBoundingClientRect())
              .filter((r): r is DOMRect => r !== undefined)
              .map((r) => [r.left, r.right]),
          ),
        );
        for (const spans of lines)
          for (let i = 1; i < spans.length; i++) expect(spans[i]![0]!).toBeGreaterThanOrEqual(spans[i - 1]![1]!);
      });
      expect((await trends.getByTestId('trend-axis-label').allTextContents()).at(-1)).toBe('Tue, Mar 10');
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await trends.getByText('Show the numbers as a table').click();
    await trends.getByRole('rowheader', { name: 'Wed, Mar 4' }).waitFor();

    // Overdue: three tasks planned 4 March, 6 days overdue (orange), average delay 2 days.
    const overdue = d.getByTestId('overdue-tasks');
    expect(await overdue.getByText('6 days overdue').count()).toBe(3);
    expect(await overdue.locator('[data-colour="orange"]').count()).toBe(3);
    expect(await overdue.innerText()).toContain('Longest Overdue\n6 days');
    expect(await overdue.innerText()).toContain('Avg. Delay\n2 days');

    // Heatmap: keyboard readout in the spec's words; best hours sentence; quit insights.
    const heat = d.getByTestId('focus-heatmap');
    await heat.getByRole('group', { name: /Focus heatmap/ }).focus();
    expect(await heat.getByTestId('heatmap-readout').innerText()).toBe('Tue 9am: 3 session(s)');
    await page.keyboard.press('ArrowRight');
    expect(await heat.getByTestId('heatmap-readout').innerText()).toBe('Tue 10am: 3 session(s)');
    expect(await heat.locator('[data-level="5"]').count()).toBe(2);
    expect(await d.getByTestId('best-hours').innerText()).toContain('You focus best on Tuesday mornings, 9–11am');
    const quit = await d.getByTestId('quit-insights').innerText();
    expect(quit).toContain('3 sessions ended early.');
    expect(quit).toMatch(/Distracted\s*2/);
    expect(quit).toContain('Most often around 3pm (2)');

    await checkScreen(page, 'dashboard-premium');
    // The five figures line up although 'Sessions Ended Early' takes two lines at 1280 px.
    const figureTops = await d
      .locator('[data-testid^="stat-"] > p:last-child')
      .evaluateAll((ps) => ps.map((p) => Math.round(p.getBoundingClientRect().top)));
    expect(figureTops.length).toBe(5);
    expect(new Set(figureTops).size).toBe(1);
    await screenshot(page, 'insights-heatmap-1280', { of: heat });
    await screenshot(page, 'insights-trends-1280', { of: trends });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page, 'dashboard dark');
    // axe leaves this panel 'incomplete' (it sits in the dialog's scroll area): it stayed light,
    // with light text, until brand-950 existed.
    expect(await textContrast(d.getByTestId('best-hours'))).toBeGreaterThanOrEqual(4.5);
    await screenshot(page, 'insights-dashboard-premium-dark-1280');
    await page.emulateMedia({ colorScheme: 'light' });

    await d.getByRole('button', { name: 'Close' }).click();
    expect(await dialog(page).count()).toBe(0);
  });

  test('at 360 px: whole category names, two-line day labels, figures on one line, the whole heatmap in view', async () => {
    const { page, api } = await open(360);
    await seedHistory(api);
    await page.goto('/');
    await page.getByRole('button', { name: 'My Analytics' }).click();
    const d = dialog(page);
    await d.getByTestId('category-focus').waitFor();
    await d.getByRole('button', { name: 'All Time' }).click();
    expect(await legendNamesWhole(d.getByTestId('category-focus'))).toBe(true);
    // Each figure is one line ('4h 35m' wrapped to two), so a row's figures line up.
    const figures = d.getByTestId('stat-value');
    for (const figure of await figures.all()) {
      const text = (await figure.innerText()).trim();
      expect({ text, lines: await linesOf(figure, text) }).toEqual({ text, lines: 1 });
    }
    // The heatmap shows all 24 hours without scrolling sideways: nothing is cut at noon.
    const grid = d.getByTestId('heatmap-grid');
    await grid.scrollIntoViewIfNeeded();
    const { scroll, client } = await grid.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    const lastCell = await grid.locator('[title^="Sun 11pm"]').boundingBox();
    const box = await grid.boundingBox();
    expect(lastCell!.x + lastCell!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
    for (const mark of ['12am', '6am', '12pm', '6pm']) await grid.getByText(mark, { exact: true }).waitFor();
    await checkScreen(page, 'dashboard-premium-360');
  });

  test('empty history: every panel says so', async () => {
    const { page, api } = await open();
    await setServerClock(suite.server, NOW);
    await api.startTrial();
    await page.goto('/');
    await page.getByRole('button', { name: 'My Analytics' }).click();
    const d = dialog(page);
    await d.getByText('No category data available').waitFor();
    for (const text of [
      'Complete some focus sessions to see your category breakdown',
      'No activity data available',
      'Complete some sessions to see your trends',
      'All caught up!',
      'No overdue tasks at the moment',
      'Complete some Lock-In sessions to see your focus patterns',
      'Complete 10 more focus sessions to find your best focus hours.',
    ]) {
      await d.getByText(text, { exact: true }).waitFor();
    }
    await checkScreen(page, 'dashboard-empty');
  });

  test('loading, then the failure texts and a retry that loads', async () => {
    const { page, api } = await open();
    await setServerClock(suite.server, NOW);
    await api.startTrial();
    await page.goto('/');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let fail = true;
    await page.route(
      (url) => url.pathname.includes('insights.analytics'),
      async (route) => {
        await held;
        if (fail)
          await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"message":"boom"}}' });
        else await route.continue();
      },
    );
    await page.getByRole('button', { name: 'My Analytics' }).click();
    const d = dialog(page);
    await d.getByText('Loading your productivity data...', { exact: true }).waitFor();
    release();
    await d.getByText('Failed to load analytics data', { exact: true }).waitFor();
    await d.getByText('Please try again later or check your connection', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'dashboard error');
    await screenshot(page, 'insights-dashboard-error-1280');
    fail = false;
    await d.getByRole('button', { name: 'Try again' }).click();
    await d.getByText('No category data available').waitFor();
  });

  test("free view ('Quick Analytics') once the trial has ended: four cards and the upsell", async () => {
    const { page, api } = await open();
    await setServerClock(suite.server, at('2026-03-01T08:00:00Z'));
    await api.startTrial();
    await api.bankTask('w1', 'Write', 'Work');
    await api.session(at('2026-03-02T09:00:00Z'), 'w1', 'completed');
    await setServerClock(suite.server, at('2026-03-02T12:00:00Z'));
    await page.goto('/');
    await page.getByRole('button', { name: 'My Analytics' }).waitFor();
    // The trial runs out while the page is open: the server now answers the free figures.
    await setServerClock(suite.server, NOW);
    await page.getByRole('button', { name: 'My Analytics' }).click();
    const d = dialog(page);
    await d.getByRole('heading', { name: 'Quick Analytics' }).waitFor();
    await d.getByRole('heading', { name: 'Unlock Premium Analytics' }).waitFor();
    for (const label of ['Sessions', 'Current Streak', 'Tasks Done', 'Focus Time'])
      await d.getByText(label, { exact: true }).waitFor();
    expect(await d.getByTestId('stat-sessions').textContent()).toBe('Sessions0'); // this week
    await d.getByRole('button', { name: 'All Time' }).click();
    expect(await d.getByTestId('stat-sessions').textContent()).toBe('Sessions1');
    expect(await d.getByTestId('stat-focus').textContent()).toBe('Focus Time25m');
    expect(await d.getByTestId('category-focus').count()).toBe(0);
    await checkScreen(page, 'dashboard-free');
    // Dark mode: the upsell panel turns dark too (it stayed light, with light text, before).
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await textContrast(d.getByRole('heading', { name: 'Unlock Premium Analytics' }))).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(await textContrast(d.getByText('Category performance breakdowns'))).toBeGreaterThanOrEqual(4.5);
    await screenshot(page, 'insights-dashboard-free-dark-1280');
    await page.emulateMedia({ colorScheme: 'light' });
  });
});

describe('AI suggestions', () => {
  test('empty, Generate, pick two, add them to the Task Bank; Generate New Suggestions', async () => {
    const { page, api } = await open();
    await setServerClock(suite.server, NOW);
    await api.startTrial();
    await api.bankTask('w1', 'Draft the quarterly report', 'Work');
    await api.bankTask('l1', 'Read chapter 4 of Clean Code', 'Learning');
    await page.goto('/');
    await page.getByRole('tab', { name: /Task Bank/ }).click();
    await page.getByRole('button', { name: 'Task Suggestions', exact: true }).click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Generate Suggestions' }).waitFor();
    // No model on this server: the built-in suggester says what it is, and never 'AI'.
    await d.getByRole('heading', { name: 'Task Suggestions', exact: true }).waitFor();
    await d.getByText('No AI model is used.', { exact: false }).waitFor();
    expect(await d.getByText(/\bAI\b/).count()).toBe(1); // only in 'No AI model is used.'
    await checkScreen(page, 'ai-empty');

    await d.getByRole('button', { name: 'Generate Suggestions' }).click();
    const list = d.getByTestId('ai-suggestions');
    await list.waitFor();
    await d.getByText('Review the quarterly report', { exact: true }).waitFor();
    await d.getByRole('button', { name: 'Generate New Suggestions' }).waitFor();
    expect(await d.getByRole('button', { name: 'Add to Task Bank' }).isDisabled()).toBe(true);
    await checkScreen(page, 'ai-suggestions');

    await d.getByRole('checkbox', { name: /Review the quarterly report/ }).check();
    await d.getByRole('checkbox', { name: /Summarise chapter 4 of Clean Code/ }).check();
    await d.getByRole('button', { name: 'Add to Task Bank (2)' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Suggestions Added' }).waitFor();
    expect(await dialog(page).count()).toBe(0);
    await page.getByText('Review the quarterly report', { exact: true }).waitFor();
    await page.getByText('Summarise chapter 4 of Clean Code', { exact: true }).waitFor();
    expect(await page.getByTestId('bank-count').innerText()).toBe('4 tasks');
    // Focus is back on the button that opened the suggestions, not lost on the page.
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? 'body')).toBe(
      'Task Suggestions',
    );
  });
});

describe('calendar feed settings', () => {
  test('create, copy, fetch the .ics, revoke (404), and a new URL', async () => {
    const { context, page, api } = await open();
    await setServerClock(suite.server, NOW);
    await api.startTrial();
    await api.bankTask('w1', 'Write', 'Work');
    await api.session(at('2026-03-10T09:00:00Z'), 'w1', 'completed');
    await setServerClock(suite.server, NOW);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await page.goto('/manage-subscription');
    const card = page.getByTestId('calendar-feed');
    await card.getByRole('heading', { name: 'Calendar Feed' }).waitFor();
    await card.getByRole('button', { name: 'Create Feed URL' }).click();
    const input = card.getByLabel('Feed URL');
    await input.waitFor();
    const url = await input.inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await card.getByRole('button', { name: 'Copy' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Copied' }).waitFor();
    const ics = await (await fetch(url)).text();
    expect(ics).toStartWith('BEGIN:VCALENDAR');
    expect(ics).toContain('SUMMARY:Lock-In: Write');
    await checkScreen(page, 'calendar-feed');

    await card.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Revoke the feed URL?' }).waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await card.getByRole('button', { name: 'Create Feed URL' }).waitFor();
    expect((await fetch(url)).status).toBe(404);
    await card.getByRole('button', { name: 'Create Feed URL' }).click();
    expect(await card.getByLabel('Feed URL').inputValue()).not.toBe(url);
  });
});

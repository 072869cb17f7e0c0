// Browser tests of the plan screens with the built-in demo checkout (no Stripe configured):
// subscribe → demo checkout → success → premium UI → manage → add a payment method → cancel; the
// trial-ended banner after the server's clock passes the trial's end; the visitor and error paths
// of /subscribe and /subscribe-success. Every screen is checked with axe and photographed at 1280
// and 360 px.
import { describe, expect, test } from 'bun:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { BLOCKING_COPY } from '../../src/shared/blocking';
import { TOASTS } from '../../src/shared/copy';
import { browserSuite, linesOf, newContext, registerViaApi, setServerClock, startServer } from './support/harness';
import { expectToast, screenChecks } from './support/screens';

// A walk that moved the server's clock past a trial's end leaves it where the next one expects it.
const suite = browserSuite({ afterEachTest: (s) => setServerClock(s.server, new Date()) });

async function open(options: { signedIn?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(suite.browser, suite.server);
  suite.track(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  if (options.signedIn !== false) await registerViaApi(context, suite.server, { firstName: 'Ada' });
  return { context, page };
}

const { checkScreen } = screenChecks('plans');

const h1 = (page: Page) => page.locator('h1');

/** On /demo-checkout: press its button and follow it to the success page, then home. */
async function payOnDemoPage(page: Page, button: 'Start trial' | 'Subscribe' | 'Add card'): Promise<void> {
  await page.waitForURL('**/demo-checkout?session=*');
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL('**/subscribe-success?session_id=*');
  await page.getByRole('heading', { level: 1, name: 'Setting up your account...' }).waitFor();
  // The page waits 2 s before activating and goes home 3 s after: move the browser's clock.
  await page.clock.runFor(2_000);
  await page.getByRole('heading', { level: 1, name: 'Welcome to Premium!' }).waitFor();
  await expectToast(page, TOASTS.premiumActivated);
}

async function openAccountMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /Ada/ }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

describe('subscribe → demo checkout → success → premium → manage → cancel', () => {
  test('the whole trial and paid flow in the browser', async () => {
    const { page } = await open();
    await page.clock.install();

    // Free user: the upsell card and the manage page's free view.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Unlock Premium Features' }).waitFor();

    // The trial offer.
    await page.goto('/subscribe');
    await h1(page).filter({ hasText: 'Start Your 7-Day Free Trial' }).waitFor();
    for (const feature of [
      'Enhanced Lock-In mode with 7 motivation features',
      'Task suggestions drawn from your own tasks',
      'Comprehensive productivity analytics',
      'Unlimited tasks in Task Bank',
    ]) {
      await page.getByText(feature, { exact: true }).waitFor();
    }
    await page.getByText('A credit card is required.', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to app' }).getAttribute('href')).toBe('/');
    await checkScreen(page, 'subscribe-offer');

    // 'Start 7-Day Free Trial' → checkout setup → the demo checkout page.
    await page.getByRole('link', { name: 'Start 7-Day Free Trial' }).click();
    await page.waitForURL('**/demo-checkout?session=*');
    await page.getByText('Demo checkout — no card is charged', { exact: true }).first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'LockIn Premium — 7-day free trial' }).waitFor();
    expect(await page.getByRole('button', { name: 'Subscribe', exact: true }).count()).toBe(0);
    await checkScreen(page, 'demo-checkout-trial');
    // On a phone the title used to break inside '7-day' ('7-' / 'day').
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await linesOf(h1(page), '7-day free trial')).toBe(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkScreen(page, 'demo-checkout-trial-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await payOnDemoPage(page, 'Start trial');
    await checkScreen(page, 'success');
    await page.clock.runFor(3_000);
    await page.waitForURL((url) => url.pathname === '/');

    // Premium UI: My Analytics, the premium icon, 'Trial ends' in the account menu, no upsell card.
    await page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Ada!$/ }).waitFor();
    await page.getByRole('button', { name: 'My Analytics' }).waitFor();
    expect(await page.getByText('Premium member').count()).toBeGreaterThan(0);
    // During the trial the upsell card offers only the paid plan now.
    const upgrade = page.getByRole('link', { name: 'Upgrade to Premium Now ($2.99/month)' });
    expect(await upgrade.getAttribute('href')).toBe('/subscribe?payment=true');
    // On a phone its label needs two lines: the button grows around them (it crammed them into
    // a one-line height, touching its edges).
    await page.setViewportSize({ width: 360, height: 800 });
    const room = await upgrade.evaluate((a) => {
      const box = a.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(a);
      const text = range.getBoundingClientRect();
      return { above: text.top - box.top >= 6, below: box.bottom - text.bottom >= 6 };
    });
    expect(room).toEqual({ above: true, below: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.getByRole('link', { name: 'Get Premium' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Start Free Trial' }).count()).toBe(0);
    const menu = await openAccountMenu(page);
    const trialLine = menu.getByText(/^Trial ends: /);
    await trialLine.waitFor();
    expect(await trialLine.innerText()).not.toContain('Unknown');
    await checkScreen(page, 'premium-home-menu');
    await page.keyboard.press('Escape');

    // Manage: Free Trial, $0.00 (Trial), no next billing, 'Add Payment Method' instead of cancel.
    await page.goto('/manage-subscription');
    await page.getByRole('heading', { name: 'Subscription Management' }).waitFor();
    await page.getByText('Free Trial', { exact: true }).waitFor();
    expect(await page.getByTestId('subscription-amount').innerText()).toBe('$0.00 (Trial)');
    expect(await page.getByTestId('next-billing').innerText()).toBe('None');
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    // The profile editing still works beside it.
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await checkScreen(page, 'manage-trial');

    // /subscribe no longer offers a trial to someone on one.
    await page.goto('/subscribe');
    await page.getByRole('heading', { level: 1, name: "You're on your free trial" }).waitFor();
    expect(await page.getByText('Start Your 7-Day Free Trial').count()).toBe(0);
    await checkScreen(page, 'subscribe-in-trial');
    await page.goto('/manage-subscription');
    await page.getByText('Free Trial', { exact: true }).waitFor();

    // 'Add Payment Method' → the demo page adds a card to the trial that runs: nothing is charged now.
    await page.getByRole('link', { name: 'Add Payment Method' }).click();
    await page.waitForURL('**/demo-checkout?session=*');
    await page.getByRole('heading', { level: 1, name: 'Add a payment method to your trial' }).waitFor();
    expect(await page.getByTestId('demo-price').innerText()).toMatch(/^\$0\.00 today, then \$2\.99\/month from /);
    await page.getByText('Your free trial keeps running.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Subscribe', exact: true }).count()).toBe(0);
    await checkScreen(page, 'demo-checkout-card');
    await payOnDemoPage(page, 'Add card');
    await page.clock.runFor(3_000);
    await page.waitForURL((url) => url.pathname === '/');

    // Still the trial, now with a card: the first charge is the trial's end, and it can be cancelled.
    await page.goto('/manage-subscription');
    await page.getByText('Free Trial', { exact: true }).waitFor();
    expect(await page.getByTestId('subscription-amount').innerText()).toBe('$0.00 (Trial)');
    expect(await page.getByTestId('next-billing').innerText()).toBe(await page.getByTestId('trial-end').innerText());
    expect(await page.getByRole('link', { name: 'Add Payment Method' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    await checkScreen(page, 'manage-trial-with-card');

    // The trial-ending mail's cancel link opens the cancel dialog at once; keeping it changes nothing.
    await page.goto('/manage-subscription?cancel=1');
    const fromMail = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await fromMail.waitFor();
    await page.waitForURL((url) => url.search === '');
    await fromMail.getByRole('button', { name: 'Keep Subscription' }).click();
    await fromMail.waitFor({ state: 'hidden' });
    await page.getByText('Free Trial', { exact: true }).waitFor();

    // The trial ends (the server's clock moves on): the paid plan takes over by itself.
    await setServerClock(suite.server, new Date(Date.now() + 8 * 24 * 60 * 60_000));
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Ada!$/ }).waitFor();
    await page.getByRole('button', { name: 'My Analytics' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Unlock Premium Features' }).count()).toBe(0);

    // Paid: Active, $2.99/month, a next billing date; no 'Trial ends' line any more.
    await page.goto('/manage-subscription');
    await page.getByText('Active', { exact: true }).waitFor();
    expect(await page.getByTestId('subscription-amount').innerText()).toBe('$2.99/month');
    expect(await page.getByTestId('next-billing').innerText()).not.toBe('None');
    const paidMenu = await openAccountMenu(page);
    expect(await paidMenu.getByText(/^Trial ends: /).count()).toBe(0);
    await page.keyboard.press('Escape');
    await checkScreen(page, 'manage-active');
    // Dark mode (the system setting) stays readable: axe checks the contrast there too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await checkScreen(page, 'manage-active-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Cancel with a reason, after a confirmation; Premium stays until the period ends.
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await dialog.waitFor();
    await dialog.getByText('You keep every Premium feature until', { exact: false }).waitFor();
    await dialog.getByLabel('Reason for cancelling (optional)').fill('Trying another app');
    await checkScreen(page, 'manage-cancel-dialog');
    // 'Keep Subscription' closes it without cancelling.
    await dialog.getByRole('button', { name: 'Keep Subscription' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expectToast(page, TOASTS.subscriptionCancelled);
    await page.getByText('Cancelling', { exact: true }).waitFor();
    expect(await page.getByTestId('next-billing').innerText()).toBe('None');
    await page.getByText('Premium stays on until', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    await checkScreen(page, 'manage-cancelling');
    // Still premium until the period ends.
    await page.goto('/');
    await page.getByRole('button', { name: 'My Analytics' }).waitFor();
    // Checkout for a user who is already premium: 'Already Subscribed' and back home.
    await page.goto('/subscribe?payment=true');
    await expectToast(page, TOASTS.alreadySubscribed);
    await page.waitForURL((url) => url.pathname === '/');
  });

  test("'Cancel' on the demo checkout returns to /subscribe?cancelled=true with the Payment Cancelled toast", async () => {
    const { page } = await open();
    await page.goto('/subscribe?payment=true');
    await page.waitForURL('**/demo-checkout?session=*');
    // 'Cancel' on the demo page lands on /subscribe?cancelled=true with the spec's toast.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectToast(page, TOASTS.paymentCancelled);
    await h1(page).filter({ hasText: 'Start Your 7-Day Free Trial' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    await checkScreen(page, 'subscribe-cancelled');
  });
});

describe('trial-ended banner', () => {
  test('after the trial ran out: the banner with Subscribe Now, Get Premium on the upsell card', async () => {
    const { context, page } = await open();
    const post = async (path: string, data?: unknown) => {
      const res = await context.request.post(`${suite.server.url}${path}`, {
        data: data ?? {},
        headers: { origin: suite.server.url },
      });
      expect(res.ok()).toBe(true);
      return res.json();
    };
    const { checkoutUrl } = await post('/api/create-subscription');
    const session = new URL(checkoutUrl).searchParams.get('session')!;
    await post('/api/trpc/plans.demoCheckout.complete', { session });
    await post('/api/activate-premium', { sessionId: session });
    try {
      await setServerClock(suite.server, new Date(Date.now() + 8 * 24 * 60 * 60_000));
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Trial status' });
      await banner
        .getByText('Your trial has ended. Subscribe to regain access to premium features.', { exact: true })
        .waitFor();
      expect(await banner.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe(
        '/subscribe?payment=true',
      );
      expect(await page.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe(
        '/subscribe?payment=true',
      );
      await checkScreen(page, 'trial-ended-banner');
      await page.emulateMedia({ colorScheme: 'dark' });
      await checkScreen(page, 'trial-ended-banner-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      // /subscribe: the plan, not a second trial.
      await page.goto('/subscribe');
      await page.getByRole('heading', { level: 1, name: 'Get LockIn Premium' }).waitFor();
      expect(await page.getByText('Start Your 7-Day Free Trial').count()).toBe(0);
      // Manage Account: the paid plan, not a second trial.
      await page.goto('/manage-subscription');
      await page.getByRole('link', { name: 'Subscribe to Premium ($2.99/month)' }).waitFor();
    } finally {
      await setServerClock(suite.server, new Date());
    }
  });
});

describe('visitors and errors', () => {
  test('a visitor asking for checkout is told to log in and sent to /login', async () => {
    const { page } = await open({ signedIn: false });
    await page.goto('/subscribe?payment=true');
    await expectToast(page, TOASTS.authenticationRequired);
    await page.waitForURL('**/login');
  });

  test("the success page without a session id: 'Payment Error'", async () => {
    const { page } = await open();
    await page.goto('/subscribe-success');
    await page.getByRole('heading', { level: 1, name: 'Payment Error' }).waitFor();
    await page.getByText('No session ID found', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    await checkScreen(page, 'success-no-session');
  });

  test("a made-up session id: 'Payment Not Confirmed' (never 'Payment Successful') and home, with no Premium granted", async () => {
    const { page } = await open();
    await page.clock.install();
    await page.goto('/subscribe-success?session_id=demo_cs_madeup');
    await page.clock.runFor(2_000);
    await expectToast(page, TOASTS.paymentNotConfirmed);
    await page.getByRole('heading', { level: 1, name: 'Payment Not Confirmed' }).waitFor();
    expect(await page.getByText('Payment Successful').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Manage Account' }).getAttribute('href')).toBe('/manage-subscription');
    await checkScreen(page, 'success-not-confirmed');
    await page.clock.runFor(3_000);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Unlock Premium Features' }).waitFor();
  });

  test('a demo checkout link of another account shows not found', async () => {
    const { page } = await open();
    await page.goto('/demo-checkout?session=demo_cs_someoneelse');
    await page.getByRole('heading', { level: 1, name: 'Checkout session not found' }).waitFor();
    await checkScreen(page, 'demo-checkout-not-found');
  });

  test("an answer with neither a checkout URL nor a status shows the 'Payment Setup' card with Try Again", async () => {
    const { page } = await open();
    await page.route('**/api/trpc/plans.createSubscription*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([{ result: { data: {} } }]) }),
    );
    await page.goto('/subscribe?payment=true');
    await page.getByRole('heading', { level: 1, name: 'Payment Setup' }).waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    await checkScreen(page, 'setup-fallback');
    // Try Again reloads the page, which sets up checkout again (now answered by the server).
    await page.unroute('**/api/trpc/plans.createSubscription*');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.waitForURL('**/demo-checkout?session=*');
  });

  test('a server failure during checkout setup shows the Payment Setup Error card', async () => {
    const { page } = await open();
    await page.route('**/api/trpc/plans.createSubscription*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'Stripe is down',
              code: -32603,
              data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
            },
          },
        ]),
      }),
    );
    await page.goto('/subscribe?payment=true');
    await page.getByRole('heading', { level: 1, name: 'Payment Setup Error' }).waitFor();
    await expectToast(page, { title: 'Payment Setup Error' });
    expect(await page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    await checkScreen(page, 'setup-error');
  });
});

describe('a production server without payments', () => {
  test("/subscribe says payments are not set up, offers no checkout, and a direct checkout shows the server's reason", async () => {
    const production = await startServer({ NODE_ENV: 'production', MAIL_TO_LOG: 'true', TEST_CLOCK: 'false' });
    try {
      const context = await newContext(suite.browser, production);
      suite.track(context);
      const page = await context.newPage();
      await registerViaApi(context, production, { firstName: 'Ada' });
      await page.goto('/subscribe');
      await page.getByText('Payments are not set up yet', { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Start 7-Day Free Trial' }).count()).toBe(0);
      await checkScreen(page, 'subscribe-payments-off');
      await page.goto('/subscribe?payment=true');
      await page.getByRole('heading', { name: 'Payment Setup Error' }).waitFor();
      await page
        .getByText('Payments are not set up on this server yet, so Premium cannot be bought here.', { exact: false })
        .first()
        .waitFor();
    } finally {
      await production.stop();
    }
  });
});

describe('Blocked Sites after Premium ends', () => {
  test('the list and mode are kept; the card marks what the free plan pauses and says it comes back', async () => {
    const { context, page } = await open();
    const api = async (path: string, data: unknown = {}) => {
      const res = await context.request.post(`${suite.server.url}${path}`, {
        data,
        headers: { origin: suite.server.url },
      });
      expect(res.ok()).toBe(true);
      return res.json();
    };
    const { checkoutUrl } = await api('/api/create-subscription');
    const session = new URL(checkoutUrl, suite.server.url).searchParams.get('session');
    await api('/api/trpc/plans.demoCheckout.complete', { session });
    // One request each: the first five added are the ones the free plan keeps blocking.
    for (const site of ['youtube.com', 'reddit.com', 'x.com', 'news.example', 'shop.example', 'games.example'])
      await api('/api/trpc/blocking.add', { sites: [site] });
    await api('/api/trpc/blocking.add', { sites: ['tiktok.com', 'twitch.tv'] });
    await api('/api/trpc/blocking.setMode', { mode: 'allow_only' });

    await setServerClock(suite.server, new Date(Date.now() + 8 * 24 * 60 * 60_000));
    await page.goto('/manage-subscription#blocked-sites');
    const card = page.getByTestId('blocked-sites');
    const note = card.getByTestId('blocking-paused');
    await note.waitFor();
    expect(await note.innerText()).toBe(BLOCKING_COPY.pausedNote(3, true));
    expect(await card.getByTestId('blocked-count').innerText()).toBe(BLOCKING_COPY.count(8, 5));
    expect(BLOCKING_COPY.count(8, 5)).toBe('8 sites, 5 of them blocked on the free plan');
    const paused = card.getByRole('listitem').filter({ hasText: BLOCKING_COPY.paused });
    expect((await paused.allInnerTexts()).map((text) => text.split('\n')[0]?.trim()).sort()).toEqual([
      'games.example',
      'tiktok.com',
      'twitch.tv',
    ]);
    // The free plan's mode shows; 'allow only' is offered again with Premium.
    expect(await card.getByLabel(BLOCKING_COPY.modes.block_listed).isChecked()).toBe(true);
    expect(await card.getByLabel(BLOCKING_COPY.modes.allow_only).isDisabled()).toBe(true);
    await checkScreen(page, 'blocked-sites-paused');
  });
});

// Browser tests of the accounts screens: sign-up and sign-in through the forms, the providers
// list, password recovery end to end (the reset link comes from the server log, as on a laptop
// without SMTP), the account menu and Manage Account. Each screen is checked with axe and
// photographed at 1280 and 360 px.
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { TIME_ZONE_SYNC_DELAY_MS } from '../../src/shared/constants';
import { TOASTS } from '../../src/shared/copy';
import { PROVIDERS_META } from '../../src/shared/oauth';
import { browserSuite, newContext, registerViaApi, screenshot } from './support/harness';
import { expectToast, screenChecks } from './support/screens';

// Browser steps, axe runs and a cold PGlite start take far longer than a unit test.
setDefaultTimeout(120_000);

const suite = browserSuite();

async function openPage(
  options: { width?: number; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(suite.browser, suite.server, options);
  suite.track(context);
  const page = await context.newPage();
  return { context, page };
}

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** An account made through the API in a throw-away context, so the test's browser starts signed out. */
async function accountViaApi(overrides: Parameters<typeof registerViaApi>[2] = {}) {
  const context = await newContext(suite.browser, suite.server);
  try {
    return await registerViaApi(context, suite.server, overrides);
  } finally {
    await context.close();
  }
}

async function h1Text(page: Page): Promise<string[]> {
  return page.locator('h1').allInnerTexts();
}

const { checkScreen } = screenChecks('auth');

async function landmarks(page: Page): Promise<{ header: number; main: number; footer: number; h1: number }> {
  return {
    header: await page.locator('header').count(),
    main: await page.locator('main').count(),
    footer: await page.locator('footer').count(),
    h1: await page.locator('h1').count(),
  };
}

async function currentUser(page: Page): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const res = await page.request.get('/api/auth/user');
  return { status: res.status(), body: res.ok() ? await res.json() : null };
}

/** A gate that holds a request until released (a stand-in at the network edge, no timing). */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe('sign-up page', () => {
  test('shows the sign-up fields, validates in the browser, and registers through the form', async () => {
    const { page } = await openPage({ timezoneId: 'America/New_York' });
    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: 'Create Your Account' }).waitFor();
    expect(await page.title()).toBe('Sign Up — LockIn');
    expect(await landmarks(page)).toEqual({ header: 1, main: 1, footer: 1, h1: 1 });

    // The fields of sign-up mode; no forgot link here.
    for (const label of ['First name', 'Last name', 'Email', 'Password']) {
      expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
    }
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
    expect(await page.getByRole('link', { name: 'Forgot your password?' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Already have an account? Sign in' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(await page.getByText('Focus Mode', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Task Suggestions', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
    expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');

    // Show/hide toggle: its name says what it does, and it flips the input type.
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await checkScreen(page, 'signup');

    // Required fields and the 8-character minimum stop the form before any request.
    let requests = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/auth/register')) requests += 1;
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await page.getByLabel('First name').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(
      true,
    );
    const email = uniqueEmail('signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await password.fill('short1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await password.evaluate((el) => (el as HTMLInputElement).validity.tooShort)).toBe(true);
    expect(requests).toBe(0);
    expect(page.url()).toEndWith('/signup');

    await password.fill('focus-time-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, TOASTS.accountCreated);
    await page.waitForURL(`${suite.server.url}/`);
    expect(requests).toBe(1);
    const me = await currentUser(page);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', timeZone: 'America/New_York' });
  });

  test('a double tap on Create Account makes one account, one success and no error', async () => {
    const { page } = await openPage({ width: 390 });
    const registers: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/auth/register') registers.push(req.url());
    });
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Twice');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('double'));
    await page.getByLabel('Password', { exact: true }).fill('quiet river morning');
    // Two taps in the same moment, before the page could re-render with the first one busy.
    await page.evaluate(() => {
      const form = document.querySelector('form');
      form?.requestSubmit();
      form?.requestSubmit();
    });
    await expectToast(page, TOASTS.accountCreated);
    await page.waitForURL((url) => url.pathname === '/');
    expect(registers).toHaveLength(1);
    expect(await page.getByTestId('toast').filter({ hasText: TOASTS.registrationFailed.title }).count()).toBe(0);
  });

  test('a taken email shows Registration Failed with the server message', async () => {
    const existing = await accountViaApi();
    const { page } = await openPage();
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('Email', { exact: true }).fill(existing.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('another-pass-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const toast = await expectToast(page, { title: TOASTS.registrationFailed.title });
    expect((await toast.innerText()).toLowerCase()).toContain('already exists');
    expect(page.url()).toEndWith('/signup');
  });
});

describe('sign-in page', () => {
  test('signs in through the form, sends the time zone, and lands on / signed in', async () => {
    const account = await accountViaApi({ firstName: 'Grace' });
    const { page } = await openPage({ timezoneId: 'Asia/Tokyo' });
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
    expect(await page.title()).toBe('Sign In — LockIn');
    expect(await page.getByLabel('First name').count()).toBe(0);
    expect(await page.getByLabel('Last name').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(await page.getByRole('link', { name: "Don't have an account? Sign up" }).getAttribute('href')).toBe(
      '/signup',
    );
    await checkScreen(page, 'login');

    // The toggle link switches modes in place.
    await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
    await page.getByRole('heading', { level: 1, name: 'Create Your Account' }).waitFor();
    await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();

    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByTestId('account-name').waitFor();
    expect(await page.getByTestId('account-name').innerText()).toBe('Grace');
    const me = await currentUser(page);
    expect(me.body).toMatchObject({ email: account.email, timeZone: 'Asia/Tokyo' });
  });

  test('a wrong password shows Login Failed; the button is disabled with a spinner while the request runs', async () => {
    const account = await accountViaApi();
    const { page } = await openPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');

    const held = gate();
    await page.route('**/api/auth/login', async (route) => {
      await held.wait;
      await route.continue();
    });
    const button = page.getByRole('button', { name: 'Sign In' });
    await button.click();
    await page.locator('button[type="submit"][aria-busy="true"]').waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(await button.locator('.animate-spin').count()).toBe(1);
    held.open();

    await expectToast(page, { title: TOASTS.loginFailed.title, description: 'Invalid email or password' });
    expect(await button.isDisabled()).toBe(false);
    expect(page.url()).toEndWith('/login');
    expect((await currentUser(page)).status).toBe(401);
  });

  test('?error=auth_failed shows Account Already Exists and is removed from the address', async () => {
    const { page } = await openPage();
    await page.goto('/login?error=auth_failed');
    await expectToast(page, TOASTS.accountAlreadyExists);
    await page.waitForURL((url) => !url.search.includes('error'));
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await h1Text(page)).toEqual(['Welcome Back']);
  });
});

describe('sign-in providers', () => {
  test('with no provider configured, no provider buttons and no divider are shown', async () => {
    const { page } = await openPage();
    const providers = page.waitForResponse('**/api/auth/providers');
    await page.goto('/login');
    expect(await (await providers).json()).toMatchObject({
      oidc: false,
      google: false,
      facebook: false,
      github: false,
      twitter: false,
    });
    expect(await page.getByText('Or continue with').count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Continue with/ }).count()).toBe(0);
  });

  test('shows only the available providers, each linking to its start URL', async () => {
    const { page } = await openPage();
    await page.route('**/api/auth/providers', (route) =>
      route.fulfill({ json: { oidc: true, google: true, facebook: false, github: true, twitter: true } }),
    );
    await page.route('**/api/auth/provider-names', (route) =>
      route.fulfill({
        json: { oidc: 'Acme ID', google: 'Google', facebook: 'Facebook', github: 'GitHub', twitter: 'X' },
      }),
    );
    await page.goto('/login');
    await page.getByText('Or continue with').waitFor();
    const links = page.getByRole('link', { name: /^Continue with/ });
    await links.first().waitFor();
    expect(await links.count()).toBe(4);
    for (const name of ['Continue with Acme ID', 'Continue with Google', 'Continue with GitHub', 'Continue with X']) {
      expect({ name, count: await page.getByRole('link', { name, exact: true }).count() }).toEqual({ name, count: 1 });
    }
    expect(await page.getByRole('link', { name: 'Continue with Facebook' }).count()).toBe(0);
    const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(hrefs).toEqual(['/api/auth/oidc', '/api/auth/google', '/api/auth/github', '/api/auth/twitter']);
    await checkScreen(page, 'login-providers');
  });

  test('the page shell names the configured providers: the first render draws them, nothing shifts', async () => {
    const { page } = await openPage({ width: 412 });
    await page.addInitScript(() => {
      const scope = window as unknown as { shifts: number };
      scope.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) scope.shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const providers = page.waitForResponse('**/api/auth/providers');
    await page.goto('/login');
    expect(await page.locator(`meta[name="${PROVIDERS_META}"]`).getAttribute('content')).toBe('');
    await providers;
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByTestId('provider-placeholders').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.02);
  });

  test('three placeholders while loading; on failure only the OIDC button and a hint', async () => {
    const { page } = await openPage();
    // A shell without the providers' list (an offline copy from an older build) asks first.
    await page.route('**/login', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<meta name="lockin-providers"[^>]*>/, '');
      await route.fulfill({ response, body: html });
    });
    const held = gate();
    await page.route('**/api/auth/providers', async (route) => {
      await held.wait;
      await route.fulfill({ status: 500, json: { message: 'Internal server error' } });
    });
    await page.goto('/login');
    const placeholders = page.getByTestId('provider-placeholders');
    await placeholders.waitFor();
    expect(await placeholders.locator('> div').count()).toBe(3);
    expect(await page.getByRole('status', { name: 'Loading sign-in options' }).count()).toBe(1);
    await screenshot(page, 'auth-login-providers-loading-1280');
    held.open();

    const oidc = page.getByRole('link', { name: 'Continue with Replit' });
    await oidc.waitFor();
    expect(await oidc.getAttribute('href')).toBe('/api/auth/oidc');
    expect(await page.getByRole('link', { name: /^Continue with/ }).count()).toBe(1);
    expect(await page.getByText(/OAuth credentials/).count()).toBe(1);
    await checkScreen(page, 'login-providers-failed');
  });
});

/** The last reset link the server logged for this address. */
function resetLinkFor(email: string): string | null {
  const log = suite.server.output();
  const at = log.lastIndexOf(`To: ${email}`);
  if (at < 0) return null;
  const match = /https?:\/\/\S+\/reset-password\?token=[^\s"<]+/.exec(log.slice(at));
  return match ? match[0] : null;
}

async function waitForResetLink(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const link = resetLinkFor(email);
    if (link) return link;
    await Bun.sleep(50);
  }
  throw new Error(`no reset link for ${email} in the server output`);
}

describe('forgot password', () => {
  test('Email Required when empty; Email Sent view; Send Another clears the form; Back to Login', async () => {
    const { page } = await openPage();
    await page.goto('/forgot-password');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('Forgot Password — LockIn');
    expect(await landmarks(page)).toEqual({ header: 1, main: 1, footer: 1, h1: 1 });
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
    await checkScreen(page, 'forgot');

    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, TOASTS.emailRequired);
    await page.getByLabel('Email', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, TOASTS.emailRequired);

    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Email Sent' }).waitFor();
    await expectToast(page, TOASTS.resetLinkSent);
    expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    await checkScreen(page, 'forgot-sent');

    await page.getByRole('button', { name: 'Send Another' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');

    await page.getByRole('link', { name: 'Back to Login' }).click();
    await page.waitForURL(`${suite.server.url}/login`);
  });

  test('a server refusal shows Error with the server message', async () => {
    const { page } = await openPage();
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const toast = await expectToast(page, { title: TOASTS.resetEmailFailed.title });
    expect(await toast.innerText()).toContain('email');
    expect(await page.getByRole('heading', { level: 1, name: 'Email Sent' }).count()).toBe(0);
  });
});

describe('reset password', () => {
  test('no token: the Invalid Reset Link view with its two ways out', async () => {
    const { page } = await openPage();
    await page.goto('/reset-password');
    await page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' }).waitFor();
    expect(await page.getByRole('link', { name: 'Request New Reset Link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    expect(await landmarks(page)).toEqual({ header: 1, main: 1, footer: 1, h1: 1 });
    await checkScreen(page, 'reset-invalid');
  });

  test('each validation toast in the spec order, then a bad token answers Reset Failed', async () => {
    const { page } = await openPage();
    // (An empty ?token= is the 'Invalid Reset Link' view, tested in craft.e2e.test.ts.)
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    const submit = page.getByRole('button', { name: 'Reset Password' });
    const fresh = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password', { exact: true });

    await submit.click();
    await expectToast(page, TOASTS.fieldsRequired);
    await fresh.fill('abc');
    await submit.click();
    await expectToast(page, TOASTS.fieldsRequired);
    await confirm.fill('abd');
    await submit.click();
    await expectToast(page, TOASTS.passwordsDontMatch);
    await confirm.fill('abc');
    await submit.click();
    await expectToast(page, TOASTS.passwordTooShort);

    // The show toggle reveals both fields.
    expect(await fresh.getAttribute('type')).toBe('password');
    await page.getByLabel('Show passwords').check();
    expect(await fresh.getAttribute('type')).toBe('text');
    expect(await confirm.getAttribute('type')).toBe('text');

    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('long-enough-2026');
    await page.getByLabel('Confirm new password', { exact: true }).fill('long-enough-2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const toast = await expectToast(page, { title: TOASTS.resetFailed.title });
    expect((await toast.innerText()).toLowerCase()).toContain('invalid');
    expect(await page.getByRole('heading', { level: 1, name: 'Password Reset' }).count()).toBe(0);
  });

  test('a real reset: link from the server log, Password Reset view, then sign in with the new password', async () => {
    const account = await accountViaApi({ firstName: 'Reset' });
    const { page } = await openPage();
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Email Sent' }).waitFor();
    const link = await waitForResetLink(account.email);
    expect(link.startsWith(`${suite.server.url}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
    expect(await page.title()).toBe('Reset Password — LockIn');
    await checkScreen(page, 'reset-form');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-secret-2026');
    await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-secret-2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password Reset' }).waitFor();
    await expectToast(page, TOASTS.passwordReset);
    await checkScreen(page, 'reset-done');

    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL(`${suite.server.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-secret-2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    expect((await currentUser(page)).body).toMatchObject({ email: account.email });

    // The link was single use.
    const again = await page.request.post('/api/reset-password', {
      data: { token: new URL(link).searchParams.get('token'), newPassword: 'another-secret-2026' },
      headers: { origin: suite.server.url },
    });
    expect(again.status()).toBe(400);
  });
});

describe('account menu', () => {
  test('keyboard: opens with Enter and ArrowDown, arrows move, Escape closes back to the button', async () => {
    const { context, page } = await openPage();
    await registerViaApi(context, suite.server, { firstName: 'Keya' });
    await page.goto('/manage-subscription');
    const button = page.getByRole('button', { name: /Keya/ });
    await button.waitFor();
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // Reach it with Tab from the top of the page.
    await page.locator('body').focus();
    for (let i = 0; i < 5 && !(await button.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    const focusedName = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
      'Manage Account',
      'Circles',
      'Keyboard shortcuts',
      'Sign Out',
    ]);
    expect(await focusedName()).toBe('Manage Account');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName()).toBe('Circles');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName()).toBe('Keyboard shortcuts');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName()).toBe('Sign Out');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName()).toBe('Manage Account');
    await page.keyboard.press('ArrowUp');
    expect(await focusedName()).toBe('Sign Out');
    await page.keyboard.press('Home');
    expect(await focusedName()).toBe('Manage Account');
    await page.keyboard.press('End');
    expect(await focusedName()).toBe('Sign Out');
    expect(await page.getByText(/^Trial ends:/).count()).toBe(0);
    await checkScreen(page, 'menu-open');

    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // ArrowUp opens on the last item; a click outside closes.
    await page.keyboard.press('ArrowUp');
    await page.getByRole('menu').waitFor();
    expect(await focusedName()).toBe('Sign Out');
    await page.mouse.click(5, 600);
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // Enter on Manage Account follows it (the query string shows the navigation happened).
    await page.goto('/manage-subscription?from=menu-test');
    await page.getByRole('button', { name: /Keya/ }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.server.url}/manage-subscription`);
    await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
  });

  test('a signed-in browser in another time zone sends it to the server once, after the first screen', async () => {
    const { context, page } = await openPage({ timezoneId: 'Europe/Paris' });
    await registerViaApi(context, suite.server, { firstName: 'Zoe' });
    expect((await currentUser(page)).body).toMatchObject({ timeZone: 'UTC' });
    await page.clock.install();
    let calls = 0;
    page.on('request', (req) => {
      if (req.url().includes('accounts.setTimeZone')) calls += 1;
    });
    await page.goto('/manage-subscription');
    await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
    // Not part of start-up: nothing is sent until the delay has passed.
    await page.evaluate(() => fetch('/api/auth/user').then((res) => res.status));
    expect(calls).toBe(0);
    const sync = page.waitForResponse((res) => res.url().includes('/api/trpc/accounts.setTimeZone'));
    await page.clock.fastForward(TIME_ZONE_SYNC_DELAY_MS);
    expect((await sync).status()).toBe(200);
    expect((await currentUser(page)).body).toMatchObject({ timeZone: 'Europe/Paris' });
    expect(calls).toBe(1);

    // Already in step: a reload sends nothing, however long the page stays open.
    await page.reload();
    await page.getByRole('button', { name: /Zoe/ }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
    await page.clock.fastForward(TIME_ZONE_SYNC_DELAY_MS);
    // The page's own timers run on (a sync's batch waits for one), then the page makes a request
    // of its own: a sync would have left before it.
    await page.clock.runFor(1_000);
    await page.evaluate(() => fetch('/api/auth/user').then((res) => res.status));
    expect(calls).toBe(1);
  });

  test('Sign Out from the menu ends the session and returns to the landing page', async () => {
    const { context, page } = await openPage();
    await registerViaApi(context, suite.server, { firstName: 'Leaving' });
    await page.goto('/manage-subscription');
    await page.getByRole('button', { name: /Leaving/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    expect((await currentUser(page)).status).toBe(401);
    await page.locator('h1').first().waitFor();
    expect(await page.getByTestId('account-name').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Leaving/ }).count()).toBe(0);
    // Signed-in-only pages are gone for the visitor.
    await page.goto('/manage-subscription');
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
  });
});

describe('Manage Account', () => {
  test('free view: plan cards, account information, and profile editing with Cancel and Save', async () => {
    const { context, page } = await openPage();
    const account = await registerViaApi(context, suite.server, { firstName: 'Ada', lastName: 'Lovelace' });
    await page.goto('/manage-subscription');
    await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
    expect(await page.title()).toBe('Manage Account — LockIn');
    expect(await landmarks(page)).toEqual({ header: 1, main: 1, footer: 1, h1: 1 });

    const main = page.locator('main');
    const text = await main.innerText();
    for (const line of [
      'Current Plan',
      'Basic',
      '$0',
      '/month',
      'Up to 5 daily tasks',
      'Task Bank of up to 10 tasks',
      'Premium Features',
      'Enhanced Lock-In mode with 7 motivation features',
      'Task suggestions from your own tasks',
      'Comprehensive productivity analytics',
      'Focus-time recommendations',
      'Calendar integration',
      'Unlimited Task Bank',
      'Account Information',
    ]) {
      expect(text).toContain(line);
    }
    expect(await page.getByRole('link', { name: 'Start 7-Day Free Trial' }).getAttribute('href')).toBe('/subscribe');
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByTestId('profile-name').innerText()).toBe('Ada Lovelace');
    expect(await page.getByTestId('profile-email').innerText()).toBe(account.email);
    await checkScreen(page, 'manage');

    // Cancel throws the edits away.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const first = page.getByLabel('First name');
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await first.inputValue()).toBe('Ada');
    await first.fill('Changed');
    await page.getByLabel('Email', { exact: true }).fill('changed@example.com');
    await checkScreen(page, 'manage-edit');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('profile-name').innerText()).toBe('Ada Lovelace');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);

    // Save trims and updates the page and the menu.
    await page.getByLabel('First name').fill('  Grace ');
    await page.getByLabel('Last name').fill(' Hopper  ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, TOASTS.profileUpdated);
    expect(await page.getByTestId('profile-name').innerText()).toBe('Grace Hopper');
    expect(await page.getByTestId('account-name').innerText()).toBe('Grace');
    expect((await currentUser(page)).body).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: account.email,
    });

    // A refused update keeps the form open with the server's message.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const toast = await expectToast(page, { title: TOASTS.updateFailed.title });
    expect(await toast.innerText()).toContain('email');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('not-an-email');
  });
});

describe('signed-in devices', () => {
  test("'Sign out of all other devices' ends the other browser's sign-in and keeps this one", async () => {
    const { context, page } = await openPage();
    const account = await registerViaApi(context, suite.server);
    const other = await newContext(suite.browser, suite.server);
    suite.track(other);
    const login = await other.request.post(`${suite.server.url}/api/auth/login`, {
      data: { email: account.email, password: account.password },
      headers: { origin: suite.server.url },
    });
    expect(login.status()).toBe(200);

    await page.goto('/manage-subscription');
    const card = page.getByTestId('other-devices');
    await card.getByRole('button', { name: 'Sign out of all other devices' }).waitFor();
    expect(await card.innerText()).toContain('Signed-in Devices');
    await checkScreen(page, 'manage-devices');
    const button = card.getByRole('button', { name: 'Sign out of all other devices' });
    await button.click();
    // Asked first, like every account-wide action; Cancel ends nothing and gives focus back.
    const confirm = page.getByRole('alertdialog', { name: 'Sign out of all other devices?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await other.request.get(`${suite.server.url}/api/auth/user`)).status()).toBe(200);
    await button.click();
    await checkScreen(page, 'manage-devices-confirm');
    await confirm.getByRole('button', { name: 'Sign out others' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectToast(page, {
      title: 'Signed out of other devices',
      description: '1 other sign-in was ended. This device stays signed in.',
    });
    expect((await other.request.get(`${suite.server.url}/api/auth/user`)).status()).toBe(401);
    expect((await currentUser(page)).status).toBe(200);
  });
});

describe('changing the email', () => {
  test('the new email waits for the link mailed to it; the link page confirms it with a button', async () => {
    const { context, page } = await openPage();
    const account = await registerViaApi(context, suite.server, { firstName: 'Ada', lastName: 'Lovelace' });
    const newEmail = `moved-${Date.now()}@example.com`;
    await page.goto('/manage-subscription');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const toast = await expectToast(page, { title: 'Confirm your new email' });
    expect(await toast.innerText()).toContain(`We sent a link to ${newEmail}`);
    // Until the link is opened the account keeps its address.
    expect(await page.getByTestId('profile-email').innerText()).toBe(account.email);

    // The server writes mail to its log here: the link in the mail to the new address.
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      const mail = suite.server.output().split(`To: ${newEmail}`).at(-1) ?? '';
      link = /(http:\/\/[^\s]+\/confirm-email\?token=[a-z0-9]+)/.exec(mail)?.[1];
      if (!link) await Bun.sleep(100);
    }
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByRole('heading', { level: 1, name: 'Confirm your new email' }).waitFor();
    await checkScreen(page, 'confirm-email');
    await page.getByRole('button', { name: 'Confirm New Email' }).click();
    await page.getByRole('heading', { level: 1, name: 'Email Changed' }).waitFor();
    expect(await page.getByTestId('confirmed-email').innerText()).toContain(newEmail);
    await checkScreen(page, 'confirm-email-done');
    await page.goto('/manage-subscription');
    await page.getByTestId('profile-email').filter({ hasText: newEmail }).waitFor();

    // The same link again, or none at all: 'Email Not Changed' with the way back.
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByRole('button', { name: 'Confirm New Email' }).click();
    await page.getByRole('heading', { level: 1, name: 'Email Not Changed' }).waitFor();
    await page.goto('/confirm-email');
    await page.getByRole('heading', { level: 1, name: 'Email Not Changed' }).waitFor();
    await checkScreen(page, 'confirm-email-invalid');
  });
});

describe('account menu outside the tasks screen', () => {
  test("a visitor sees a disabled 'Loading...' button while the user loads, then 'Sign In' to /login", async () => {
    const { page } = await openPage();
    const held = Promise.withResolvers<void>();
    await page.route('**/api/auth/user', async (route) => {
      await held.promise;
      await route.continue();
    });
    await page.goto('/subscribe');
    const loading = page.getByRole('button', { name: 'Loading...' });
    await loading.waitFor();
    expect(await loading.isDisabled()).toBe(true);
    held.resolve();
    const signIn = page.getByRole('link', { name: 'Sign In' });
    await signIn.waitFor();
    expect(await signIn.getAttribute('href')).toBe('/login');
    await signIn.click();
    await page.waitForURL('**/login');
    // The form's code loads when it is first opened.
    await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
    expect(await h1Text(page)).toEqual(['Welcome Back']);
  });
});

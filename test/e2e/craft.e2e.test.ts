// Browser tests of the walk-through's polish (issue #11): exact paths, the empty reset token, the
// skip link on every screen, the provider marks, the stable header and logo, keyboard-only focus
// rings on tabs, and the dark-mode hero card and 404 shadow. Screens are photographed light and
// dark at 1280 and 360 px.
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { NOT_FOUND_TITLE } from '../../src/shared/copy';
import { PROVIDER_NAMES } from '../../src/shared/oauth';
import { screenshot } from './support/harness';
import { browserSuite, screenChecks } from './support/screens';

setDefaultTimeout(120_000);

const { openPage } = browserSuite();
const { checkScreen } = screenChecks('craft');

async function heading(page: Page): Promise<string> {
  const h1 = page.locator('h1').first();
  await h1.waitFor();
  return h1.innerText();
}

/** A promise the test opens by hand, to hold a network answer. */
function gate() {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/** Relative luminance (0 black … 1 white) of a computed `rgb(…)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

describe('paths and links', () => {
  test("/reset-password?token= (an empty token) shows 'Invalid Reset Link', as a missing one does", async () => {
    const page = await openPage();
    for (const path of ['/reset-password?token=', '/reset-password?token=%20', '/reset-password']) {
      await page.goto(path);
      expect({ path, heading: await heading(page) }).toEqual({ path, heading: 'Invalid Reset Link' });
      expect(await page.getByLabel('New Password').count()).toBe(0);
    }
    await checkScreen(page, 'reset-empty-token');
  });

  test("paths match exactly: /Login and /PRIVACY-POLICY show '404 Page Not Found'", async () => {
    const page = await openPage();
    for (const path of ['/Login', '/SIGNUP', '/PRIVACY-POLICY', '/Forgot-Password']) {
      const res = await page.goto(path);
      expect({ path, status: res?.status() }).toEqual({ path, status: 404 });
      expect({ path, heading: await heading(page) }).toEqual({ path, heading: NOT_FOUND_TITLE });
    }
    await page.goto('/login');
    expect(await heading(page)).not.toBe(NOT_FOUND_TITLE);
  });
});

describe("'Skip to content' on every screen", () => {
  const visitorPaths = [
    '/',
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password?token=abc',
    '/privacy-policy',
    '/nope',
    '/subscribe',
  ];
  const memberPaths = ['/', '/manage-subscription'];

  async function expectSkipLink(page: Page, path: string, signedIn = false) {
    await page.goto(path);
    await page.locator('main h1, main h2').first().waitFor();
    // Signed in, '/' shows the landing page until the session is read: wait for the real screen.
    if (path === '/' && signedIn) await page.getByTestId('account-name').waitFor();
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.textContent?.trim());
    expect({ path, first }).toEqual({ path, first: 'Skip to content' });
    await page.keyboard.press('Enter');
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    expect({ path, focused }).toEqual({ path, focused: 'MAIN' });
  }

  test('visitor screens', async () => {
    const page = await openPage();
    for (const path of visitorPaths) await expectSkipLink(page, path);
  });

  test('signed-in screens', async () => {
    const page = await openPage({ signedIn: true });
    for (const path of memberPaths) await expectSkipLink(page, path, true);
  });
});

describe('sign-in provider marks', () => {
  test("each provider button shows that provider's own mark, light and dark", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openPage({ colorScheme });
      await page.route('**/api/auth/providers', (route) =>
        route.fulfill({ json: { oidc: true, google: true, facebook: true, github: true, twitter: true } }),
      );
      await page.goto('/login');
      const expected = { oidc: 'replit', google: 'google', facebook: 'facebook', github: 'github', twitter: 'x' };
      for (const [id, slug] of Object.entries(expected)) {
        const link = page.getByRole('link', {
          name: `Continue with ${PROVIDER_NAMES[id as keyof typeof PROVIDER_NAMES]}`,
        });
        await link.waitFor();
        const mark = link.locator('svg[data-mark]');
        expect({ id, mark: await mark.getAttribute('data-mark') }).toEqual({ id, mark: slug });
        // The mark is a drawn path, not a letter in a circle.
        expect({ id, path: ((await mark.locator('path').getAttribute('d')) ?? '').length > 50 }).toEqual({
          id,
          path: true,
        });
      }
      // GitHub's and X's black marks follow the text colour, so they stay visible on dark buttons.
      const github = page.getByRole('link', { name: 'Continue with GitHub' });
      const contrast = await github.evaluate((el) => {
        const mark = el.querySelector('svg') as SVGElement;
        return { fill: getComputedStyle(mark).fill, text: getComputedStyle(el).color };
      });
      expect(contrast.fill).toBe(contrast.text);
      await checkScreen(page, `login-provider-marks-${colorScheme}`);
    }
  });

  test('another OIDC issuer gets the OpenID mark and its own label', async () => {
    const page = await openPage();
    await page.route('**/api/auth/providers', (route) =>
      route.fulfill({ json: { oidc: true, google: false, facebook: false, github: false, twitter: false } }),
    );
    await page.route('**/api/auth/provider-names', (route) =>
      route.fulfill({ json: { ...PROVIDER_NAMES, oidc: 'Acme ID' } }),
    );
    await page.goto('/login');
    const link = page.getByRole('link', { name: 'Continue with Acme ID' });
    await link.waitFor();
    expect(await link.locator('svg[data-mark]').getAttribute('data-mark')).toBe('openid');
  });
});

describe('header and logo', () => {
  test("the header keeps its height when 'Loading...' becomes the avatar", async () => {
    const page = await openPage({ signedIn: true });
    const held = gate();
    await page.route('**/api/auth/user', async (route) => {
      await held.wait;
      await route.continue();
    });
    await page.goto('/subscribe');
    const loading = page.getByRole('button', { name: 'Loading...' });
    await loading.waitFor();
    const before = await page.locator('header').first().boundingBox();
    held.open();
    await page.getByTestId('account-name').waitFor();
    const after = await page.locator('header').first().boundingBox();
    expect(after?.height).toBe(before?.height ?? -1);
  });

  test('the logo stands in the same place on the public, auth, legal, 404, tasks, plan and account screens', async () => {
    const places: Record<string, { x: number; y: number }> = {};
    async function measure(page: Page, path: string, ready: () => Promise<unknown>) {
      await page.goto(path);
      await ready();
      const box = await page.getByRole('link', { name: 'LockIn' }).first().boundingBox();
      places[path] = { x: Math.round(box?.x ?? -1), y: Math.round(box?.y ?? -1) };
    }
    const visitor = await openPage();
    for (const path of ['/', '/login', '/forgot-password', '/privacy-policy', '/nope']) {
      await measure(visitor, path, () => visitor.locator('h1').first().waitFor());
    }
    const member = await openPage({ signedIn: true });
    for (const path of ['/subscribe', '/manage-subscription']) {
      await measure(member, path, () => member.getByTestId('account-name').waitFor());
    }
    // The signed-in home (the tasks screen): measured under its own name, as '/' is the landing page's.
    await member.goto('/');
    await member.getByRole('heading', { level: 2, name: "Today's Focus" }).waitFor();
    const tasksLogo = await member.getByRole('link', { name: 'LockIn' }).first().boundingBox();
    places['/ (tasks)'] = { x: Math.round(tasksLogo?.x ?? -1), y: Math.round(tasksLogo?.y ?? -1) };
    const home = places['/'];
    for (const [path, place] of Object.entries(places)) expect({ path, place }).toEqual({ path, place: home! });
  });
});

describe('tabs', () => {
  test('a mouse click on a tab shows no focus ring; the keyboard does', async () => {
    const page = await openPage({ signedIn: true });
    await page.goto('/');
    const bank = page.getByRole('tab', { name: /^Task Bank/ });
    await bank.click();
    await page.getByRole('heading', { name: 'Task Bank' }).waitFor();
    // A ring is a box-shadow with a spread ('0px 0px 0px 4px'); the selected tab's own small
    // shadow has none.
    const ring = () =>
      page.evaluate(() => {
        const tab = document.querySelector('[role="tab"][aria-selected="true"]') as HTMLElement;
        return {
          focused: document.activeElement === tab,
          ring: /0px 0px 0px [1-9]/.test(getComputedStyle(tab).boxShadow),
        };
      });
    expect(await ring()).toEqual({ focused: true, ring: false });
    await page.keyboard.press('ArrowLeft');
    expect(await ring()).toEqual({ focused: true, ring: true });
    // The same holds for buttons and links, which share the focus-ring style.
    const button = page.getByRole('button', { name: /Add Task|Add to Task Bank/ }).first();
    await button.click();
    const buttonRing = await button.evaluate((el) => /0px 0px 0px [1-9]/.test(getComputedStyle(el).boxShadow));
    expect(buttonRing).toBe(false);
  });
});

describe('dark mode', () => {
  test("the landing hero's preview card is dark in dark mode", async () => {
    const page = await openPage({ colorScheme: 'dark' });
    await page.goto('/');
    const card = page.getByTestId('hero-preview-card');
    await card.waitFor();
    const background = await card.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(luminance(background)).toBeLessThan(0.1);
    await screenshot(page, 'craft-landing-dark-1280');
    await checkScreen(page, 'landing-dark');
  });

  test("the 404 illustration's shadow is dark in dark mode and pale in light mode", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openPage({ colorScheme });
      await page.goto('/nope');
      const shadow = page.locator('main svg ellipse').first();
      await shadow.waitFor();
      const fill = await shadow.evaluate((el) => getComputedStyle(el).fill);
      if (colorScheme === 'dark') expect(luminance(fill)).toBeLessThan(0.1);
      else expect(luminance(fill)).toBeGreaterThan(0.7);
      await checkScreen(page, `not-found-${colorScheme}`);
    }
  });
});

// The public screens in a real browser against a real server: every visitor route renders with a
// heading and title, the landing page's links lead where the spec says, the legal pages state the
// spec's statements with today's date, unknown paths answer 404, and nothing overflows at 360 px,
// logs an error, breaks the CSP or fails axe.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  expectNoAxeViolations,
  launchBrowser,
  newContext,
  type RunningServer,
  screenshot,
  startServer,
} from './support/harness';

const ROOT = join(import.meta.dir, '../..');
/** Generous: a browser and a fresh PGlite on a machine shared with other test runs are slow. */
const SLOW = 180_000;
/** The legal pages' on-demand code. */
const LEGAL_CODE = /\/LegalPages-[\w-]+\.js$/;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, SLOW);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Tracked {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught page errors and CSP violations seen so far. */
  problems: string[];
  close(): Promise<void>;
}

/** A fresh visitor's page that records console errors, page errors and CSP violations. */
async function open(width = 1280): Promise<Tracked> {
  const context = await newContext(browser, server, { width });
  // Runs before any page script (injected over CDP, so the CSP does not apply to it).
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location().url;
    // A visitor's current-user call answers 401 by design, and an unknown path answers 404 by
    // design; Chromium logs both network answers as errors. Anything else is a real problem.
    const expected =
      msg.text().startsWith('Failed to load resource') &&
      (where.endsWith('/api/auth/user') || /\/(no-such-page|some\/deep\/missing\/path)$/.test(where));
    if (!expected) problems.push(`console: ${msg.text()} (${where})`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return {
    page,
    context,
    problems,
    async close() {
      await context.close();
    },
  };
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

async function expectClean(t: Tracked): Promise<void> {
  expect(await cspViolations(t.page)).toEqual([]);
  expect(t.problems).toEqual([]);
}

async function h1Texts(page: Page): Promise<string[]> {
  return (await page.locator('h1').allTextContents()).map((s) => s.trim().replace(/\s+/g, ' '));
}

/** Waits for the client-side render of a screen, then checks it is the page's only h1. */
async function expectOnlyH1(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
  expect(await h1Texts(page)).toEqual([text]);
}

async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Today as the legal pages print it (the browser context runs in UTC). */
function todayLong(): string {
  return new Date().toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

/** Pages another engineer is still building keep the foundation's placeholder until they land. */
function isBuilt(file: string): boolean {
  return !readFileSync(join(ROOT, file), 'utf8').includes('Placeholder: replaced');
}

interface PublicRoute {
  path: string;
  /** The h1 when the page's feature has landed (null: only 'exactly one non-empty h1'). */
  h1: string | null;
  /** The exact document title on the public screens built here (null: it only has to name LockIn). */
  title: string | null;
  file: string;
}

const PUBLIC_ROUTES: PublicRoute[] = [
  {
    path: '/',
    h1: 'Block out distraction. Finish what matters today.',
    title: 'Focus on what matters today — LockIn',
    file: 'src/client/features/landing/LandingPage.tsx',
  },
  { path: '/login', h1: 'Welcome Back', title: null, file: 'src/client/features/auth/LoginPage.tsx' },
  { path: '/signup', h1: 'Create Your Account', title: null, file: 'src/client/features/auth/LoginPage.tsx' },
  {
    path: '/subscribe',
    h1: 'Start Your 7-Day Free Trial',
    title: 'LockIn Premium — LockIn',
    file: 'src/client/features/plans/SubscribePage.tsx',
  },
  { path: '/forgot-password', h1: null, title: null, file: 'src/client/features/auth/ForgotPasswordPage.tsx' },
  { path: '/reset-password', h1: null, title: null, file: 'src/client/features/auth/ResetPasswordPage.tsx' },
  {
    path: '/privacy-policy',
    h1: 'Privacy Policy',
    title: 'Privacy Policy — LockIn',
    file: 'src/client/features/legal/LegalPages.tsx',
  },
  {
    path: '/terms-of-service',
    h1: 'Terms of Service',
    title: 'Terms of Service — LockIn',
    file: 'src/client/features/legal/LegalPages.tsx',
  },
  {
    path: '/cookie-policy',
    h1: 'Cookie Policy',
    title: 'Cookie Policy — LockIn',
    file: 'src/client/features/legal/LegalPages.tsx',
  },
];

const LEGAL_PAGES = [
  { path: '/privacy-policy', name: 'privacy-policy', h1: 'Privacy Policy' },
  { path: '/terms-of-service', name: 'terms-of-service', h1: 'Terms of Service' },
  { path: '/cookie-policy', name: 'cookie-policy', h1: 'Cookie Policy' },
];

describe('every public route', () => {
  for (const route of PUBLIC_ROUTES) {
    test(
      `${route.path} answers 200 with one h1 and a LockIn title, fits 360 px, logs no errors`,
      async () => {
        for (const width of [1280, 360]) {
          const t = await open(width);
          const res = await t.page.goto(route.path);
          expect(res?.status()).toBe(200);
          await t.page.locator('h1').first().waitFor();
          const h1s = await h1Texts(t.page);
          expect(h1s).toHaveLength(1);
          expect(h1s[0]!.length).toBeGreaterThan(0);
          if (route.h1 && isBuilt(route.file)) expect(h1s[0]).toBe(route.h1);
          const title = await t.page.title();
          expect(title).toContain('LockIn');
          if (route.title) expect(title).toBe(route.title);
          if (width === 360) expect(await scrollWidth(t.page)).toBeLessThanOrEqual(360);
          await expectClean(t);
          await t.close();
        }
      },
      SLOW,
    );
  }
});

describe('landing page', () => {
  test(
    "a visitor's page settles: the 401 of the current-user call is read, and no header is refused by the browser",
    async () => {
      const t = await open();
      const { page } = t;
      const browserSaid: string[] = [];
      page.on('console', (msg) => {
        if (/Permissions-Policy|Unrecognized feature|Feature-Policy/i.test(msg.text())) browserSaid.push(msg.text());
      });
      const userCall = page.waitForResponse((r) => r.url().endsWith('/api/auth/user'));
      await page.goto('/');
      expect((await userCall).status()).toBe(401);
      // With the body left unread the request stayed open and this never happened.
      await page.waitForLoadState('networkidle', { timeout: 20_000 });
      await page.locator('h1').waitFor();
      expect(browserSaid).toEqual([]);
      await t.close();
    },
    SLOW,
  );

  test(
    'links lead where the spec says',
    async () => {
      const t = await open();
      const { page } = t;
      await page.goto('/');
      await page.locator('h1').waitFor();
      const href = (name: string) => page.getByRole('link', { name, exact: true }).getAttribute('href');

      expect(await href('Sign in')).toBe('/api/login');
      expect(await href('Lock In')).toBe('/signup');
      // The spec sent both to sign-in; issue #51 (docs/decisions/2026-11-28-polish-pass.md) sends
      // them to sign-up: /api/login still starts an issuer's sign-in when one is configured.
      expect(await href('Get Started Free')).toBe('/api/login?signup');
      expect(await href('Start Free Trial')).toBe('/subscribe');
      expect(await href('Create an Account')).toBe('/signup');

      const footer = page.getByRole('contentinfo');
      const footerHref = (name: string | RegExp) => footer.getByRole('link', { name }).getAttribute('href');
      expect(await footerHref('Privacy Policy')).toBe('/privacy-policy');
      expect(await footerHref('Terms of Service')).toBe('/terms-of-service');
      expect(await footerHref('Cookie Policy')).toBe('/cookie-policy');
      expect(await footerHref(/Email support/)).toBe('mailto:support@lockin.app');

      // Help Center and FAQ are announced, not linked.
      expect(await footer.getByText('Help Center', { exact: true }).count()).toBe(1);
      expect(await footer.getByText('FAQ', { exact: true }).count()).toBe(1);
      expect(await footer.getByRole('link', { name: /Help Center|FAQ/ }).count()).toBe(0);
      expect(await footer.getByText('Coming soon', { exact: true }).count()).toBe(2);

      await expectClean(t);
      await t.close();
    },
    SLOW,
  );

  test(
    "the hero's two buttons keep their labels on one line at 1280, 1024 and 360 px",
    async () => {
      for (const width of [1280, 1024, 360]) {
        const t = await open(width);
        await t.page.goto('/');
        await t.page.locator('h1').waitFor();
        const hero = t.page.locator('section[aria-labelledby="hero-title"]');
        for (const name of ['Lock In', 'Try a focus session']) {
          const control = hero.getByRole(name === 'Lock In' ? 'link' : 'button', { name, exact: true });
          // A label that wraps has text rectangles on more than one line.
          const lines = await control.evaluate((el) => {
            const tops = new Set<number>();
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
            }
            return tops.size;
          });
          expect({ width, name, lines }).toEqual({ width, name, lines: 1 });
        }
        await t.close();
      }
    },
    SLOW,
  );

  test(
    'states the plans: Free with its limits, Premium at $2.99/month with a 7-day trial and no payment required',
    async () => {
      const t = await open();
      const { page } = t;
      await page.goto('/');
      const free = page.getByRole('article', { name: /Free/ });
      const premium = page.getByRole('article', { name: 'Premium' });
      const freeText = (await free.textContent())!;
      for (const item of [
        'Daily Focus list of up to 5 tasks',
        'Completion tracking',
        'Basic organisation',
        'Task Bank of up to 10 tasks',
        '$0',
      ]) {
        expect(freeText).toContain(item);
      }
      const premiumText = (await premium.textContent())!;
      for (const item of [
        '$2.99',
        '/month',
        '7-day free trial',
        'No payment required',
        'Enhanced Lock-In mode with 7 motivation features',
        'Task suggestions from your own tasks',
        'Comprehensive productivity analytics',
        'Focus-time recommendations',
        'Calendar integration',
        'Unlimited Task Bank',
      ]) {
        expect(premiumText).toContain(item);
      }
      expect(await free.getByRole('link', { name: 'Get Started Free' }).count()).toBe(1);
      expect(await premium.getByRole('link', { name: 'Start Free Trial' }).count()).toBe(1);
      await t.close();
    },
    SLOW,
  );

  test(
    'highlights every feature',
    async () => {
      const t = await open();
      const { page } = t;
      await page.goto('/');
      const features = page.locator('#features');
      // The first render is a transition: it may finish just after the load event.
      await features.getByRole('heading', { name: 'Task Bank', exact: true }).waitFor();
      for (const name of [
        'Task Bank',
        "Today's Focus",
        'Lock-In focus sessions',
        'Daily streaks',
        // No model on this server: the feature is not called AI.
        'Task suggestions',
        'Productivity analytics',
      ]) {
        expect(await features.getByRole('heading', { name, exact: true }).count()).toBe(1);
      }
      expect(await features.textContent()).toContain('up to 5 tasks');
      await t.close();
    },
    SLOW,
  );

  test(
    "'Lock In' opens the sign-up screen in the app and a footer link opens a legal page",
    async () => {
      const t = await open();
      const { page } = t;
      await page.goto('/');
      await page.getByRole('link', { name: 'Lock In', exact: true }).click();
      await page.waitForURL('**/signup');
      expect(new URL(page.url()).pathname).toBe('/signup');
      await page.goBack();
      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
      await page.waitForURL('**/terms-of-service');
      await expectOnlyH1(page, 'Terms of Service');
      await expectClean(t);
      await t.close();
    },
    SLOW,
  );

  test(
    'every link and button is reachable with the keyboard, starting with the skip link',
    async () => {
      const t = await open();
      const { page } = t;
      await page.goto('/');
      await page.locator('h1').waitFor();
      const focusable = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('a[href], button')]
          .filter((el) => el.getClientRects().length > 0 || el.textContent === 'Skip to content')
          .map((el) => el.textContent!.trim()),
      );
      const reached: string[] = [];
      for (let i = 0; i < focusable.length + 5; i++) {
        await page.keyboard.press('Tab');
        reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
      }
      expect(reached[0]).toBe('Skip to content');
      for (const label of focusable) expect(reached).toContain(label);
      for (const label of [
        'Sign in',
        'Lock In',
        'Get Started Free',
        'Start Free Trial',
        'Create an Account',
        'Privacy Policy',
      ]) {
        expect(reached).toContain(label);
      }
      // The skip link moves focus past the header into <main>.
      await page.reload();
      await page.locator('h1').waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      await t.close();
    },
    SLOW,
  );

  test(
    'has header, nav, main and footer landmarks and no axe violations at 1280 and 360 px',
    async () => {
      for (const width of [1280, 360]) {
        const t = await open(width);
        const { page } = t;
        await page.goto('/');
        await page.locator('h1').waitFor();
        expect(await page.getByRole('banner').count()).toBe(1);
        expect(await page.getByRole('main').count()).toBe(1);
        expect(await page.getByRole('contentinfo').count()).toBe(1);
        expect(await page.getByRole('navigation', { name: 'Primary' }).count()).toBe(1);
        await expectNoAxeViolations(page, `landing at ${width}`);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
        await screenshot(page, `landing-${width}`);
        await expectClean(t);
        await t.close();
      }
    },
    SLOW,
  );
});

describe('legal pages', () => {
  for (const legal of LEGAL_PAGES) {
    test(
      `${legal.path} shows 'Back to Home', today's date, landmarks, and passes axe at 1280 and 360 px`,
      async () => {
        for (const width of [1280, 360]) {
          const t = await open(width);
          const { page } = t;
          await page.goto(legal.path);
          await expectOnlyH1(page, legal.h1);
          expect(await page.title()).toBe(`${legal.h1} — LockIn`);
          const main = page.getByRole('main');
          expect(await main.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
          expect(await main.getByText(/^Last updated:/).textContent()).toBe(`Last updated: ${todayLong()}`);
          expect(await page.getByRole('banner').count()).toBe(1);
          expect(await page.getByRole('contentinfo').count()).toBe(1);
          expect(await page.getByRole('navigation', { name: 'On this page' }).count()).toBe(1);
          await expectNoAxeViolations(page, `${legal.path} at ${width}`);
          expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
          await screenshot(page, `${legal.name}-${width}`);
          await expectClean(t);
          await t.close();
        }
      },
      SLOW,
    );
  }

  test(
    "'Back to Home' returns to the landing page",
    async () => {
      const t = await open();
      const { page } = t;
      await page.goto('/cookie-policy');
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expectOnlyH1(page, 'Block out distraction. Finish what matters today.');
      await t.close();
    },
    SLOW,
  );

  test(
    'a page opened from a link starts at the top; Back and Forward return to where each page was left, also after a reload',
    async () => {
      const t = await open();
      const { page } = t;
      const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
      const scrolledTo = (y: number) => page.waitForFunction((want) => Math.round(window.scrollY) === want, y);
      // A scroll event is dispatched on the next frame; a person never leaves the page sooner.
      const scrollEventSeen = () =>
        page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.goto('/');
      await expectOnlyH1(page, 'Block out distraction. Finish what matters today.');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await scrollEventSeen();
      const landingY = await scrollY();
      expect(landingY).toBeGreaterThan(300);

      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await page.waitForURL((url) => url.pathname === '/privacy-policy');
      // The URL changes before the page does (its code loads on demand; until then the landing
      // page's own heading is still there), so wait for the policy's heading.
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      expect(await scrollY()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 240));
      await scrolledTo(240);
      await scrollEventSeen();

      // An in-page link ('On this page') jumps to its section; Back returns to where it was clicked.
      await page
        .getByRole('navigation', { name: 'On this page' })
        .getByRole('link', { name: 'Cookies and browser storage' })
        .click();
      await page.waitForURL((url) => url.hash === '#cookies');
      await scrollEventSeen();
      const sectionY = await scrollY();
      expect(sectionY).toBeGreaterThan(240);
      await page.goBack();
      await scrolledTo(240);
      await page.goForward();
      await scrolledTo(sectionY);
      await page.goBack();
      await scrolledTo(240);

      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      await scrolledTo(landingY);
      await page.goForward();
      await page.waitForURL((url) => url.pathname === '/privacy-policy');
      await scrolledTo(240);

      await page.goBack();
      await scrolledTo(landingY);
      await page.reload();
      await page.locator('h1').waitFor();
      await scrolledTo(landingY);
      // A fragment that cannot be decoded names no section: the page opens at the top, no error.
      await page.goto('/privacy-policy#%E0%A4%A');
      await expectOnlyH1(page, 'Privacy Policy');
      expect(await scrollY()).toBe(0);
      await expectClean(t);
      await t.close();
    },
    SLOW,
  );

  test(
    'a page whose code is still loading opens at its #section, and a reload returns to where it was left',
    async () => {
      const t = await open();
      const { page } = t;
      // The legal pages' code is held back until the test lets it through: 'Loading' shows first,
      // a page far too short for the section or the place it is asked for.
      const holdLegalCode = async () => {
        let letThrough = () => {};
        const held = new Promise<void>((resolve) => {
          letThrough = resolve;
        });
        await page.unroute(LEGAL_CODE);
        await page.route(LEGAL_CODE, async (route) => {
          await held;
          await route.continue();
        });
        return letThrough;
      };
      const loading = page.getByRole('status', { name: 'Loading' });
      const heading = page.getByRole('heading', { level: 1, name: 'Privacy Policy' });
      const scrolledTo = (y: number) => page.waitForFunction((want) => Math.round(window.scrollY) === want, y);

      let letThrough = await holdLegalCode();
      await page.goto('/privacy-policy#cookies', { waitUntil: 'commit' });
      await loading.waitFor();
      letThrough();
      await heading.waitFor();
      // Its heading sits at the top of the window, below the sticky header's margin.
      await page.waitForFunction(() => {
        const top = document.getElementById('cookies')?.getBoundingClientRect().top ?? -1;
        return window.scrollY > 0 && top >= 0 && top < 200;
      });

      await page.evaluate(() => window.scrollTo(0, 600));
      await scrolledTo(600);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      letThrough = await holdLegalCode();
      await page.reload({ waitUntil: 'commit' });
      await loading.waitFor();
      letThrough();
      await heading.waitFor();
      await scrolledTo(600);
      await expectClean(t);
      await t.close();
    },
    SLOW,
  );

  async function mainText(path: string): Promise<string> {
    const t = await open();
    await t.page.goto(path);
    await t.page.locator('h1').waitFor();
    const text = (await t.page.getByRole('main').textContent())!.replace(/\s+/g, ' ');
    await t.close();
    return text;
  }

  test(
    'the privacy policy states the minimum age and that AI sees tasks only when the user triggers it',
    async () => {
      const text = await mainText('/privacy-policy');
      expect(text).toContain('You must be at least 13 years old to use LockIn');
      expect(text).toContain(
        'send the content of your tasks (titles, descriptions and categories) to our AI provider only when you trigger them',
      );
      expect(text).toContain('no advertising or tracking cookies');
    },
    SLOW,
  );

  test(
    'the terms state age, plans, premium gating, refunds and cancellation',
    async () => {
      const text = await mainText('/terms-of-service');
      expect(text).toContain('You must be at least 13 years old to use LockIn');
      expect(text).toContain('Free users get core Lock-In Mode and basic task tracking');
      expect(text).toContain(
        'Premium users get AI task suggestions, comprehensive productivity analytics and focus optimisation',
      );
      expect(text).toContain('AI task suggestions and productivity analytics are Premium features');
      expect(text).toContain("refunds are at the payment provider's discretion");
      expect(text).toContain('you keep Premium until the end of the billing period');
      expect(text).toContain('$2.99/month');
      expect(text).toContain('7-day free trial');
      expect(text).toContain(
        'content of your tasks is sent to our AI provider to generate them. Nothing is sent unless you ask.',
      );
    },
    SLOW,
  );

  test(
    "the cookie policy says no advertising or tracking cookies, a strictly necessary session cookie, and the payment provider's cookies during payment",
    async () => {
      const text = await mainText('/cookie-policy');
      expect(text).toContain('does not use advertising cookies or tracking cookies');
      expect(text).toContain('The session cookie that keeps you signed in is strictly necessary');
      expect(text).toContain('lockin_session');
      expect(text).toContain("The payment provider's cookies are used there during payment");
    },
    SLOW,
  );
});

describe('not found', () => {
  for (const path of ['/no-such-page', '/some/deep/missing/path']) {
    test(
      `${path} answers HTTP 404 and renders '404 Page Not Found' with a way home`,
      async () => {
        const t = await open();
        const { page } = t;
        const res = await page.goto(path);
        expect(res?.status()).toBe(404);
        await expectOnlyH1(page, '404 Page Not Found');
        expect(await page.title()).toBe('404 Page Not Found — LockIn');
        expect(await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
        await expectClean(t);
        await t.close();
      },
      SLOW,
    );
  }

  test(
    'the 404 page passes axe, fits 360 px and links home',
    async () => {
      for (const width of [1280, 360]) {
        const t = await open(width);
        const { page } = t;
        await page.goto('/no-such-page');
        await page.locator('h1').waitFor();
        await expectNoAxeViolations(page, `404 at ${width}`);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
        await screenshot(page, `404-${width}`);
        await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await expectOnlyH1(page, 'Block out distraction. Finish what matters today.');
        await expectClean(t);
        await t.close();
      }
    },
    SLOW,
  );
});

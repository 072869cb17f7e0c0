// The first load: the header is painted from the shell before any script runs, in the place React
// draws it; a signed-in user's first screen is the tasks screen — the landing page is never
// rendered, the sign-in state is asked for once (the shell's preload), the screen's reads go out
// in one batch before its code has run, and that code is preloaded by the shell answered for '/'.
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { browserSuite } from './support/screens';

setDefaultTimeout(120_000);

const { openPage } = browserSuite();

/** Every request the page makes, by path (and the tRPC procedures of each batch). */
function recordRequests(page: Page): { paths: string[]; procedures: string[][] } {
  const seen = { paths: [] as string[], procedures: [] as string[][] };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    seen.paths.push(pathname);
    if (pathname.startsWith('/api/trpc/')) {
      seen.procedures.push(decodeURIComponent(pathname.slice('/api/trpc/'.length)).split(','));
    }
  });
  return seen;
}

describe('the shell', () => {
  test('paints the header, logo in the place React draws it, before any script runs', async () => {
    const page = await openPage();
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        document.documentElement.dataset.refused = `${document.documentElement.dataset.refused ?? ''} ${event.violatedDirective}`;
      });
    });
    await page.route('**/*.js', (route) => route.abort());
    const res = await page.goto('/');
    const shellLogo = page.getByRole('link', { name: 'LockIn' });
    await shellLogo.waitFor();
    const painted = await shellLogo.boundingBox();
    // The stylesheet is in the shell, allowed by the CSP's hash: styled with no request for it.
    const shell = (await res?.text()) ?? '';
    expect(shell).toContain('<style>');
    expect(shell).not.toContain('rel="stylesheet"');
    expect(await page.evaluate(() => document.documentElement.dataset.refused ?? 'none')).toBe('none');
    expect(await page.locator('header > div').evaluate((row) => getComputedStyle(row).height)).toBe('64px');
    // Nothing of React's: no heading, no landmark but the header.
    expect(await page.locator('h1').count()).toBe(0);
    expect(await page.locator('main').count()).toBe(0);

    await page.unroute('**/*.js');
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // React's header replaced the shell's: one header, its logo where the shell painted it.
    expect(await page.locator('header').count()).toBe(1);
    expect(await page.locator('header').getByRole('link', { name: 'LockIn' }).boundingBox()).toEqual(painted);
  });
});

describe('the first screen', () => {
  test('signed in: the tasks screen at once, one sign-in request, its reads in one batch, its code preloaded', async () => {
    const page = await openPage({ signedIn: true });
    // Records whether the landing page's hero was ever in the document.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.getElementById('hero-title')) document.documentElement.dataset.landingSeen = 'yes';
      }).observe(document, { childList: true, subtree: true });
    });
    const seen = recordRequests(page);
    const res = await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' }).waitFor();
    await page.getByText('No tasks for today.', { exact: true }).waitFor();

    expect(await page.evaluate(() => document.documentElement.dataset.landingSeen ?? 'no')).toBe('no');
    expect(seen.paths.filter((p) => p === '/api/auth/user')).toHaveLength(1);
    expect(seen.procedures[0]).toEqual(
      expect.arrayContaining([
        'tasks.daily.list',
        'tasks.bank.list',
        'lockin.running',
        'lockin.streak',
        'plans.status',
      ]),
    );
    for (const procedure of ['tasks.daily.list', 'tasks.bank.list', 'lockin.streak']) {
      expect({ procedure, asked: seen.procedures.flat().filter((p) => p === procedure).length }).toEqual({
        procedure,
        asked: 1,
      });
    }
    const shell = (await res?.text()) ?? '';
    expect(shell).toMatch(/<link rel="modulepreload" crossorigin href="\/TasksHome-[a-z0-9]+\.js" \/>/);
    // The first scripts carry no zod (~24 KB brotli): the screen needs the free plan's value, and its
    // forms load the schemas when they validate. ('ZodError' survives minification.)
    const scripts = [
      ...shell.matchAll(/(?:modulepreload" crossorigin href|<script type="module" crossorigin src)="([^"]+)"/g),
    ];
    expect(scripts.length).toBeGreaterThan(2);
    for (const [, href] of scripts) {
      expect({ href, zod: (await (await page.request.get(href!)).text()).includes('ZodError') }).toEqual({
        href,
        zod: false,
      });
    }
  });

  test('a visitor: the landing page, no tasks screen code preloaded or read', async () => {
    const page = await openPage();
    const seen = recordRequests(page);
    const res = await page.goto('/');
    await page.locator('#hero-title').waitFor();
    expect(await res?.text()).not.toContain('modulepreload');
    expect(seen.paths.filter((p) => p === '/api/auth/user')).toHaveLength(1);
    expect(seen.paths.some((p) => p.startsWith('/TasksHome-'))).toBe(false);
    expect(seen.procedures.flat()).not.toContain('tasks.daily.list');
    // The sign-in form's code is not the landing page's: it loads when the form is opened.
    expect(seen.paths.some((p) => p.startsWith('/LoginPage-'))).toBe(false);
  });

  test("a visitor opening /login: the form's code is preloaded by the shell and the form is the first thing drawn", async () => {
    const page = await openPage();
    // Records whether the page ever showed the loading spinner instead of the form.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[role="status"][aria-label="Loading"]'))
          document.documentElement.dataset.loadingSeen = 'yes';
      }).observe(document, { childList: true, subtree: true });
    });
    const seen = recordRequests(page);
    const res = await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
    expect(await res?.text()).toMatch(/<link rel="modulepreload" crossorigin href="\/LoginPage-[a-z0-9]+\.js" \/>/);
    expect(seen.paths.filter((p) => p.startsWith('/LoginPage-'))).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.dataset.loadingSeen ?? 'no')).toBe('no');
  });
});

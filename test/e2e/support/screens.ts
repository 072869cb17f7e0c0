// What browser suites share, written once: a suite's server and browser, axe and screenshots at
// 1280 and 360 px (with no sideways scrolling at 360), and the spec's toasts.
import { afterAll, beforeAll, expect } from 'bun:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  expectNoAxeViolations,
  launchBrowser,
  newContext,
  registerViaApi,
  type RunningServer,
  screenshot,
  startServer,
} from './harness';

/**
 * `checkScreen(page, name)`: axe and a full-page screenshot `<suite>-<name>-1280`, then the same
 * at 360 px with no horizontal overflow; the viewport is restored to 1280 × 900.
 */
export function screenChecks(suite: string) {
  return {
    async checkScreen(page: Page, name: string): Promise<void> {
      await page.setViewportSize({ width: 1280, height: 900 });
      // Open dialogs scroll inside themselves: photograph them from their top.
      await page.evaluate(() => {
        for (const el of document.querySelectorAll('dialog[open], dialog[open] *')) if (el.scrollTop) el.scrollTo(0, 0);
      });
      await expectNoAxeViolations(page, `${name} @1280`);
      await screenshot(page, `${suite}-${name}-1280`);
      await page.setViewportSize({ width: 360, height: 800 });
      await expectNoAxeViolations(page, `${name} @360`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) {
        // Name what sticks out, so the failure says where to look.
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map((el) => `${el.tagName}.${el.className}`.slice(0, 120)),
        );
        console.error(name, wide);
      }
      expect({ name, horizontalOverflow: overflow }).toEqual({ name, horizontalOverflow: 0 });
      await screenshot(page, `${suite}-${name}-360`);
      await page.setViewportSize({ width: 1280, height: 900 });
    },
  };
}

/** Waits for the toast with this title and checks its text. */
export async function expectToast(page: Page, copy: { title: string; description?: string }): Promise<Locator> {
  const toast = page.getByTestId('toast').filter({ has: page.getByText(copy.title, { exact: true }) });
  await toast.waitFor({ state: 'visible' });
  if (copy.description !== undefined) expect(await toast.innerText()).toContain(copy.description);
  return toast;
}

/**
 * One server and one browser for a suite file, started before its first test and stopped after
 * its last; `openPage` gives each test a fresh context (cookies, colour scheme) closed at the end.
 */
export function browserSuite(env: Record<string, string> = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  }, 240_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });
  return {
    get server(): RunningServer {
      if (!server) throw new Error('the suite has not started');
      return server;
    },
    async openPage(options: { colorScheme?: 'light' | 'dark'; signedIn?: boolean; width?: number } = {}) {
      if (!server || !browser) throw new Error('the suite has not started');
      const context = await newContext(browser, server, options);
      contexts.push(context);
      if (options.signedIn) await registerViaApi(context, server);
      return context.newPage();
    },
  };
}

// The browser suite's harness: a real LockIn server on a free port with its own data directory
// (and a movable clock), Debian's Chromium driven by playwright-core, axe checks and screenshots.
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, errors, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, setDefaultTimeout } from 'bun:test';
import { LIVE_PATH } from '../../../src/shared/live';
import { buildServerOnce, freePort, REPO_ROOT, serverEntry } from '../../support/process';

export const SCREENSHOT_DIR = join(import.meta.dir, '../../../screenshots');

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * `startTimeoutMs`: how long to wait for the first answer. A fresh data directory runs PGlite's
 * initdb, which takes several times longer on a machine busy with other test runs.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { startTimeoutMs?: number; port?: number } = {},
): Promise<RunningServer> {
  // Once per run, so a file run on its own never meets a server build older than the sources.
  await buildServerOnce();
  // A given port: a restart on the same address (the same origin for the browser).
  const port = options.port ?? (await freePort());
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lockin-e2e-'));
  const url = `http://localhost:${port}`;
  // The server build, as `bun run start` runs it.
  const proc = Bun.spawn(['bun', serverEntry(true)], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      TEST_CLOCK: 'true',
      LOG_REQUESTS: 'false',
      ...env,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let output = '';
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) output += decoder.decode(chunk);
  };
  void collect(proc.stdout);
  void collect(proc.stderr);
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  for (;;) {
    try {
      const res = await fetch(`${url}/api/auth/user`);
      if (res.status > 0) break;
    } catch {
      // not up yet
    }
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await Bun.sleep(100);
  }
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      proc.kill('SIGTERM');
      await proc.exited;
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newContext(
  browser: Browser,
  server: RunningServer,
  options: {
    width?: number;
    timezoneId?: string;
    colorScheme?: 'light' | 'dark';
    /** The service worker is blocked unless a test is about it: page.route cannot see what it answers. */
    serviceWorkers?: 'allow' | 'block';
    /** A phone: 390 × 844, touch, a mobile viewport. */
    phone?: boolean;
  } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.url,
    viewport: options.phone ? { width: 390, height: 844 } : { width: options.width ?? 1280, height: 900 },
    ...(options.phone ? { hasTouch: true, isMobile: true } : {}),
    timezoneId: options.timezoneId ?? 'UTC',
    locale: 'en-US',
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
}

/** Fails the test with a readable list when axe finds any violation. */
/** Resolves once no CSS transition is running (a colour change measured half-way fails contrast). */
export async function transitionsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    undefined,
    { polling: 50, timeout: 10_000 },
  );
}

export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await transitionsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect({ label, violations: summary }).toEqual({ label, violations: [] });
}

export async function screenshot(
  page: Page,
  name: string,
  options: { of?: Locator; fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  const { of, fullPage = true } = options;
  await withAwakeCompositor(page, (timeout) =>
    of ? of.screenshot({ path, timeout }) : page.screenshot({ path, fullPage, timeout }),
  );
  return path;
}

/**
 * Takes a picture, once more if Chromium leaves the first one waiting: its headless compositor
 * can go idle and hold Page.captureScreenshot (a 30 s timeout once in a CI run of 161 browser
 * tests, after the fonts had loaded; never when run alone). A screencast frame wakes it, as
 * browser-use/browser-harness#812 found for the same stall.
 */
async function withAwakeCompositor(page: Page, take: (timeout: number) => Promise<unknown>): Promise<void> {
  try {
    await take(15_000);
    return;
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
  }
  const cdp = await page.context().newCDPSession(page);
  try {
    const frame = new Promise<void>((resolve) => cdp.once('Page.screencastFrame', () => resolve()));
    await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 10, maxWidth: 64, maxHeight: 64 });
    await Promise.race([frame, Bun.sleep(5_000)]);
    await cdp.send('Page.stopScreencast');
  } finally {
    await cdp.detach();
  }
  await take(15_000);
}

/** Registers a fresh account through the API (the browser context keeps the cookie). */
export async function registerViaApi(
  context: BrowserContext,
  server: RunningServer,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
) {
  const body = {
    email: overrides.email ?? `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: overrides.password ?? 'focus-time-2026',
    firstName: overrides.firstName ?? 'Ada',
    lastName: overrides.lastName ?? 'Lovelace',
  };
  const res = await context.request.post(`${server.url}/api/auth/register`, {
    data: body,
    headers: { origin: server.url },
  });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return body;
}

/** Retries an assertion until it holds (the UI updates asynchronously), up to `timeoutMs`. */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Matches a page's live stream for `page.route`, whatever it asks in its query (`?since=`). */
export const isLiveStream = (url: URL): boolean => url.pathname === LIVE_PATH;

/** Moves the server's clock (TEST_CLOCK=true servers only). */
export async function setServerClock(server: RunningServer, now: Date): Promise<void> {
  const res = await fetch(`${server.url}/api/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ now: now.toISOString() }),
  });
  if (!res.ok) throw new Error(`clock failed: ${res.status}`);
}

/** How many lines `text` (inside one text node of the element) is laid out on: 1 means unbroken. */
export async function linesOf(locator: Locator, text: string): Promise<number> {
  return locator.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
      return new Set(tops).size;
    }
    throw new Error(`text not found: ${wanted}`);
  }, text);
}

/**
 * The contrast ratio of the element's text colour against the first solid background behind it
 * (itself or an ancestor). axe leaves text inside a scrolling dialog 'incomplete', so a light
 * panel left light in dark mode passed it.
 */
export async function textContrast(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const rgba = (css: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    let back: Element | null = el;
    while (back && rgba(getComputedStyle(back).backgroundColor).a === 0) back = back.parentElement;
    const bg = rgba(back ? getComputedStyle(back).backgroundColor : 'rgb(255, 255, 255)');
    const text = luminance(rgba(getComputedStyle(el).color));
    const behind = luminance(bg);
    return (Math.max(text, behind) + 0.05) / (Math.min(text, behind) + 0.05);
  });
}

export interface BrowserSuite {
  /** Set before the first test: one server and one browser for the whole file. */
  server: RunningServer;
  browser: Browser;
  /**
   * A fresh browser context (closed after the test) and its page, which reports page errors;
   * `account` signs a new account in through the API first.
   */
  open(options?: {
    width?: number;
    timezoneId?: string;
    colorScheme?: 'light' | 'dark';
    serviceWorkers?: 'allow' | 'block';
    phone?: boolean;
    account?: Partial<{ email: string; password: string; firstName: string; lastName: string }>;
  }): Promise<{ context: BrowserContext; page: Page; email?: string }>;
  /** A context made elsewhere (a second browser of the same user), closed after the test too. */
  track(context: BrowserContext): BrowserContext;
}

/**
 * The set-up every browser suite shares: a server and a browser started once for the file, the
 * contexts a test opened closed after it, both stopped at the end; `afterEachTest` runs after
 * each test (a suite that moves the server's clock puts it back there).
 */
export function browserSuite(
  options: { env?: Record<string, string>; afterEachTest?: (suite: BrowserSuite) => Promise<void> } = {},
): BrowserSuite {
  let contexts: BrowserContext[] = [];
  const suite = {
    track(context: BrowserContext) {
      contexts.push(context);
      return context;
    },
    async open(openOptions = {}) {
      const { account, ...contextOptions } = openOptions;
      const context = suite.track(await newContext(suite.browser, suite.server, contextOptions));
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      const email = account ? (await registerViaApi(context, suite.server, account)).email : undefined;
      return { context, page, email };
    },
  } as BrowserSuite;
  setDefaultTimeout(180_000);
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(options.env), launchBrowser()]);
  }, 180_000);
  afterEach(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    contexts = [];
    await options.afterEachTest?.(suite);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

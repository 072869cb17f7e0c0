// Updating a running install (README 'Updating'): the client is built again while the server
// serves. The running process keeps its version whole, a new visitor's page works, a page opened
// before the deploy still loads its own lazy chunks, before and after the restart, and a file that
// is gone answers 404. NO_MINIFY=1 makes the second build a different version: every hash changes.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import {
  expectNoAxeViolations,
  launchBrowser,
  newContext,
  registerViaApi,
  type RunningServer,
  screenshot,
  startServer,
} from './support/harness';

setDefaultTimeout(240_000);

const REPO_ROOT = new URL('../..', import.meta.url).pathname;
let browser: Browser;
const servers: RunningServer[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await browser.close();
  // The suite's other files run on the usual (minified) build.
  await buildClient({});
});

async function buildClient(env: Record<string, string>, script = 'scripts/build.ts'): Promise<void> {
  const proc = Bun.spawn(['bun', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const code = await proc.exited;
  if (code !== 0) throw new Error(`build failed: ${await new Response(proc.stderr).text()}`);
}

/** The entry script the shell at `url` loads. */
async function entryOf(url: string): Promise<string> {
  const html = await (await fetch(url)).text();
  const entry = /<script type="module" crossorigin src="(\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in the shell');
  return entry;
}

test('build while serving: the old page, a new visitor and the restarted server all work', async () => {
  const first = await startServer();
  servers.push(first);
  const context = await newContext(browser, first);
  await registerViaApi(context, first);
  const old = await context.newPage();
  const errors: string[] = [];
  old.on('pageerror', (error) => errors.push(error.message));
  await old.goto(first.url);
  await old.getByRole('heading', { level: 1, name: /Ada!$/ }).waitFor();
  const oldEntry = await entryOf(first.url);

  await buildClient({ NO_MINIFY: '1' });
  // The server is built again too (`bun run build`): the running process keeps loading its modules.
  await buildClient({}, 'scripts/build-server.ts');
  expect((await fetch(`${first.url}/metrics`)).status).toBe(200);

  // The running process still serves its own version, whole.
  expect(await entryOf(first.url)).toBe(oldEntry);
  expect((await fetch(`${first.url}${oldEntry}`)).status).toBe(200);
  // A new visitor, on the process that has not restarted.
  const visitor = await (await newContext(browser, first)).newPage();
  await visitor.goto(first.url);
  await visitor.getByRole('heading', { level: 1 }).first().waitFor();
  // The page opened before the deploy loads a lazy chunk of its own version (Manage Account).
  await old.getByRole('button', { name: /Ada/ }).click();
  await old.getByRole('menuitem', { name: /Manage Account/ }).click();
  await old.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();

  // The restart (a rolling one: the old process still runs beside the new one).
  const second = await startServer();
  servers.push(second);
  const newEntry = await entryOf(second.url);
  expect(newEntry).not.toBe(oldEntry);
  // Each process answers the other version's files: pages of either may ask either.
  expect((await fetch(`${first.url}${newEntry}`)).status).toBe(200);
  expect((await fetch(`${second.url}${oldEntry}`)).status).toBe(200);
  const fresh = await (await newContext(browser, second)).newPage();
  await fresh.goto(second.url);
  await fresh.getByRole('heading', { level: 1 }).first().waitFor();
  // A file no build has (or one gone past its keep time): 404, not 500.
  expect((await fetch(`${second.url}/index-zzzzzzzz9.js`)).status).toBe(404);
  expect(errors).toEqual([]);
});

test("a tab whose version's chunks are gone shows 'LockIn was updated' with Reload, not a blank page", async () => {
  const server = await startServer();
  servers.push(server);
  const context = await newContext(browser, server);
  await registerViaApi(context, server);
  const page = await context.newPage();
  await page.goto(server.url);
  await page.getByRole('heading', { level: 1, name: /Ada!$/ }).waitFor();
  // The Manage Account chunk of this tab's version is no longer on the server.
  await page.route(/\/ManageAccountPage-[a-z0-9]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.getByRole('button', { name: /Ada/ }).click();
  await page.getByRole('menuitem', { name: /Manage Account/ }).click();
  await page.getByRole('heading', { level: 1, name: 'LockIn was updated' }).waitFor();
  await expectNoAxeViolations(page, 'load error');
  await screenshot(page, 'deploy-load-error-1280');
  // Reload brings the page.
  await page.unroute(/\/ManageAccountPage-[a-z0-9]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
});

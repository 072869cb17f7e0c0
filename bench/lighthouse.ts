// Lighthouse (mobile, its default: a mid-range phone on slow 4G, simulated) on the production
// build with its service worker: the landing page, /login and the signed-in main screen, each run
// `runs` times; prints the median of each category's score and the load figures, and each run's
// performance score (runs of one build differ by a few points on this machine).
// Debian's Chromium, never a download. Usage: bun run build && bun bench/lighthouse.ts [runs=3]
//
// Each run gets a fresh Chromium (new profile: cold cache, no service worker yet). The signed-in
// run puts the session cookie in that browser's own jar first, as a user's browser holds it,
// instead of Lighthouse's --extra-headers (which sends it through DevTools request interception).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, REPO_ROOT, spawnServer, tempDataDir } from '../test/support/process';

const runs = Number(process.argv[2] ?? 3);
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-background-networking --disable-component-update';
const LIGHTHOUSE = join(REPO_ROOT, 'node_modules/lighthouse/cli/index.js');

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score?: number | null; title: string }>;
}

/** A Chromium for one run, with DevTools on `port`; `cookie` goes into its jar first. */
async function launchChromium(port: number, origin: string, cookie?: string): Promise<() => Promise<void>> {
  const profile = mkdtempSync(join(tmpdir(), 'lockin-lh-profile-'));
  const proc = Bun.spawn(
    [
      '/usr/bin/chromium',
      ...CHROME_FLAGS.split(' '),
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdout: 'ignore', stderr: 'ignore' },
  );
  const stop = async () => {
    proc.kill();
    await proc.exited;
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    let browser: Awaited<ReturnType<typeof chromium.connectOverCDP>> | undefined;
    for (let i = 0; i < 100 && !browser; i++) {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(async () => {
        await Bun.sleep(100);
        return undefined;
      });
    }
    if (!browser) throw new Error('Chromium did not open its DevTools port');
    if (cookie) {
      const cookies = cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      });
      await browser.contexts()[0]?.addCookies(cookies);
    }
    await browser.close(); // disconnects; the browser keeps running
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

async function lighthouse(url: string, cookie?: string): Promise<Report> {
  const port = await freePort();
  const stop = await launchChromium(port, new URL(url).origin, cookie);
  try {
    const args = [
      LIGHTHOUSE,
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      `--port=${port}`,
      // The profile is new for this run; a reset would also take the cookie just put in.
      '--disable-storage-reset',
      '--only-categories=performance,accessibility,best-practices,seo',
    ];
    const proc = Bun.spawn(['node', ...args], { stdout: 'pipe', stderr: 'pipe' });
    const [out, err, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    if (code !== 0) throw new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`);
    return JSON.parse(out) as Report;
  } finally {
    await stop();
  }
}

/** Lighthouse now and then loses its trace (NO_NAVSTART) on a busy machine: that run is repeated. */
async function lighthouseRun(url: string, cookie?: string): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, cookie);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error;
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function signedInCookie(url: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: url };
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email: `lh-${Date.now()}@example.com`,
      password: 'focus-time-2026',
      firstName: 'Ada',
      lastName: 'Lovelace',
    }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const authed = { ...headers, cookie };
  for (const title of ['Write the weekly report', 'Call the bank', 'Read chapter 4']) {
    const id = crypto.randomUUID();
    await fetch(`${url}/api/tasks`, { method: 'POST', headers: authed, body: JSON.stringify({ id, title }) });
    await fetch(`${url}/api/trpc/tasks.daily.add`, {
      method: 'POST',
      headers: authed,
      body: JSON.stringify({ ids: [id] }),
    });
  }
  return cookie;
}

const dataDir = tempDataDir('lockin-lighthouse-');
const server = await spawnServer({
  env: { NODE_ENV: 'production', MAIL_TO_LOG: 'true', DATA_DIR: dataDir, LOG_REQUESTS: 'false' },
  build: true,
});
try {
  await server.waitUntilUp({ path: '/api/ready', timeoutMs: 120_000 });
  const cookie = await signedInCookie(server.url);
  const pages: [string, string, string | undefined][] = [
    ['/ (landing)', '/', undefined],
    ['/login', '/login', undefined],
    ['/ (signed in)', '/', cookie],
  ];
  console.log(`Lighthouse mobile, median of ${runs} (bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs)`);
  console.log(
    'page              perf  a11y  best  seo    FCP ms  LCP ms  TBT ms  CLS     JS KiB (transfer)   perf per run',
  );
  for (const [label, path, pageCookie] of pages) {
    const reports: Report[] = [];
    for (let i = 0; i < runs; i++) reports.push(await lighthouseRun(`${server.url}${path}`, pageCookie));
    const scores = (c: string) => reports.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100));
    const score = (c: string) => median(scores(c));
    const audit = (a: string) => median(reports.map((r) => r.audits[a]?.numericValue ?? Number.NaN));
    const js = median(
      reports.map((r) => {
        const items =
          (
            r.audits['network-requests'] as unknown as {
              details?: { items?: { resourceType?: string; transferSize?: number }[] };
            }
          ).details?.items ?? [];
        return (
          items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024
        );
      }),
    );
    console.log(
      `${label.padEnd(16)} ${String(score('performance')).padStart(5)} ${String(score('accessibility')).padStart(5)} ${String(score('best-practices')).padStart(5)} ${String(score('seo')).padStart(4)}  ${audit('first-contentful-paint').toFixed(0).padStart(7)} ${audit('largest-contentful-paint').toFixed(0).padStart(7)} ${audit('total-blocking-time').toFixed(0).padStart(7)}  ${audit('cumulative-layout-shift').toFixed(3).padStart(5)}  ${js.toFixed(1).padStart(8)}   ${scores('performance').join(' ')}`,
    );
  }
} finally {
  await server.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

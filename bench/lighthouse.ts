// Lighthouse (mobile, its default: a mid-range phone on slow 4G, simulated) on the production
// build with its service worker: the landing page, /login and the signed-in main screen, each run
// `runs` times; prints the median of each category's score and the load figures.
// Debian's Chromium, never a download. Usage: bun run build && bun bench/lighthouse.ts [runs=3]
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, spawnServer, tempDataDir } from '../test/support/process';

const runs = Number(process.argv[2] ?? 3);
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-background-networking --disable-component-update';
const LIGHTHOUSE = join(REPO_ROOT, 'node_modules/lighthouse/cli/index.js');

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score?: number | null; title: string }>;
}

async function lighthouse(url: string, headers: Record<string, string> = {}): Promise<Report> {
  const args = [
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--only-categories=performance,accessibility,best-practices,seo',
  ];
  if (Object.keys(headers).length > 0) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  const proc = Bun.spawn(['node', ...args], {
    env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`);
  return JSON.parse(out) as Report;
}

/** Lighthouse now and then loses its trace (NO_NAVSTART) on a busy machine: that run is repeated. */
async function lighthouseRun(url: string, headers: Record<string, string>): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, headers);
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
const server = await spawnServer({ env: { NODE_ENV: 'production', DATA_DIR: dataDir, LOG_REQUESTS: 'false' } });
try {
  await server.waitUntilUp({ path: '/api/ready', timeoutMs: 120_000 });
  const cookie = await signedInCookie(server.url);
  const pages: [string, string, Record<string, string>][] = [
    ['/ (landing)', '/', {}],
    ['/login', '/login', {}],
    ['/ (signed in)', '/', { Cookie: cookie }],
  ];
  console.log(`Lighthouse mobile, median of ${runs} (bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs)`);
  console.log('page              perf  a11y  best  seo    FCP ms  LCP ms  TBT ms  CLS     JS KiB (transfer)');
  for (const [label, path, headers] of pages) {
    const reports: Report[] = [];
    for (let i = 0; i < runs; i++) reports.push(await lighthouseRun(`${server.url}${path}`, headers));
    const score = (c: string) => median(reports.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100)));
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
      `${label.padEnd(16)} ${String(score('performance')).padStart(5)} ${String(score('accessibility')).padStart(5)} ${String(score('best-practices')).padStart(5)} ${String(score('seo')).padStart(4)}  ${audit('first-contentful-paint').toFixed(0).padStart(7)} ${audit('largest-contentful-paint').toFixed(0).padStart(7)} ${audit('total-blocking-time').toFixed(0).padStart(7)}  ${audit('cumulative-layout-shift').toFixed(3).padStart(5)}  ${js.toFixed(1).padStart(8)}`,
    );
  }
} finally {
  await server.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

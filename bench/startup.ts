// Start-up time: from spawning the server build (`bun dist/server/main.js`, as `bun run start`
// does; `--sources` for `bun src/server/main.ts`) to the first 200 on GET / (and, second, on an API
// route, which waits for the database), on an empty DATA_DIR (PGlite's initdb plus every
// migration) and on an existing one. Prints the median of several runs.
// Usage: bun run build && bun bench/startup.ts [emptyRuns=5] [existingRuns=9] [--sources]
import { rmSync } from 'node:fs';
import { spawnServer, tempDataDir } from '../test/support/process';
import { requireServerBuild } from './support/servers';
import { median } from './support/stats';

const args = process.argv.slice(2).filter((arg) => arg !== '--sources');
const sources = process.argv.includes('--sources');
const emptyRuns = Number(args[0] ?? 5);
const existingRuns = Number(args[1] ?? 9);
if (!sources) requireServerBuild();

/** API figures: the page is served while the database opens, the API once it is open. */
const apiTimes = new Map<string, number[]>();

async function timeToFirst200(dataDir: string, label?: string): Promise<number> {
  const started = performance.now();
  const server = await spawnServer({ env: { DATA_DIR: dataDir }, build: !sources });
  await server.waitUntilUp({ path: '/', intervalMs: 10, timeoutMs: 120_000 });
  const ms = performance.now() - started;
  await server.waitUntilUp({ path: '/api/auth/providers', intervalMs: 10, timeoutMs: 120_000 });
  if (label) apiTimes.set(label, [...(apiTimes.get(label) ?? []), performance.now() - started]);
  const code = await server.stop('SIGTERM');
  if (code !== 0) throw new Error(`server exited ${code}:\n${server.output()}`);
  return ms;
}

function report(label: string, values: number[]): void {
  const fmt = (v: number) => `${v.toFixed(0)} ms`;
  console.log(
    `${label.padEnd(24)} median ${fmt(median(values)).padStart(8)}   min ${fmt(Math.min(...values)).padStart(8)}   max ${fmt(Math.max(...values)).padStart(8)}   (${values.length} runs)`,
  );
}

console.log(
  `LockIn start-up (${sources ? 'sources' : 'server build'}): spawn → first 200 on GET /  (bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs)`,
);

const empty: number[] = [];
for (let i = 0; i < emptyRuns; i++) {
  const dir = tempDataDir('lockin-bench-');
  try {
    empty.push(await timeToFirst200(dir, 'empty DATA_DIR, API'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
report('empty DATA_DIR', empty);
report('empty DATA_DIR, API', apiTimes.get('empty DATA_DIR, API') ?? []);

const dir = tempDataDir('lockin-bench-');
try {
  await timeToFirst200(dir); // creates and migrates the database once
  const existing: number[] = [];
  for (let i = 0; i < existingRuns; i++) existing.push(await timeToFirst200(dir, 'existing DATA_DIR, API'));
  report('existing DATA_DIR', existing);
  report('existing DATA_DIR, API', apiTimes.get('existing DATA_DIR, API') ?? []);
  const goal = 1000;
  console.log(`existing DATA_DIR goal: first 200 under ${goal} ms — ${median(existing) < goal ? 'met' : 'NOT met'}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// A bare `bun -e` process that serves one route: the floor every Bun server pays.
const floor: number[] = [];
for (let i = 0; i < existingRuns; i++) {
  const started = performance.now();
  const proc = Bun.spawn(
    [
      process.execPath,
      '-e',
      "const s = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('ok') }); console.log(s.port)",
    ],
    { stdout: 'pipe', stderr: 'inherit' },
  );
  const reader = proc.stdout.getReader();
  const { value } = await reader.read();
  const port = Number(new TextDecoder().decode(value).trim());
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await Bun.sleep(5);
  }
  floor.push(performance.now() - started);
  proc.kill();
  await proc.exited;
}
report('bare Bun.serve (floor)', floor);

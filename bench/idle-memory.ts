// Idle memory: the RSS of a production server a few seconds after its API first answered (the
// modules it loads at start and the database's own share), on PostgreSQL, on a PGlite directory
// it creates, and on one that exists, beside a bare Bun.serve in the same run. The server build,
// as production runs it, and once the sources for comparison. Usage: bun run build && bun bench/idle-memory.ts
import { rmSync } from 'node:fs';
import { tempDataDir } from '../test/support/process';
import { type BenchServer, load, rssMiB, startHelloWorld, startLockIn } from './support/servers';

/** Long enough for start-up's deferred work (PGlite's garbage collection after opening) to run. */
const SETTLE_MS = 3_000;

async function idleRss(start: () => Promise<BenchServer>): Promise<number> {
  const lockIn = await start();
  try {
    const res = await fetch(`${lockIn.server.url}/api/auth/user`);
    await res.body?.cancel();
    await Bun.sleep(SETTLE_MS);
    return rssMiB(lockIn.server.proc.pid);
  } finally {
    await lockIn.stop();
  }
}

const bare = await startHelloWorld();
await Bun.sleep(SETTLE_MS);
const bareRss = rssMiB(bare.pid);
await bare.stop();

const dataDir = tempDataDir('lockin-bench-');
try {
  const figures = {
    'bare Bun.serve': bareRss,
    PostgreSQL: await idleRss(() => startLockIn('postgres')),
    'PGlite, new directory': await idleRss(() => startLockIn('pglite', { dataDir })),
    'PGlite, existing directory': await idleRss(() => startLockIn('pglite', { dataDir })),
    // What bundling saves (2026-11-26-server-build.md): the same directory, from the sources.
    'PGlite, existing, sources': await idleRss(() => startLockIn('pglite', { dataDir, sources: true })),
  };
  console.log(`Idle RSS, ${SETTLE_MS / 1000} s after the first API answer (load average ${load()})`);
  for (const [label, mib] of Object.entries(figures))
    console.log(`${label.padEnd(28)} ${mib.toFixed(0).padStart(5)} MiB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

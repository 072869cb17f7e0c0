// Runs the real server entry (`bun src/server/main.ts`, or the server build's `dist/server/main.js`)
// as a child process on a free port, for tests and benchmarks that need what only a process has:
// start-up, signals, restarts, exit codes, memory.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { builtEntryPath, SERVER_ENTRIES } from '../../src/server/paths';

export const REPO_ROOT = join(import.meta.dir, '../..');

export async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  await probe.stop(true);
  return port;
}

export function tempDataDir(prefix = 'lockin-proc-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface ServerProcess {
  url: string;
  port: number;
  proc: Subprocess<'ignore', 'pipe', 'pipe'>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves once GET `path` answers 200; rejects if the process exits or the deadline passes. */
  waitUntilUp(options?: { path?: string; timeoutMs?: number; intervalMs?: number }): Promise<void>;
  /** Resolves with the exit code (after the output streams are drained). */
  exited(): Promise<number>;
  /** Sends the signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number>;
}

export interface SpawnOptions {
  /** Variables for the server; PORT, HOST and APP_URL default to the free port on loopback. */
  env?: Record<string, string>;
  /** Use this port instead of a free one. */
  port?: number;
  /** Run the server build (`bun run build:server` made it) instead of the sources, as `bun run start` does. */
  build?: boolean;
}

let serverBuilt: Promise<void> | undefined;
/** Builds the server into dist/server once per test run (scripts/build-server.ts), for `build: true`. */
export function buildServerOnce(): Promise<void> {
  serverBuilt ??= (async () => {
    const build = Bun.spawn([process.execPath, 'scripts/build-server.ts'], {
      cwd: REPO_ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [code, stderr] = await Promise.all([build.exited, new Response(build.stderr).text()]);
    if (code !== 0) throw new Error(`the server build failed: ${stderr}`);
  })();
  return serverBuilt;
}

/** The server's entry: its sources, or the build `bun run start` runs. */
export const serverEntry = (build = false) => (build ? builtEntryPath('main') : join(REPO_ROOT, SERVER_ENTRIES.main));

/**
 * Spawns the server with a clean environment: only PATH/HOME from this process plus `env`, and
 * no .env file, so a developer's settings never leak into a test.
 */
export async function spawnServer(options: SpawnOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    LOG_REQUESTS: 'false',
    ...options.env,
  };
  const proc = Bun.spawn([process.execPath, '--no-env-file', serverEntry(options.build)], {
    cwd: REPO_ROOT,
    env,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let output = '';
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) output += decoder.decode(chunk, { stream: true });
  };
  const drained = Promise.all([collect(proc.stdout), collect(proc.stderr)]);
  const exited = async () => {
    const code = await proc.exited;
    await drained;
    return code;
  };

  return {
    url,
    port,
    proc,
    output: () => output,
    exited,
    // An API route by default: pages answer while the database is still opening, the API once it is open.
    async waitUntilUp({ path = '/api/auth/providers', timeoutMs = 30_000, intervalMs = 25 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (proc.exitCode !== null || proc.signalCode !== null) {
          await drained;
          throw new Error(`server exited (${proc.exitCode ?? proc.signalCode}) before answering:\n${output}`);
        }
        try {
          const res = await fetch(`${url}${path}`);
          await res.arrayBuffer();
          if (res.status === 200) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) {
          proc.kill('SIGKILL');
          throw new Error(`server did not answer 200 on ${path} within ${timeoutMs} ms:\n${output}`);
        }
        await Bun.sleep(intervalMs);
      }
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited();
    },
  };
}

// Operations as real processes: readiness through start-up and SIGTERM (exit within 10 s), JSON
// request logs in production, and WORKERS: refused on the embedded database, and on PostgreSQL
// several processes on one port with a crashed one restarted.
import { describe, expect, test } from 'bun:test';
import { tempDirsRemovedAfterAll } from '../support/temp-dirs';
import { spawnServer } from '../support/process';
import { freshPostgresDatabase, TWO_PROCESS_DATABASE } from '../support/two-processes';

const dataDir = tempDirsRemovedAfterAll();

const status = (url: string) =>
  fetch(url)
    .then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    })
    .catch(() => 0);

/** Resolves with the exit code, or 'still running' if the process outlives `ms`. */
const exitWithin = (exited: Promise<number>, ms: number) =>
  Promise.race([exited, Bun.sleep(ms).then(() => 'still running' as const)]);

describe('readiness', () => {
  test('ready is 503 while the database opens, 200 once migrated; health answers throughout', async () => {
    const server = await spawnServer({ env: { DATA_DIR: dataDir() } });
    try {
      const seen: number[] = [];
      for (let i = 0; i < 600 && seen.at(-1) !== 200; i++) {
        const ready = await status(`${server.url}/api/ready`);
        if (ready !== 0 && ready !== seen.at(-1)) seen.push(ready);
        if (ready === 503) expect(await status(`${server.url}/api/health`)).toBe(200);
        await Bun.sleep(20);
      }
      // A fresh data directory takes PGlite seconds to create: the probe sees it start.
      expect(seen).toEqual([503, 200]);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test('SIGTERM: ready turns 503 at once while requests are still served, then the process exits 0 within 10 s', async () => {
    const server = await spawnServer({ env: { DATA_DIR: dataDir(), SHUTDOWN_DRAIN_MS: '2000' } });
    await server.waitUntilUp({ path: '/api/ready', timeoutMs: 60_000 });
    server.proc.kill('SIGTERM');
    let ready = 200;
    for (let i = 0; i < 100 && ready === 200; i++) {
      ready = await status(`${server.url}/api/ready`);
      await Bun.sleep(10);
    }
    expect(ready).toBe(503);
    // Still serving during the drain: the API and the health probe answer.
    expect(await status(`${server.url}/api/auth/providers`)).toBe(200);
    expect(await status(`${server.url}/api/health`)).toBe(200);
    expect(await exitWithin(server.exited(), 10_000)).toBe(0);
    expect(server.output()).toContain('LockIn stopped');
  }, 60_000);
});

describe('logs in production', () => {
  test('one JSON line per request: method, route, status, ms and the request id sent back', async () => {
    const server = await spawnServer({
      env: { DATA_DIR: dataDir(), NODE_ENV: 'production', MAIL_TO_LOG: 'true', LOG_REQUESTS: 'true' },
    });
    try {
      await server.waitUntilUp({ timeoutMs: 60_000 });
      const res = await fetch(`${server.url}/api/auth/providers`, {
        headers: { cookie: 'lockin_session=secret-cookie' },
      });
      await res.arrayBuffer();
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      let line: Record<string, unknown> | undefined;
      for (let i = 0; i < 100 && !line; i++) {
        line = server
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((l) => l.requestId === id);
        if (!line) await Bun.sleep(20);
      }
      expect(line).toMatchObject({
        level: 'info',
        msg: 'request',
        method: 'GET',
        route: '/api/auth/providers',
        status: 200,
      });
      expect(typeof line?.ms).toBe('number');
      expect(typeof line?.time).toBe('string');
      expect(server.output()).not.toContain('secret-cookie');
      // Every other line is JSON too.
      const lines = server.output().split('\n').filter(Boolean);
      expect(lines.every((l) => l.startsWith('{'))).toBe(true);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe('WORKERS', () => {
  test('above 1 on the embedded database stops the start, naming WORKERS and DATABASE_URL', async () => {
    const server = await spawnServer({ env: { DATA_DIR: dataDir(), WORKERS: '2' } });
    expect(await server.exited()).not.toBe(0);
    expect(server.output()).toContain('WORKERS: above 1 needs DATABASE_URL');
  });

  describe.skipIf(!TWO_PROCESS_DATABASE)('on PostgreSQL', () => {
    const database = freshPostgresDatabase('lockin_workers');

    test('two workers share the port; one killed is restarted while the other answers; SIGTERM stops all', async () => {
      const server = await spawnServer({ env: { DATABASE_URL: database.url, DATA_DIR: dataDir(), WORKERS: '2' } });
      const pidOf = (worker: number) =>
        [...server.output().matchAll(new RegExp(`worker ${worker}/2 pid (\\d+)`, 'g'))].map((m) => Number(m[1]));
      try {
        await server.waitUntilUp({ path: '/api/ready', timeoutMs: 90_000 });
        for (let i = 0; i < 200 && (pidOf(1).length === 0 || pidOf(2).length === 0); i++) await Bun.sleep(50);
        const [first] = pidOf(1);
        expect(first).toBeGreaterThan(0);
        expect(pidOf(2)).toHaveLength(1);

        process.kill(first ?? 0, 'SIGKILL');
        // A connection the kernel queued on the dying process's socket before it closed is reset
        // (SO_REUSEPORT keeps no queue across sockets): counting starts once the worker is gone.
        for (let i = 0; i < 400 && !server.output().includes('worker 1 exited'); i++) await Bun.sleep(10);
        // The other worker keeps the port answering while the supervisor starts a new first one.
        const answers: number[] = [];
        for (let i = 0; i < 400 && pidOf(1).length < 2; i++) {
          answers.push(await status(`${server.url}/api/auth/providers`));
          await Bun.sleep(25);
        }
        expect(pidOf(1)).toHaveLength(2);
        expect(server.output()).toContain('worker 1 exited');
        expect(answers.flatMap((s, i) => (s === 200 ? [] : [[i, s]]))).toEqual([]);
      } finally {
        server.proc.kill('SIGTERM');
        expect(await exitWithin(server.exited(), 15_000)).toBe(0);
      }
      const pids = [...pidOf(1), ...pidOf(2)];
      const alive = pids.filter((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
      expect(alive).toEqual([]);
    }, 120_000);
  });
});

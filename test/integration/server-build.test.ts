// The server build (scripts/build-server.ts), which `bun run start` runs: it creates a new PGlite
// directory in its own preparing process and serves from its own PGlite thread, keeps what was
// written across a restart, names the source files in an error it logs, and on PostgreSQL its
// workers run the build too.
import { beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDirsRemovedAfterAll } from '../support/temp-dirs';
import { builtEntryPath, ROOT } from '../../src/server/paths';
import { buildServerOnce, spawnServer } from '../support/process';
import { freshPostgresDatabase, registerOn, TWO_PROCESS_DATABASE } from '../support/two-processes';

const dataDir = tempDirsRemovedAfterAll();

beforeAll(buildServerOnce, 60_000);

const trpc = (url: string, cookie: string, path: string, body?: unknown) =>
  fetch(`${url}/api/trpc/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

test('on a new PGlite directory it starts, serves the API, and what it wrote is there after a restart', async () => {
  const dir = dataDir();
  const first = await spawnServer({ build: true, env: { DATA_DIR: dir } });
  let cookie: string;
  try {
    await first.waitUntilUp({ timeoutMs: 90_000 });
    ({ cookie } = await registerOn(first, 'build'));
    const created = await trpc(first.url, cookie, 'tasks.bank.create', { id: crypto.randomUUID(), title: 'Built' });
    expect(created.status).toBe(200);
  } finally {
    expect(await first.stop()).toBe(0);
  }
  expect(first.output()).toContain('database: pglite');

  const second = await spawnServer({ build: true, env: { DATA_DIR: dir } });
  try {
    await second.waitUntilUp({ timeoutMs: 90_000 });
    const bank = await trpc(second.url, cookie, 'tasks.bank.list');
    expect(bank.status).toBe(200);
    const body = (await bank.json()) as { result: { data: { tasks: { title: string }[] } } };
    expect(body.result.data.tasks.map((task) => task.title)).toEqual(['Built']);
  } finally {
    expect(await second.stop()).toBe(0);
  }
}, 180_000);

test('three builds while it runs: a route whose code it first loads after them still answers', async () => {
  const server = await spawnServer({ build: true, env: { DATA_DIR: dataDir() } });
  try {
    await server.waitUntilUp({ timeoutMs: 90_000 });
    const { cookie } = await registerOn(server, 'rebuilt');
    for (let i = 0; i < 3; i++) {
      const build = Bun.spawnSync([process.execPath, 'scripts/build-server.ts'], { cwd: ROOT, stderr: 'pipe' });
      expect(build.exitCode).toBe(0);
    }
    // The CSV export's module (csv-stringify) is loaded on its first use, from this process's build.
    const csv = await fetch(`${server.url}/api/export?format=csv&what=tasks`, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('title');
    expect(server.output()).not.toContain('ENOENT');
  } finally {
    expect(await server.stop()).toBe(0);
  }
  // Once it has stopped, the next build removes what only it used.
  const builds = () => readdirSync(join(ROOT, 'dist')).filter((name) => name.startsWith('server-'));
  const before = builds().length;
  expect(Bun.spawnSync([process.execPath, 'scripts/build-server.ts'], { cwd: ROOT }).exitCode).toBe(0);
  expect(builds().length).toBeLessThanOrEqual(Math.max(2, before));
}, 180_000);

test('a failure while preparing the directory stops the start, its stack naming the source files', async () => {
  const file = join(dataDir(), 'a-file');
  writeFileSync(file, '');
  const server = await spawnServer({ build: true, env: { DATA_DIR: join(file, 'data') } });
  expect(await server.exited()).not.toBe(0);
  expect(server.output()).toContain('ENOTDIR');
  expect(server.output()).toContain('src/server/db/migrate.ts');
}, 60_000);

describe.skipIf(!TWO_PROCESS_DATABASE)('on PostgreSQL', () => {
  const database = freshPostgresDatabase('lockin_build');

  test('the supervisor starts its workers from the build', async () => {
    const server = await spawnServer({
      build: true,
      env: { DATABASE_URL: database.url, DATA_DIR: dataDir(), WORKERS: '2' },
    });
    try {
      await server.waitUntilUp({ path: '/api/ready', timeoutMs: 90_000 });
      const pids = () => [...server.output().matchAll(/worker \d\/2 pid (\d+)/g)].map((m) => Number(m[1]));
      for (let i = 0; i < 200 && pids().length < 2; i++) await Bun.sleep(50);
      expect(pids()).toHaveLength(2);
      for (const pid of pids()) {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        expect(command).toContain(builtEntryPath('main'));
      }
      const { cookie } = await registerOn(server, 'build-pg');
      expect((await trpc(server.url, cookie, 'tasks.bank.list')).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);
});

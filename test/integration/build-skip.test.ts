// `bun run start` rebuilds the client and the server only when a source of each changed
// (scripts/build-if-changed.ts).
import { rmSync } from 'node:fs';
import { expect, test } from 'bun:test';
import { Hono } from 'hono';
import { createStaticSite } from '../../src/server/http/static';
import { BUILD_TARGETS, sourceHash } from '../../scripts/build-if-changed';
import { REPO_ROOT } from '../support/process';

const run = async () => {
  const proc = Bun.spawn([process.execPath, 'scripts/build-if-changed.ts'], {
    cwd: REPO_ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  return { out, code };
};

test('a second start with nothing changed does not rebuild; the stamp is the sources\u2019 hash and is never served', async () => {
  const first = await run();
  expect(first.code).toBe(0);
  const second = await run();
  expect(second).toEqual({
    code: 0,
    out: 'client unchanged since the last build: not rebuilding\nserver unchanged since the last build: not rebuilding\n',
  });
  for (const target of BUILD_TARGETS)
    expect((await Bun.file(`${REPO_ROOT}/${target.stamp}`).text()).trim()).toBe(sourceHash(target));
  // The stamp stays on disk: the static server never answers with a dotfile.
  const site = createStaticSite();
  const app = new Hono().get('*', (c) => site.asset(c) ?? c.text('no such file', 404));
  expect((await app.request('/.build-hash')).status).toBe(404);
  expect((await app.request('/favicon.svg')).status).toBe(200);
}, 120_000);

test('a changed server source rebuilds the server alone', async () => {
  await run();
  const probe = `${REPO_ROOT}/src/server/build-probe.ts`;
  await Bun.write(probe, 'export {};\n');
  try {
    const changed = await run();
    expect(changed.code).toBe(0);
    expect(changed.out).toStartWith('client unchanged since the last build: not rebuilding\n');
    expect(changed.out).toContain('server built into dist/server');
  } finally {
    rmSync(probe);
  }
  // Back as it was: the next start rebuilds once more, to the stamp of the sources as they are.
  await run();
  const server = BUILD_TARGETS.find((target) => target.name === 'server')!;
  expect((await Bun.file(`${REPO_ROOT}/${server.stamp}`).text()).trim()).toBe(sourceHash(server));
}, 120_000);

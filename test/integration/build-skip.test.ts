// `bun run start` rebuilds the client only when a source of it changed (scripts/build-if-changed.ts).
import { expect, test } from 'bun:test';
import { Hono } from 'hono';
import { createStaticSite } from '../../src/server/http/static';
import { sourceHash } from '../../scripts/build-if-changed';
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
  expect(second).toEqual({ code: 0, out: 'client unchanged since the last build: not rebuilding\n' });
  expect((await Bun.file(`${REPO_ROOT}/dist/public/.build-hash`).text()).trim()).toBe(sourceHash());
  // The stamp stays on disk: the static server never answers with a dotfile.
  const site = createStaticSite();
  const app = new Hono().get('*', (c) => site.asset(c) ?? c.text('no such file', 404));
  expect((await app.request('/.build-hash')).status).toBe(404);
  expect((await app.request('/favicon.svg')).status).toBe(200);
}, 120_000);

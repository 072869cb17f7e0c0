// deploy/nginx.conf and deploy/lockin@.service in use: two LockIn processes started as the unit
// starts them (its Environment= lines, ExecStart's arguments, %i the port), on one PostgreSQL
// behind Debian's nginx, and a rolling restart (SIGTERM one, start it again, wait for /api/ready, then the other) while
// clients keep reading and writing through nginx: not one request fails, and a live stream moves to
// the other process each time without an error. And a POST that outlasts
// nginx's wait for an answer is not sent to the other process a second time. Needs nginx
// (`apt-get install nginx`; .ci/run installs it) and TEST_DATABASE_URL.
import { expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildServerOnce, freePort, REPO_ROOT, type ServerProcess, spawnServer, tempDataDir } from '../support/process';
import { NGINX, nginxConfig, startNginx } from '../support/nginx';
import { type LiveReader, openLiveStream } from '../support/live';
import { freshPostgresDatabase, TWO_PROCESS_DATABASE } from '../support/two-processes';

const database = freshPostgresDatabase('lockin_nginx');
const dir = tempDataDir('lockin-nginx-');
let nginx: ReturnType<typeof Bun.spawn> | undefined;
const servers: ServerProcess[] = [];

// Everything stops before the database is dropped.
database.beforeDrop.push(async () => {
  nginx?.kill('SIGQUIT');
  await nginx?.exited;
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

/** What the systemd unit sets for instance `port`: its Environment= lines, and how it stops. */
async function unitEnvironment(
  port: number,
): Promise<{ env: Record<string, string>; killSignal?: string; stopSec: number }> {
  const unit = await Bun.file(join(REPO_ROOT, 'deploy/lockin@.service')).text();
  const env: Record<string, string> = {};
  for (const [, key, value] of unit.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm))
    env[key ?? ''] = (value ?? '').replaceAll('%i', String(port));
  expect(unit).toMatch(/^ExecStart=\S*bun dist\/server\/main\.js$/m);
  return {
    env,
    killSignal: /^KillSignal=(\w+)$/m.exec(unit)?.[1],
    stopSec: Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1] ?? 0),
  };
}

test.skipIf(!NGINX || !TWO_PROCESS_DATABASE)(
  'a rolling restart behind nginx under load answers every request',
  async () => {
    const [front, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const appUrl = `http://127.0.0.1:${front}`;
    const start = async (port: number) => {
      await buildServerOnce();
      const unit = await unitEnvironment(port);
      // The unit stops with SIGTERM and gives the process longer than its own 10 s limit.
      expect(unit.killSignal).toBe('SIGTERM');
      expect(unit.stopSec).toBeGreaterThan(10);
      expect(unit.env).toMatchObject({ NODE_ENV: 'production', PORT: String(port), TRUST_PROXY: 'true' });
      const server = await spawnServer({
        port,
        // The unit's settings, plus what its EnvironmentFile would hold here.
        env: {
          ...unit.env,
          DATABASE_URL: database.url,
          DATA_DIR: join(dir, 'unused'),
          APP_URL: appUrl,
          SMTP_URL: 'smtp://127.0.0.1:2525',
          LOG_REQUESTS: 'false',
        },
        // The unit's ExecStart: the server build.
        build: true,
      });
      servers.push(server);
      await server.waitUntilUp({ path: '/api/ready', timeoutMs: 90_000 });
      return server;
    };
    let a = await start(portA);
    let b = await start(portB);

    nginx = await startNginx(dir, await nginxConfig(front, [portA, portB], { root: dir }), appUrl);

    // A signed-in user through nginx (the same-origin check sees APP_URL: nginx's address).
    const email = `nginx-${Date.now()}@example.com`;
    const registered = await fetch(`${appUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify({
        email,
        password: 'rolling restart 1',
        firstName: 'N',
        lastName: 'G',
      }),
    });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    // Clients read and write without pause while each process in turn is replaced.
    const failures: string[] = [];
    let answered = 0;
    let running = true;
    let writes = 0;
    // Six readers (the session and Today's Focus) and two writers (the profile), all through nginx.
    const client = async (n: number) => {
      while (running) {
        const writer = n < 2;
        const res = writer
          ? await fetch(`${appUrl}/api/auth/profile`, {
              method: 'PUT',
              headers: { cookie, 'content-type': 'application/json', origin: appUrl },
              body: JSON.stringify({ firstName: `N${writes}`, lastName: 'G', email }),
            })
          : await fetch(`${appUrl}/api/${n % 2 ? 'auth/user' : 'trpc/tasks.daily.list'}`, { headers: { cookie } });
        await res.arrayBuffer();
        if (res.status !== 200) failures.push(`${writer ? 'PUT' : 'GET'} ${res.status}`);
        else if (writer) writes++;
        else answered++;
      }
    };
    const guarded = (n: number) => client(n).catch((error: unknown) => void failures.push(`error ${String(error)}`));
    const clients = Array.from({ length: 8 }, (_, n) => guarded(n));
    // A page's live stream through nginx: when its process goes, it ends and opens again, every
    // time on the first try (nginx sends it to the process that is up).
    let streamsOpened = 0;
    let current: LiveReader | undefined;
    const streamer = (async () => {
      while (running) {
        current = await openLiveStream(appUrl, cookie);
        if (current.status !== 200) failures.push(`live ${current.status}`);
        else if ((await current.next())?.event === 'ready') streamsOpened++;
        while (running && (await current.next())) {}
      }
    })().catch((error: unknown) => void failures.push(`live error ${String(error)}`));

    await Bun.sleep(300);
    for (const which of ['a', 'b'] as const) {
      const old = which === 'a' ? a : b;
      old.proc.kill('SIGTERM');
      expect(await old.exited()).toBe(0);
      const fresh = await start(which === 'a' ? portA : portB);
      if (which === 'a') a = fresh;
      else b = fresh;
      await Bun.sleep(300);
    }
    running = false;
    await Promise.all(clients);
    await current?.close();
    await streamer;
    // One stream to start with, and at least one more after each restart that ended it.
    expect(streamsOpened).toBeGreaterThanOrEqual(2);

    if (failures.length > 0)
      console.log(
        (await Bun.file(join(dir, 'error.log')).text())
          .split('\n')
          .filter((l) => !l.includes('no live upstreams'))
          .slice(0, 8)
          .join('\n'),
      );
    expect({ failures: failures.slice(0, 5), count: failures.length }).toEqual({ failures: [], count: 0 });
    expect(answered).toBeGreaterThan(100);
    console.log(`rolling restart behind nginx: ${answered} reads and ${writes} writes answered, 0 failed`);
  },
  180_000,
);

test.skipIf(!NGINX)(
  'a POST still running when nginx stops waiting is answered 504 and never sent to the other process',
  async () => {
    // Two stand-in upstreams that take their time over every POST (a payment provider being
    // slow), behind the same configuration with a 1 s wait instead of 30 s.
    const posts: string[] = [];
    const slowUpstream = (name: string) =>
      Bun.serve({
        port: 0,
        hostname: '127.0.0.1',
        async fetch(request) {
          if (request.method !== 'POST') return new Response('ok');
          posts.push(name);
          await Bun.sleep(3_000);
          return new Response('late');
        },
      });
    const upstreams = [slowUpstream('a'), slowUpstream('b')];
    const root = join(dir, 'slow');
    const front = await freePort();
    const url = `http://127.0.0.1:${front}`;
    const config = await nginxConfig(front, [upstreams[0]!.port!, upstreams[1]!.port!], { root, readTimeout: '1s' });
    const proxy = await startNginx(root, config, url);
    try {
      const res = await fetch(`${url}/api/checkout`, { method: 'POST', body: '{}' });
      await res.arrayBuffer();
      expect(res.status).toBe(504);
      expect(posts).toHaveLength(1);
    } finally {
      proxy.kill('SIGQUIT');
      await proxy.exited;
      for (const upstream of upstreams) upstream.stop(true);
    }
  },
  30_000,
);

// The server as a real process: bad configuration stops it with a message naming the variable,
// SIGTERM lets an in-flight request finish, acknowledged writes survive a SIGKILL, and an idle
// keep-alive connection is not cut early.
import { afterAll, describe, expect, test } from 'bun:test';
import { IDLE_CONNECTION_SECONDS, PROBE_PATHS } from '../../src/server/ops/lifecycle';
import { tempDirsRemovedAfterAll } from '../support/temp-dirs';
import { type ServerProcess, spawnServer } from '../support/process';

const dataDir = tempDirsRemovedAfterAll();

describe('configuration is validated at start-up', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['PORT', { PORT: 'abc' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['APP_URL', { APP_URL: 'ftp://lockin.example' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example' }],
    ['TEST_CLOCK', { TEST_CLOCK: 'yes' }],
  ];
  for (const [variable, env] of cases) {
    test(`a bad ${variable} stops the process with a non-zero exit naming it`, async () => {
      const server = await spawnServer({ env: { DATA_DIR: dataDir(), ...env } });
      const code = await server.exited();
      expect(code).not.toBe(0);
      expect(server.output()).toContain('Invalid environment configuration');
      expect(server.output()).toContain(`${variable}:`);
      expect(server.output()).not.toContain('LockIn listening');
    });
  }

  test('a production start refuses test-only switches and a half-configured Stripe, naming each', async () => {
    const server = await spawnServer({
      env: {
        DATA_DIR: dataDir(),
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_API_BASE: 'http://127.0.0.1:1',
        OAUTH_API_BASE: 'http://127.0.0.1:2',
      },
    });
    expect(await server.exited()).not.toBe(0);
    for (const name of [
      'STRIPE_API_BASE:',
      'OAUTH_API_BASE:',
      'STRIPE_PRICE_ID:',
      'STRIPE_WEBHOOK_SECRET:',
      'SMTP_URL:',
    ])
      expect(server.output()).toContain(name);
    expect(server.output()).not.toContain('LockIn listening');
  });

  test('the start-up log names the active payment, mail, AI and OAuth providers', async () => {
    const server = await spawnServer({ env: { DATA_DIR: dataDir(), NODE_ENV: 'production', MAIL_TO_LOG: 'true' } });
    try {
      await server.waitUntilUp();
      expect(server.output()).toContain('providers: payments off; mail server log; AI offline suggester; OAuth none');
    } finally {
      await server.stop();
    }
  });

  test('several bad variables are all named in one start-up failure', async () => {
    const server = await spawnServer({ env: { DATA_DIR: dataDir(), PORT: 'abc', DATABASE_URL: 'mysql://x' } });
    expect(await server.exited()).not.toBe(0);
    expect(server.output()).toContain('PORT:');
    expect(server.output()).toContain('DATABASE_URL:');
  });
});

/**
 * Sends one raw HTTP/1.1 request with `Expect: 100-continue`: waits for the server's
 * `100 Continue` (so the request is parsed and in its handler), writes the first part of the body,
 * runs `between`, then writes the rest. Resolves with everything the server sent.
 */
async function splitRequest(
  port: number,
  head: string,
  firstPart: string,
  secondPart: string,
  between: () => Promise<void>,
): Promise<string> {
  const connection = await rawConnection(port);
  const length = new TextEncoder().encode(firstPart + secondPart).length;
  connection.send(`${head}\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
  const deadline = Date.now() + 30_000;
  while (!connection.received.startsWith('HTTP/1.1 100') && Date.now() < deadline) await Bun.sleep(10);
  expect(connection.received).toStartWith('HTTP/1.1 100 Continue');
  connection.send(firstPart);
  await between();
  connection.send(secondPart);
  await connection.closed;
  return connection.received;
}

/** A raw TCP connection to the server: what it sent so far, and whether it has closed. */
async function rawConnection(port: number) {
  let done!: () => void;
  const state = {
    received: '',
    isClosed: false,
    closed: new Promise<void>((resolve) => (done = resolve)),
    send(text: string) {
      socket.write(text);
      socket.flush();
    },
    end: () => socket.end(),
  };
  const close = () => {
    state.isClosed = true;
    done();
  };
  const socket = await Bun.connect({
    hostname: '127.0.0.1',
    port,
    socket: {
      data(_s, chunk) {
        state.received += new TextDecoder().decode(chunk);
      },
      close,
      error: close,
    },
  });
  return state;
}

describe('a port already in use', () => {
  test('stops start-up with exit 1 and a message naming the address, not a stack trace', async () => {
    const taken = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('busy') });
    try {
      const server = await spawnServer({ env: { DATA_DIR: dataDir() }, port: taken.port });
      expect(await server.exited()).toBe(1);
      expect(server.output()).toContain(`LockIn cannot listen on 127.0.0.1:${taken.port}`);
      expect(server.output()).not.toContain('    at ');
    } finally {
      taken.stop(true);
    }
  }, 60_000);
});

describe('graceful shutdown', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) await server.stop('SIGKILL');
  });

  test('SIGTERM lets a request that is in flight finish, then exits 0 with "LockIn stopped"', async () => {
    // The test clock route reads a JSON body, so a body sent in two halves keeps the request
    // open inside the handler while the signal arrives.
    server = await spawnServer({ env: { DATA_DIR: dataDir(), TEST_CLOCK: 'true' } });
    await server.waitUntilUp({ timeoutMs: 90_000 });
    const running = server;
    const response = await splitRequest(
      running.port,
      'POST /api/test/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json',
      '{"now":"2026-',
      '01-02T03:04:05.000Z"}',
      async () => {
        running.proc.kill('SIGTERM');
        // Wait until the server says it is draining, so the signal really came first.
        const deadline = Date.now() + 10_000;
        while (!running.output().includes('SIGTERM received') && Date.now() < deadline) await Bun.sleep(20);
        expect(running.output()).toContain('SIGTERM received');
        expect(running.output()).not.toContain('LockIn stopped');
      },
    );
    expect(response).toContain('HTTP/1.1 200 OK');
    // The test clock keeps ticking from the time it was set to, so allow a few milliseconds.
    expect(response).toContain('"now":"2026-01-02T03:04:0');
    expect(await running.exited()).toBe(0);
    expect(running.output()).toContain('LockIn stopped');
  }, 120_000);

  test('after SIGTERM the port no longer accepts requests', async () => {
    // Its own server, so this test passes or fails alone, whatever ran before it.
    const own = await spawnServer({ env: { DATA_DIR: dataDir() } });
    try {
      await own.waitUntilUp({ timeoutMs: 90_000 });
      expect((await fetch(`${own.url}/`)).status).toBe(200);
      own.proc.kill('SIGTERM');
      expect(await own.exited()).toBe(0);
      const refused = await fetch(`${own.url}/`).then(
        () => false,
        () => true,
      );
      expect(refused).toBe(true);
    } finally {
      if (own.proc.exitCode === null) await own.stop('SIGKILL');
    }
  }, 120_000);
});

describe('durability', () => {
  const password = 'durable-pass-2026';

  test('every acknowledged registration and task survives a SIGKILL and a restart on the same DATA_DIR', async () => {
    const dir = dataDir();
    const first = await spawnServer({ env: { DATA_DIR: dir } });
    await first.waitUntilUp({ timeoutMs: 90_000 });
    const emails: string[] = [];
    let cookie = '';
    for (let i = 0; i < 3; i++) {
      const email = `durable-${i}-${Date.now()}@example.com`;
      const res = await fetch(`${first.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, firstName: `Durable${i}`, lastName: 'Writer' }),
      });
      await res.arrayBuffer();
      expect(res.status).toBeLessThan(300);
      emails.push(email);
      if (i === 0)
        cookie = res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
    }
    // And tasks, written through tRPC by the first account: each acknowledged 200 must survive.
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) {
      const title = `Durable task ${i}`;
      const res = await fetch(`${first.url}/api/trpc/tasks.bank.create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ id: crypto.randomUUID(), title }),
      });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      titles.push(title);
    }
    // Killed without warning: no shutdown hook runs, the database is not closed.
    expect(await first.stop('SIGKILL')).not.toBe(0);

    const second = await spawnServer({ env: { DATA_DIR: dir } });
    try {
      await second.waitUntilUp({ timeoutMs: 90_000 });
      for (const email of emails) {
        const res = await fetch(`${second.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        await res.arrayBuffer();
        expect({ email, status: res.status }).toEqual({ email, status: 200 });
        const cookie = res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const user = await fetch(`${second.url}/api/auth/user`, { headers: { cookie } });
        expect(user.status).toBe(200);
        expect(((await user.json()) as { email: string }).email).toBe(email);
        if (email === emails[0]) {
          const bank = await fetch(`${second.url}/api/trpc/tasks.bank.list`, { headers: { cookie } });
          expect(bank.status).toBe(200);
          const body = (await bank.json()) as { result: { data: { tasks: Array<{ title: string }> } } };
          expect(body.result.data.tasks.map((t) => t.title).sort()).toEqual(titles);
        }
      }
    } finally {
      await second.stop();
    }
  }, 180_000);
});

describe('idle connections', () => {
  // Bun's default closes a silent connection after 10 s (between 8 and 12 s, its timer moving in
  // 4 s steps). A proxy's pool, a browser or a test client that reuses the connection after that
  // meets a reset; nginx's pool (deploy/nginx.conf) keeps one for up to 30 s.
  test(`a keep-alive connection silent for 14 s still answers (the server keeps it ${IDLE_CONNECTION_SECONDS} s)`, async () => {
    const server = await spawnServer({ env: { DATA_DIR: dataDir() } });
    try {
      await server.waitUntilUp({ timeoutMs: 90_000 });
      const connection = await keepAliveConnection(server.port);
      expect(await connection.get(PROBE_PATHS.health)).toStartWith('HTTP/1.1 200 OK');
      await Bun.sleep(14_000);
      expect(await connection.get(PROBE_PATHS.health)).toStartWith('HTTP/1.1 200 OK');
      connection.close();
    } finally {
      await server.stop();
    }
  }, 120_000);
});

/** One raw HTTP/1.1 connection: each `get` sends a request and resolves with the whole answer ('' once closed). */
async function keepAliveConnection(port: number) {
  const connection = await rawConnection(port);
  const complete = () => {
    const { received } = connection;
    const end = received.indexOf('\r\n\r\n');
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(received)?.[1] ?? Number.NaN);
    return end >= 0 && received.length >= end + 4 + length;
  };
  return {
    async get(path: string): Promise<string> {
      connection.received = '';
      if (connection.isClosed) return '';
      connection.send(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      const deadline = Date.now() + 10_000;
      while (!connection.isClosed && !complete() && Date.now() < deadline) await Bun.sleep(10);
      return connection.received;
    },
    close: connection.end,
  };
}

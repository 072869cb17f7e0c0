// Read-your-writes across processes, exactly: a client writes through one process and reads
// through the other at once, 1,000 times (Today's Focus ticks and profile names). Every read comes
// from the database, so not one read is stale.
import { describe, expect, test } from 'bun:test';
import { registerOn, TWO_PROCESS_DATABASE, twoProcessesOnPostgres } from '../support/two-processes';

const servers = twoProcessesOnPostgres('lockin_fresh');

/** The cookies a browser would keep, from each answer's Set-Cookie. */
class Jar {
  private readonly cookies = new Map<string, string>();
  constructor(initial: string) {
    this.keep([initial]);
  }
  keep(lines: string[]) {
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

describe.skipIf(!TWO_PROCESS_DATABASE)('a write through one process, then a read through the other', () => {
  test('1,000 write-then-read pairs across two processes: 0 stale reads', async () => {
    const { a, b } = servers;
    const { cookie, email } = await registerOn(a, 'fresh');
    const jar = new Jar(cookie);
    const write = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${a.url}${path}`, {
        method,
        headers: { cookie: jar.header(), origin: a.url, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      jar.keep(res.headers.getSetCookie());
      const text = await res.text();
      expect({ path, status: res.status, text: res.status < 300 ? '' : text }).toEqual({
        path,
        status: res.status < 300 ? res.status : 200,
        text: '',
      });
    };
    const read = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${b.url}${path}`, { headers: { cookie: jar.header() } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };

    const id = crypto.randomUUID();
    await write('POST', '/api/tasks', { id, title: 'Tick me', category: 'Work' });
    await write('POST', '/api/trpc/tasks.daily.add', { ids: [id] });
    // B reads (and caches) both before the loop starts.
    await read('/api/trpc/tasks.daily.list');
    await read('/api/auth/user');

    const stale: string[] = [];
    for (let i = 0; i < 500; i++) {
      const completed = i % 2 === 0;
      await write('PUT', `/api/tasks/${id}/${completed ? 'complete' : 'incomplete'}`);
      const list = await read<{ result: { data: { tasks: { id: string; completed: boolean }[] } } }>(
        '/api/trpc/tasks.daily.list',
      );
      if (list.result.data.tasks.find((t) => t.id === id)?.completed !== completed) stale.push(`tick ${i}`);

      const name = `Name${i}`;
      await write('PUT', '/api/auth/profile', { firstName: name, lastName: 'Fresh', email });
      const me = await read<{ firstName: string }>('/api/auth/user');
      if (me.firstName !== name) stale.push(`name ${i}`);
    }
    expect(stale).toEqual([]);
  }, 120_000);
});

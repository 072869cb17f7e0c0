// The live channel across two processes on one PostgreSQL: a change written through one process
// reaches a stream held by the other at commit (each process LISTENs once); a room's state lives
// in the database, so a process killed mid-room loses nothing and its pages reconnect elsewhere.
import { describe, expect, test } from 'bun:test';
import type { RoomView } from '../../src/shared/rooms';
import { openLiveStream } from '../support/live';
import { spawnServer } from '../support/process';
import { registerOn, TWO_PROCESS_DATABASE, twoProcessesOnPostgres } from '../support/two-processes';

const pair = twoProcessesOnPostgres('lockin_live');

async function trpc<T>(
  url: string,
  cookie: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const res = await fetch(`${url}/api/trpc/${path}${body === undefined ? '' : ''}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { result?: { data: T } };
  return { status: res.status, data: json.result?.data as T };
}

describe.skipIf(!TWO_PROCESS_DATABASE)('live streams across two processes', () => {
  test("a task written through one process reaches the user's stream held by the other", async () => {
    const { cookie } = await registerOn(pair.a, 'live');
    const stream = await openLiveStream(pair.b.url, cookie);
    expect((await stream.next())?.event).toBe('ready');
    const created = await trpc(pair.a.url, cookie, 'tasks.bank.create', { id: crypto.randomUUID(), title: 'Across' });
    expect(created.status).toBe(200);
    expect(await stream.next()).toEqual({ event: 'tasks', data: {} });
    await stream.close();
  });

  test('a room survives its process being killed: its members reconnect to another process and see it whole', async () => {
    // A third process, killed mid-room.
    const doomed = await spawnServer({ env: { DATABASE_URL: pair.databaseUrl, DATA_DIR: '/tmp/lockin-unused' } });
    await doomed.waitUntilUp({ timeoutMs: 90_000 });
    const host = await registerOn(doomed, 'host');
    const guest = await registerOn(pair.a, 'guest');
    const opened = await trpc<RoomView>(doomed.url, host.cookie, 'rooms.create', {
      goalMinutes: 25,
      startsAt: null,
      strict: true,
      taskTitle: 'Survive',
      category: 'Work',
      shareTask: false,
    });
    expect(opened.status).toBe(200);
    const token = opened.data.invite?.link.split('/join/')[1];
    const hostStream = await openLiveStream(doomed.url, host.cookie);
    expect((await hostStream.next())?.event).toBe('ready');

    doomed.proc.kill('SIGKILL');
    await doomed.exited();
    // The page's stream ends with its process; it reconnects (here: to process b) and refetches.
    expect(await hostStream.next()).toBeNull();
    const again = await openLiveStream(pair.b.url, host.cookie);
    expect((await again.next())?.event).toBe('ready');

    const joined = await trpc<RoomView>(pair.a.url, guest.cookie, 'rooms.join', {
      token,
      taskTitle: 'Join',
      category: 'Work',
      shareTask: false,
    });
    expect(joined.status).toBe(200);
    // The host's new stream (process b) hears the join made through process a.
    expect(await again.nextNamed('room')).toEqual({ event: 'room', data: { roomId: opened.data.id } });
    const seen = await trpc<RoomView>(
      pair.b.url,
      host.cookie,
      `rooms.get?input=${encodeURIComponent(JSON.stringify({ roomId: opened.data.id }))}`,
    );
    expect(seen.data.members.map((m) => m.state)).toEqual(['focusing', 'focusing']);
    await again.close();
  }, 120_000);
});

import { describe, expect, test } from 'bun:test';
import { createLiveHub, type LiveStream } from './live-hub';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function stream(userId: string): LiveStream & { closed: boolean } {
  const s = {
    userId,
    sessionId: `session-${userId}`,
    closed: false,
    send() {},
    beat() {},
    close() {
      s.closed = true;
    },
  };
  return s;
}

describe('the live hub', () => {
  test('a stream that arrives while the process stops is closed, never kept (the stop would wait for it)', async () => {
    const listening = Promise.withResolvers<() => Promise<void>>();
    const hub = createLiveHub({ listen: () => listening.promise }, quiet);
    const late = stream('u1');
    const opening = hub.open(late);
    // The first stream starts the LISTEN; the process is told to stop before it has started.
    const stopping = hub.stop();
    listening.resolve(async () => {});
    await Promise.all([stopping, opening]);
    expect(late.closed).toBe(true);
    expect(hub.count()).toBe(0);
  });

  test("a user's streams are bounded: the oldest closes when one more opens", async () => {
    const hub = createLiveHub({ listen: async () => async () => {} }, quiet);
    const opened = [];
    for (let i = 0; i < 21; i++) {
      const s = stream('u1');
      opened.push(s);
      await hub.open(s);
    }
    expect(opened[0]?.closed).toBe(true);
    expect(opened.slice(1).every((s) => !s.closed)).toBe(true);
    expect(hub.count()).toBe(20);
    await hub.stop();
    expect(opened.every((s) => s.closed)).toBe(true);
  });
});

import { describe, expect, jest, test } from 'bun:test';
import { LIVE_HEARTBEAT_SECONDS } from '../../shared/live';
import { createLiveHub, HEARTBEAT_SLICES, type LiveStream } from './live-hub';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function stream(userId: string): LiveStream & { closed: boolean; beats: number } {
  const s = {
    userId,
    sessionId: `session-${userId}`,
    closed: false,
    beats: 0,
    send() {},
    beat() {
      s.beats += 1;
    },
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

  test('every stream beats once an interval, and no moment beats more than a slice of them', async () => {
    jest.useFakeTimers();
    try {
      const hub = createLiveHub({ listen: async () => async () => {} }, quiet);
      const streams = Array.from({ length: 200 }, (_, i) => stream(`u${i}`));
      for (const s of streams) await hub.open(s);
      const gone = stream('gone');
      const close = await hub.open(gone);
      close();
      const beatsNow = () => streams.reduce((sum, s) => sum + s.beats, 0);

      const perTick: number[] = [];
      const tickMs = (LIVE_HEARTBEAT_SECONDS * 1000) / HEARTBEAT_SLICES;
      for (let i = 0; i < HEARTBEAT_SLICES; i++) {
        const before = beatsNow();
        jest.advanceTimersByTime(tickMs);
        perTick.push(beatsNow() - before);
      }
      expect(streams.every((s) => s.beats === 1)).toBe(true);
      expect(Math.max(...perTick)).toBe(200 / HEARTBEAT_SLICES);
      // A page that went away is beaten no more.
      expect(gone.beats).toBe(0);
      await hub.stop();
    } finally {
      jest.useRealTimers();
    }
  });
});

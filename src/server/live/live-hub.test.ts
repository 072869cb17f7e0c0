import { describe, expect, jest, test } from 'bun:test';
import { LIVE_CATCH_UP_SECONDS, LIVE_HEARTBEAT_SECONDS } from '../../shared/live';
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
    const opening = hub.open(late, 0);
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
      await hub.open(s, 0);
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
      for (const s of streams) await hub.open(s, 0);
      const gone = stream('gone');
      (await hub.open(gone, 0)).leave();
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

describe("a new stream's first 'ready'", () => {
  /** A hub on a clock the test moves, and the LISTEN's callback, to announce as the triggers do. */
  async function hubWithClock() {
    let at = 1_000_000;
    let announce: (payload: string) => void = () => {};
    const hub = createLiveHub(
      {
        listen: async (_channel, onPayload) => {
          announce = onPayload;
          return async () => {};
        },
      },
      quiet,
      () => at,
    );
    await hub.listen();
    return {
      hub,
      announce: (what: string, users: string[]) => announce(JSON.stringify({ w: what, u: users })),
      wait: (ms: number) => {
        at += ms;
      },
    };
  }

  test("says 'reread' when its user's data changed within the page's age, and only then", async () => {
    const { hub, announce, wait } = await hubWithClock();
    wait(60_000);
    announce('tasks', ['ada']);
    wait(2_000);
    // Ada's page began 3 s ago: the change came after its first reads.
    expect((await hub.open(stream('ada'), 3_000)).reread).toBe(true);
    // A page that began 1 s ago read after the change.
    expect((await hub.open(stream('ada'), 1_000)).reread).toBe(false);
    // Grace's data did not change.
    expect((await hub.open(stream('grace'), 3_000)).reread).toBe(false);
    // A sign-in ending closes streams; it changes nothing a page shows.
    announce('ended', ['grace']);
    expect((await hub.open(stream('grace'), 3_000)).reread).toBe(false);
    await hub.stop();
  });

  test('a room or circle event counts for every user it names', async () => {
    const { hub, announce, wait } = await hubWithClock();
    wait(60_000);
    announce('circle', ['ada', 'grace']);
    expect((await hub.open(stream('grace'), 500)).reread).toBe(true);
    await hub.stop();
  });

  test('an age past the window asks about the window only', async () => {
    const { hub, announce, wait } = await hubWithClock();
    wait(60_000);
    announce('tasks', ['ada']);
    wait(LIVE_CATCH_UP_SECONDS * 1000 + 1);
    announce('tasks', ['grace']);
    expect((await hub.open(stream('ada'), 10 * 60_000)).reread).toBe(false);
    expect((await hub.open(stream('grace'), 10 * 60_000)).reread).toBe(true);
    await hub.stop();
  });

  test('a page older than the LISTEN may have missed anything: it rereads', async () => {
    const { hub, wait } = await hubWithClock();
    wait(5_000);
    expect((await hub.open(stream('ada'), 6_000)).reread).toBe(true);
    expect((await hub.open(stream('ada'), 4_000)).reread).toBe(false);
    await hub.stop();
  });
});

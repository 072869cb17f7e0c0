// Lock-In sessions run offline and recorded on reconnect (lockin.recordOffline): the sync stamp
// bounds the start, the end is in the past, the length at most the goal, overlaps are refused,
// a replay records once, and the stamp belongs to one user.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { CompletionResult, LockInSessionView, RunningSession } from '../../src/shared/lockin';
import { TestClient, type TestContext, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { makePremium } from '../support/plans';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: new Date('2026-03-10T12:00:00Z') });
}, 120_000);
afterAll(() => ctx.close());

const at = (iso: string) => ctx.clock.set(new Date(iso));

async function newClient(): Promise<{ client: TestClient; id: string }> {
  const user = await createUser(ctx, { timeZone: 'UTC' });
  return { client: await signedInClient(ctx, user), id: user.id };
}

/** The stamp the client keeps from its last answer (lockin.running). */
async function syncStamp(client: TestClient): Promise<string> {
  const running = await client.query<RunningSession>('lockin.running');
  expect(running.status).toBe(200);
  return running.body.syncStamp;
}

function offline(stamp: string, over: Record<string, unknown> = {}) {
  return {
    id: crypto.randomUUID(),
    goalMinutes: 25,
    goalText: 'Read on the train',
    startTime: '2026-03-10T12:05:00.000Z',
    endTime: '2026-03-10T12:30:00.000Z',
    outcome: 'completed',
    syncStamp: stamp,
    ...over,
  };
}

/** Sends an offline session: the defaults above with `over` in place. */
function record<T = unknown>(client: TestClient, stamp: string, over: Record<string, unknown> = {}) {
  return client.mutate<T>('lockin.recordOffline', offline(stamp, over));
}

describe('recording a session run offline', () => {
  test('a completed session after the last sync is recorded with its times, counts for the streak and shows in the list', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const stamp = await syncStamp(client);
    at('2026-03-10T13:00:00Z');
    const input = offline(stamp);
    const res = await client.mutate<CompletionResult>('lockin.recordOffline', input);
    expect(res.status).toBe(200);
    expect(res.body.session).toMatchObject({
      id: `offline_${input.id}`,
      status: 'completed',
      completed: true,
      actualMinutes: 25,
      goalText: 'Read on the train',
      taskTitle: 'Focus Session',
      startTime: '2026-03-10T12:05:00.000Z',
      completedAt: '2026-03-10T12:30:00.000Z',
    });
    expect(res.body.streak.current).toBe(1);
    const list = await client.query<LockInSessionView[]>('lockin.list');
    expect(list.body.map((s) => s.id)).toEqual([`offline_${input.id}`]);
  });

  test('a replay of the same id answers the recorded session and adds nothing, even after its stamp grew old', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const input = offline(await syncStamp(client), {
      outcome: 'quit',
      endTime: '2026-03-10T12:15:30.000Z',
      reason: 'Tired',
    });
    at('2026-03-10T12:20:00Z');
    const first = await client.mutate<CompletionResult>('lockin.recordOffline', input);
    expect(first.body.session).toMatchObject({
      status: 'quit',
      quitEarly: true,
      quitReason: 'Tired',
      actualMinutes: 11,
    });
    at('2026-03-20T12:00:00Z');
    const again = await client.mutate<CompletionResult>('lockin.recordOffline', input);
    expect(again.status).toBe(200);
    expect(again.body.session).toEqual(first.body.session);
    const [a, b] = await Promise.all([
      client.mutate('lockin.recordOffline', input),
      client.mutate('lockin.recordOffline', input),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await client.query<LockInSessionView[]>('lockin.list')).body).toHaveLength(1);
  });

  test('the start may not come before the last sync (5 s tolerance, pulled to the stamp)', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const stamp = await syncStamp(client);
    at('2026-03-10T13:00:00Z');
    const early = await record(client, stamp, { startTime: '2026-03-10T11:59:00.000Z' });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Start time must not be before the last sync');
    const withinTolerance = await record<CompletionResult>(client, stamp, {
      startTime: '2026-03-10T11:59:57.000Z',
      endTime: '2026-03-10T12:24:57.000Z',
    });
    expect(withinTolerance.status).toBe(200);
    expect(withinTolerance.body.session.startTime).toBe('2026-03-10T12:00:00.000Z');
  });

  test('the end may not be in the future; the length is at most the goal; a completion lasts its goal', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const stamp = await syncStamp(client);
    at('2026-03-10T12:20:00Z');
    const future = await record(client, stamp, {
      startTime: '2026-03-10T12:00:00.000Z',
      endTime: '2026-03-10T12:25:00.000Z',
    });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('End time must not be in the future');
    at('2026-03-10T14:00:00Z');
    const tooLong = await record(client, stamp, { outcome: 'quit', endTime: '2026-03-10T12:31:00.000Z' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('End time must be after the start and at most the goal later');
    const backwards = await record(client, stamp, { outcome: 'quit', endTime: '2026-03-10T12:04:00.000Z' });
    expect(backwards.status).toBe(400);
    const short = await record(client, stamp, { endTime: '2026-03-10T12:20:00.000Z' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('A completed session must last its goal');
    // A quit of the same length is fine, and stores the minutes that passed.
    const quit = await record<CompletionResult>(client, stamp, {
      outcome: 'quit',
      endTime: '2026-03-10T12:20:00.000Z',
    });
    expect(quit.status).toBe(200);
    expect(quit.body.session.actualMinutes).toBe(15);
    expect(quit.body.streak.current).toBe(0);
  });

  test("an end a few seconds ahead of the server's clock (within the tolerance) is stored as now", async () => {
    at('2026-03-10T15:00:00Z');
    const { client } = await newClient();
    const stamp = await syncStamp(client);
    at('2026-03-10T15:10:00Z');
    const ahead = await record<CompletionResult>(client, stamp, {
      outcome: 'quit',
      startTime: '2026-03-10T15:01:00.000Z',
      endTime: '2026-03-10T15:10:03.000Z',
    });
    expect(ahead.status).toBe(200);
    expect(ahead.body.session.completedAt).toBe('2026-03-10T15:10:00.000Z');
    expect(ahead.body.session.actualMinutes).toBe(9);
  });

  test('a session overlapping one already recorded (online or offline) is a 409', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const stamp = await syncStamp(client);
    const online = await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 15 });
    at('2026-03-10T12:15:00Z');
    await client.mutate('lockin.complete', { id: online.body.session.id, actualMinutes: 15 });
    at('2026-03-10T14:00:00Z');
    const overlapping = await record(client, stamp, {
      startTime: '2026-03-10T12:10:00.000Z',
      endTime: '2026-03-10T12:35:00.000Z',
    });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.message).toBe('This session overlaps one already recorded');
    const after = await record(client, stamp, {
      startTime: '2026-03-10T12:15:00.000Z',
      endTime: '2026-03-10T12:40:00.000Z',
    });
    expect(after.status).toBe(200);
    const second = await record(client, stamp, {
      startTime: '2026-03-10T12:39:00.000Z',
      endTime: '2026-03-10T13:04:00.000Z',
    });
    expect(second.status).toBe(409);
  });

  test("a forged, tampered, another user's or week-old stamp is a 400 naming syncStamp", async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const { client: other } = await newClient();
    const stamp = await syncStamp(client);
    const othersStamp = await syncStamp(other);
    at('2026-03-10T13:00:00Z');
    const [ms, mac] = stamp.split('.');
    const tampered = `${Number(ms) - 3_600_000}.${mac}`;
    for (const bad of [othersStamp, tampered, 'x', `${ms}.${'A'.repeat(43)}`]) {
      const res = await client.mutate('lockin.recordOffline', offline(bad));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Sync stamp is not valid or is older than 7 days');
    }
    at('2026-03-17T12:00:01Z');
    const old = await record(client, stamp);
    expect(old.status).toBe(400);
  });

  test('bad payloads are 400s naming the field; signed out is 401', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const stamp = await syncStamp(client);
    const cases: [Record<string, unknown>, string][] = [
      [{ id: 'not-a-uuid' }, 'ID '],
      [{ goalMinutes: 20 }, 'Goal minutes '],
      [{ startTime: 'yesterday' }, 'Start time '],
      [{ outcome: 'paused' }, 'Outcome '],
      [{ reason: 'Bored' }, 'Reason '],
      [{ syncStamp: '' }, 'Sync stamp '],
    ];
    for (const [over, prefix] of cases) {
      const res = await client.mutate('lockin.recordOffline', offline(stamp, over));
      expect(res.status).toBe(400);
      expect(res.body.message).toStartWith(prefix);
    }
    const visitor = new TestClient(ctx.app);
    expect((await visitor.mutate('lockin.recordOffline', offline(stamp))).status).toBe(401);
  });

  test('a per-task session needs premium and takes the task title and category', async () => {
    at('2026-03-10T12:00:00Z');
    const { client, id } = await newClient();
    await client.mutate('tasks.bank.create', { id: 't1', title: 'Write report', category: 'Work' });
    await client.mutate('tasks.daily.add', { ids: ['t1'] });
    const stamp = await syncStamp(client);
    at('2026-03-10T13:00:00Z');
    const free = await record(client, stamp, { taskId: 't1' });
    expect(free.status).toBe(403);
    await makePremium(ctx.deps, id);
    const premium = await record<CompletionResult>(client, stamp, { taskId: 't1' });
    expect(premium.status).toBe(200);
    expect(premium.body.session).toMatchObject({ taskTitle: 'Write report', category: 'Work' });
  });
});

describe("only the device's latest stamps count", () => {
  const day = (n: number, time = '12:00:00') => `2026-03-${String(n).padStart(2, '0')}T${time}.000Z`;

  test('stamps kept from earlier days cannot back-fill them once the device has synced since', async () => {
    at(day(3));
    const { client } = await newClient();
    // A device that syncs every day and keeps each day's stamp.
    const stamps: string[] = [];
    for (let d = 3; d <= 9; d += 1) {
      at(day(d));
      stamps.push(await syncStamp(client));
    }
    at(day(10));
    await syncStamp(client);
    // Day 9's stamp is the one the device had before today's sync: a session it ran offline after
    // it still counts (the device may have been offline since). Every earlier day's is refused.
    const yesterdays = stamps.pop() ?? '';
    for (const [i, stamp] of stamps.entries()) {
      const res = await record(client, stamp, {
        startTime: day(3 + i, '12:05:00'),
        endTime: day(3 + i, '12:30:00'),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Sync stamp is older than this device's latest sync: only the latest counts");
    }
    const streak = await client.query<{ current: number }>('lockin.streak');
    expect(streak.body.current).toBe(0);
    const last = await record(client, yesterdays, { startTime: day(9, '12:05:00'), endTime: day(9, '12:30:00') });
    expect(last.status).toBe(200);
  });

  test('a device that reconnects and syncs before replaying still records what it ran offline', async () => {
    at(day(10));
    const { client } = await newClient();
    const stamp = await syncStamp(client);
    // Offline from 12:00; back at 14:00, where the app asks for the running session first.
    at(day(10, '14:00:00'));
    await syncStamp(client);
    const first = await record(client, stamp, { startTime: day(10, '12:05:00'), endTime: day(10, '12:30:00') });
    expect(first.status).toBe(200);
    const second = await record(client, stamp, { startTime: day(10, '12:35:00'), endTime: day(10, '13:00:00') });
    expect(second.status).toBe(200);
    // A session claimed to start after the device was back online needs the newer stamp.
    at(day(10, '15:00:00'));
    const later = await record(client, stamp, { startTime: day(10, '14:05:00'), endTime: day(10, '14:30:00') });
    expect(later.status).toBe(400);
    expect(later.body.message).toBe("Sync stamp is older than this device's latest sync: only the latest counts");
  });

  test("another device's stamp (the same account, signed in elsewhere) is refused", async () => {
    at(day(11));
    const user = await createUser(ctx, { timeZone: 'UTC' });
    const phone = await signedInClient(ctx, user);
    const laptop = await signedInClient(ctx, user);
    const phoneStamp = await syncStamp(phone);
    at(day(11, '13:00:00'));
    const res = await record(laptop, phoneStamp, { startTime: day(11, '12:05:00'), endTime: day(11, '12:30:00') });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Sync stamp is not valid or is older than 7 days');
    expect(
      (await record(phone, phoneStamp, { startTime: day(11, '12:05:00'), endTime: day(11, '12:30:00') })).status,
    ).toBe(200);
  });
});

// Lock-In over HTTP: the tRPC procedures the client uses and both of the spec's REST shapes over
// one store: server-stamped times, the allowed goals, actual minutes in 0..goal with section 9's
// rounding, forward-only status, others' ids (404), one running session, the streak in the
// user's zone, the premium per-task start and the visitor import. Races on PostgreSQL too.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import {
  type CompletionResult,
  LOCKIN_MESSAGES,
  type LockInSessionView,
  type RunningSession,
  type StreakView,
} from '../../src/shared/lockin';
import { TestClient, type TestContext, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { makePremium } from '../support/plans';
import type { StreakCalendarView } from '../../src/shared/streak';

let ctx: TestContext;
const T0 = new Date('2026-03-10T12:00:00Z');
const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestContext({ now: T0 });
}, 120_000);
afterAll(() => ctx.close());

async function newClient(timeZone = 'UTC'): Promise<{ client: TestClient; id: string }> {
  const user = await createUser(ctx, { timeZone });
  return { client: await signedInClient(ctx, user), id: user.id };
}

const at = (iso: string) => ctx.clock.set(new Date(iso));

describe('tRPC: start, running, complete', () => {
  test('start stamps the server time, running shows it with the server clock, completion at zero records it and the streak', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const started = await client.mutate<{ session: LockInSessionView; serverNow: string }>('lockin.start', {
      goalMinutes: 25,
      goalText: 'Draft the intro',
    });
    expect(started.status).toBe(200);
    const s = started.body.session;
    expect(s).toMatchObject({
      taskTitle: 'Focus Session',
      category: 'General',
      goalText: 'Draft the intro',
      goalMinutes: 25,
      actualMinutes: null,
      status: 'active',
      completed: false,
      quitEarly: false,
      startTime: '2026-03-10T12:00:00.000Z',
      endsAt: '2026-03-10T12:25:00.000Z',
      completedAt: null,
    });

    ctx.clock.advance(10 * MIN);
    const running = await client.query<RunningSession>('lockin.running');
    expect(running.body.session?.id).toBe(s.id);
    expect(running.body.serverNow).toBe('2026-03-10T12:10:00.000Z');

    ctx.clock.advance(15 * MIN);
    const done = await client.mutate<CompletionResult>('lockin.complete', { id: s.id, actualMinutes: 25 });
    expect(done.status).toBe(200);
    expect(done.body.session).toMatchObject({
      status: 'completed',
      completed: true,
      quitEarly: false,
      actualMinutes: 25,
      completedAt: '2026-03-10T12:25:00.000Z',
    });
    expect(done.body.streak).toMatchObject({ current: 1, lastDay: '2026-03-10', level: 'Beginner' });
    expect((await client.query<RunningSession>('lockin.running')).body.session).toBeNull();
    expect((await client.query<StreakView>('lockin.streak')).body.current).toBe(1);
  });

  test('a goal outside the list is a 400 naming goalMinutes; 24.6 rounds to 25 and is accepted', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    for (const goalMinutes of [20, 0, -5, 121, 'x', null]) {
      const res = await client.mutate('lockin.start', { goalMinutes });
      expect(res.status).toBe(400);
      expect(res.body.message).toStartWith('Goal minutes ');
    }
    const ok = await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 24.6 });
    expect(ok.status).toBe(200);
    expect(ok.body.session.goalMinutes).toBe(25);
  });

  test('one running session per user: a second start answers 409 and running names the first', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const first = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 30 })).body
      .session;
    const second = await client.mutate('lockin.start', { goalMinutes: 30 });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('A Lock-In session is already running');
    // Another device of the same user sees the same running session.
    const other = new TestClient(ctx.app);
    other.setCookie('lockin_session', client.cookie('lockin_session')!);
    expect((await other.query<RunningSession>('lockin.running')).body.session?.id).toBe(first.id);
  });

  test('eight starts at once create exactly one session', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => client.mutate('lockin.start', { goalMinutes: 15 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect((await client.query<LockInSessionView[]>('lockin.list')).body).toHaveLength(1);
  });

  test('a session left running past its end is completed (at its end time) when the next one starts', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const first = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 })).body
      .session;
    at('2026-03-10T13:00:00Z');
    const second = await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 });
    expect(second.status).toBe(200);
    const list = (await client.query<LockInSessionView[]>('lockin.list')).body;
    expect(list.find((s) => s.id === first.id)).toMatchObject({
      status: 'completed',
      actualMinutes: 5,
      completedAt: '2026-03-10T12:05:00.000Z',
    });
    expect((await client.query<StreakView>('lockin.streak')).body.current).toBe(1);
  });

  test('completion long before the end is refused (409); within 30 s of it, accepted', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const s = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 })).body.session;
    at('2026-03-10T12:02:00Z');
    const early = await client.mutate('lockin.complete', { id: s.id, actualMinutes: 5 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This session has not reached its end yet');
    at('2026-03-10T12:04:40Z');
    expect((await client.mutate('lockin.complete', { id: s.id, actualMinutes: 5 })).status).toBe(200);
  });

  test('actual minutes must be between 0 and the goal (rounded first)', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const s = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 15 })).body.session;
    for (const actualMinutes of [16, -1, 15.6]) {
      const res = await client.mutate('lockin.quit', { id: s.id, actualMinutes });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Actual minutes must be between 0 and 15');
    }
    const bad = await client.mutate('lockin.quit', { id: s.id, actualMinutes: 'five' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toStartWith('Actual minutes ');
    ctx.clock.advance(10 * MIN);
    const ok = await client.mutate<CompletionResult>('lockin.quit', { id: s.id, actualMinutes: 7.4 });
    expect(ok.body.session.actualMinutes).toBe(7);
  });

  test('a quit stores at most the minutes that passed by the server clock, on both REST shapes and tRPC', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const start = async () =>
      (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 120 })).body.session;
    // One second in, a claim of 119 of 120 minutes stores 0.
    let s = await start();
    ctx.clock.advance(1_000);
    expect(
      (await client.mutate<CompletionResult>('lockin.quit', { id: s.id, actualMinutes: 119 })).body.session
        .actualMinutes,
    ).toBe(0);
    // 10 min 40 s in: at most 11 (rounded as the spec rounds); a smaller honest claim is kept.
    s = await start();
    ctx.clock.advance(10 * MIN + 40_000);
    expect(
      (await client.mutate<CompletionResult>('lockin.quit', { id: s.id, actualMinutes: 60 })).body.session
        .actualMinutes,
    ).toBe(11);
    s = await start();
    ctx.clock.advance(30 * MIN);
    expect(
      (await client.mutate<CompletionResult>('lockin.quit', { id: s.id, actualMinutes: 12 })).body.session
        .actualMinutes,
    ).toBe(12);
    // The spec's REST shape: PUT /api/lock-in-sessions/{id} with quitEarly.
    const rest = await client.post<{ id: string }>('/api/lock-in-sessions', { taskTitle: 'Essay', goalMinutes: 120 });
    expect(rest.status).toBe(201);
    ctx.clock.advance(2 * MIN);
    const ended = await client.put<{ actualMinutes: number }>(`/api/lock-in-sessions/${rest.body.id}`, {
      actualMinutes: 100,
      completed: false,
      quitEarly: true,
    });
    expect(ended.status).toBe(200);
    expect(ended.body.actualMinutes).toBe(2);
  });

  test('quit records not completed, quit early, the optional reason, and never counts for the streak', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const s = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 25 })).body.session;
    ctx.clock.advance(3 * MIN);
    const badReason = await client.mutate('lockin.quit', { id: s.id, actualMinutes: 3, reason: 'Bored' });
    expect(badReason.status).toBe(400);
    expect(badReason.body.message).toStartWith(
      'Reason must be one of Distracted, Interrupted, Tired, Finished early, Other',
    );
    const quit = await client.mutate<CompletionResult>('lockin.quit', {
      id: s.id,
      actualMinutes: 3,
      reason: 'Interrupted',
    });
    expect(quit.body.session).toMatchObject({
      status: 'quit',
      completed: false,
      quitEarly: true,
      quitReason: 'Interrupted',
      actualMinutes: 3,
      completedAt: '2026-03-10T12:03:00.000Z',
    });
    expect(quit.body.streak.current).toBe(0);
    // A quit without a reason is fine too.
    const s2 = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 })).body.session;
    const quit2 = await client.mutate<CompletionResult>('lockin.quit', { id: s2.id, actualMinutes: 0 });
    expect(quit2.body.session.quitReason).toBeNull();
  });

  test('status only moves forward: a repeated completion counts once; a quit after completion is 409', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const s = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 })).body.session;
    at('2026-03-10T12:05:00Z');
    const a = await client.mutate<CompletionResult>('lockin.complete', { id: s.id, actualMinutes: 5 });
    const b = await client.mutate<CompletionResult>('lockin.complete', { id: s.id, actualMinutes: 5 });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.streak.current).toBe(1);
    expect(b.body.session.completedAt).toBe(a.body.session.completedAt);
    const q = await client.mutate('lockin.quit', { id: s.id, actualMinutes: 1 });
    expect(q.status).toBe(409);
    expect(q.body.message).toBe('This session has already ended');
  });

  test("another user's session id is 404 for every call; unknown ids too", async () => {
    at('2026-03-10T12:00:00Z');
    const { client: alice } = await newClient();
    const { client: bob } = await newClient();
    const s = (await alice.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 })).body.session;
    at('2026-03-10T12:05:00Z');
    expect((await bob.mutate('lockin.complete', { id: s.id, actualMinutes: 5 })).status).toBe(404);
    expect((await bob.mutate('lockin.quit', { id: s.id, actualMinutes: 1 })).status).toBe(404);
    expect(
      (await bob.put(`/api/lock-in-sessions/${s.id}`, { actualMinutes: 5, completed: true, quitEarly: false })).status,
    ).toBe(404);
    expect(
      (await bob.put(`/api/focus-sessions/${s.id}`, { durationMinutes: 5, completedSuccessfully: true })).status,
    ).toBe(404);
    expect((await bob.get<LockInSessionView[]>('/api/lock-in-sessions')).body).toEqual([]);
    expect((await bob.query<RunningSession>('lockin.running')).body.session).toBeNull();
    expect((await bob.mutate('lockin.complete', { id: 'nope', actualMinutes: 5 })).status).toBe(404);
    // Alice's session is untouched by Bob's attempts.
    expect((await alice.mutate('lockin.complete', { id: s.id, actualMinutes: 5 })).status).toBe(200);
  });

  test('signed out: 401 for tRPC and REST', async () => {
    const anon = new TestClient(ctx.app);
    expect((await anon.query('lockin.running')).status).toBe(401);
    expect((await anon.get('/api/lock-in-sessions')).status).toBe(401);
    expect((await anon.post('/api/lock-in-sessions', { goalMinutes: 25 })).status).toBe(401);
    expect((await anon.post('/api/focus-sessions', { id: 'focus_1', durationMinutes: 25 })).status).toBe(401);
  });
});

describe('an end of a session this process started (remembered, not read first)', () => {
  // The process remembers each session it started; its end trusts that row only while the stored
  // one still agrees (active, same start, same goal). These change the stored row behind the
  // process's back, as another process or a restore would.
  const stored = (id: string, change: string) =>
    ctx.database.db.execute(sql.raw(`update lock_in_sessions set ${change} where id = '${id}'`));
  const start = async (client: TestClient, goalMinutes: number) =>
    (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes })).body.session;

  test('ended elsewhere: the same end answers the recorded session, the other end is 409', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const quitElsewhere = await start(client, 25);
    await stored(quitElsewhere.id, "status = 'quit', quit_early = true, actual_minutes = 3, ended_at = now()");
    ctx.clock.advance(5 * MIN);
    const repeat = await client.mutate<CompletionResult>('lockin.quit', { id: quitElsewhere.id, actualMinutes: 5 });
    expect(repeat.status).toBe(200);
    expect(repeat.body.session).toMatchObject({ status: 'quit', actualMinutes: 3 });

    const completedElsewhere = await start(client, 5);
    await stored(completedElsewhere.id, "status = 'completed', completed = true, actual_minutes = 5, ended_at = now()");
    const other = await client.mutate('lockin.quit', { id: completedElsewhere.id, actualMinutes: 1 });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This session has already ended');
  });

  test('restored with another start: a quit counts the minutes from the stored start', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const s = await start(client, 25);
    await stored(s.id, "started_at = started_at - interval '10 minutes', ends_at = ends_at - interval '10 minutes'");
    ctx.clock.advance(1 * MIN);
    const quit = await client.mutate<CompletionResult>('lockin.quit', { id: s.id, actualMinutes: 25 });
    expect(quit.status).toBe(200);
    expect(quit.body.session).toMatchObject({
      status: 'quit',
      actualMinutes: 11,
      startTime: '2026-03-10T11:50:00.000Z',
    });
  });

  test('restored with another goal: the claim is checked against the stored goal, not the remembered one', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const s = await start(client, 25);
    await stored(s.id, "goal_minutes = 50, ends_at = started_at + interval '50 minutes'");
    ctx.clock.advance(40 * MIN);
    const quit = await client.mutate<CompletionResult>('lockin.quit', { id: s.id, actualMinutes: 40 });
    expect(quit.status).toBe(200);
    expect(quit.body.session).toMatchObject({ status: 'quit', actualMinutes: 40, goalMinutes: 50 });
  });

  test('deleted since it started (with its account data): 404', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const s = await start(client, 25);
    await ctx.database.db.execute(sql.raw(`delete from lock_in_sessions where id = '${s.id}'`));
    const quit = await client.mutate('lockin.quit', { id: s.id, actualMinutes: 1 });
    expect(quit.status).toBe(404);
  });
});

describe('the streak in the user time zone, in the completing transaction', () => {
  async function completeAt(client: TestClient, startIso: string, goal = 5) {
    at(startIso);
    const s = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: goal })).body.session;
    ctx.clock.advance(goal * MIN);
    return (await client.mutate<CompletionResult>('lockin.complete', { id: s.id, actualMinutes: goal })).body.streak;
  }

  test('Tokyo: sessions ending 23:50 UTC and 00:10 UTC next day are the same local day (unchanged), the next local day +1', async () => {
    const { client } = await newClient('Asia/Tokyo');
    expect((await completeAt(client, '2026-03-10T15:10:00Z')).current).toBe(1); // 00:15 on the 11th in Tokyo
    expect((await completeAt(client, '2026-03-11T14:00:00Z')).current).toBe(1); // 23:05 on the 11th in Tokyo
    expect(await completeAt(client, '2026-03-11T15:30:00Z')).toMatchObject({
      current: 2,
      lastDay: '2026-03-12',
      level: 'Beginner',
    });
    // Read on the 13th (Tokyo) it is still 2; on the 14th it reads 0.
    at('2026-03-13T10:00:00Z');
    expect((await client.query<StreakView>('lockin.streak')).body.current).toBe(2);
    at('2026-03-13T15:30:00Z');
    expect((await client.query<StreakView>('lockin.streak')).body.current).toBe(0);
    // A completion after the gap starts again at 1.
    expect((await completeAt(client, '2026-03-14T01:00:00Z')).current).toBe(1);
  });

  test('New York across the spring DST switch: three consecutive local days make 3 (Starter)', async () => {
    const { client } = await newClient('America/New_York');
    expect((await completeAt(client, '2026-03-08T04:30:00Z')).current).toBe(1); // Sat 7th 23:35 EST
    expect((await completeAt(client, '2026-03-09T03:30:00Z')).current).toBe(2); // Sun 8th 23:35 EDT (23h day)
    const third = await completeAt(client, '2026-03-09T04:10:00Z'); // Mon 9th 00:15 EDT
    expect(third).toMatchObject({ current: 3, lastDay: '2026-03-09', level: 'Starter' });
  });
});

describe('premium per-task Lock-In', () => {
  test('a free user starting on a task gets 403; premium gets the task title and its real category; unknown task 404', async () => {
    at('2026-03-10T12:00:00Z');
    const { client, id } = await newClient();
    await client.mutate('tasks.bank.create', { id: 'essay', title: 'Write essay', category: 'School' });
    await client.mutate('tasks.daily.add', { ids: ['essay'] });
    const free = await client.mutate('lockin.start', { goalMinutes: 25, taskId: 'essay' });
    expect(free.status).toBe(403);
    expect(free.body.message).toBe('Lock-In on a task needs LockIn Premium');
    // Core Lock-In stays free.
    await makePremium(ctx.deps, id, 'trial');
    expect((await client.mutate('lockin.start', { goalMinutes: 25, taskId: 'missing' })).status).toBe(404);
    const ok = await client.mutate<{ session: LockInSessionView }>('lockin.start', {
      goalMinutes: 25,
      taskId: 'essay',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.session).toMatchObject({ taskTitle: 'Write essay', category: 'School' });
  });
});

describe('REST: /api/lock-in-sessions', () => {
  test('POST starts with the spec payload (201), the list carries status and startTime/start_time, PUT ends it', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const created = await client.post('/api/lock-in-sessions', {
      taskTitle: 'Deep work',
      category: 'Work',
      goalMinutes: 25,
      actualMinutes: null,
      completed: false,
      quitEarly: false,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      taskTitle: 'Deep work',
      category: 'Work',
      goalMinutes: 25,
      status: 'active',
      startTime: '2026-03-10T12:00:00.000Z',
    });
    const id = created.body.id;
    const list = await client.get('/api/lock-in-sessions');
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({
      id,
      status: 'active',
      startTime: '2026-03-10T12:00:00.000Z',
      start_time: '2026-03-10T12:00:00.000Z',
    });

    at('2026-03-10T12:25:00Z');
    // The browser's completedAt (a wrong clock here) is ignored: the server stamps the end.
    const put = await client.put(`/api/lock-in-sessions/${id}`, {
      actualMinutes: 25,
      completed: true,
      quitEarly: false,
      completedAt: '2030-01-01T00:00:00Z',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      status: 'completed',
      completed: true,
      actualMinutes: 25,
      completedAt: '2026-03-10T12:25:00.000Z',
    });
  });

  test('bad payloads are 400s naming the field', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const cases: [unknown, string][] = [
      [{ goalMinutes: 26 }, 'Goal minutes '],
      [{}, 'Goal minutes '],
      [{ goalMinutes: 25, taskTitle: '' }, 'Task title '],
      [{ goalMinutes: 25, taskTitle: 'x'.repeat(201) }, 'Task title '],
      [{ goalMinutes: 25, completed: true }, 'Completed '],
      [{ goalMinutes: 25, quitEarly: true }, 'Quit early '],
      ['{not json', 'The request body '],
    ];
    for (const [body, field] of cases) {
      const res = await client.post('/api/lock-in-sessions', body);
      expect(`${res.status} ${res.body.message}`).toStartWith(`400 ${field}`);
    }
    const s = (await client.post('/api/lock-in-sessions', { goalMinutes: 5 })).body;
    const puts: [unknown, string][] = [
      [{ actualMinutes: 6, completed: false, quitEarly: true }, 'Actual minutes '],
      [{ actualMinutes: 1, completed: true, quitEarly: true }, 'Completed '],
      [{ actualMinutes: 1 }, 'Completed '],
      [{ actualMinutes: 1, quitEarly: true, quitReason: 'Lazy' }, 'Quit reason '],
      [{ actualMinutes: 1, quitEarly: true, completedAt: 'yesterday' }, 'Completed at '],
    ];
    for (const [body, field] of puts) {
      const res = await client.put(`/api/lock-in-sessions/${s.id}`, body);
      expect(`${res.status} ${res.body.message}`).toStartWith(`400 ${field}`);
    }
    expect((await client.get('/api/lock-in-sessions?limit=0')).status).toBe(400);
    expect((await client.get('/api/lock-in-sessions?limit=abc')).status).toBe(400);
  });

  test('PUT with quitEarly records a quit with a reason; a later completion is 409', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const s = (await client.post('/api/lock-in-sessions', { goalMinutes: 45 })).body;
    at('2026-03-10T12:10:00Z');
    const quit = await client.put(`/api/lock-in-sessions/${s.id}`, {
      actualMinutes: 10,
      completed: false,
      quitEarly: true,
      quitReason: 'Tired',
    });
    expect(quit.body).toMatchObject({
      status: 'quit',
      quitEarly: true,
      completed: false,
      quitReason: 'Tired',
      actualMinutes: 10,
    });
    at('2026-03-10T12:45:00Z');
    expect(
      (await client.put(`/api/lock-in-sessions/${s.id}`, { actualMinutes: 45, completed: true, quitEarly: false }))
        .status,
    ).toBe(409);
  });
});

describe('REST: /api/focus-sessions and one store', () => {
  test("POST with the client's focus_ id, PUT ends it; it shows in the lock-in list", async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const created = await client.post('/api/focus-sessions', {
      id: 'focus_1773144000000',
      taskTitle: 'Reading',
      startTime: '2026-03-10T11:58:00.000Z',
      endTime: null,
      durationMinutes: 15,
      completedSuccessfully: false,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 'focus_1773144000000',
      startTime: '2026-03-10T12:00:00.000Z',
      endTime: null,
      completedSuccessfully: false,
    });
    // The same POST again is the same session.
    expect((await client.post('/api/focus-sessions', { id: 'focus_1773144000000', durationMinutes: 15 })).status).toBe(
      200,
    );
    at('2026-03-10T12:15:00Z');
    const put = await client.put('/api/focus-sessions/focus_1773144000000', {
      endTime: '2026-03-10T12:15:00.000Z',
      durationMinutes: 15,
      completedSuccessfully: true,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      endTime: '2026-03-10T12:15:00.000Z',
      durationMinutes: 15,
      completedSuccessfully: true,
    });
    const list = (await client.get('/api/lock-in-sessions')).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: 'focus_1773144000000',
      taskTitle: 'Reading',
      status: 'completed',
      goalMinutes: 15,
      actualMinutes: 15,
    });
  });

  test('bad focus payloads are 400s naming the field', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const cases: [unknown, string][] = [
      [{ id: 'abc', durationMinutes: 25 }, 'ID '],
      [{ durationMinutes: 25 }, 'ID '],
      [{ id: 'focus_1', durationMinutes: 7 }, 'Duration minutes '],
      [{ id: 'focus_1', durationMinutes: 25, completedSuccessfully: true }, 'Completed successfully '],
      [{ id: 'focus_1', durationMinutes: 25, startTime: 42 }, 'Start time '],
    ];
    for (const [body, field] of cases) {
      const res = await client.post('/api/focus-sessions', body);
      expect(`${res.status} ${res.body.message}`).toStartWith(`400 ${field}`);
    }
    await client.post('/api/focus-sessions', { id: 'focus_2', durationMinutes: 5 });
    const bad = await client.put('/api/focus-sessions/focus_2', { durationMinutes: 9, completedSuccessfully: false });
    expect(`${bad.status} ${bad.body.message}`).toBe('400 Duration minutes must be between 0 and 5');
    const missing = await client.put('/api/focus-sessions/focus_2', { durationMinutes: 2 });
    expect(`${missing.status} ${missing.body.message}`).toStartWith('400 Completed successfully ');
    expect(
      (await client.put('/api/focus-sessions/focus_unknown', { durationMinutes: 2, completedSuccessfully: false }))
        .status,
    ).toBe(404);
  });

  test('one session recorded through both shapes is one session and counts once', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const lock = await client.post('/api/lock-in-sessions', {
      taskTitle: 'Both',
      category: 'General',
      goalMinutes: 25,
      actualMinutes: null,
      completed: false,
      quitEarly: false,
    });
    expect(lock.status).toBe(201);
    ctx.clock.advance(1000);
    const focus = await client.post('/api/focus-sessions', {
      id: 'focus_both',
      taskTitle: 'Both',
      startTime: T0.toISOString(),
      endTime: null,
      durationMinutes: 25,
      completedSuccessfully: false,
    });
    expect(focus.status).toBe(200);
    at('2026-03-10T12:25:00Z');
    expect(
      (
        await client.put(`/api/lock-in-sessions/${lock.body.id}`, {
          actualMinutes: 25,
          completed: true,
          quitEarly: false,
        })
      ).status,
    ).toBe(200);
    expect(
      (await client.put('/api/focus-sessions/focus_both', { durationMinutes: 25, completedSuccessfully: true })).status,
    ).toBe(200);
    const list = (await client.get('/api/lock-in-sessions')).body;
    expect(list).toHaveLength(1);
    expect((await client.query<StreakView>('lockin.streak')).body.current).toBe(1);
  });

  test('the other order (focus first, then lock-in) is also one session', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    await client.post('/api/focus-sessions', { id: 'focus_first', durationMinutes: 5 });
    const lock = await client.post('/api/lock-in-sessions', { goalMinutes: 5 });
    expect(lock.status).toBe(200);
    expect(lock.body.id).toBe('focus_first');
    // A third start is a genuine second session: refused while this one runs.
    expect((await client.post('/api/lock-in-sessions', { goalMinutes: 5 })).status).toBe(409);
    expect((await client.get('/api/lock-in-sessions')).body).toHaveLength(1);
  });
});

describe('race: completion against quit', () => {
  test('of a completion and a quit sent at once, exactly one wins and the streak counts at most once', async () => {
    for (let round = 0; round < 5; round++) {
      at('2026-03-10T12:00:00Z');
      const { client } = await newClient();
      const s = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 })).body.session;
      at('2026-03-10T12:05:00Z');
      const [complete, quit] = await Promise.all([
        client.mutate<CompletionResult>('lockin.complete', { id: s.id, actualMinutes: 5 }),
        client.put(`/api/lock-in-sessions/${s.id}`, {
          actualMinutes: 4,
          completed: false,
          quitEarly: true,
          quitReason: 'Other',
        }),
      ]);
      const statuses = [complete.status, quit.status].sort();
      expect(statuses).toEqual([200, 409]);
      const row = (await client.get<LockInSessionView[]>('/api/lock-in-sessions')).body[0]!;
      const streak = (await client.query<StreakView>('lockin.streak')).body.current;
      if (complete.status === 200) expect([row.status, streak]).toEqual(['completed', 1]);
      else expect([row.status, row.quitReason, streak]).toEqual(['quit', 'Other', 0]);
    }
  });

  test('three completions at once: all answer 200, the streak advances once', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    // Yesterday's completion so a double count would show as 3.
    const y = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 })).body.session;
    at('2026-03-10T12:05:00Z');
    await client.mutate('lockin.complete', { id: y.id, actualMinutes: 5 });
    at('2026-03-11T12:00:00Z');
    const s = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 })).body.session;
    at('2026-03-11T12:05:00Z');
    const results = await Promise.all(
      [1, 2, 3].map(() => client.mutate<CompletionResult>('lockin.complete', { id: s.id, actualMinutes: 5 })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await client.query<StreakView>('lockin.streak')).body.current).toBe(2);
  });
});

describe('the streak is derived from completed sessions', () => {
  async function completeAt(client: TestClient, when: string) {
    at(when);
    const s = (await client.mutate<{ session: LockInSessionView }>('lockin.start', { goalMinutes: 5 })).body.session;
    ctx.clock.advance(5 * MIN);
    return (await client.mutate<CompletionResult>('lockin.complete', { id: s.id, actualMinutes: 5 })).body.streak;
  }

  test('each session keeps the day of the zone it was recorded in: a later zone change re-reads no earlier day', async () => {
    const { client } = await newClient('UTC');
    // 23:00 UTC on the 10th: day one, in UTC.
    expect((await completeAt(client, '2026-03-10T23:00:00Z')).current).toBe(1);
    // Now in UTC+14 it is already the 11th there: the new session is the 11th, the first stays the 10th.
    expect((await client.mutate('accounts.setTimeZone', { timeZone: 'Pacific/Kiritimati' })).status).toBe(200);
    const after = await completeAt(client, '2026-03-10T23:30:00Z');
    expect(after).toMatchObject({ current: 2, lastDay: '2026-03-11' });
    const calendar = await client.query<StreakCalendarView>('lockin.streakCalendar', { month: '2026-03' });
    expect(calendar.body.days).toEqual([
      { date: '2026-03-10', status: 'focus' },
      { date: '2026-03-11', status: 'focus' },
    ]);
    // Back in UTC the 11th has not begun: nothing is missed and nothing counts twice.
    expect((await client.mutate('accounts.setTimeZone', { timeZone: 'UTC' })).status).toBe(200);
    expect((await client.query<StreakView>('lockin.streak')).body).toMatchObject({ current: 2, lastDay: '2026-03-11' });
  });

  test('consecutive local days count; a quit never does; a missed day ends the run', async () => {
    const { client } = await newClient('America/New_York');
    await completeAt(client, '2026-03-08T15:00:00Z');
    await completeAt(client, '2026-03-09T15:00:00Z');
    expect((await completeAt(client, '2026-03-10T15:00:00Z')).current).toBe(3);
    at('2026-03-12T15:00:00Z');
    expect((await client.query<StreakView>('lockin.streak')).body.current).toBe(0);
  });
});

describe('visitor history import', () => {
  const local = (
    id: string,
    timestamp: string,
    completed = true,
    duration = 1500,
    actualDuration = completed ? 1500 : 600,
  ) => ({
    id,
    timestamp,
    duration,
    actualDuration,
    taskName: 'Study',
    goal: 'Chapter 3',
    completed,
  });

  test('only sessions of the last 30 days are taken, each id once, and a repeated id in one file counts once', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const sessions = [
      local('recent', '2026-02-09T12:30:00.000Z'),
      local('old', '2026-02-08T11:59:00.000Z'),
      local('ancient', '2020-01-01T00:00:00.000Z'),
      local('twice', '2026-03-01T08:00:00.000Z'),
      local('twice', '2026-03-02T08:00:00.000Z'),
    ];
    const res = await client.mutate<{ imported: number; skipped: number }>('lockin.importLocal', { sessions });
    expect(res.body).toMatchObject({ imported: 2, skipped: 3 });
    const list = (await client.query<LockInSessionView[]>('lockin.list')).body;
    expect(list.map((s) => s.id).sort()).toEqual(['local_recent', 'local_twice']);
  });

  test('imports valid sessions once (a second import adds nothing), skips invalid ones, advances the streak in day order', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const sessions = [
      local('b', '2026-03-10T08:00:00.000Z'),
      local('a', '2026-03-09T08:00:00.000Z'),
      { ...local('q', '2026-03-10T09:00:00.000Z', false), quitReason: 'Tired' as const },
      local('future', '2026-03-11T09:00:00.000Z'),
      local('odd-goal', '2026-03-10T07:00:00.000Z', true, 1200, 1200),
      local('over', '2026-03-10T06:00:00.000Z', true, 300, 400),
    ];
    const first = await client.mutate<{ imported: number; skipped: number; streak: StreakView }>('lockin.importLocal', {
      sessions,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ imported: 3, skipped: 3, streak: { current: 2, lastDay: '2026-03-10' } });
    // Once per account: the same history again, or another browser's, is refused and adds nothing.
    const again = await client.mutate<{ message: string }>('lockin.importLocal', { sessions });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LOCKIN_MESSAGES.historyAlreadyImported);
    const renamed = sessions.map((session) => ({ ...session, id: `${session.id}-again` }));
    expect((await client.mutate('lockin.importLocal', { sessions: renamed })).status).toBe(409);
    const list = (await client.query<LockInSessionView[]>('lockin.list')).body;
    expect(list.map((s) => s.id).sort()).toEqual(['local_a', 'local_b', 'local_q']);
    expect(list.find((s) => s.id === 'local_q')).toMatchObject({
      status: 'quit',
      quitEarly: true,
      // The visitor's reason comes along with the session.
      quitReason: 'Tired',
      actualMinutes: 10,
      goalText: 'Chapter 3',
      taskTitle: 'Study',
    });
  });

  test("outcomes that disagree with their minutes are left out: completed in no time, quit after the goal's end", async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const sessions = [
      local('instant', '2026-03-10T08:00:00.000Z', true, 1500, 0),
      local('short', '2026-03-10T08:30:00.000Z', true, 1500, 900),
      local('quit-late', '2026-03-10T09:00:00.000Z', false, 1500, 1500),
      local('quit-none', '2026-03-10T09:30:00.000Z', false, 1500, 0),
      local('ends-ahead', '2026-03-10T11:50:00.000Z', true, 1500, 1500),
      local('fine', '2026-03-10T10:00:00.000Z', true, 1500, 1490),
    ];
    const res = await client.mutate<{ imported: number; skipped: number }>('lockin.importLocal', { sessions });
    expect(res.body).toMatchObject({ imported: 1, skipped: 5 });
    const list = (await client.query<LockInSessionView[]>('lockin.list')).body;
    expect(list.map((s) => [s.id, s.actualMinutes])).toEqual([['local_fine', 25]]);
  });

  test('sessions overlapping each other or one already recorded count once', async () => {
    at('2026-03-10T09:00:00Z');
    const { client } = await newClient();
    const started = await client.mutate<{ session: { id: string } }>('lockin.start', { goalMinutes: 25 });
    at('2026-03-10T09:25:00Z');
    await client.mutate('lockin.complete', { id: started.body.session.id, actualMinutes: 25 });
    at('2026-03-10T12:00:00Z');
    const sessions = [
      local('first', '2026-03-10T08:00:00.000Z'),
      local('same-time', '2026-03-10T08:10:00.000Z'),
      local('over-recorded', '2026-03-10T09:10:00.000Z'),
      local('after', '2026-03-10T10:00:00.000Z'),
    ];
    const res = await client.mutate<{ imported: number; skipped: number }>('lockin.importLocal', { sessions });
    expect(res.body).toMatchObject({ imported: 2, skipped: 2 });
    const ids = (await client.query<LockInSessionView[]>('lockin.list')).body.map((s) => s.id);
    expect(ids.filter((id) => id.startsWith('local_')).sort()).toEqual(['local_after', 'local_first']);
  });

  test('attempts are rate-limited per user', async () => {
    at('2026-03-10T12:00:00Z');
    const { client } = await newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await client.mutate('lockin.importLocal', { sessions: [local(`r${i}`, '2026-03-10T08:00:00.000Z')] })).status,
      );
    expect(statuses).toEqual([200, 409, 409, 409, 409, 429]);
  });

  test('bad records are 400s naming the field; more than 50 is refused', async () => {
    const { client } = await newClient();
    const bad = await client.mutate('lockin.importLocal', { sessions: [{ ...local('x', 'not a date') }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toStartWith('Timestamp ');
    const many = Array.from({ length: 51 }, (_, i) => local(`m${i}`, '2026-03-09T08:00:00.000Z'));
    const tooMany = await client.mutate('lockin.importLocal', { sessions: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toStartWith('Sessions ');
  });
});

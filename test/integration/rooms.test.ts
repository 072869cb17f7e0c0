// Focus together (issue #49) through HTTP, on PGlite and (TEST_DATABASE_URL) PostgreSQL: rooms
// opened now or later, joined by link or code, every member's own session starting at one instant
// and ending with the room, strict and kind results, the plans' sizes, bounded code guessing, the
// host's controls, leaving by every way, and what others can and cannot see.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { focusRooms, lockInSessions } from '../../src/server/db/schema';
import { removeOldRooms, startDueRooms } from '../../src/server/rooms/rooms.service';
import type { RunningSession } from '../../src/shared/lockin';
import {
  ROOM_MESSAGES,
  ROOM_SIZE_FREE,
  ROOM_SIZE_PREMIUM,
  type RoomPreview,
  type RoomSummary,
  type RoomView,
} from '../../src/shared/rooms';
import { atTime, createTestContext, TestClient, type TestContext } from '../support/app';
import { createUser, signedInClient, type TestUser } from '../support/factories';
import { openLiveStream } from '../support/live';
import { makePremium } from '../support/plans';

let ctx: TestContext;
const START = new Date('2026-03-10T12:00:00Z');
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestContext({ now: START });
}, 120_000);
afterAll(() => ctx.close());

interface Person {
  user: TestUser;
  client: TestClient;
}

async function person(firstName: string, lastName = 'Lovelace'): Promise<Person> {
  const user = await createUser(ctx, { firstName, lastName });
  return { user, client: await signedInClient(ctx, user) };
}

const task = (title = 'Write the report', shareTask = true) => ({ taskTitle: title, category: 'Work', shareTask });

async function open(host: Person, options: { startsAt?: Date | null; strict?: boolean; goalMinutes?: number } = {}) {
  const res = await host.client.mutate<RoomView>('rooms.create', {
    goalMinutes: options.goalMinutes ?? 25,
    startsAt: options.startsAt ? options.startsAt.toISOString() : null,
    strict: options.strict ?? true,
    ...task('Host task'),
  });
  expect(res.body.message).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body;
}

const tokenOf = (room: RoomView) => room.invite?.link.split('/join/')[1] ?? '';

async function join(who: Person, invite: { token?: string; code?: string }, share = true) {
  return who.client.mutate<RoomView>('rooms.join', { ...invite, ...task(`${who.user.firstName}'s task`, share) });
}

async function view(who: Person, roomId: string) {
  return who.client.query<RoomView>('rooms.get', { roomId });
}

async function running(who: Person) {
  return (await who.client.query<RunningSession>('lockin.running')).body.session;
}

const at = <T>(when: Date, run: () => Promise<T>) => atTime(ctx, when, run);

describe('opening and joining', () => {
  test('a room opened now starts the host at once; a link shows who is in it, and joining starts with the room', async () => {
    const host = await person('Ada');
    const room = await open(host);
    expect(room).toMatchObject({ goalMinutes: 25, strict: true, phase: 'running', capacity: ROOM_SIZE_FREE });
    expect(room.invite?.link).toMatch(/^http:\/\/localhost:3000\/join\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/);
    expect(room.invite?.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const hostSession = await running(host);
    expect(hostSession?.endsAt).toBe(room.endsAt);

    const grace = await person('Grace', 'Hopper');
    const preview = await grace.client.query<RoomPreview>('rooms.preview', { token: tokenOf(room) });
    expect(preview.body).toEqual({
      id: room.id,
      goalMinutes: 25,
      strict: true,
      startsAt: room.startsAt,
      endsAt: room.endsAt,
      phase: 'running',
      capacity: ROOM_SIZE_FREE,
      members: [{ key: expect.any(String), name: 'Ada L.', isHost: true }],
      full: false,
      youAreIn: false,
    });
    const joined = await at(new Date(START.getTime() + 5 * MINUTE), () => join(grace, { token: tokenOf(room) }));
    expect(joined.status).toBe(200);
    expect(joined.body.members.map((m) => [m.name, m.state, m.isYou])).toEqual([
      ['Ada L.', 'focusing', false],
      ['Grace H.', 'focusing', true],
    ]);
    // A late joiner starts when they join and ends with the room.
    const late = await running(grace);
    expect(late?.startTime).toBe(new Date(START.getTime() + 5 * MINUTE).toISOString());
    expect(late?.endsAt).toBe(room.endsAt);
    // Only the host is shown the invite.
    expect(joined.body.invite).toBeNull();
    // Joining again changes nothing.
    expect((await join(grace, { token: tokenOf(room) })).body.members).toHaveLength(2);
  });

  test('a code works in any case, with spaces or dashes, while the room is open', async () => {
    const host = await person('Ada');
    const room = await open(host);
    const code = room.invite?.code ?? '';
    const bob = await person('Bob', 'Marley');
    const typed = `${code.slice(0, 3).toLowerCase()} - ${code.slice(3)}`;
    expect((await bob.client.query<RoomPreview>('rooms.preview', { code: typed })).body.id).toBe(room.id);
    expect((await join(bob, { code: typed })).status).toBe(200);
    const after = await person('Carl', 'Sagan');
    const ended = await at(new Date(START.getTime() + 26 * MINUTE), () => join(after, { code }));
    expect(ended.status).toBe(404);
    expect(ended.body.message).toBe(ROOM_MESSAGES.codeInvalid);
  });

  test('a room opened for later: everyone waits, then every session starts at the same instant with the same end', async () => {
    const host = await person('Ada');
    const startsAt = new Date(START.getTime() + 2 * 60 * MINUTE);
    const room = await open(host, { startsAt, strict: false });
    expect(room.phase).toBe('scheduled');
    expect(await running(host)).toBeNull();
    const grace = await person('Grace', 'Hopper');
    const joined = await join(grace, { token: tokenOf(room) });
    expect(joined.body.members.map((m) => m.state)).toEqual(['waiting', 'waiting']);
    expect(await running(grace)).toBeNull();

    // Nobody looks: the sweep starts it, a few seconds after its time, at its time.
    await at(new Date(startsAt.getTime() + 3_000), async () => {
      expect(await startDueRooms(ctx.deps)).toBeGreaterThanOrEqual(1);
      const sessions = await ctx.deps.db.select().from(lockInSessions).where(eq(lockInSessions.roomId, room.id));
      expect(sessions).toHaveLength(2);
      for (const s of sessions) {
        expect(s.startedAt.toISOString()).toBe(room.startsAt);
        expect(s.endsAt.toISOString()).toBe(room.endsAt);
        expect(s.status).toBe('active');
      }
      expect((await view(grace, room.id)).body.members.map((m) => m.state)).toEqual(['focusing', 'focusing']);
    });
  });

  test('a start more than a day ahead, or in the past, is refused; bad input names the field', async () => {
    const host = await person('Ada');
    const base = { goalMinutes: 25, strict: true, ...task() };
    const far = await host.client.mutate('rooms.create', {
      ...base,
      startsAt: new Date(START.getTime() + 25 * 60 * MINUTE).toISOString(),
    });
    expect(far.status).toBe(400);
    expect(far.body.message).toBe(ROOM_MESSAGES.startRange);
    const past = await host.client.mutate('rooms.create', {
      ...base,
      startsAt: new Date(START.getTime() - 10 * MINUTE).toISOString(),
    });
    expect(past.status).toBe(400);
    const goal = await host.client.mutate('rooms.create', { ...base, startsAt: null, goalMinutes: 7 });
    expect(goal.status).toBe(400);
    expect(goal.body.message).toStartWith('Goal minutes');
    const noTitle = await host.client.mutate('rooms.create', { ...base, startsAt: null, taskTitle: '' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toStartWith('Task title');
    const both = await host.client.mutate('rooms.join', { token: 'x', code: 'ABCDEF', ...task() });
    expect(both.status).toBe(400);
    const badCode = await host.client.query('rooms.preview', { code: 'AB' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toStartWith('Code');
    expect((await new TestClient(ctx.app).mutate('rooms.create', { ...base, startsAt: null })).status).toBe(401);
  });

  test('a host with a session already running is told to end it first', async () => {
    const host = await person('Ada');
    await host.client.post('/api/lock-in-sessions', { taskTitle: 'Solo', category: 'Work', goalMinutes: 25 });
    const res = await host.client.mutate('rooms.create', { goalMinutes: 25, startsAt: null, strict: true, ...task() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ROOM_MESSAGES.sessionRunning);
  });
});

describe('limits', () => {
  test(`a free host's room holds ${ROOM_SIZE_FREE}, a Premium host's ${ROOM_SIZE_PREMIUM}; joining is free for all`, async () => {
    const host = await person('Ada');
    const room = await open(host, { startsAt: new Date(START.getTime() + 60 * MINUTE) });
    for (let i = 1; i < ROOM_SIZE_FREE; i++)
      expect((await join(await person(`P${i}`), { token: tokenOf(room) })).status).toBe(200);
    const fifth = await person('Fifth');
    const full = await join(fifth, { token: tokenOf(room) });
    expect(full.status).toBe(403);
    expect(full.body.message).toBe(ROOM_MESSAGES.full(ROOM_SIZE_FREE));
    expect((await fifth.client.query<RoomPreview>('rooms.preview', { token: tokenOf(room) })).body.full).toBe(true);
    await makePremium(ctx.deps, host.user.id);
    expect((await join(fifth, { token: tokenOf(room) })).status).toBe(200);
    expect((await view(host, room.id)).body.capacity).toBe(ROOM_SIZE_PREMIUM);
  });

  test('a host may have 3 rooms open at once', async () => {
    const host = await person('Ada');
    for (let i = 1; i <= 3; i++) await open(host, { startsAt: new Date(START.getTime() + i * 60 * MINUTE) });
    const fourth = await host.client.mutate('rooms.create', {
      goalMinutes: 25,
      startsAt: new Date(START.getTime() + 5 * 60 * MINUTE).toISOString(),
      strict: true,
      ...task(),
    });
    expect(fourth.status).toBe(403);
    expect(fourth.body.message).toBe(ROOM_MESSAGES.tooManyOpen);
  });

  test('guessing codes is bounded per account: the 21st try in 15 minutes is a 429, even with the right code', async () => {
    const host = await person('Ada');
    const room = await open(host);
    const guesser = await person('Eve');
    for (let i = 0; i < 20; i++) {
      const miss = await guesser.client.query('rooms.preview', { code: 'ZZZZZ2' });
      expect(miss.status).toBe(404);
    }
    const blocked = await guesser.client.query('rooms.preview', { code: room.invite?.code ?? '' });
    expect(blocked.status).toBe(429);
  });

  test('a link whose tag is wrong, or of another room, is refused', async () => {
    const host = await person('Ada');
    const a = await open(host);
    const b = await open(await person('Bea'));
    const stranger = await person('Eve');
    const [idA] = tokenOf(a).split('.');
    const [, tagB] = tokenOf(b).split('.');
    for (const token of [`${idA}.${tagB}`, `${idA}.AAAAAAAAAAAAAAAAAAAAAA`, 'not-a-token']) {
      const res = await join(stranger, { token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ROOM_MESSAGES.inviteInvalid);
    }
  });
});

describe('results', () => {
  test('strict: one give-up fails the room for everyone; others see when, never why', async () => {
    const host = await person('Ada');
    const room = await open(host, { strict: true });
    const grace = await person('Grace', 'Hopper');
    await join(grace, { token: tokenOf(room) }, false);
    const stream = await openLiveStream(ctx.app, host.client);
    expect((await stream.nextNamed('ready'))?.event).toBe('ready');
    const quitAt = new Date(START.getTime() + 10 * MINUTE);
    await at(quitAt, async () => {
      const session = await running(grace);
      const quit = await grace.client.put(`/api/lock-in-sessions/${session?.id}`, {
        actualMinutes: 10,
        completed: false,
        quitEarly: true,
        quitReason: 'Distracted',
      });
      expect(quit.status).toBe(200);
    });
    // The host's page hears it at once.
    expect(await stream.nextNamed('room')).toEqual({ event: 'room', data: { roomId: room.id } });
    await stream.close();
    const seen = await view(host, room.id);
    expect(seen.body.result).toEqual({ kind: 'strict', outcome: 'failed' });
    const graceSeen = seen.body.members.find((m) => m.name === 'Grace H.');
    expect(graceSeen).toMatchObject({ state: 'gave_up', gaveUpAt: quitAt.toISOString(), taskTitle: null });
    const text = JSON.stringify(seen.body);
    for (const secret of ['Distracted', grace.user.email, grace.user.id, "Grace's task", 'Hopper'])
      expect(text).not.toContain(secret);
  });

  test('kind: the room says how many finished; a late joiner finishes with it, credited only the minutes it ran', async () => {
    const host = await person('Ada');
    const room = await open(host, { strict: false });
    const grace = await person('Grace', 'Hopper');
    const bob = await person('Bob', 'Ross');
    await join(grace, { token: tokenOf(room) });
    await at(new Date(START.getTime() + 15 * MINUTE), () => join(bob, { token: tokenOf(room) }));
    await at(new Date(START.getTime() + 12 * MINUTE), async () => {
      const s = await running(grace);
      await grace.client.put(`/api/lock-in-sessions/${s?.id}`, {
        actualMinutes: 12,
        completed: false,
        quitEarly: true,
      });
    });
    await at(new Date(START.getTime() + 26 * MINUTE), async () => {
      const ended = await view(host, room.id);
      expect(ended.body.phase).toBe('ended');
      expect(ended.body.result).toEqual({ kind: 'kind', finished: 2, total: 3 });
      expect(ended.body.members.map((m) => m.state)).toEqual(['finished', 'gave_up', 'finished']);
      // Bob's page completes his session at zero, claiming the goal: he is credited the 10 minutes it ran.
      const bobs = (await ctx.deps.db.select().from(lockInSessions).where(eq(lockInSessions.userId, bob.user.id)))[0];
      const done = await bob.client.put(`/api/lock-in-sessions/${bobs?.id}`, {
        actualMinutes: 25,
        completed: true,
        quitEarly: false,
      });
      expect(done.status).toBe(200);
      expect(done.body.actualMinutes).toBe(10);
    });
  });
});

describe('who may do what', () => {
  test("another user's room is unreadable and unchangeable without membership; a member cannot use the host's controls", async () => {
    const host = await person('Ada');
    const room = await open(host);
    const member = await person('Grace');
    await join(member, { token: tokenOf(room) });
    const stranger = await person('Eve');
    expect((await view(stranger, room.id)).status).toBe(404);
    expect((await stranger.client.mutate('rooms.revokeInvite', { roomId: room.id })).status).toBe(404);
    expect((await stranger.client.mutate('rooms.leave', { roomId: room.id })).status).toBe(404);
    const key = (await view(host, room.id)).body.members[1]?.key ?? '';
    expect((await stranger.client.mutate('rooms.removeMember', { roomId: room.id, memberKey: key })).status).toBe(404);
    const byMember = await member.client.mutate('rooms.revokeInvite', { roomId: room.id });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe(ROOM_MESSAGES.hostOnly);
    expect((await stranger.client.query<RoomSummary[]>('rooms.list')).body).toEqual([]);
    expect((await member.client.query<RoomSummary[]>('rooms.list')).body.map((r) => r.id)).toEqual([room.id]);
  });

  test('the host removes a member: out at once (their stream hears it), their own session goes on', async () => {
    const host = await person('Ada');
    const room = await open(host);
    const member = await person('Grace');
    await join(member, { token: tokenOf(room) });
    const stream = await openLiveStream(ctx.app, member.client);
    await stream.nextNamed('ready');
    const key = (await view(host, room.id)).body.members.find((m) => !m.isHost)?.key ?? '';
    const removed = await host.client.mutate<RoomView>('rooms.removeMember', { roomId: room.id, memberKey: key });
    expect(removed.body.members).toHaveLength(1);
    expect(await stream.nextNamed('room')).toEqual({ event: 'room', data: { roomId: room.id } });
    await stream.close();
    expect((await view(member, room.id)).status).toBe(404);
    expect((await running(member))?.status).toBe('active');
  });

  test('revoking the invite ends the link and the code; everyone in the room stays', async () => {
    const host = await person('Ada');
    const room = await open(host);
    await join(await person('Grace'), { token: tokenOf(room) });
    const revoked = await host.client.mutate<RoomView>('rooms.revokeInvite', { roomId: room.id });
    expect(revoked.body.invite).toBeNull();
    expect(revoked.body.members).toHaveLength(2);
    const late = await person('Late');
    expect((await join(late, { token: tokenOf(room) })).status).toBe(404);
    expect((await join(late, { code: room.invite?.code })).status).toBe(404);
  });

  test('a member leaves by leaving, by signing out everywhere, or by deleting the account; the host cannot leave', async () => {
    const host = await person('Ada');
    const room = await open(host);
    const leaver = await person('Leo');
    const signedOut = await person('Sam');
    const deleted = await person('Dee');
    for (const p of [leaver, signedOut, deleted]) await join(p, { token: tokenOf(room) });
    expect((await leaver.client.mutate('rooms.leave', { roomId: room.id })).status).toBe(200);
    expect((await signedOut.client.post('/api/logout')).status).toBe(302);
    expect((await deleted.client.delete('/api/auth/account', { email: deleted.user.email })).status).toBe(200);
    expect((await view(host, room.id)).body.members.map((m) => m.name)).toEqual(['Ada L.']);
    const hostLeaves = await host.client.mutate('rooms.leave', { roomId: room.id });
    expect(hostLeaves.status).toBe(400);
    expect(hostLeaves.body.message).toBe(ROOM_MESSAGES.hostCannotLeave);
  });

  test("the host's account deleted: the room is gone", async () => {
    const host = await person('Ada');
    const room = await open(host);
    const member = await person('Grace');
    await join(member, { token: tokenOf(room) });
    await host.client.delete('/api/auth/account', { email: host.user.email });
    expect((await view(member, room.id)).status).toBe(404);
  });

  test('a room is gone a day after it ends; its sessions stay their members own', async () => {
    const host = await person('Ada');
    const room = await open(host);
    await at(new Date(START.getTime() + 25 * MINUTE + 24 * 60 * MINUTE - 1000), async () => {
      await removeOldRooms(ctx.deps);
      expect((await view(host, room.id)).status).toBe(200);
    });
    await at(new Date(START.getTime() + 25 * MINUTE + 24 * 60 * MINUTE + 1000), async () => {
      await removeOldRooms(ctx.deps);
      expect((await view(host, room.id)).status).toBe(404);
      expect(await ctx.deps.db.select().from(focusRooms).where(eq(focusRooms.id, room.id))).toEqual([]);
      const kept = await ctx.deps.db.select().from(lockInSessions).where(eq(lockInSessions.roomId, room.id));
      expect(kept).toHaveLength(1);
    });
  });
});

describe('your data', () => {
  test('the export holds your part in each room and which sessions a room started; an import keeps that history', async () => {
    const host = await person('Ada');
    const room = await open(host);
    const doc = await at(new Date(START.getTime() + 30 * MINUTE), async () => {
      const s = await running(host);
      await host.client.put(`/api/lock-in-sessions/${s?.id}`, { actualMinutes: 25, completed: true, quitEarly: false });
      return (await host.client.get('/api/export?format=json')).body as {
        rooms: { id: string; role: string; taskTitle: string }[];
        focusSessions: { id: string; roomId: string | null }[];
      };
    });
    expect(doc.rooms).toMatchObject([{ id: room.id, role: 'host', taskTitle: 'Host task' }]);
    expect(doc.focusSessions.map((s) => s.roomId)).toEqual([room.id]);
    const target = await person('Tess');
    const imported = await at(new Date(START.getTime() + 60 * MINUTE), () =>
      target.client.request('POST', '/api/import', JSON.stringify(doc), { 'content-type': 'application/json' }),
    );
    expect(imported.status).toBe(200);
    const rows = await ctx.deps.db.select().from(lockInSessions).where(eq(lockInSessions.userId, target.user.id));
    expect(rows.map((r) => r.roomId)).toEqual([room.id]);
  });
});

// Circles (issue #49) through HTTP, on PGlite and (TEST_DATABASE_URL) PostgreSQL: made within the
// plan's count and size, joined by link, showing who is focusing now and minutes this week (unless
// hidden), rooms started for a circle told by push and joined without an invite, the creator's
// controls, what strangers and members can and cannot see, and the export and import.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  CIRCLE_COPY,
  CIRCLE_MESSAGES,
  CIRCLES_FREE,
  CIRCLES_PREMIUM,
  type CirclePreview,
  type CircleSummary,
  type CircleView,
} from '../../src/shared/circles';
import type { RunningSession } from '../../src/shared/lockin';
import type { RoomView } from '../../src/shared/rooms';
import { atTime, createTestContext, type TestClient, type TestContext } from '../support/app';
import { createUser, signedInClient, type TestUser } from '../support/factories';
import { openLiveStream } from '../support/live';
import { handWrittenSession } from '../support/data';
import { makePremium } from '../support/plans';
import { browserKeys, type PushStandIn, startPushStandIn } from '../support/push-standin';

let ctx: TestContext;
let push: PushStandIn;
const START = new Date('2026-03-11T12:00:00Z'); // a Wednesday
const MINUTE = 60_000;

beforeAll(async () => {
  push = startPushStandIn();
  ctx = await createTestContext({ now: START, env: { PUSH_ALLOWED_HOSTS: push.host } });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  push.stop();
});

interface Person {
  user: TestUser;
  client: TestClient;
}
async function person(firstName: string, lastName = 'Lovelace'): Promise<Person> {
  const user = await createUser(ctx, { firstName, lastName });
  return { user, client: await signedInClient(ctx, user) };
}

async function circleOf(creator: Person, name = 'Study buddies') {
  const res = await creator.client.mutate<CircleView>('circles.create', { name });
  expect(res.body.message).toBeUndefined();
  return res.body;
}
const tokenOf = (circle: CircleView) => circle.inviteLink?.split('/circles/join/')[1] ?? '';
const view = (who: Person, circleId: string) => who.client.query<CircleView>('circles.get', { circleId });

const at = <T>(when: Date, run: () => Promise<T>) => atTime(ctx, when, run);

describe('making and joining', () => {
  test(`free: ${CIRCLES_FREE.circles} circle of up to ${CIRCLES_FREE.members}; Premium: ${CIRCLES_PREMIUM.circles} of up to ${CIRCLES_PREMIUM.members}`, async () => {
    const ada = await person('Ada');
    const circle = await circleOf(ada);
    expect(circle).toMatchObject({ name: 'Study buddies', capacity: CIRCLES_FREE.members, you: { isCreator: true } });
    const second = await ada.client.mutate('circles.create', { name: 'Work' });
    expect(second.status).toBe(403);
    expect(second.body.message).toBe(CIRCLE_MESSAGES.tooMany(CIRCLES_FREE.circles));

    const preview = await (await person('Grace')).client.query<CirclePreview>('circles.preview', {
      token: tokenOf(circle),
    });
    expect(preview.body).toMatchObject({ name: 'Study buddies', members: [{ name: 'Ada L.', isCreator: true }] });
    for (let i = 1; i < CIRCLES_FREE.members; i++)
      expect((await (await person(`P${i}`)).client.mutate('circles.join', { token: tokenOf(circle) })).status).toBe(
        200,
      );
    const sixth = await person('Sixth');
    const full = await sixth.client.mutate('circles.join', { token: tokenOf(circle) });
    expect(full.status).toBe(403);
    expect(full.body.message).toBe(CIRCLE_MESSAGES.full(CIRCLES_FREE.members));

    await makePremium(ctx.deps, ada.user.id);
    expect((await sixth.client.mutate('circles.join', { token: tokenOf(circle) })).status).toBe(200);
    for (let i = 2; i <= CIRCLES_PREMIUM.circles; i++)
      expect((await ada.client.mutate('circles.create', { name: `Circle ${i}` })).status).toBe(200);
    expect((await ada.client.mutate('circles.create', { name: 'One too many' })).status).toBe(403);
  });

  test('a bad link, a bad name and a stranger are refused', async () => {
    const ada = await person('Ada');
    const circle = await circleOf(ada);
    const eve = await person('Eve');
    const [id] = tokenOf(circle).split('.');
    const forged = await eve.client.mutate('circles.join', { token: `${id}.AAAAAAAAAAAAAAAAAAAAAA` });
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe(CIRCLE_MESSAGES.inviteInvalid);
    const blank = await eve.client.mutate('circles.create', { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toStartWith('Name');
    expect((await view(eve, circle.id)).status).toBe(404);
    expect((await eve.client.mutate('circles.leave', { circleId: circle.id })).status).toBe(404);
    expect((await eve.client.query<CircleSummary[]>('circles.list')).body).toEqual([]);
  });
});

describe('what a circle shows', () => {
  test('who is focusing now and minutes this week, live; a member who hides theirs shows none, and nothing else leaks', async () => {
    const ada = await person('Ada');
    const circle = await circleOf(ada);
    const grace = await person('Grace', 'Hopper');
    await grace.client.mutate('circles.join', { token: tokenOf(circle) });
    // Monday's session counts this week; last Sunday's does not.
    for (const [day, minutes] of [
      [new Date('2026-03-09T09:00:00Z'), 25],
      [new Date('2026-03-08T09:00:00Z'), 60],
    ] as const) {
      await at(day, async () => {
        const started = await grace.client.post<{ id: string }>('/api/lock-in-sessions', {
          taskTitle: 'Secret project',
          category: 'Work',
          goalMinutes: minutes,
        });
        await at(new Date(day.getTime() + minutes * MINUTE), () =>
          grace.client.put(`/api/lock-in-sessions/${started.body.id}`, {
            actualMinutes: minutes,
            completed: true,
            quitEarly: false,
          }),
        );
      });
    }
    const stream = await openLiveStream(ctx.app, ada.client);
    await stream.nextNamed('ready');
    await grace.client.post('/api/lock-in-sessions', {
      taskTitle: 'Secret project',
      category: 'Work',
      goalMinutes: 25,
    });
    expect(await stream.nextNamed('circle')).toEqual({ event: 'circle', data: { circleId: circle.id } });
    await stream.close();

    const seen = await view(ada, circle.id);
    expect(seen.body.members.map((m) => [m.name, m.focusing, m.minutesThisWeek])).toEqual([
      ['Ada L.', false, 0],
      ['Grace H.', true, 25],
    ]);
    const text = JSON.stringify(seen.body);
    for (const secret of [grace.user.email, grace.user.id, 'Secret project', 'Hopper'])
      expect(text).not.toContain(secret);
    expect(seen.body.inviteLink).not.toBeNull();
    expect((await view(grace, circle.id)).body.inviteLink).toBeNull();

    // Two hours written into a file by hand, on Tuesday: kept in Grace's history, never shown to her circle.
    const exported = await grace.client.get('/api/export?format=json');
    const { signature: _unsigned, ...file } = exported.body as Record<string, unknown>;
    const tuesday = Date.parse('2026-03-10T08:00:00Z');
    const made = handWrittenSession('made-up', tuesday, 120);
    const imported = await grace.client.request<{ signed: boolean }>(
      'POST',
      '/api/import',
      JSON.stringify({ ...file, focusSessions: [made] }),
      { origin: 'http://localhost:3000' },
    );
    expect(imported.body.signed).toBe(false);
    expect((await view(ada, circle.id)).body.members[1]?.minutesThisWeek).toBe(25);

    const hidden = await grace.client.mutate<CircleView>('circles.hideMinutes', { circleId: circle.id, hide: true });
    expect(hidden.body.members.find((m) => m.isYou)?.minutesThisWeek).toBe(25);
    expect((await view(ada, circle.id)).body.members[1]?.minutesThisWeek).toBeNull();
  });

  test("'Start a room' for the circle: members are told by push and join it from the circle without an invite", async () => {
    const ada = await person('Ada');
    const circle = await circleOf(ada, 'Writers');
    const grace = await person('Grace', 'Hopper');
    await grace.client.mutate('circles.join', { token: tokenOf(circle) });
    const endpoint = `${push.url}/send/grace-${crypto.randomUUID()}`;
    const keys = browserKeys();
    expect((await grace.client.post('/api/push/subscriptions', { endpoint, keys: keys.keys })).status).toBe(201);

    const room = await ada.client.mutate<RoomView>('rooms.create', {
      goalMinutes: 25,
      startsAt: null,
      strict: false,
      circleId: circle.id,
      taskTitle: 'Chapter 2',
      category: 'Work',
      shareTask: false,
    });
    expect(room.status).toBe(200);
    const told = async () => push.received.find((r) => r.path === new URL(endpoint).pathname);
    for (let i = 0; i < 100 && !(await told()); i++) await Bun.sleep(20);
    const message = keys.decrypt((await told())?.body ?? new Uint8Array());
    expect(message).toMatchObject({
      ...{ title: CIRCLE_COPY.roomStarted('Ada L.', 'Writers').title },
      url: `/circles/${circle.id}`,
    });

    const listed = await grace.client.query<CircleSummary[]>('circles.list');
    expect(listed.body[0]?.roomsToJoin.map((r) => [r.id, r.hostName])).toEqual([[room.body.id, 'Ada L.']]);
    const joined = await grace.client.mutate<RoomView>('rooms.join', {
      roomId: room.body.id,
      taskTitle: 'Edit',
      category: 'Work',
      shareTask: false,
    });
    expect(joined.status).toBe(200);
    expect((await grace.client.query<RunningSession>('lockin.running')).body.session?.endsAt).toBe(room.body.endsAt);
    // Someone outside the circle cannot join by the room's id.
    const eve = await person('Eve');
    const refused = await eve.client.mutate('rooms.join', {
      roomId: room.body.id,
      taskTitle: 'x',
      category: 'Work',
      shareTask: false,
    });
    expect(refused.status).toBe(404);
    // Nor start a room for a circle they are not in.
    const notTheirs = await eve.client.mutate('rooms.create', {
      goalMinutes: 25,
      startsAt: null,
      strict: false,
      circleId: circle.id,
      taskTitle: 'x',
      category: 'Work',
      shareTask: false,
    });
    expect(notTheirs.status).toBe(404);
  });
});

describe('leaving', () => {
  test('the creator removes a member, a member leaves, the creator deletes the circle; a member cannot remove', async () => {
    const ada = await person('Ada');
    const circle = await circleOf(ada);
    const grace = await person('Grace');
    const bob = await person('Bob');
    for (const p of [grace, bob]) await p.client.mutate('circles.join', { token: tokenOf(circle) });
    const bobKey = (await view(ada, circle.id)).body.members.find((m) => m.name === 'Bob L.')?.key;
    const byMember = await grace.client.mutate('circles.removeMember', { circleId: circle.id, memberKey: bobKey });
    expect(byMember.status).toBe(403);
    const removed = await ada.client.mutate<CircleView>('circles.removeMember', {
      circleId: circle.id,
      memberKey: bobKey,
    });
    expect(removed.body.members).toHaveLength(2);
    expect((await view(bob, circle.id)).status).toBe(404);
    expect((await grace.client.mutate('circles.leave', { circleId: circle.id })).status).toBe(200);
    expect((await view(grace, circle.id)).status).toBe(404);
    const creatorLeaves = await ada.client.mutate('circles.leave', { circleId: circle.id });
    expect(creatorLeaves.status).toBe(400);
    expect(creatorLeaves.body.message).toBe(CIRCLE_MESSAGES.creatorLeaves);
    expect((await ada.client.mutate('circles.delete', { circleId: circle.id })).status).toBe(200);
    expect((await view(ada, circle.id)).status).toBe(404);
  });

  test("a member's account deleted: out of the circle; the creator's: the circle is gone", async () => {
    const ada = await person('Ada');
    const circle = await circleOf(ada);
    const grace = await person('Grace');
    await grace.client.mutate('circles.join', { token: tokenOf(circle) });
    await grace.client.delete('/api/auth/account', { email: grace.user.email });
    expect((await view(ada, circle.id)).body.members).toHaveLength(1);
    const bob = await person('Bob');
    await bob.client.mutate('circles.join', { token: tokenOf(circle) });
    await ada.client.delete('/api/auth/account', { email: ada.user.email });
    expect((await bob.client.query<CircleSummary[]>('circles.list')).body).toEqual([]);
  });
});

describe('your data', () => {
  test('the export holds your circles; an import makes the ones you created again, with you as their member', async () => {
    const ada = await person('Ada');
    await circleOf(ada, 'Mine');
    const other = await circleOf(await person('Olga'), 'Theirs');
    await ada.client.mutate('circles.join', { token: tokenOf(other) });
    const doc = (await ada.client.get('/api/export?format=json')).body as { circles: { name: string; role: string }[] };
    expect(doc.circles.map((c) => [c.name, c.role])).toEqual([
      ['Mine', 'creator'],
      ['Theirs', 'member'],
    ]);
    const target = await person('Tess');
    const imported = await target.client.request('POST', '/api/import', JSON.stringify(doc), {
      'content-type': 'application/json',
    });
    expect(imported.status).toBe(200);
    const circles = (await target.client.query<CircleSummary[]>('circles.list')).body;
    expect(circles.map((c) => [c.name, c.members, c.isCreator])).toEqual([['Mine', 1, true]]);
  });
});

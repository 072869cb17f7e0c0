// Every query (GET) and mutation (POST) of LockIn's router answers the same through
// direct-calls.ts as through tRPC's fetch adapter: the app as it runs beside the same app with
// `directCalls: false`, on one database, signed out and signed in, with good and bad input, one
// call and batches. The lists are read from the router, so a procedure added later is compared
// too. Mutations that change something are compared where a second run answers as the first
// (setting what is already set); the rest of the suite runs every mutation through this path.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Hono } from 'hono';
import { createApp } from '../../src/server/app';
import type { AppEnv } from '../../src/server/http/auth-middleware';
import { procedurePaths } from '../../src/server/trpc/direct-calls';
import { appRouter } from '../../src/server/trpc/router';
import { SESSION_COOKIE } from '../../src/shared/constants';
import { type TestContext, type TestClient, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';

let ctx: TestContext;
let adapterOnly: Hono<AppEnv>;
let client: TestClient;
let cookie: string;

const QUERIES = [...procedurePaths(appRouter, 'query')];
const MUTATIONS = [...procedurePaths(appRouter, 'mutation')];
/** Mutations that take input: bad input is refused before they change anything. */
const MUTATIONS_WITH_INPUT = MUTATIONS.filter(
  (path) =>
    (appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>)[path]!._def.inputs
      .length > 0,
);
let taskIds: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  adapterOnly = createApp(ctx.deps, { directCalls: false });
  const user = await createUser(ctx, { timeZone: 'Europe/Berlin' });
  client = await signedInClient(ctx, user);
  cookie = `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`;
  taskIds = [crypto.randomUUID(), crypto.randomUUID()];
  for (const [i, id] of taskIds.entries()) {
    expect((await client.mutate('tasks.bank.create', { id, title: `Task ${i}`, category: 'Work' })).status).toBe(200);
  }
  expect((await client.mutate('tasks.daily.add', { ids: taskIds })).status).toBe(200);
  expect((await client.mutate('tasks.daily.complete', { id: taskIds[0]! })).status).toBe(200);
  expect((await client.mutate('lockin.start', { goalMinutes: 25 })).status).toBe(200);
  // A first read of some lists records state (the daily reset's start): done before comparing.
  for (const path of QUERIES) await client.get(`/api/trpc/${path}`);
});
afterAll(() => ctx.close());

async function answer(app: Hono<AppEnv>, path: string, signedIn: boolean, body?: string) {
  const sent: Record<string, string> = signedIn ? { cookie } : {};
  if (body !== undefined) sent['content-type'] = 'application/json';
  const init: RequestInit = body === undefined ? { headers: sent } : { method: 'POST', body, headers: sent };
  const res = await app.request(`http://localhost:3000${path}`, init);
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'x-request-id'));
  // A write's freshness cookie holds the moment it was answered (the wall clock's milliseconds).
  if (headers['set-cookie']) headers['set-cookie'] = headers['set-cookie'].replace(/=\d+;/, '=(time);');
  return { status: res.status, body: await res.text(), headers };
}

/** The same request to both apps (a POST with `body` when one is given), compared whole. */
async function expectSameAnswer(path: string, signedIn: boolean, body?: string) {
  const fast = await answer(ctx.app, path, signedIn, body);
  const reference = await answer(adapterOnly, path, signedIn, body);
  expect(fast).toEqual(reference);
  return fast;
}

const withInput = (path: string, input: unknown) => `${path}?input=${encodeURIComponent(JSON.stringify(input))}`;

describe('each query, one call', () => {
  test.each(QUERIES)('%s', async (name) => {
    const path = `/api/trpc/${name}`;
    await expectSameAnswer(path, false);
    await expectSameAnswer(path, true);
    await expectSameAnswer(withInput(path, {}), true);
    await expectSameAnswer(withInput(path, { limit: 'many', category: 42, session: [] }), true);
    await expectSameAnswer(withInput(path, 'not an object'), true);
  });

  test('the answers compared are real ones', async () => {
    const list = await expectSameAnswer('/api/trpc/tasks.daily.list', true);
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body).result.data.tasks).toHaveLength(2);
    expect((await expectSameAnswer('/api/trpc/tasks.daily.list', false)).status).toBe(401);
    const refused = await expectSameAnswer(withInput('/api/trpc/lockin.list', { limit: 0 }), true);
    expect(refused.status).toBe(400);
  });
});

describe('batches, as the browser sends them', () => {
  test('every query in one batch', async () => {
    const path = `/api/trpc/${QUERIES.join(',')}?batch=1`;
    // The batch limit may be below the number of queries: then the adapter refuses on both.
    await expectSameAnswer(path, true);
    await expectSameAnswer(path, false);
  });

  test('the first screen’s batch, with inputs', async () => {
    const names = ['accounts.me', 'tasks.daily.list', 'tasks.bank.list', 'lockin.running'];
    const path = `/api/trpc/${names.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({ 2: { category: 'Work' } }))}`;
    const both = await expectSameAnswer(path, true);
    expect(both.status).toBe(200);
    expect(JSON.parse(both.body)).toHaveLength(4);
  });

  test('answers and refusals together (207)', async () => {
    const path = `/api/trpc/tasks.daily.list,lockin.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: { limit: -1 } }))}`;
    const both = await expectSameAnswer(path, true);
    expect(both.status).toBe(207);
  });
});

describe('each mutation, one call', () => {
  test.each(MUTATIONS)('%s, signed out', async (name) => {
    const refused = await expectSameAnswer(`/api/trpc/${name}`, false, '{}');
    expect(refused.status).toBe(401);
  });

  test.each(MUTATIONS_WITH_INPUT)('%s, input refused', async (name) => {
    const path = `/api/trpc/${name}`;
    for (const body of ['{"limit":"many","category":42,"session":[]}', '"not an object"', 'null']) {
      const refused = await expectSameAnswer(path, true, body);
      // 400 for most; where every field is optional, the mutation's own refusal (403, 404, 409).
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
  });

  test('changes that answer the same when repeated', async () => {
    const body = (input: unknown) => JSON.stringify(input);
    const ticked = await expectSameAnswer('/api/trpc/tasks.daily.complete', true, body({ id: taskIds[0] }));
    expect(ticked.status).toBe(200);
    expect(JSON.parse(ticked.body).result.data.completed).toBe(true);
    const zone = await expectSameAnswer('/api/trpc/accounts.setTimeZone', true, body({ timeZone: 'Europe/Berlin' }));
    expect(zone.status).toBe(200);
    const running = await expectSameAnswer('/api/trpc/lockin.start', true, body({ goalMinutes: 25 }));
    expect(running.status).toBe(409);
  });
});

describe('mutation batches, as the browser sends them', () => {
  test('changes and refusals together (207)', async () => {
    const input = JSON.stringify({ 0: { id: taskIds[0] }, 1: { goalMinutes: 25 }, 2: { id: 'not a uuid' } });
    const both = await expectSameAnswer(
      '/api/trpc/tasks.daily.complete,lockin.start,tasks.bank.delete?batch=1',
      true,
      input,
    );
    expect(both.status).toBe(207);
    expect(JSON.parse(both.body)).toHaveLength(3);
  });
});

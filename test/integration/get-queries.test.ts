// Every query of LockIn's router, asked with GET, answers the same through get-queries.ts as
// through tRPC's fetch adapter: the app as it runs beside the same app with `getQueries: false`,
// on one database, signed out and signed in, with good and bad input, one call and batches. The
// list of queries is read from the router, so a query added later is compared too.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Hono } from 'hono';
import { createApp } from '../../src/server/app';
import type { AppEnv } from '../../src/server/http/auth-middleware';
import { queryPaths } from '../../src/server/trpc/get-queries';
import { appRouter } from '../../src/server/trpc/router';
import { SESSION_COOKIE } from '../../src/shared/constants';
import { type TestContext, type TestClient, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';

let ctx: TestContext;
let adapterOnly: Hono<AppEnv>;
let client: TestClient;
let cookie: string;

const QUERIES = [...queryPaths(appRouter)];

beforeAll(async () => {
  ctx = await createTestContext();
  adapterOnly = createApp(ctx.deps, { getQueries: false });
  const user = await createUser(ctx, { timeZone: 'Europe/Berlin' });
  client = await signedInClient(ctx, user);
  cookie = `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`;
  const ids = [crypto.randomUUID(), crypto.randomUUID()];
  for (const [i, id] of ids.entries()) {
    expect((await client.mutate('tasks.bank.create', { id, title: `Task ${i}`, category: 'Work' })).status).toBe(200);
  }
  expect((await client.mutate('tasks.daily.add', { ids })).status).toBe(200);
  expect((await client.mutate('tasks.daily.complete', { id: ids[0]! })).status).toBe(200);
  expect((await client.mutate('lockin.start', { goalMinutes: 25 })).status).toBe(200);
  // A first read of some lists records state (the daily reset's start): done before comparing.
  for (const path of QUERIES) await client.get(`/api/trpc/${path}`);
});
afterAll(() => ctx.close());

async function answer(app: Hono<AppEnv>, path: string, signedIn: boolean) {
  const res = await app.request(`http://localhost:3000${path}`, { headers: signedIn ? { cookie } : {} });
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'x-request-id'));
  return { status: res.status, body: await res.text(), headers };
}

async function expectSameAnswer(path: string, signedIn: boolean) {
  const fast = await answer(ctx.app, path, signedIn);
  const reference = await answer(adapterOnly, path, signedIn);
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

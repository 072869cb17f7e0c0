// Text PostgreSQL cannot store (NUL characters) is refused with a 400 naming the field on every
// kind of input — REST bodies, tRPC inputs and path parameters — never a 500.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type TestContext, TestClient, createTestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';

let ctx: TestContext;
let client: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  client = await signedInClient(ctx, await createUser(ctx));
});
afterAll(() => ctx.close());

const NUL = '\u0000';

describe('NUL characters in text', () => {
  test.each([
    ['POST /api/tasks title', () => client.post('/api/tasks', { id: 't1', title: `a${NUL}b` }), 'Title'],
    ['POST /api/tasks id', () => client.post('/api/tasks', { id: `t${NUL}`, title: 'ok' }), 'ID'],
    [
      'PUT /api/auth/profile firstName',
      () => client.put('/api/auth/profile', { firstName: `x${NUL}`, lastName: 'y', email: 'nul@example.com' }),
      'First name',
    ],
    [
      'POST /api/auth/login email',
      () => new TestClient(ctx.app).post('/api/auth/login', { email: `a${NUL}@example.com`, password: 'whatever-123' }),
      'Email',
    ],
    ['PUT /api/tasks/{id}/complete path', () => client.put('/api/tasks/%00/complete'), 'ID'],
  ])('%s answers 400 naming the field in a sentence', async (_label, call, field) => {
    const res = await call();
    expect(res.status).toBe(400);
    expect(res.body.message).toStartWith(`${field} `);
    expect(res.body.message).toContain('NUL');
  });

  test('tRPC inputs too, and nothing is written', async () => {
    const res = await client.mutate('tasks.bank.create', { id: 'nul-task', title: `bad${NUL}title` });
    expect(res.status).toBe(400);
    expect(res.body.message).toStartWith('Title ');
    const category = await client.mutate('tasks.categories.add', { name: `c${NUL}` });
    expect(category.status).toBe(400);
    const bank = await client.query('tasks.bank.list');
    expect(bank.body.tasks).toEqual([]);
    expect(bank.body.customCategories).toEqual([]);
  });
});

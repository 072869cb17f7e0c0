// Test data. Users are inserted directly with a cheap argon2id hash (the verifier reads the
// cost from the hash), and signed in by minting a real session.
import { SESSION_COOKIE } from '../../src/shared/constants';
import { createSession, generateSessionToken } from '../../src/server/accounts/sessions';
import { users } from '../../src/server/db/schema';
import { type TestContext, TestClient } from './app';

let counter = 0;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
}

export async function createUser(
  ctx: TestContext,
  overrides: Partial<Omit<TestUser, 'id'>> & { timeZone?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const password = overrides.password ?? 'correct horse battery';
  const user = {
    id: crypto.randomUUID(),
    email: overrides.email ?? `user${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    firstName: overrides.firstName === undefined ? `Test${counter}` : overrides.firstName,
    lastName: overrides.lastName === undefined ? 'User' : overrides.lastName,
    passwordHash: await Bun.password.hash(password, { algorithm: 'argon2id', memoryCost: 1024, timeCost: 1 }),
    timeZone: overrides.timeZone ?? 'UTC',
  };
  await ctx.deps.db.insert(users).values(user);
  return { id: user.id, email: user.email, password, firstName: user.firstName, lastName: user.lastName };
}

/** A client already signed in as the user. */
export async function signedInClient(ctx: TestContext, user: { id: string }): Promise<TestClient> {
  const token = generateSessionToken();
  await createSession(ctx.deps.db, ctx.clock, user.id, token);
  const client = new TestClient(ctx.app);
  client.setCookie(SESSION_COOKIE, token);
  return client;
}

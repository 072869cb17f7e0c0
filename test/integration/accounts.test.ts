// Email/password accounts over HTTP: sign-up, sign-in, the current user, profile, time zone,
// sign-out, the session cookie, and that one account never sees or changes another.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '../../src/shared/constants';
import { AUTH_MESSAGES } from '../../src/shared/copy';
import { users } from '../../src/server/db/schema';
import { createTestContext, TestClient, type TestContext, type TestResponse } from '../support/app';
import type { CurrentUser } from '../../src/shared/types';
import { createUser, signedInClient } from '../support/factories';
import { emailChangeToken, lastMailTo } from '../support/mail-log';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(() => ctx.close());

let seq = 0;
const uniqueEmail = (prefix = 'person') => `${prefix}${++seq}-${Math.random().toString(36).slice(2, 6)}@example.com`;

function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: 'quiet river morning',
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
}

function sessionCookieHeader(res: TestResponse): string {
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error('no session cookie was set');
  return line;
}

const client = () => new TestClient(ctx.app);

describe('GET /api/auth/user', () => {
  test('answers 401 with a message when signed out', async () => {
    const res = await client().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not signed in' });
  });

  test('answers the CurrentUser shape, free plan, for a signed-in user', async () => {
    const user = await createUser(ctx, { firstName: 'Grace', lastName: 'Hopper' });
    const res = await (await signedInClient(ctx, user)).get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: user.email,
      premium: false,
      profileImageUrl: null,
      timeZone: 'UTC',
    });
  });

  test('an unknown or forged cookie is 401 and the cookie is cleared', async () => {
    const c = client();
    c.setCookie(SESSION_COOKIE, 'not-a-real-token');
    const res = await c.get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(c.cookie(SESSION_COOKIE)).toBeUndefined();
  });
});

describe('POST /api/auth/register', () => {
  test('creates the account, answers 201 with the user and signs the browser in', async () => {
    const c = client();
    const body = registration({ email: '  Mixed.Case@Example.COM ', firstName: ' Ada ', timeZone: 'Europe/Paris' });
    const res = await c.post('/api/auth/register', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Mixed.Case@Example.COM',
      premium: false,
      profileImageUrl: null,
      timeZone: 'Europe/Paris',
    });
    expect('passwordHash' in (res.body as object)).toBe(false);
    expect(c.cookie(SESSION_COOKIE)).toBeString();
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
  });

  test('stores an argon2id hash, never the password', async () => {
    const body = registration();
    const res = await client().post<CurrentUser>('/api/auth/register', body);
    const [row] = await ctx.deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, res.body.id));
    expect(row!.hash).toStartWith('$argon2id$');
    expect(row!.hash).not.toContain(body.password);
  });

  test('the time zone defaults to UTC', async () => {
    const res = await client().post('/api/auth/register', registration());
    expect(res.body.timeZone).toBe('UTC');
  });

  test('a duplicate email, in any letter case, is 409', async () => {
    const email = uniqueEmail('dup');
    expect((await client().post('/api/auth/register', registration({ email }))).status).toBe(201);
    const res = await client().post('/api/auth/register', registration({ email: email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'An account with this email already exists' });
    expect(res.headers.getSetCookie().some((l) => l.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });

  const badFields: [string, Record<string, unknown>, string][] = [
    ['missing email', { email: undefined }, 'Email is required'],
    ['blank email', { email: '   ' }, 'Email is required'],
    ['malformed email', { email: 'not-an-email' }, 'Enter a valid email address'],
    ['email too long', { email: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
    ['missing password', { password: undefined }, 'Password is required'],
    ['password not a string', { password: 12345678 }, 'Password must be a string'],
    ['password of 7 characters', { password: 'abcdefg' }, 'Password must be at least 8 characters'],
    ['missing first name', { firstName: undefined }, 'First name is required'],
    ['blank first name', { firstName: '   ' }, 'First name is required'],
    ['missing last name', { lastName: undefined }, 'Last name is required'],
    ['first name too long', { firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
    ['unknown time zone', { timeZone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone'],
  ];
  for (const [name, patch, message] of badFields) {
    test(`400 naming the field: ${name}`, async () => {
      const res = await client().post('/api/auth/register', registration(patch));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    });
  }

  test('400 for a body that is not JSON', async () => {
    const res = await client().post('/api/auth/register', '{nope');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body must be valid JSON' });
  });

  test('a common password is refused, whatever its letter case', async () => {
    for (const password of ['password123', 'PassWord123', 'qwertyuiop', 'iloveyou']) {
      const res = await client().post('/api/auth/register', registration({ password }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Password is too common; choose something harder to guess' });
    }
  });
});

describe('passwords are Unicode, counted in code points, never truncated', () => {
  const emoji = '🔒'; // one code point, two UTF-16 units

  test('8 emoji are 8 characters (accepted); 7 are too short', async () => {
    expect((await client().post('/api/auth/register', registration({ password: emoji.repeat(8) }))).status).toBe(201);
    const short = await client().post('/api/auth/register', registration({ password: emoji.repeat(7) }));
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters');
  });

  test('a 256-character Unicode passphrase works end to end; 257 is refused', async () => {
    const phrase = 'Ünïcödé pässphrâse 日本語 🔒 '.repeat(20);
    const password = [...phrase].slice(0, 256).join('');
    expect([...password].length).toBe(256);
    const body = registration({ password });
    expect((await client().post('/api/auth/register', body)).status).toBe(201);
    const login = await client().post('/api/auth/login', { email: body.email, password });
    expect(login.status).toBe(200);

    // No truncation: the same phrase minus its last character is a different password.
    const shorter = await client().post('/api/auth/login', {
      email: body.email,
      password: [...password].slice(0, 255).join(''),
    });
    expect(shorter.status).toBe(401);

    const tooLong = await client().post('/api/auth/register', registration({ password: `${password}x` }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: 'Password must be at most 256 characters' });
    const tooLongLogin = await client().post('/api/auth/login', { email: body.email, password: `${password}x` });
    expect(tooLongLogin.status).toBe(400);
    expect(tooLongLogin.body).toEqual({ message: 'Password must be at most 256 characters' });
  });

  test('composed and decomposed accents are the same password (NFC)', async () => {
    const composed = 'caf\u00e9 au lait noir';
    const decomposed = 'cafe\u0301 au lait noir';
    const body = registration({ password: composed });
    expect((await client().post('/api/auth/register', body)).status).toBe(201);
    expect((await client().post('/api/auth/login', { email: body.email, password: decomposed })).status).toBe(200);
  });
});

describe('POST /api/auth/login', () => {
  test('signs in with any letter case of the email and answers the user', async () => {
    const user = await createUser(ctx, { email: uniqueEmail('Login') });
    const c = client();
    const res = await c.post('/api/auth/login', { email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, premium: false });
    expect((await c.get('/api/auth/user')).body.id).toBe(user.id);
  });

  test('a new token at every sign-in; the browser\u2019s previous session ends, other browsers keep theirs', async () => {
    const user = await createUser(ctx);
    const laptop = client();
    const phone = client();
    await phone.post('/api/auth/login', { email: user.email, password: user.password });
    await laptop.post('/api/auth/login', { email: user.email, password: user.password });
    const first = laptop.cookie(SESSION_COOKIE)!;
    await laptop.post('/api/auth/login', { email: user.email, password: user.password });
    const second = laptop.cookie(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    expect(second).not.toBe(phone.cookie(SESSION_COOKIE));

    const replay = client();
    replay.setCookie(SESSION_COOKIE, first);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
    expect((await phone.get('/api/auth/user')).status).toBe(200);
  });

  test('wrong password, unknown email and a password-less (OAuth) account get the same 401', async () => {
    const user = await createUser(ctx);
    const oauthOnly = uniqueEmail('oauth');
    await ctx.deps.db
      .insert(users)
      .values({ id: crypto.randomUUID(), email: oauthOnly, firstName: 'O', lastName: 'Auth' });
    const attempts = [
      { email: user.email, password: 'not the password' },
      { email: uniqueEmail('nobody'), password: user.password },
      { email: oauthOnly, password: 'anything at all' },
    ];
    for (const attempt of attempts) {
      const c = client();
      const res = await c.post('/api/auth/login', attempt);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid email or password' });
      expect(c.cookie(SESSION_COOKIE)).toBeUndefined();
    }
  });

  test('400 naming the field for a missing email or password', async () => {
    const noEmail = await client().post('/api/auth/login', { password: 'whatever123' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toEqual({ message: 'Email is required' });
    const noPassword = await client().post('/api/auth/login', { email: 'a@example.com' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toEqual({ message: 'Password is required' });
    const emptyPassword = await client().post('/api/auth/login', { email: 'a@example.com', password: '' });
    expect(emptyPassword.status).toBe(400);
    expect(emptyPassword.body).toEqual({ message: 'Password is required' });
  });

  test('the browser\u2019s time zone sent at sign-in is stored', async () => {
    const user = await createUser(ctx, { timeZone: 'UTC' });
    const res = await client().post('/api/auth/login', {
      email: user.email,
      password: user.password,
      timeZone: 'America/New_York',
    });
    expect(res.body.timeZone).toBe('America/New_York');
    const [row] = await ctx.deps.db.select({ tz: users.timeZone }).from(users).where(eq(users.id, user.id));
    expect(row!.tz).toBe('America/New_York');
  });

  test('a zone the database does not know is refused at sign-up and left unstored at sign-in', async () => {
    const signUp = await client().post('/api/auth/register', registration({ timeZone: 'US/Pacific-New' }));
    expect(signUp.status).toBe(400);
    expect(signUp.body.message).toBe(AUTH_MESSAGES.unknownTimeZone);
    const user = await createUser(ctx, { timeZone: 'Europe/Paris' });
    const signIn = await client().post('/api/auth/login', {
      email: user.email,
      password: user.password,
      timeZone: 'Canada/East-Saskatchewan',
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.timeZone).toBe('Europe/Paris');
  });
});

describe('the session cookie', () => {
  test('is HttpOnly, SameSite=Lax, Path=/ and not Secure over http', async () => {
    const res = await client().post('/api/auth/register', registration());
    const line = sessionCookieHeader(res);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toContain('Path=/');
    expect(line).not.toContain('Secure');
    expect(line).toMatch(/Expires=/);
  });

  test('is Secure when APP_URL is https', async () => {
    const secure = await createTestContext({ env: { APP_URL: 'https://lockin.example' } });
    try {
      const user = await createUser(secure);
      const res = await new TestClient(secure.app).post('/api/auth/login', {
        email: user.email,
        password: user.password,
      });
      expect(res.status).toBe(200);
      const line = sessionCookieHeader(res);
      expect(line).toContain('Secure');
      expect(line).toContain('HttpOnly');
      expect(line).toContain('SameSite=Lax');
      expect(line).toContain('Path=/');
    } finally {
      await secure.close();
    }
  });
});

describe('GET|POST /api/logout', () => {
  test('ends the session, clears the cookie and redirects to /; the old cookie no longer works', async () => {
    const user = await createUser(ctx);
    const c = await signedInClient(ctx, user);
    const token = c.cookie(SESSION_COOKIE)!;
    const res = await c.get('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(sessionCookieHeader(res)).toMatch(/Max-Age=0/);
    expect(c.cookie(SESSION_COOKIE)).toBeUndefined();

    const replay = client();
    replay.setCookie(SESSION_COOKIE, token);
    const me = await replay.get('/api/auth/user');
    expect(me.status).toBe(401);
  });

  test('POST works the same way', async () => {
    const user = await createUser(ctx);
    const c = await signedInClient(ctx, user);
    const token = c.cookie(SESSION_COOKIE)!;
    const res = await c.post('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    const replay = client();
    replay.setCookie(SESSION_COOKIE, token);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
  });

  test('signing out one browser leaves the account\u2019s other sessions alone', async () => {
    const user = await createUser(ctx);
    const a = await signedInClient(ctx, user);
    const b = await signedInClient(ctx, user);
    await a.get('/api/logout');
    expect((await b.get('/api/auth/user')).status).toBe(200);
  });

  test('a visitor is simply redirected to /', async () => {
    const res = await client().get('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});

describe('PUT /api/auth/profile', () => {
  test('401 when signed out', async () => {
    const res = await client().put('/api/auth/profile', { firstName: 'A', lastName: 'B', email: 'a@example.com' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not signed in' });
  });

  test('saves the names at once; a new email waits for the link mailed to it, the old address is told', async () => {
    const user = await createUser(ctx);
    const c = await signedInClient(ctx, user);
    const email = uniqueEmail('New.Address');
    const res = await c.put('/api/auth/profile', {
      firstName: '  Katherine ',
      lastName: ' Johnson  ',
      email: `  ${email} `,
    });
    expect(res.status).toBe(200);
    const unchanged = {
      id: user.id,
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: user.email,
      premium: false,
      profileImageUrl: null,
      timeZone: 'UTC',
    };
    expect(res.body).toEqual({ ...unchanged, pendingEmail: email });
    expect((await c.get('/api/auth/user')).body).toEqual(unchanged);
    // Not yet: the old email still signs in, the new one does not.
    expect((await client().post('/api/auth/login', { email, password: user.password })).status).toBe(401);
    expect(lastMailTo(ctx, user.email)).toContain(`asked to change its email to ${email}`);
    const token = emailChangeToken(ctx, email);
    expect(token).toBeDefined();

    const confirmed = await client().post('/api/auth/confirm-email', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: 'Your email address has been changed.', email });
    expect((await c.get('/api/auth/user')).body.email).toBe(email);
    expect((await client().post('/api/auth/login', { email, password: user.password })).status).toBe(200);
    expect((await client().post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(401);
    // The link works once.
    const again = await client().post('/api/auth/confirm-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      'This email confirmation link is invalid or has expired. Change your email again from Manage Account.',
    );
  });

  test('an email link expires after 24 hours; a newer request replaces an older link', async () => {
    const user = await createUser(ctx);
    const c = await signedInClient(ctx, user);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await c.put('/api/auth/profile', { firstName: 'A', lastName: 'B', email: first });
    const firstToken = emailChangeToken(ctx, first);
    await c.put('/api/auth/profile', { firstName: 'A', lastName: 'B', email: second });
    expect((await client().post('/api/auth/confirm-email', { token: firstToken })).status).toBe(400);
    const secondToken = emailChangeToken(ctx, second);
    ctx.clock.advance(24 * 60 * 60_000 + 1);
    try {
      expect((await client().post('/api/auth/confirm-email', { token: secondToken })).status).toBe(400);
    } finally {
      ctx.clock.advance(-(24 * 60 * 60_000 + 1));
    }
    expect((await c.get('/api/auth/user')).body.email).toBe(user.email);
    expect((await client().post('/api/auth/confirm-email', {})).status).toBe(400);
  });

  test('an address taken between the request and the click: 409, nothing changes', async () => {
    const user = await createUser(ctx);
    const c = await signedInClient(ctx, user);
    const wanted = uniqueEmail('wanted');
    await c.put('/api/auth/profile', { firstName: 'A', lastName: 'B', email: wanted });
    const token = emailChangeToken(ctx, wanted);
    await createUser(ctx, { email: wanted });
    const res = await client().post('/api/auth/confirm-email', { token });
    expect(res.status).toBe(409);
    expect((await c.get('/api/auth/user')).body.email).toBe(user.email);
  });

  test('a password reset cancels a pending email change', async () => {
    const user = await createUser(ctx);
    const c = await signedInClient(ctx, user);
    const wanted = uniqueEmail('hijack');
    await c.put('/api/auth/profile', { firstName: 'A', lastName: 'B', email: wanted });
    const token = emailChangeToken(ctx, wanted);
    await client().post('/api/forgot-password', { email: user.email });
    const reset = /token=([a-z0-9]+)/.exec(lastMailTo(ctx, user.email) ?? '')![1];
    expect(
      (await client().post('/api/reset-password', { token: reset, newPassword: 'a brand new passphrase' })).status,
    ).toBe(200);
    expect((await client().post('/api/auth/confirm-email', { token })).status).toBe(400);
  });

  test('blank names are stored as absent (the greeting falls back to the email)', async () => {
    const user = await createUser(ctx);
    const c = await signedInClient(ctx, user);
    const res = await c.put('/api/auth/profile', { firstName: '   ', lastName: '', email: user.email });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBeNull();
    expect(res.body.lastName).toBeNull();
  });

  test('keeping one\u2019s own email in another letter case is allowed', async () => {
    const user = await createUser(ctx);
    const c = await signedInClient(ctx, user);
    const res = await c.put('/api/auth/profile', { firstName: 'A', lastName: 'B', email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(user.email.toUpperCase());
  });

  test('400 naming the field', async () => {
    const user = await createUser(ctx);
    const c = await signedInClient(ctx, user);
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: 'A', lastName: 'B' }, 'Email is required'],
      [{ firstName: 'A', lastName: 'B', email: 'nope' }, 'Enter a valid email address'],
      [{ lastName: 'B', email: user.email }, 'First name is required'],
      [{ firstName: 'A', email: user.email }, 'Last name is required'],
      [{ firstName: 'x'.repeat(101), lastName: 'B', email: user.email }, 'First name must be at most 100 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await c.put('/api/auth/profile', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
  });
});

describe('one account never reads or changes another', () => {
  test('each cookie only ever sees and edits its own account; emails stay unique across accounts', async () => {
    const alice = await createUser(ctx, { firstName: 'Alice', email: uniqueEmail('alice') });
    const bob = await createUser(ctx, { firstName: 'Bob', email: uniqueEmail('bob') });
    const asAlice = await signedInClient(ctx, alice);
    const asBob = await signedInClient(ctx, bob);

    expect((await asAlice.get('/api/auth/user')).body).toMatchObject({
      id: alice.id,
      email: alice.email,
      firstName: 'Alice',
    });
    expect((await asBob.get('/api/auth/user')).body).toMatchObject({ id: bob.id, email: bob.email, firstName: 'Bob' });
    expect((await asBob.query('accounts.me')).body).toMatchObject({ id: bob.id });

    // Bob edits: only Bob changes.
    const edited = await asBob.put('/api/auth/profile', { firstName: 'Robert', lastName: 'B', email: bob.email });
    expect(edited.body.id).toBe(bob.id);
    expect((await asAlice.get('/api/auth/user')).body).toMatchObject({
      id: alice.id,
      firstName: 'Alice',
      email: alice.email,
    });

    // Bob cannot take Alice's email (any case), over REST or tRPC, and the answer does not say
    // whether the address is taken: it is the same as for a free address.
    const taken = await asBob.put('/api/auth/profile', {
      firstName: 'Robert',
      lastName: 'B',
      email: alice.email.toUpperCase(),
    });
    const free = uniqueEmail('free');
    const freeAnswer = await asBob.put('/api/auth/profile', { firstName: 'Robert', lastName: 'B', email: free });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ ...freeAnswer.body, pendingEmail: alice.email.toUpperCase() });
    // Alice's mailbox gets no link, only word that her address already has an account.
    expect(lastMailTo(ctx, alice.email.toUpperCase())).toContain('already has its own LockIn account');
    expect(emailChangeToken(ctx, alice.email.toUpperCase())).toBeUndefined();
    const takenRpc = await asBob.mutate('accounts.updateProfile', {
      firstName: 'R',
      lastName: 'B',
      email: alice.email,
    });
    expect(takenRpc.status).toBe(200);
    expect((await asAlice.get('/api/auth/user')).body.email).toBe(alice.email);
    expect((await asBob.get('/api/auth/user')).body.email).toBe(bob.email);

    // An id smuggled into the body is ignored: the cookie decides whose profile changes.
    await asBob.put('/api/auth/profile', { id: alice.id, firstName: 'Mallory', lastName: 'B', email: bob.email });
    expect((await asAlice.get('/api/auth/user')).body.firstName).toBe('Alice');
    expect((await asBob.get('/api/auth/user')).body.firstName).toBe('Mallory');
  });
});

describe('tRPC accounts procedures', () => {
  test('me is null for a visitor and the CurrentUser when signed in', async () => {
    expect((await client().query('accounts.me')).body).toBeNull();
    const user = await createUser(ctx, { firstName: 'Me' });
    const me = await (await signedInClient(ctx, user)).query('accounts.me');
    expect(me.body).toEqual({
      id: user.id,
      firstName: 'Me',
      lastName: 'User',
      email: user.email,
      premium: false,
      profileImageUrl: null,
      timeZone: 'UTC',
    });
  });

  test('updateProfile follows the same rules as PUT /api/auth/profile', async () => {
    const user = await createUser(ctx);
    const c = await signedInClient(ctx, user);
    const email = uniqueEmail('rpc');
    const res = await c.mutate('accounts.updateProfile', {
      firstName: ' Rpc ',
      lastName: ' User ',
      email: ` ${email} `,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      firstName: 'Rpc',
      lastName: 'User',
      email: user.email,
      pendingEmail: email,
    });
    const bad = await c.mutate('accounts.updateProfile', { firstName: 'A', lastName: 'B', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a valid email address');
    const visitor = await client().mutate('accounts.updateProfile', { firstName: 'A', lastName: 'B', email });
    expect(visitor.status).toBe(401);
  });

  test('setTimeZone stores a valid IANA zone and refuses anything else', async () => {
    const user = await createUser(ctx);
    const c = await signedInClient(ctx, user);
    const res = await c.mutate('accounts.setTimeZone', { timeZone: 'Asia/Kolkata' });
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('Asia/Kolkata');
    expect((await c.get('/api/auth/user')).body.timeZone).toBe('Asia/Kolkata');

    const bad = await c.mutate('accounts.setTimeZone', { timeZone: 'Not/AZone' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Time zone must be an IANA time zone');
    expect((await c.get('/api/auth/user')).body.timeZone).toBe('Asia/Kolkata');

    // Names Intl still knows but the database's zone data dropped: stored, they failed every
    // query in that zone (analytics answered 500).
    for (const timeZone of ['US/Pacific-New', 'Canada/East-Saskatchewan']) {
      const unknown = await c.mutate('accounts.setTimeZone', { timeZone });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(AUTH_MESSAGES.unknownTimeZone);
    }
    expect((await c.get('/api/auth/user')).body.timeZone).toBe('Asia/Kolkata');
    expect((await c.get('/api/analytics')).status).toBe(200);

    expect((await client().mutate('accounts.setTimeZone', { timeZone: 'UTC' })).status).toBe(401);
  });
});

describe('error answers', () => {
  test('carry a message and never a stack trace', async () => {
    const res = await client().post('/api/auth/login', { email: 'x@example.com', password: 'wrong password' });
    expect(Object.keys(res.body)).toEqual(['message']);
    expect(JSON.stringify(res.body)).not.toContain('at ');
  });
});

// Password recovery over HTTP with the built-in mailer (the server log): the forgot-password
// answer, the reset token's life (hashed, single use, one hour, replaced by a newer one) and
// that a reset signs every session out.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { hashToken } from '../../src/server/accounts/sessions';
import { passwordResetTokens } from '../../src/server/db/schema';
import { createTestContext, TestClient, type TestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { emailChangeToken } from '../support/mail-log';

const SENT = 'If an account with that email exists, a password reset link has been sent.';
const INVALID = 'This password reset link is invalid or has expired.';
const DONE = 'Your password has been successfully reset. You can now log in.';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { APP_URL: 'https://lockin.example' } });
}, 120_000);
afterAll(() => ctx.close());

const client = () => new TestClient(ctx.app);

/** The token of the newest reset link the log mailer printed for this address. */
function lastTokenFor(email: string): string {
  const line = ctx.log.lines.filter((l) => l.includes(`To: ${email}\n`)).at(-1);
  const match = line ? /https:\/\/lockin\.example\/reset-password\?token=([a-z0-9]+)/.exec(line) : null;
  if (!match) throw new Error(`no reset link was logged for ${email}`);
  return match[1]!;
}

async function forgot(email: string) {
  return client().post('/api/forgot-password', { email });
}

describe('POST /api/forgot-password', () => {
  test('answers the same for an unknown email and a known one; only the known one gets a link', async () => {
    const user = await createUser(ctx);
    const before = ctx.log.lines.length;
    const unknown = await forgot('nobody-here@example.com');
    expect(ctx.log.lines.length).toBe(before);
    const known = await forgot(user.email.toUpperCase());
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual({ message: SENT });
    expect(known.body).toEqual(unknown.body);
    expect(known.headers.get('set-cookie')).toBe(unknown.headers.get('set-cookie'));
    expect(lastTokenFor(user.email)).toMatch(/^[a-z0-9]{52}$/);
  });

  test('without a mail server the log prints the full link with a warning', async () => {
    const user = await createUser(ctx, { firstName: 'Logged' });
    await forgot(user.email);
    const line = ctx.log.lines.filter((l) => l.includes(`To: ${user.email}\n`)).at(-1)!;
    expect(line).toContain('WARNING: no mail server is configured (set SMTP_URL); this email was NOT sent');
    expect(line).toContain('Subject: Reset your LockIn password');
    expect(line).toContain(`https://lockin.example/reset-password?token=${lastTokenFor(user.email)}`);
    expect(line).toContain('Hi Logged,');
    expect(line).toContain('expires in 1 hour');
  });

  test('the link is built from APP_URL, never from the Host header', async () => {
    const user = await createUser(ctx);
    const res = await ctx.app.request('http://attacker.example/api/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(res.status).toBe(200);
    const line = ctx.log.lines.filter((l) => l.includes(`To: ${user.email}\n`)).at(-1)!;
    expect(line).toContain('https://lockin.example/reset-password?token=');
    expect(line).not.toContain('attacker.example');
  });

  test('only the SHA-256 of the token is stored, valid for one hour', async () => {
    const user = await createUser(ctx);
    await forgot(user.email);
    const token = lastTokenFor(user.email);
    const rows = await ctx.deps.db
      .select({
        tokenHash: passwordResetTokens.tokenHash,
        expiresAt: passwordResetTokens.expiresAt,
        usedAt: passwordResetTokens.usedAt,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - ctx.clock.now().getTime()).toBe(60 * 60_000);
    expect(rows[0]!.usedAt).toBeNull();
    // 52 base32 characters = 260 bits of text carrying 256 random bits (at least 128 required).
    expect(token.length * 5).toBeGreaterThanOrEqual(128);
  });

  test('400 naming the field', async () => {
    const missing = await client().post('/api/forgot-password', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Email is required' });
    const malformed = await client().post('/api/forgot-password', { email: 'nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Enter a valid email address' });
  });
});

describe('POST /api/reset-password', () => {
  test('sets the new password, uses the token up and ends every session of the account', async () => {
    const user = await createUser(ctx);
    const laptop = await signedInClient(ctx, user);
    const phone = await signedInClient(ctx, user);
    const other = await createUser(ctx);
    const otherClient = await signedInClient(ctx, other);
    await forgot(user.email);
    const token = lastTokenFor(user.email);

    const res = await client().post('/api/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: DONE });

    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await otherClient.get('/api/auth/user')).status).toBe(200);

    expect((await client().post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(401);
    expect(
      (await client().post('/api/auth/login', { email: user.email, password: 'a brand new passphrase' })).status,
    ).toBe(200);

    const again = await client().post('/api/reset-password', { token, newPassword: 'yet another passphrase' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: INVALID });
    expect(
      (await client().post('/api/auth/login', { email: user.email, password: 'yet another passphrase' })).status,
    ).toBe(401);
  });

  test('a token works until one hour has passed, and not after', async () => {
    const early = await createUser(ctx);
    await forgot(early.email);
    const earlyToken = lastTokenFor(early.email);
    const late = await createUser(ctx);
    await forgot(late.email);
    const lateToken = lastTokenFor(late.email);

    ctx.clock.advance(59 * 60_000);
    expect(
      (await client().post('/api/reset-password', { token: earlyToken, newPassword: 'in the nick of time' })).status,
    ).toBe(200);

    ctx.clock.advance(60_000);
    const expired = await client().post('/api/reset-password', {
      token: lateToken,
      newPassword: 'one minute too late',
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: INVALID });
    expect((await client().post('/api/auth/login', { email: late.email, password: late.password })).status).toBe(200);
  });

  test('asking again voids the older unused link', async () => {
    const user = await createUser(ctx);
    await forgot(user.email);
    const older = lastTokenFor(user.email);
    await forgot(user.email);
    const newer = lastTokenFor(user.email);
    expect(newer).not.toBe(older);

    const stale = await client().post('/api/reset-password', { token: older, newPassword: 'stale link attempt' });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ message: INVALID });
    expect((await client().post('/api/reset-password', { token: newer, newPassword: 'fresh link works' })).status).toBe(
      200,
    );
  });

  test('changing the account email voids links mailed to the old address; a same-address edit does not', async () => {
    const user = await createUser(ctx);
    const me = await signedInClient(ctx, user);
    const links = () => ctx.deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await forgot(user.email);
    const mailedToOld = lastTokenFor(user.email);
    const sameAddress = await me.put('/api/auth/profile', {
      firstName: 'Renamed',
      lastName: 'User',
      email: user.email.toUpperCase(),
    });
    expect(sameAddress.status).toBe(200);
    expect(await links()).toHaveLength(1);
    const moved = await me.put('/api/auth/profile', {
      firstName: 'Renamed',
      lastName: 'User',
      email: `moved-${user.email}`,
    });
    expect(moved.status).toBe(200);
    // Requested only: the old address still owns the account, and its link still works.
    expect(await links()).toHaveLength(1);
    const token = emailChangeToken(ctx, `moved-${user.email}`);
    expect((await client().post('/api/auth/confirm-email', { token })).status).toBe(200);
    expect(await links()).toHaveLength(0);
    const res = await client().post('/api/reset-password', { token: mailedToOld, newPassword: 'takeover attempt 1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: INVALID });
  });

  test('an unknown token is refused with the same message', async () => {
    const res = await client().post('/api/reset-password', {
      token: 'x'.repeat(52),
      newPassword: 'whatever passphrase',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: INVALID });
  });

  test('the new password follows the password rules; a refused one leaves the token usable', async () => {
    const user = await createUser(ctx);
    await forgot(user.email);
    const token = lastTokenFor(user.email);
    const cases: [Record<string, unknown>, string][] = [
      [{ newPassword: 'long enough pass' }, 'Token is required'],
      [{ token }, 'New password is required'],
      [{ token, newPassword: 'short' }, 'New password must be at least 8 characters'],
      [{ token, newPassword: 'x'.repeat(257) }, 'New password must be at most 256 characters'],
      [{ token, newPassword: 'Password123' }, 'New password is too common; choose something harder to guess'],
    ];
    for (const [body, message] of cases) {
      const res = await client().post('/api/reset-password', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
    expect((await client().post('/api/reset-password', { token, newPassword: 'finally a good one' })).status).toBe(200);
  });
});

// The whole password-reset round trip through a real SMTP server in this process: the app's
// mailer (nodemailer, SMTP_URL) delivers the mail, the test reads the link out of it and uses it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, TestClient, type TestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

let smtp: TestSmtpServer;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'LockIn <no-reply@lockin.example>', APP_URL: 'https://lockin.example' },
  });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('password reset through SMTP', () => {
  test('the mailer is the SMTP one', () => {
    expect(ctx.deps.mailer.kind).toBe('smtp');
  });

  test('forgot → mail with text and HTML link → reset → sign in with the new password', async () => {
    const user = await createUser(ctx, { firstName: 'Émile', email: 'Emile.Reset@Example.com' });
    const stale = await signedInClient(ctx, user);
    const c = new TestClient(ctx.app);

    const forgot = await c.post('/api/forgot-password', { email: 'emile.reset@example.com' });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({
      message: 'If an account with that email exists, a password reset link has been sent.',
    });

    // Sent to the address as stored (nodemailer lower-cases only the domain).
    const mail = await smtp.waitForMail((m) => m.to.some((to) => to.toLowerCase() === 'emile.reset@example.com'));
    expect(mail.to).toEqual(['Emile.Reset@example.com']);
    expect(mail.from).toBe('no-reply@lockin.example');
    expect(mail.subject).toBe('Reset your LockIn password');
    expect(mail.text).toContain('Hi Émile,');
    expect(mail.text).toContain('expires in 1 hour');
    const link = /https:\/\/lockin\.example\/reset-password\?token=([a-z0-9]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    expect(mail.html).toContain(`href="https://lockin.example/reset-password?token=${token}"`);
    // Nothing was written to the log: the mail really went out.
    expect(ctx.log.lines.some((l) => l.includes(token))).toBe(false);

    const reset = await c.post('/api/reset-password', { token, newPassword: 'mailed link, new secret' });
    expect(reset.status).toBe(200);
    expect((await stale.get('/api/auth/user')).status).toBe(401);

    const login = await c.post('/api/auth/login', { email: user.email, password: 'mailed link, new secret' });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(user.id);
    expect((await c.post('/api/reset-password', { token, newPassword: 'second use of link' })).status).toBe(400);
  });

  test('no mail goes out for an unknown address', async () => {
    const before = smtp.messages.length;
    const res = await new TestClient(ctx.app).post('/api/forgot-password', { email: 'ghost@example.com' });
    expect(res.status).toBe(200);
    // A known address sent right after arrives; the unknown one never did.
    const known = await createUser(ctx);
    await new TestClient(ctx.app).post('/api/forgot-password', { email: known.email });
    await smtp.waitForMail((m) => m.to.includes(known.email));
    expect(smtp.messages.slice(before).map((m) => m.to[0])).toEqual([known.email]);
  });
});

describe('when the mail server is down', () => {
  test('the answer is the usual one (no hint that the account exists) and the failure is logged', async () => {
    const down = await startSmtpServer();
    const url = down.url;
    await down.close();
    const broken = await createTestContext({ env: { SMTP_URL: url } });
    try {
      const user = await createUser(broken);
      const res = await new TestClient(broken.app).post('/api/forgot-password', { email: user.email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: 'If an account with that email exists, a password reset link has been sent.',
      });
      const deadline = Date.now() + 20_000;
      while (
        !broken.log.lines.some((l) => l.startsWith('password reset email could not be sent')) &&
        Date.now() < deadline
      ) {
        await Bun.sleep(50);
      }
      expect(broken.log.lines.some((l) => l.startsWith('password reset email could not be sent'))).toBe(true);
    } finally {
      await broken.close();
    }
  }, 120_000);
});

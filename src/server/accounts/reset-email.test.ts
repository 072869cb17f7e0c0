import { describe, expect, test } from 'bun:test';
import { buildResetEmail, resetLink } from './reset-email';

describe('the reset email', () => {
  test('the link is APP_URL + /reset-password?token=…, without a doubled slash', () => {
    expect(resetLink('https://lockin.example', 'abc')).toBe('https://lockin.example/reset-password?token=abc');
    expect(resetLink('https://lockin.example/', 'abc')).toBe('https://lockin.example/reset-password?token=abc');
  });

  test('text and HTML both carry the link, the validity and a greeting', () => {
    const mail = buildResetEmail({
      to: 'a@example.com',
      firstName: 'Ada',
      appUrl: 'http://localhost:3000',
      token: 'tok123',
    });
    expect(mail.to).toBe('a@example.com');
    expect(mail.subject).toBe('Reset your LockIn password');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=tok123');
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain('href="http://localhost:3000/reset-password?token=tok123"');
    expect(mail.html).toContain('expires in 1 hour');
  });

  test('a name is escaped in the HTML, and a missing one gives a plain greeting', () => {
    const hostile = buildResetEmail({
      to: 'a@example.com',
      firstName: '<img src=x onerror=alert(1)>',
      appUrl: 'http://x',
      token: 't',
    });
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain('&#60;img');
    const anonymous = buildResetEmail({ to: 'a@example.com', firstName: null, appUrl: 'http://x', token: 't' });
    expect(anonymous.text.startsWith('Hi,\n')).toBe(true);
  });
});

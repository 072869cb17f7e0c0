// Mail that goes to the log: in full on a laptop, and in production (MAIL_TO_LOG=true) without
// the address or any token a link carries.
import { describe, expect, test } from 'bun:test';
import { loadConfig } from '../config';
import type { Logger } from '../ops/logger';
import { createMailer, withoutAddresses, withoutLinkSecrets } from './mail';
import { resetLink } from '../accounts/reset-email';
import { confirmEmailLink, noticeMail } from '../accounts/email-change';

function capturingLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const push = (message: string) => lines.push(message);
  return { log: { info: push, warn: push, error: push }, lines };
}

const message = (link: string) => ({
  to: 'ada@example.com',
  subject: 'Reset your LockIn password',
  text: `Hi,\n\nOpen ${link} within an hour.\n\nOr visit https://lockin.example/help.`,
  html: `<a href="${link}">Reset</a>`,
});

describe('mail written to the log', () => {
  const token = 'tok3n-that-signs-in-as-ada';

  test('in production the address and every link token are left out', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer(loadConfig({ NODE_ENV: 'production', MAIL_TO_LOG: 'true' }), log);
    expect(mailer.kind).toBe('log');
    for (const link of [
      resetLink('https://lockin.example', token),
      confirmEmailLink('https://lockin.example', token),
    ]) {
      await mailer.send(message(link));
    }
    const logged = lines.join('\n');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('ada@example.com');
    expect(logged).toContain('Subject: Reset your LockIn password');
    expect(logged).toContain('https://lockin.example/reset-password?[removed]');
    expect(logged).toContain('https://lockin.example/help.');
  });

  test('in production the email-change notice leaves out the new address it names', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer(loadConfig({ NODE_ENV: 'production', MAIL_TO_LOG: 'true' }), log);
    await mailer.send(noticeMail('ada@example.com', 'ada.new+work@mail.example.org', 'Ada'));
    const logged = lines.join('\n');
    expect(logged).not.toContain('ada.new+work@mail.example.org');
    expect(logged).not.toContain('@');
    expect(logged).toContain('asked to change its email to [address removed].');
  });

  test('outside production the whole message is printed, so a laptop install still shows the link', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer(loadConfig({}), log);
    await mailer.send(message(resetLink('http://localhost:5000', token)));
    expect(lines.join('\n')).toContain(token);
    expect(lines.join('\n')).toContain('To: ada@example.com');
  });

  test('addresses are found in running text, and a sentence keeps its full stop', () => {
    expect(withoutAddresses('write to a.b+c@x-y.example.com. Or (z@q.io), <w@e.co>')).toBe(
      'write to [address removed]. Or ([address removed]), <[address removed]>',
    );
    expect(withoutAddresses('no addresses, only @mentions and a@b')).toBe('no addresses, only @mentions and a@b');
  });

  test('a link keeps its address and loses its query and fragment', () => {
    expect(withoutLinkSecrets('go to https://a.example/x?token=1&b=2 now')).toBe(
      'go to https://a.example/x?[removed] now',
    );
    expect(withoutLinkSecrets('http://a.example/#k=1')).toBe('http://a.example/?[removed]');
    expect(withoutLinkSecrets('no links here')).toBe('no links here');
  });
});

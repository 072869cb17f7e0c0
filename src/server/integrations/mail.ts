// Sends mail through SMTP when SMTP_URL is set; otherwise writes the message to the log with a
// warning: in full outside production (a laptop install still shows the reset link), and in
// production (only with MAIL_TO_LOG=true) without any email address and without any link's query
// or fragment, where tokens travel: whoever reads a production log must not be able to use them.
//
// SMTP_URL is nodemailer's connection URL: smtp://user:pass@host:587 (STARTTLS when the server
// offers it), smtps://host:465 (TLS from the start). Query parameters set transport options, for
// example `?ignoreTLS=true` for a plain local relay or test server that advertises STARTTLS with a
// certificate nobody trusts, `?requireTLS=true` to refuse an unencrypted session, or
// `?tls.rejectUnauthorized=false` for a self-signed relay.
// nodemailer (~20 MiB once loaded) is imported with the first message, not at start.
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../ops/logger';
import { loadOnce } from '../load-once';

/** Text made safe to put in an email's HTML (content or a quoted attribute). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A stuck relay must not hold a request for nodemailer's default two minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** A link's query and fragment (where tokens travel) replaced by a note; everything else kept. */
export function withoutLinkSecrets(text: string): string {
  return text.replace(/(https?:\/\/[^\s?#]+)[?#]\S*/g, '$1?[removed]');
}

/**
 * Every email address in a message's text replaced by a note: a message can name an address other
 * than its recipient's (the email-change notice names the new one), and a production log holds none.
 */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+\.[^\s<>()"',;:]*[^\s<>()"',;:.]/g, '[address removed]');
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'env'>, log: Logger): Mailer {
  if (!config.smtpUrl) {
    const production = config.env === 'production';
    return {
      kind: 'log',
      async send(message) {
        const printed = production
          ? `It is printed here without its address and with its links' tokens removed.\n` +
            `Subject: ${withoutAddresses(message.subject)}\n\n${withoutAddresses(withoutLinkSecrets(message.text))}`
          : `It is printed here in full instead.\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`;
        log.warn(`[mail] WARNING: no mail server is configured (set SMTP_URL); this email was NOT sent. ${printed}`);
      },
      close() {},
    };
  }
  const url = config.smtpUrl;
  let transport: Transporter | undefined;
  const connect = loadOnce(async () => {
    const { default: nodemailer } = await import('nodemailer');
    // Options in the URL win over these defaults.
    transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url });
    return transport;
  });
  return {
    kind: 'smtp',
    async send(message) {
      await (await connect()).sendMail({ from: config.mailFrom, ...message });
    },
    close: () => transport?.close(),
  };
}

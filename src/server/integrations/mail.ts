// Sends mail through SMTP when SMTP_URL is set; otherwise writes the whole message to the log
// so a laptop install still shows the reset link.
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../deps';

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

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: Logger): Mailer {
  if (!config.smtpUrl) {
    return {
      kind: 'log',
      async send(message) {
        log.warn(
          `[mail] No mail server is configured (SMTP_URL); this email was not sent.\n` +
            `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: config.mailFrom, ...message });
    },
    close: () => transport.close(),
  };
}

// Mail written to the server log (no SMTP_URL): the latest message to an address, and the email
// confirmation link in it.
import type { TestContext } from './app';

/** The latest logged mail to `address` (subject and text), or undefined. */
export function lastMailTo(ctx: Pick<TestContext, 'log'>, address: string): string | undefined {
  return ctx.log.lines.filter((l) => l.includes(`To: ${address}\n`)).at(-1);
}

/** The token of the latest email confirmation link mailed to `address`. */
export function emailChangeToken(ctx: Pick<TestContext, 'log'>, address: string): string | undefined {
  return /\/confirm-email\?token=([a-z0-9]+)/.exec(lastMailTo(ctx, address) ?? '')?.[1];
}

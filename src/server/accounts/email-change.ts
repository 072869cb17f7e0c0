// Changing the email: the change is kept aside and happens only when the link mailed to the new
// address is opened (proof that its owner asked for it); the old address is told at once, so a
// hijacked session cannot quietly move the account. Whether the new address already belongs to an
// account never shows in the answer: that address gets a mail saying so instead of a link.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, gt, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '../../shared/accounts';
import { APP_NAME, EMAIL_CHANGE_TTL_MS } from '../../shared/constants';
import { AUTH_MESSAGES, durationText } from '../../shared/copy';
import { ROUTES } from '../../shared/routes';
import { isUniqueViolation } from '../db/errors';
import { emailChanges, passwordResetTokens, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { hitRateLimit, type RateLimitRule } from '../http/rate-limit';
import { escapeHtml, type MailMessage } from '../integrations/mail';
import { hashToken } from './sessions';

/** Each request mails two addresses: a person never needs more than this. */
export const EMAIL_CHANGES_PER_USER: RateLimitRule = { name: 'emailchange:user', limit: 5, windowMs: 60 * 60_000 };

const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/**
 * Keeps the change aside (replacing an earlier one), mails the link to the new address and a
 * notice to the old one. Mail failures are logged, not answered: the answer must not differ.
 */
export async function requestEmailChange(
  deps: AppDeps,
  user: { id: string; email: string; firstName: string | null },
  newEmail: string,
): Promise<void> {
  await hitRateLimit(deps, EMAIL_CHANGES_PER_USER, user.id);
  const now = deps.clock.now();
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(sameEmail(newEmail)).limit(1);
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  await deps.db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id));
    // A taken address gets no usable link: nothing is kept aside for it.
    if (!taken)
      await tx.insert(emailChanges).values({
        tokenHash: hashToken(token),
        userId: user.id,
        newEmail,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
      });
  });
  const mails = [
    taken ? addressTakenMail(newEmail) : confirmMail(deps.config.appUrl, newEmail, user.firstName, token),
    noticeMail(user.email, newEmail, user.firstName),
  ];
  for (const mail of mails)
    deps.mailer.send(mail).catch((error: unknown) => deps.log.error('email change mail could not be sent', error));
}

/** The link's call: the email changes now, if the link is still good and the address still free. */
export async function confirmEmailChange(deps: AppDeps, token: string): Promise<{ email: string }> {
  const now = deps.clock.now();
  try {
    const result = await deps.db.transaction(async (tx) => {
      const [change] = await tx
        .delete(emailChanges)
        .where(and(eq(emailChanges.tokenHash, hashToken(token)), gt(emailChanges.expiresAt, now)))
        .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
      if (!change) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.emailChangeInvalid);
      const [updated] = await tx
        .update(users)
        .set({ email: change.newEmail, updatedAt: now })
        .where(eq(users.id, change.userId))
        .returning({ id: users.id, email: users.email });
      if (!updated) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.emailChangeInvalid);
      // A reset link mailed to the old address must not outlive the change (that mailbox may be lost).
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, change.userId));
      return updated;
    });
    return { email: result.email };
  } catch (error) {
    // Someone took the address between the request and the click: the change cannot happen.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
    throw error;
  }
}

export function confirmEmailLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}${ROUTES.confirmEmail}?token=${encodeURIComponent(token)}`;
}

const hello = (firstName: string | null) => (firstName?.trim() ? `Hi ${firstName.trim()},` : 'Hi,');

function mail(to: string, subject: string, paragraphs: string[], link?: { url: string; label: string }): MailMessage {
  const text = [...paragraphs, ...(link ? [link.url] : []), `— ${APP_NAME}`].join('\n\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.url)}" style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #ffffff; border-radius: 6px; text-decoration: none;">${escapeHtml(link.label)}</a></p><p>Or paste this link into your browser:<br><a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; color: #111827; line-height: 1.5;">
  ${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n  ')}
  ${button}
  <p>— ${APP_NAME}</p>
</body>
</html>`;
  return { to, subject, text, html };
}

export function confirmMail(appUrl: string, to: string, firstName: string | null, token: string): MailMessage {
  return mail(
    to,
    `Confirm your new ${APP_NAME} email`,
    [
      hello(firstName),
      `You asked to use this address for your ${APP_NAME} account. Your email changes when you open this link (it works once and expires in ${durationText(EMAIL_CHANGE_TTL_MS)}):`,
      "If you didn't ask for this, ignore this email: nothing changes.",
    ],
    { url: confirmEmailLink(appUrl, token), label: 'Confirm new email' },
  );
}

export function addressTakenMail(to: string): MailMessage {
  return mail(to, `Your ${APP_NAME} email change`, [
    'Hi,',
    `Someone asked to move a ${APP_NAME} account to this address, but this address already has its own ${APP_NAME} account, so nothing was changed.`,
    "If that was you, sign in with this address instead (use 'Forgot password' if you need to). If it wasn't, ignore this email.",
  ]);
}

export function noticeMail(to: string, newEmail: string, firstName: string | null): MailMessage {
  return mail(to, `A change of your ${APP_NAME} email was requested`, [
    hello(firstName),
    `Someone signed in to your ${APP_NAME} account asked to change its email to ${newEmail}. Nothing changes until the link sent to that address is opened.`,
    "If this wasn't you, reset your password now with 'Forgot password' on the sign-in page: it signs every device out and cancels the change.",
  ]);
}

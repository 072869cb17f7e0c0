// The password-reset email, as plain text and HTML. The link is built from APP_URL (never from
// the request's Host header, which a client can forge to steal the token).
import { APP_NAME } from '../../shared/constants';
import { RESET_LINK_VALID_FOR } from '../../shared/copy';
import { ROUTES } from '../../shared/routes';
import { escapeHtml, type MailMessage } from '../integrations/mail';

export function resetLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}${ROUTES.resetPassword}?token=${encodeURIComponent(token)}`;
}

export function buildResetEmail(input: {
  to: string;
  firstName: string | null;
  appUrl: string;
  token: string;
}): MailMessage {
  const link = resetLink(input.appUrl, input.token);
  const validity = RESET_LINK_VALID_FOR;
  const greeting = input.firstName ? `Hi ${input.firstName},` : 'Hi,';
  const subject = `Reset your ${APP_NAME} password`;
  const text = [
    greeting,
    '',
    `Someone asked to reset the password of your ${APP_NAME} account. To choose a new password, open this link:`,
    '',
    link,
    '',
    `The link works once and expires in ${validity}.`,
    "If you didn't ask for this, ignore this email: your password stays the same.",
    '',
    `— ${APP_NAME}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; color: #111827; line-height: 1.5;">
  <p>${escapeHtml(greeting)}</p>
  <p>Someone asked to reset the password of your ${APP_NAME} account. To choose a new password, use the button below.</p>
  <p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #ffffff; border-radius: 6px; text-decoration: none;">Reset password</a></p>
  <p>Or paste this link into your browser:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
  <p>The link works once and expires in ${validity}. If you didn't ask for this, ignore this email: your password stays the same.</p>
  <p>— ${APP_NAME}</p>
</body>
</html>`;
  return { to: input.to, subject, text, html };
}

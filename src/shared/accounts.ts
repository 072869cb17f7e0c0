// The accounts contract both sides speak: zod schemas for every account payload (the server
// validates with them, the client can check forms with them) and the messages the server answers.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { timeZoneSchema } from './tasks';
import { textField } from './text';

export const ACCOUNT_MESSAGES = {
  /** The forgot-password answer, identical whether or not the account exists. */
  resetLinkSent: 'If an account with that email exists, a password reset link has been sent.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordResetDone: 'Your password has been successfully reset. You can now log in.',
  /** After the field's label, like every other 400: 'New password is too common; …'. */
  passwordTooCommon: 'is too common; choose something harder to guess',
  resetEmailFailed: 'Failed to send reset email. Please try again.',
  emailChangeInvalid:
    'This email confirmation link is invalid or has expired. Change your email again from Manage Account.',
  emailChangeDone: 'Your email address has been changed.',
} as const;

/** POST /api/auth/confirm-email */
export const confirmEmailInput = z.object({
  token: textField().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
});

/** Passwords are measured in Unicode code points, so 'ü' or an emoji counts as one character. */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** A string field whose absence reads 'is required' rather than zod's type message. */
const text = textField;

export const emailSchema = text()
  .trim()
  .min(1, 'is required')
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Enter a valid email address'));

/** A password being set (sign-up, reset): length bounds only; the common-password list is the server's. */
export const newPasswordSchema = text()
  .refine((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH, {
    message: `must be at least ${PASSWORD_MIN_LENGTH} characters`,
    abort: true,
  })
  .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

const requiredName = text()
  .trim()
  .min(1, 'is required')
  .max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`);
/** Profile names may be left blank (the greeting then falls back to the email). */
const optionalName = text().trim().max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`);

export const registerInput = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: requiredName,
  lastName: requiredName,
  timeZone: timeZoneSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  // No format check: a malformed address is just a wrong one (401), not a hint.
  email: text().trim().min(1, 'is required').max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`),
  password: text()
    .min(1, 'is required')
    .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
  timeZone: timeZoneSchema.optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

export const profileInput = z.object({
  firstName: optionalName,
  lastName: optionalName,
  email: emailSchema,
});
export type ProfileInput = z.infer<typeof profileInput>;

export const forgotPasswordInput = z.object({ email: emailSchema });

/** A browser's own push endpoint: it stays subscribed when every other credential ends. */
const keepPushEndpoint = z.string().max(2048, 'must be at most 2048 characters').optional();

export const resetPasswordInput = z.object({
  token: text().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  newPassword: newPasswordSchema,
  keepPushEndpoint,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const timeZoneInput = z.object({ timeZone: timeZoneSchema });

export const SIGN_OUT_OTHERS_PATH = '/api/auth/sign-out-others';

export const signOutOthersInput = z.object({ keepPushEndpoint });

/** `{ message }` answers of the forgot/reset endpoints. */
export interface MessageResponse {
  message: string;
}

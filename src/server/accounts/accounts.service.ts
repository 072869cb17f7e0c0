// The account rules: sign-up, sign-in, profile, time zone and password recovery. Plain functions
// of (deps, input) shared by the REST shims and the tRPC procedures. Sessions and cookies are the
// caller's business; brute-force limits are applied here because they are rules, keyed by the
// caller's address.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  type LoginInput,
  type ProfileInput,
  type RegisterInput,
  type ResetPasswordInput,
} from '../../shared/accounts';
import { PASSWORD_RESET_TTL_MS } from '../../shared/constants';
import { AUTH_MESSAGES } from '../../shared/copy';
import type { CurrentUser, ProfileUpdate } from '../../shared/types';
import { emailChanges, passwordResetTokens, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { isUniqueViolation } from '../db/errors';
import { requireRow, rowsOf } from '../db/rows';
import { AppError } from '../http/errors';
import { clearRateLimit, hitRateLimit, RATE_LIMITS } from '../http/rate-limit';
import { leaveRoomsSignedOut } from '../rooms/rooms.service';
import { endOtherCredentials } from './other-devices';
import { assertNotCommon, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { isPremium } from '../plans/plan-status';
import { buildResetEmail } from './reset-email';
import { hashToken, sessionUserColumns, type SessionUser } from './sessions';
import { rememberDevice, trustedDeviceUser } from './trusted-devices';
import { requestEmailChange } from './email-change';

/** Who is calling, for the per-address limits. */
export interface RequestMeta {
  ip: string;
  /** The browser's device cookie (trusted-devices.ts), if it sent one. */
  deviceToken?: string;
}

/** The user columns the service works with: the same ones a session carries. */
type UserRow = SessionUser;

/** The columns that may leave the server: never the password hash. */
const publicColumns = sessionUserColumns;

/** The user as GET /api/auth/user answers it; `premium` is the plans domain's one rule. */
export async function toCurrentUser(deps: AppDeps, user: UserRow): Promise<CurrentUser> {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    premium: await isPremium(deps, user),
    profileImageUrl: user.profileImageUrl,
    timeZone: user.timeZone,
  };
}

const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;
/** The subject of the strict sign-in limit: this email from this address (lower-cased and hashed by the limiter). */
const emailAtAddress = (email: string, ip: string) => `${email.trim()}\n${ip}`;

/** Emails are one address whatever their letter case. */
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Intl (which validated the zone's name) and the database each carry their own zone data: a name
 * one of them dropped (US/Pacific-New) would make every query in that zone fail. Only a zone the
 * database knows is stored; insights_zone (drizzle/0004) answers 'UTC' for any other.
 */
async function databaseKnowsZone(deps: AppDeps, timeZone: string): Promise<boolean> {
  const [row] = await rowsOf<{ tz: string }>(deps.db, sql`select insights_zone(${timeZone}) as tz`);
  return row?.tz === timeZone;
}

async function assertZoneKnown(deps: AppDeps, timeZone: string): Promise<void> {
  if (!(await databaseKnowsZone(deps, timeZone))) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.unknownTimeZone);
}

/** Creates an email/password account. The caller starts its session. */
export async function registerUser(deps: AppDeps, input: RegisterInput, meta: RequestMeta): Promise<CurrentUser> {
  await hitRateLimit(deps, RATE_LIMITS.registerPerIp, meta.ip);
  assertNotCommon(input.password, 'password');
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(sameEmail(input.email)).limit(1);
  if (existing) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
  if (input.timeZone) await assertZoneKnown(deps, input.timeZone);
  // Hash outside the transaction: it takes a few hundred milliseconds.
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  try {
    const rows = await deps.db.transaction((tx) =>
      tx
        .insert(users)
        .values({
          id: crypto.randomUUID(),
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          timeZone: input.timeZone ?? 'UTC',
          createdAt: now,
          updatedAt: now,
        })
        .returning(publicColumns),
    );
    return toCurrentUser(deps, requireRow(rows, 'new user'));
  } catch (error) {
    // Two sign-ups with the same email at once: the unique index on lower(email) decides.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
    throw error;
  }
}

/**
 * Checks an email and password. Every failure (unknown email, account without a password,
 * wrong password) is the same 401 after the same amount of hashing work.
 */
export async function authenticate(
  deps: AppDeps,
  input: LoginInput,
  meta: RequestMeta,
): Promise<{ user: CurrentUser; deviceToken: string }> {
  const [row] = await deps.db
    .select({ ...publicColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(sameEmail(input.email))
    .limit(1);
  // A browser that signed in to this account before is counted on its own: nobody else's
  // failures (from any address) can stop it. Every other attempt meets the usual limits.
  const trusted = row !== undefined && (await trustedDeviceUser(deps.db, meta.deviceToken)) === row.id;
  if (trusted && meta.deviceToken) {
    await hitRateLimit(deps, RATE_LIMITS.loginPerDevice, meta.deviceToken);
  } else {
    await hitRateLimit(deps, RATE_LIMITS.loginPerIp, meta.ip);
    await hitRateLimit(deps, RATE_LIMITS.loginPerEmailAndIp, emailAtAddress(input.email, meta.ip));
    await hitRateLimit(deps, RATE_LIMITS.loginPerEmail, input.email);
  }
  const ok = row?.passwordHash
    ? await verifyPassword(input.password, row.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!row || !ok) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
  // The owner got in: their earlier typos from this address (or this device) no longer count. The
  // per-email ceiling is not cleared, or an attacker spread over many addresses would get a fresh
  // budget each time the owner signs in.
  if (trusted && meta.deviceToken) await clearRateLimit(deps, RATE_LIMITS.loginPerDevice, meta.deviceToken);
  else await clearRateLimit(deps, RATE_LIMITS.loginPerEmailAndIp, emailAtAddress(input.email, meta.ip));
  const deviceToken = await rememberDevice(deps, row.id, meta.deviceToken);
  // A zone the database does not know never blocks a sign-in: the stored one stays.
  const user =
    input.timeZone && input.timeZone !== row.timeZone && (await databaseKnowsZone(deps, input.timeZone))
      ? await setTimeZone(deps, row.id, input.timeZone)
      : await toCurrentUser(deps, row);
  return { user, deviceToken };
}

/**
 * Saves the names at once. A new email address is only requested here (email-change.ts): it
 * replaces the current one when the link mailed to it is opened. A change of letter case alone is
 * the same address and is saved at once.
 */
export async function updateProfile(deps: AppDeps, userId: string, input: ProfileInput): Promise<ProfileUpdate> {
  const [current] = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!current) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.notSignedIn);
  const sameAddressNow = sameAddress(input.email, current.email);
  const firstName = input.firstName === '' ? null : input.firstName;
  const [row] = await deps.db.transaction((tx) =>
    tx
      .update(users)
      .set({
        firstName,
        lastName: input.lastName === '' ? null : input.lastName,
        ...(sameAddressNow ? { email: input.email } : {}),
        updatedAt: deps.clock.now(),
      })
      .where(eq(users.id, userId))
      .returning(publicColumns),
  );
  if (!row) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.notSignedIn);
  if (!sameAddressNow) await requestEmailChange(deps, { id: userId, email: current.email, firstName }, input.email);
  return { ...(await toCurrentUser(deps, row)), pendingEmail: sameAddressNow ? null : input.email };
}

export async function setTimeZone(deps: AppDeps, userId: string, timeZone: string): Promise<CurrentUser> {
  await assertZoneKnown(deps, timeZone);
  const [row] = await deps.db.transaction((tx) =>
    tx
      .update(users)
      .set({ timeZone, updatedAt: deps.clock.now() })
      .where(eq(users.id, userId))
      .returning(publicColumns),
  );
  if (!row) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.notSignedIn);
  return toCurrentUser(deps, row);
}

/** 256 random bits (well over the 128 required); the link carries the token, the database only its SHA-256. */
export const RESET_TOKEN_BYTES = 32;

export function generateResetToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(RESET_TOKEN_BYTES)));
}

/**
 * Issues a reset link when the account exists (voiding any older unused link) and mails it.
 * Callers answer the same message either way.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, meta: RequestMeta): Promise<void> {
  await hitRateLimit(deps, RATE_LIMITS.forgotPerIp, meta.ip);
  await hitRateLimit(deps, RATE_LIMITS.forgotPerEmail, email);
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(sameEmail(email))
    .limit(1);
  if (!user) return;
  const token = generateResetToken();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // A new link voids every earlier one (used or not, they are of no further use).
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
    });
  });
  // Not awaited: a known and an unknown address must get the same answer in the same time, so
  // a slow or failing mail server shows only in the log, never in the response.
  deps.mailer
    .send(buildResetEmail({ to: user.email, firstName: user.firstName, appUrl: deps.config.appUrl, token }))
    .catch((error: unknown) => deps.log.error('password reset email could not be sent', error));
}

/**
 * Sets a new password from a reset link: the link is used up, and every credential of the account
 * ends (sessions, other browsers' device cookies and push subscriptions, browser extensions), so
 * whoever held one is out. The browser that reset keeps its device cookie and push endpoint.
 */
export async function resetPassword(
  deps: AppDeps,
  input: ResetPasswordInput,
  meta: RequestMeta & { deviceToken?: string },
): Promise<void> {
  await hitRateLimit(deps, RATE_LIMITS.resetPerIp, meta.ip);
  const tokenHash = hashToken(input.token);
  const now = deps.clock.now();
  const usable = and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
  const [valid] = await deps.db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usable)
    .limit(1);
  if (!valid) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.resetLinkInvalid);
  assertNotCommon(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const { email } = await deps.db.transaction(async (tx) => {
    // Claiming the token and changing the password commit together; a second use finds no row.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(usable)
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.resetLinkInvalid);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, claimed.userId))
      .returning({ email: users.email });
    await endOtherCredentials(tx, claimed.userId, {
      deviceToken: meta.deviceToken,
      pushEndpoint: input.keepPushEndpoint,
    });
    // Signed out everywhere: out of the rooms they joined too.
    await leaveRoomsSignedOut(tx, claimed.userId, now);
    // Whoever asked to move the account to another address loses that request with the password.
    await tx.delete(emailChanges).where(eq(emailChanges.userId, claimed.userId));
    return { email: user?.email };
  });
  // Committed: the old sessions are refused from now on. The owner proved control of the mailbox: lift the account's sign-in ceiling and this
  // address's lock (the owner usually signs in next from where they reset).
  if (email) {
    await clearRateLimit(deps, RATE_LIMITS.loginPerEmail, email);
    await clearRateLimit(deps, RATE_LIMITS.loginPerEmailAndIp, emailAtAddress(email, meta.ip));
  }
}

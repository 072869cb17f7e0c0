// Password hashing: argon2id through Bun.password with its defaults (m=64 MiB, t=2). Passwords are
// NFC-normalised first, so the same passphrase typed on systems that compose accents differently
// still matches; nothing is truncated (argon2 takes the whole input).
import { AppError, fieldLabel } from '../http/errors';
import { ACCOUNT_MESSAGES } from '../../shared/accounts';
import { isCommonPassword } from './common-passwords';

function normalise(password: string): string {
  return password.normalize('NFC');
}

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(normalise(password));
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(normalise(password), hash);
  } catch {
    // A malformed stored hash is a wrong password, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for sign-ins whose email is unknown or has no
 * password, so the answer's timing does not reveal which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= Bun.password.hash('lockin-dummy-password-for-timing');
  await verifyPassword(password, await dummyHash);
  return false;
}

/** Refuses a password from the bundled common list, naming the field it came in. */
export function assertNotCommon(password: string, field: string): void {
  if (isCommonPassword(password))
    throw new AppError('BAD_REQUEST', `${fieldLabel([field])} ${ACCOUNT_MESSAGES.passwordTooCommon}`);
}

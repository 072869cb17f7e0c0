import { describe, expect, test } from 'bun:test';
import { AppError } from '../http/errors';
import { assertNotCommon, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('password hashing', () => {
  test('argon2id with Bun defaults; verifies the same passphrase and nothing else', async () => {
    const hash = await hashPassword('süßer Tee am Morgen 🍵');
    expect(hash).toStartWith('$argon2id$v=19$m=65536,t=2,p=1$');
    expect(await verifyPassword('süßer Tee am Morgen 🍵', hash)).toBe(true);
    expect(await verifyPassword('süßer Tee am Morgen', hash)).toBe(false);
    // NFC: a decomposed 'ü' is the same password.
    expect(await verifyPassword('su\u0308ßer Tee am Morgen 🍵', hash)).toBe(true);
  });

  test('a malformed stored hash is a failed verification, not a crash', async () => {
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });

  test('the dummy verification always fails', async () => {
    expect(await verifyAgainstDummy('lockin-dummy-password-for-timing')).toBe(false);
  });

  test('assertNotCommon names the field', () => {
    expect(() => assertNotCommon('Password123', 'newPassword')).toThrow(
      new AppError('BAD_REQUEST', 'New password is too common; choose something harder to guess'),
    );
    expect(() => assertNotCommon('a rare phrase indeed', 'password')).not.toThrow();
  });
});

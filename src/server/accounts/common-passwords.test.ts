import { describe, expect, test } from 'bun:test';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords';

describe('the common-password list', () => {
  test('holds a few hundred entries, each at least the minimum length, lower case, no spaces', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(300);
    for (const entry of COMMON_PASSWORDS) {
      expect([...entry].length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
      expect(entry).toBe(entry.toLowerCase());
      expect(entry).not.toMatch(/\s/);
    }
  });

  test('matches regardless of letter case and surrounding spaces', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PASSWORD1')).toBe(true);
    expect(isCommonPassword(' Qwerty123 ')).toBe(true);
    expect(isCommonPassword('1q2w3e4r')).toBe(true);
  });

  test('lets an uncommon passphrase through', () => {
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    expect(isCommonPassword('password-is-not-this')).toBe(false);
  });
});

import { describe, expect, test } from 'bun:test';
import { loginInput, passwordLength, profileInput, registerInput, resetPasswordInput } from './accounts';

const ok = { email: 'a@example.com', password: 'long enough', firstName: 'A', lastName: 'B' };

function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : null;
}

describe('account payload schemas', () => {
  test('passwordLength counts code points, not UTF-16 units', () => {
    expect(passwordLength('abc')).toBe(3);
    expect(passwordLength('🔒🔒')).toBe(2);
  });

  test('the password rule counts characters as a person does: 8 emoji pass, 7 (14 UTF-16 units) do not', () => {
    const lock = '🔒'; // one code point, two UTF-16 units
    expect(registerInput.safeParse({ ...ok, password: lock.repeat(8) }).success).toBe(true);
    expect(firstIssue(registerInput.safeParse({ ...ok, password: lock.repeat(7) }))).toBe(
      'password: must be at least 8 characters',
    );
    expect(registerInput.safeParse({ ...ok, password: lock.repeat(256) }).success).toBe(true);
    expect(firstIssue(registerInput.safeParse({ ...ok, password: lock.repeat(257) }))).toBe(
      'password: must be at most 256 characters',
    );
  });

  test('register trims names and email, keeps the password exactly as typed', () => {
    const parsed = registerInput.parse({
      ...ok,
      email: ' A@Example.com ',
      firstName: ' Ada ',
      password: '  spaced out  ',
    });
    expect(parsed.email).toBe('A@Example.com');
    expect(parsed.firstName).toBe('Ada');
    expect(parsed.password).toBe('  spaced out  ');
  });

  test('register names the first bad field', () => {
    expect(firstIssue(registerInput.safeParse({ ...ok, password: '1234567' }))).toBe(
      'password: must be at least 8 characters',
    );
    expect(firstIssue(registerInput.safeParse({ ...ok, password: 'é'.repeat(257) }))).toBe(
      'password: must be at most 256 characters',
    );
    expect(registerInput.safeParse({ ...ok, password: 'é'.repeat(256) }).success).toBe(true);
    expect(firstIssue(registerInput.safeParse({ ...ok, email: 'x' }))).toBe('email: Enter a valid email address');
    expect(firstIssue(registerInput.safeParse({ ...ok, lastName: undefined }))).toBe('lastName: is required');
    expect(firstIssue(registerInput.safeParse({ ...ok, timeZone: 'Nowhere/Land' }))).toBe(
      'timeZone: must be an IANA time zone',
    );
  });

  test('login needs both fields but does not check the email format', () => {
    expect(loginInput.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(true);
    expect(firstIssue(loginInput.safeParse({ email: 'a@b.c' }))).toBe('password: is required');
  });

  test('profile allows blank names, requires a valid email', () => {
    expect(profileInput.parse({ firstName: ' ', lastName: '', email: ' a@b.co ' })).toEqual({
      firstName: '',
      lastName: '',
      email: 'a@b.co',
    });
    expect(firstIssue(profileInput.safeParse({ firstName: 'a', lastName: 'b', email: '' }))).toBe('email: is required');
  });

  test('reset needs a token and a new password of valid length', () => {
    expect(firstIssue(resetPasswordInput.safeParse({ token: '', newPassword: 'long enough' }))).toBe(
      'token: is required',
    );
    expect(firstIssue(resetPasswordInput.safeParse({ token: 't', newPassword: 'short' }))).toBe(
      'newPassword: must be at least 8 characters',
    );
  });
});

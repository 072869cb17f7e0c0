// The pure rules behind the auth screens: the reset form's check order and the menu's labels.
import { describe, expect, test } from 'bun:test';
import { TOASTS } from '../../../shared/copy';
import { displayName, formatTrialEnd } from './AccountMenu';
import { durationText } from '../../../shared/copy';
import { resetProblem } from './ResetPasswordPage';

describe('resetProblem', () => {
  test('checks in the spec order: fields, match, length, token', () => {
    expect(resetProblem('', '', '')).toBe(TOASTS.fieldsRequired);
    expect(resetProblem('t', 'abcdefgh', '')).toBe(TOASTS.fieldsRequired);
    expect(resetProblem('', 'abc', 'abd')).toBe(TOASTS.passwordsDontMatch);
    expect(resetProblem('', 'abc', 'abc')).toBe(TOASTS.passwordTooShort);
    expect(resetProblem('', 'abcdefgh', 'abcdefgh')).toBe(TOASTS.invalidLink);
    expect(resetProblem('  ', 'abcdefgh', 'abcdefgh')).toBe(TOASTS.invalidLink);
    expect(resetProblem('token', 'abcdefgh', 'abcdefgh')).toBeNull();
  });

  test('length counts characters, not UTF-16 units, like the server', () => {
    expect(resetProblem('t', '😀😀😀😀', '😀😀😀😀')).toBe(TOASTS.passwordTooShort);
    expect(resetProblem('t', '😀😀😀😀😀😀😀😀', '😀😀😀😀😀😀😀😀')).toBeNull();
  });
});

describe('account menu labels', () => {
  test('first name, else email', () => {
    expect(displayName({ firstName: 'Ada', email: 'a@x.io' })).toBe('Ada');
    expect(displayName({ firstName: '  ', email: 'a@x.io' })).toBe('a@x.io');
    expect(displayName({ firstName: null, email: 'a@x.io' })).toBe('a@x.io');
  });

  test("trial end date, or 'Unknown'", () => {
    expect(formatTrialEnd(null)).toBe('Unknown');
    expect(formatTrialEnd(new Date('nope'))).toBe('Unknown');
    expect(formatTrialEnd(new Date(2026, 10, 29, 12))).toContain('2026');
  });
});

test('reset-link validity reads naturally', () => {
  expect(durationText(60 * 60_000)).toBe('1 hour');
  expect(durationText(120 * 60_000)).toBe('2 hours');
  expect(durationText(30 * 60_000)).toBe('30 minutes');
});

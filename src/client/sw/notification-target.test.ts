import { expect, test } from 'bun:test';
import { notificationTarget } from './notification-target';

const ORIGIN = 'https://lockin.example';

test("a notification's click opens a path of this app, and nothing else", () => {
  expect(notificationTarget('/', ORIGIN)).toBe('https://lockin.example/');
  expect(notificationTarget('/manage-subscription?x=1', ORIGIN)).toBe('https://lockin.example/manage-subscription?x=1');
  for (const elsewhere of [
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    7,
    null,
  ]) {
    expect(notificationTarget(elsewhere, ORIGIN)).toBe('https://lockin.example/');
  }
});

// The notifications toast never shows a browser's raw refusal.
import { expect, test } from 'bun:test';
import { ApiError } from '../../lib/api';
import { NOTIFICATIONS_COPY, notificationsErrorText } from './NotificationsCard';

test("the push service's refusal reads as our sentence; the server's answer as its own words", () => {
  const refused = new DOMException('Registration failed - permission denied', 'NotAllowedError');
  expect(notificationsErrorText(refused)).toBe(NOTIFICATIONS_COPY.browserRefused);
  expect(
    notificationsErrorText(
      new ApiError(400, 'endpoint: is not a known push service', 'endpoint: is not a known push service', null),
    ),
  ).toBe('endpoint: is not a known push service');
  expect(notificationsErrorText(new TypeError('Failed to fetch'))).toBe(NOTIFICATIONS_COPY.failed.description);
  expect(notificationsErrorText(new Error('Something inside'))).toBe(NOTIFICATIONS_COPY.failed.description);
});

import { describe, expect, test } from 'bun:test';
import { TRPCClientError } from '@trpc/client';
import { ApiError } from './api';
import { decodeError, isUnreachable, messageOf } from './errors';

const DAILY_LIMIT = 'You can only have 5 tasks per day. Complete or remove a task to add more.';

describe('decodeError', () => {
  test('a tRPC refusal gives its code, status and the server’s own message', () => {
    const error = TRPCClientError.from({
      error: { code: -32003, message: DAILY_LIMIT, data: { code: 'FORBIDDEN', httpStatus: 403 } },
    });
    expect(decodeError(error)).toEqual({ code: 'FORBIDDEN', status: 403, message: DAILY_LIMIT });
    expect(messageOf(error, 'fallback')).toBe(DAILY_LIMIT);
  });

  test('a REST refusal gives the code of its status and the server’s message', () => {
    const error = new ApiError(409, '409: Email already in use', 'Email already in use', {});
    expect(decodeError(error)).toEqual({ code: 'CONFLICT', status: 409, message: 'Email already in use' });
    expect(decodeError(new ApiError(418, '418: ', '', null))).toEqual({ code: null, status: 418, message: null });
  });

  test('a server that cannot be reached has no words: the caller’s fallback shows', () => {
    for (const error of [TRPCClientError.from(new TypeError('Failed to fetch')), new TypeError('Failed to fetch')]) {
      expect(decodeError(error)).toEqual({ code: null, status: null, message: null });
      expect(messageOf(error, 'Could not save')).toBe('Could not save');
    }
    expect(decodeError(null)).toEqual({ code: null, status: null, message: null });
    expect(decodeError('boom')).toEqual({ code: null, status: null, message: null });
  });

  test('an error raised in the browser before any request keeps its own words', () => {
    expect(messageOf(new Error('The file is too large to import.'), 'Import failed')).toBe(
      'The file is too large to import.',
    );
  });
});

describe('isUnreachable', () => {
  test('only a request that got no answer at all: an offline Lock-In start is timed here, anything else is not', () => {
    expect(isUnreachable(TRPCClientError.from(new TypeError('Failed to fetch')))).toBe(true);
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    const refused = TRPCClientError.from({
      error: { code: -32009, message: 'Busy', data: { code: 'CONFLICT', httpStatus: 409 } },
    });
    expect(isUnreachable(refused)).toBe(false);
    expect(isUnreachable(new ApiError(500, '500: ', '', null))).toBe(false);
    expect(isUnreachable(new Error('The file is too large to import.'))).toBe(false);
    expect(isUnreachable('boom')).toBe(false);
  });
});

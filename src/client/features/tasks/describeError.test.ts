import { describe, expect, test } from 'bun:test';
import { TRPCClientError } from '@trpc/client';
import { describeError } from './useTasksData';

describe('describeError', () => {
  test('a refusal from the server gives its code and its own message', () => {
    const error = TRPCClientError.from({
      error: {
        code: -32003,
        message: 'You can only have 5 tasks per day. Complete or remove a task to add more.',
        data: { code: 'FORBIDDEN', httpStatus: 403 },
      },
    });
    expect(describeError(error)).toEqual({
      code: 'FORBIDDEN',
      message: 'You can only have 5 tasks per day. Complete or remove a task to add more.',
    });
  });
  test('a network failure has neither (so the client uses its own words)', () => {
    expect(describeError(TRPCClientError.from(new TypeError('Failed to fetch')))).toEqual({
      code: null,
      message: null,
    });
    expect(describeError(null)).toEqual({ code: null, message: null });
  });
});

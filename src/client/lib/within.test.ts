import { describe, expect, test } from 'bun:test';
import { within } from './within';

describe('within', () => {
  test('an answer in time is the value', async () => {
    expect(await within(Promise.resolve('ready'), 60_000)).toBe('ready');
  });

  test('no answer in time is undefined', async () => {
    expect(await within(new Promise<string>(() => {}), 1)).toBeUndefined();
  });

  test('a failure is undefined, not a rejection', async () => {
    expect(await within(Promise.reject(new Error('offline')), 60_000)).toBeUndefined();
  });
});

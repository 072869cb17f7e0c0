import { describe, expect, test } from 'bun:test';
import { rejectionOf } from '../../test/support/rejection';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  test('loads on the first call and shares that answer with every later one', async () => {
    let loads = 0;
    const value = loadOnce(async () => ++loads);
    expect(loads).toBe(0);
    expect(await Promise.all([value(), value()])).toEqual([1, 1]);
    expect(await value()).toBe(1);
    expect(loads).toBe(1);
  });

  test('a failed load is not kept: the next call loads again', async () => {
    let loads = 0;
    const value = loadOnce(async () => {
      loads += 1;
      if (loads === 1) throw new Error('not yet');
      return 'ready';
    });
    expect(String(await rejectionOf(value()))).toContain('not yet');
    expect(await value()).toBe('ready');
    expect(await value()).toBe('ready');
    expect(loads).toBe(2);
  });
});

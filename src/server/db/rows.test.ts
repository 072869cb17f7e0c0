import { describe, expect, test } from 'bun:test';
import { requireRow } from './rows';

describe('requireRow', () => {
  test('gives the first row', () => {
    expect(requireRow([{ id: 'a' }, { id: 'b' }], 'user')).toEqual({ id: 'a' });
  });

  test('an empty result is an error that names the missing row', () => {
    expect(() => requireRow([], 'subscription')).toThrow('Expected the subscription row');
  });
});

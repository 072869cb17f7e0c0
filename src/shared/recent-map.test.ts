import { describe, expect, test } from 'bun:test';
import { RecentMap } from './recent-map';

describe('RecentMap', () => {
  test('holds at most max entries, dropping the least recently used', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // 'a' is now more recent than 'b'
    map.set('c', 3);
    expect(map.size).toBe(2);
    expect(map.has('b')).toBe(false);
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
  });

  test('setting a key again replaces its value without growing', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1);
    map.set('a', 2);
    expect(map.size).toBe(1);
    expect(map.get('a')).toBe(2);
  });

  test('asking for the newest key again keeps the order the next eviction goes by', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.get('a');
    map.get('a'); // already the newest: nothing moves
    map.set('c', 3);
    expect(map.has('b')).toBe(false);
    expect(map.has('a')).toBe(true);
    map.get('c');
    map.get('a');
    map.set('d', 4);
    expect([...['a', 'c', 'd'].filter((k) => map.has(k))]).toEqual(['a', 'd']);
  });

  test('entries lists least recently used first, and listing them moves nothing', () => {
    const map = new RecentMap<string, number>(3);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);
    map.get('a');
    expect([...map.entries()]).toEqual([
      ['b', 2],
      ['c', 3],
      ['a', 1],
    ]);
    map.set('d', 4);
    expect([...map.entries()].map(([k]) => k)).toEqual(['c', 'a', 'd']);
  });
});

// The cache's marks: a write of this process hides the user's cached value until its commit is
// announced, whichever of the two this process hears first.
import { describe, expect, test } from 'bun:test';
import type { Db } from '../db/client';
import { UserCache } from './user-cache';

const db = {} as Db;

function cacheHolding(value: string): UserCache<string> {
  const cache = new UserCache<string>(() => true);
  cache.set(db, 'u1', value, cache.snapshot());
  return cache;
}

/** Caches `value` as a read that starts and ends now would. */
function readAgain(cache: UserCache<string>, value: string): void {
  cache.set(db, 'u1', value, cache.snapshot());
}

describe('UserCache marks', () => {
  test('a write under way keeps the user uncached until its own commit is announced', () => {
    const cache = cacheHolding('old');
    cache.writeStarted('u1', '42');
    readAgain(cache, 'read during the write');
    expect(cache.get(db, 'u1')).toBeUndefined();
    cache.onCommitNotification('u1:41'); // another transaction's commit lifts nothing
    readAgain(cache, 'read during the write');
    expect(cache.get(db, 'u1')).toBeUndefined();
    cache.onCommitNotification('u1:42');
    readAgain(cache, 'new');
    expect(cache.get(db, 'u1')).toBe('new');
  });

  test('a commit announced before its lock was read back leaves no mark waiting for it', () => {
    const cache = cacheHolding('old');
    cache.onCommitNotification('u1:42');
    expect(cache.get(db, 'u1')).toBeUndefined();
    cache.writeStarted('u1', '42');
    readAgain(cache, 'new');
    expect(cache.get(db, 'u1')).toBe('new');
  });

  test('an announcement remembered for one user lifts nothing for another', () => {
    const cache = new UserCache<string>(() => true);
    cache.onCommitNotification('u2:42');
    cache.writeStarted('u1', '42');
    readAgain(cache, 'read during the write');
    expect(cache.get(db, 'u1')).toBeUndefined();
  });
});

import { describe, expect, test } from 'bun:test';
import type { LocalSession } from '../../../shared/lockin-input';
import {
  markImportHandled,
  pendingImport,
  readLocalSessions,
  readLocalStreak,
  recordLocalSession,
  STORAGE_KEYS,
} from './local-history';

/** Browser storage stand-in (bun has no localStorage): the same three methods over a Map. */
function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const rec = (id: string, completed = true): LocalSession => ({
  id,
  timestamp: '2026-03-10T12:00:00.000Z',
  duration: 1500,
  actualDuration: completed ? 1500 : 300,
  taskName: 'Focus Session',
  goal: null,
  completed,
});

describe('visitor history in browser storage', () => {
  test('keeps the latest 50, newest first, under lockInSessions', () => {
    const store = memoryStore();
    for (let i = 0; i < 55; i++)
      recordLocalSession(store, rec(`s${i}`, false), 'UTC', new Date('2026-03-10T12:00:00Z'));
    const list = readLocalSessions(store);
    expect(list).toHaveLength(50);
    expect(list[0]!.id).toBe('s54');
    expect(list[49]!.id).toBe('s5');
    expect(JSON.parse(store.map.get(STORAGE_KEYS.sessions)!)).toHaveLength(50);
  });

  test('completions advance lockInStreak / lastLockInDate by local day; quits never count', () => {
    const store = memoryStore();
    recordLocalSession(store, rec('a'), 'Asia/Tokyo', new Date('2026-03-10T16:00:00Z')); // 11th in Tokyo
    expect(store.map.get('lockInStreak')).toBe('1');
    expect(store.map.get('lastLockInDate')).toBe('2026-03-11');
    recordLocalSession(store, rec('b', false), 'Asia/Tokyo', new Date('2026-03-11T16:00:00Z'));
    expect(store.map.get('lockInStreak')).toBe('1');
    recordLocalSession(store, rec('c'), 'Asia/Tokyo', new Date('2026-03-11T16:00:00Z')); // 12th
    expect(store.map.get('lockInStreak')).toBe('2');
    expect(readLocalStreak(store, 'Asia/Tokyo', new Date('2026-03-12T16:00:00Z'))).toBe(2); // 13th
    expect(readLocalStreak(store, 'Asia/Tokyo', new Date('2026-03-13T16:00:00Z'))).toBe(0); // 14th
  });

  test('garbage in storage is ignored rather than breaking the page', () => {
    const store = memoryStore();
    store.setItem('lockInSessions', '{nope');
    expect(readLocalSessions(store)).toEqual([]);
    store.setItem('lockInSessions', JSON.stringify([{ id: 1 }, rec('ok')]));
    expect(readLocalSessions(store).map((s) => s.id)).toEqual(['ok']);
  });

  test('the import is offered once per record', () => {
    const store = memoryStore();
    recordLocalSession(store, rec('a'), 'UTC', new Date());
    recordLocalSession(store, rec('b'), 'UTC', new Date());
    expect(pendingImport(store).map((s) => s.id)).toEqual(['b', 'a']);
    markImportHandled(store, pendingImport(store));
    expect(pendingImport(store)).toEqual([]);
    recordLocalSession(store, rec('c'), 'UTC', new Date());
    expect(pendingImport(store).map((s) => s.id)).toEqual(['c']);
  });
});

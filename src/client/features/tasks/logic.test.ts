import { cachedFormatterCount, daysBetween, daysCarriedOver, localDate } from '../../../shared/local-date';
import { describe, expect, test } from 'bun:test';
import { categoryStyle, CATEGORY_STYLES } from '../../../shared/categories';
import type { DailyTask } from '../../../shared/tasks';
import {
  bankCountLabel,
  carryOverLabel,
  categoryChoices,
  categoryCounts,
  checkAddToDaily,
  filterBank,
  formatCreated,
  greetingName,
  ringLevel,
  sortDaily,
  toDailyTask,
  validateNewCategory,
} from './logic';

function daily(id: string, over: Partial<DailyTask> = {}): DailyTask {
  return {
    id,
    title: id,
    description: null,
    category: 'General',
    created: '2026-03-01T10:00:00.000Z',
    completed: false,
    isCarryOver: false,
    carryOverDate: null,
    plannedOn: '2026-03-01',
    ...over,
  };
}

describe('local dates', () => {
  test('the same instant is a different day in different zones', () => {
    const at = new Date('2026-03-10T02:30:00Z');
    expect(localDate(at, 'UTC')).toBe('2026-03-10');
    expect(localDate(at, 'America/New_York')).toBe('2026-03-09');
    expect(localDate(at, 'Asia/Tokyo')).toBe('2026-03-10');
  });
  test('an unknown zone falls back to UTC', () => {
    expect(localDate(new Date('2026-03-10T23:30:00Z'), 'Not/AZone')).toBe('2026-03-10');
  });
  test('days between keys counts calendar days, across month ends and DST', () => {
    expect(daysBetween('2026-03-10', '2026-03-10')).toBe(0);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
  });
});

describe('days carried over', () => {
  const now = new Date('2026-03-10T09:00:00Z');
  test('whole local days since carryOverDate', () => {
    expect(daysCarriedOver(daily('a', { carryOverDate: '2026-03-09T23:59:00Z' }), now, 'UTC')).toBe(1);
    expect(daysCarriedOver(daily('a', { carryOverDate: '2026-03-07T00:01:00Z' }), now, 'UTC')).toBe(3);
    expect(daysCarriedOver(daily('a', { carryOverDate: '2026-03-10T00:01:00Z' }), now, 'UTC')).toBe(0);
  });
  test('uses the user zone, not UTC', () => {
    // 03:00Z on 10 March is still 9 March, 23:00 in New York (EDT, UTC−4).
    const late = new Date('2026-03-10T03:00:00Z');
    expect(daysCarriedOver(daily('a', { carryOverDate: '2026-03-09T05:00:00Z' }), late, 'America/New_York')).toBe(0);
    expect(daysCarriedOver(daily('a', { carryOverDate: '2026-03-09T05:00:00Z' }), late, 'UTC')).toBe(1);
    expect(daysCarriedOver(daily('a', { carryOverDate: '2026-03-09T02:00:00Z' }), late, 'America/New_York')).toBe(1);
  });
  test('0 when completed or never carried over', () => {
    expect(daysCarriedOver(daily('a', { carryOverDate: '2026-03-01T00:00:00Z', completed: true }), now, 'UTC')).toBe(0);
    expect(daysCarriedOver(daily('a'), now, 'UTC')).toBe(0);
  });
  test('a task never carried over asks Intl for nothing (its first formatter is most of a phone’s first render)', () => {
    const before = cachedFormatterCount();
    expect(daysCarriedOver(daily('a'), now, 'Pacific/Pitcairn')).toBe(0);
    expect(
      daysCarriedOver(daily('b', { carryOverDate: '2026-03-01T00:00:00Z', completed: true }), now, 'Pacific/Pitcairn'),
    ).toBe(0);
    expect(cachedFormatterCount()).toBe(before);
  });
  test('labels', () => {
    expect(carryOverLabel(1)).toBe('1 day ago');
    expect(carryOverLabel(2)).toBe('2 days ago');
    expect(carryOverLabel(12)).toBe('12 days ago');
  });
  test('ring level thresholds at 1, 3 and 7 days', () => {
    expect([0, 1, 2, 3, 6, 7, 30].map(ringLevel)).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });
});

describe('Today’s Focus order', () => {
  const now = new Date('2026-03-10T09:00:00Z');
  test('incomplete by days carried over (most first), then arrival order; completed last', () => {
    const tasks = [
      daily('done-1', { completed: true }),
      daily('fresh-1'),
      daily('old-1', { carryOverDate: '2026-03-09T08:00:00Z' }),
      daily('done-2', { completed: true, carryOverDate: '2026-03-01T08:00:00Z' }),
      daily('fresh-2'),
      daily('old-5', { carryOverDate: '2026-03-05T08:00:00Z' }),
    ];
    expect(sortDaily(tasks, now, 'UTC').map((t) => t.id)).toEqual([
      'old-5',
      'old-1',
      'fresh-1',
      'fresh-2',
      'done-1',
      'done-2',
    ]);
  });
  test('completing a task moves it below every incomplete one; does not mutate the input', () => {
    const tasks = [daily('a'), daily('b'), daily('c')];
    const toggled = tasks.map((t) => (t.id === 'a' ? { ...t, completed: true } : t));
    expect(sortDaily(toggled, now, 'UTC').map((t) => t.id)).toEqual(['b', 'c', 'a']);
    expect(tasks.map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('bank helpers', () => {
  const bank = [
    { id: '1', title: 'a', category: 'Work' },
    { id: '2', title: 'b', category: 'Zebra' },
    { id: '3', title: 'c', category: 'Work' },
    { id: '4', title: 'd', category: 'General' },
    { id: '5', title: 'e', category: 'Alpha' },
  ];
  test('counts per category in use, built-ins first in list order, then custom by name', () => {
    expect(categoryCounts(bank)).toEqual([
      { category: 'General', count: 1 },
      { category: 'Work', count: 2 },
      { category: 'Alpha', count: 1 },
      { category: 'Zebra', count: 1 },
    ]);
    expect(categoryCounts([])).toEqual([]);
  });
  test('filter by category or all', () => {
    expect(filterBank(bank, 'Work').map((t) => t.id)).toEqual(['1', '3']);
    expect(filterBank(bank, null)).toHaveLength(5);
    expect(filterBank(bank, 'Health')).toEqual([]);
  });
  test('count label: premium "n tasks", free "n / 10 tasks"', () => {
    expect(bankCountLabel(3, null)).toBe('3 tasks');
    expect(bankCountLabel(1, null)).toBe('1 task');
    expect(bankCountLabel(10, 10)).toBe('10 / 10 tasks');
  });
  test('created date or "No date"', () => {
    expect(formatCreated('2026-03-10T09:00:00Z', 'en-US')).toBe('Mar 10, 2026');
    expect(formatCreated(null)).toBe('No date');
    expect(formatCreated('garbage')).toBe('No date');
  });
});

describe('categories', () => {
  test('a new category is trimmed, non-empty and not already present (case-sensitive)', () => {
    expect(validateNewCategory('  Reading ', [])).toBe('Reading');
    expect(validateNewCategory('   ', [])).toBeNull();
    expect(validateNewCategory('Work', [])).toBeNull();
    expect(validateNewCategory('work', [])).toBe('work');
    expect(validateNewCategory('Reading', ['Reading'])).toBeNull();
  });
  test('choices: built-ins, custom, then an unknown current category', () => {
    const choices = categoryChoices(['Reading'], 'Legacy');
    expect(choices.slice(0, 12)).toEqual([
      'General',
      'Work',
      'Personal',
      'Health',
      'Learning',
      'School',
      'Creative',
      'Finance',
      'Social',
      'Family',
      'Urgent',
      'Projects',
    ]);
    expect(choices.slice(12)).toEqual(['Reading', 'Legacy']);
    expect(categoryChoices([], 'Work')).toHaveLength(12);
  });
  test('unknown categories take the General style', () => {
    expect(categoryStyle('Reading')).toBe(CATEGORY_STYLES.General);
    expect(categoryStyle('Urgent')).toBe(CATEGORY_STYLES.Urgent);
    expect(categoryStyle('Urgent')).not.toBe(CATEGORY_STYLES.General);
    expect(new Set(Object.values(CATEGORY_STYLES)).size).toBe(12);
  });
});

describe('adding to Today’s Focus', () => {
  test('already on the list names the task; more than 5 is refused; otherwise ok', () => {
    const onList = [daily('a'), daily('b')];
    expect(checkAddToDaily([{ id: 'a', title: 'Alpha' }], onList)).toEqual({
      ok: false,
      reason: 'already',
      title: 'Alpha',
    });
    expect(checkAddToDaily([{ id: 'c', title: 'C' }], onList)).toEqual({ ok: true });
    const full = ['a', 'b', 'c', 'd', 'e'].map((id) => daily(id));
    expect(checkAddToDaily([{ id: 'f', title: 'F' }], full)).toEqual({ ok: false, reason: 'limit' });
    expect(
      checkAddToDaily(
        ['c', 'd', 'e', 'f'].map((id) => ({ id, title: id })),
        onList,
      ),
    ).toEqual({ ok: false, reason: 'limit' });
    expect(
      checkAddToDaily(
        ['c', 'd', 'e'].map((id) => ({ id, title: id })),
        onList,
      ),
    ).toEqual({ ok: true });
  });
  test('a bank task becomes an incomplete, not carried over daily task', () => {
    const task = { id: 'x', title: 'X', description: 'd', category: 'Work', created: '2026-03-01T00:00:00Z' };
    expect(toDailyTask(task, '2026-03-10')).toEqual({
      ...task,
      completed: false,
      isCarryOver: false,
      carryOverDate: null,
      plannedOn: '2026-03-10',
    });
  });
  test('greeting name: first name, else email, else User', () => {
    expect(greetingName({ firstName: 'Ada', email: 'a@b.c' })).toBe('Ada');
    expect(greetingName({ firstName: '', email: 'a@b.c' })).toBe('a@b.c');
    expect(greetingName({ firstName: null, email: null })).toBe('User');
    expect(greetingName(null)).toBe('User');
  });
});

import { describe, expect, test } from 'bun:test';
import { daysCarriedOver } from '../../shared/local-date';
import { compareDaily, isResetDue, planReset, type ResetCandidate } from './daily-reset';

const at = (iso: string) => new Date(iso);

describe('isResetDue', () => {
  test('not due within the same local day, due once the local date changes', () => {
    expect(isResetDue(at('2026-03-10T00:00:00Z'), at('2026-03-10T23:59:59Z'), 'UTC')).toBe(false);
    expect(isResetDue(at('2026-03-10T23:59:59Z'), at('2026-03-11T00:00:00Z'), 'UTC')).toBe(true);
  });

  test('the same last reset read in another zone is judged in that zone (the kept date is per zone)', () => {
    const lastReset = at('2026-03-10T23:30:00Z'); // the 10th in UTC, 19:30 on the 10th in New York
    const now = at('2026-03-11T00:30:00Z');
    expect(isResetDue(lastReset, now, 'UTC')).toBe(true);
    expect(isResetDue(lastReset, now, 'America/New_York')).toBe(false);
    expect(isResetDue(lastReset, now, 'UTC')).toBe(true);
  });

  test("midnight is the user's midnight, not UTC's", () => {
    // 23:00 UTC on the 10th is 19:00 in New York (EDT, after the March switch): same day as 13:00.
    expect(isResetDue(at('2026-03-10T17:00:00Z'), at('2026-03-10T23:00:00Z'), 'America/New_York')).toBe(false);
    // 04:30 UTC on the 11th is 00:30 on the 11th in New York: a new day.
    expect(isResetDue(at('2026-03-10T23:00:00Z'), at('2026-03-11T04:30:00Z'), 'America/New_York')).toBe(true);
    // UTC crosses midnight but Los Angeles does not.
    expect(isResetDue(at('2026-03-10T20:00:00Z'), at('2026-03-11T01:00:00Z'), 'America/Los_Angeles')).toBe(false);
  });

  test('America/New_York spring-forward day (23 hours): due at local midnight, not 24 hours later', () => {
    const lastReset = at('2026-03-08T05:00:00Z'); // 00:00 EST, 8 March
    expect(isResetDue(lastReset, at('2026-03-09T03:59:59Z'), 'America/New_York')).toBe(false); // 23:59:59 EDT
    expect(isResetDue(lastReset, at('2026-03-09T04:00:00Z'), 'America/New_York')).toBe(true); // 00:00 EDT, 9 March
    // The switch itself (02:00 EST -> 03:00 EDT) is no new day.
    expect(isResetDue(at('2026-03-08T06:59:00Z'), at('2026-03-08T07:01:00Z'), 'America/New_York')).toBe(false);
  });

  test('America/New_York fall-back day (25 hours): the repeated hour is the same day', () => {
    const lastReset = at('2026-11-01T04:00:00Z'); // 00:00 EDT, 1 November
    expect(isResetDue(lastReset, at('2026-11-01T05:30:00Z'), 'America/New_York')).toBe(false); // 01:30 EDT
    expect(isResetDue(lastReset, at('2026-11-01T06:30:00Z'), 'America/New_York')).toBe(false); // 01:30 EST again
    expect(isResetDue(lastReset, at('2026-11-02T04:59:59Z'), 'America/New_York')).toBe(false); // 23:59:59 EST
    expect(isResetDue(lastReset, at('2026-11-02T05:00:00Z'), 'America/New_York')).toBe(true); // 00:00 EST, 2 November
  });

  test('Pacific/Auckland: a new day while UTC is still on the same date', () => {
    // 10:00 UTC = 23:00 NZDT on the 10th; 11:30 UTC = 00:30 NZDT on the 11th.
    expect(isResetDue(at('2026-03-10T10:00:00Z'), at('2026-03-10T11:30:00Z'), 'Pacific/Auckland')).toBe(true);
    expect(isResetDue(at('2026-03-10T10:00:00Z'), at('2026-03-10T10:59:59Z'), 'Pacific/Auckland')).toBe(false);
    // Auckland's DST ends 5 April 2026 at 03:00 NZDT -> 02:00 NZST: a 25-hour day, one reset.
    const lastReset = at('2026-04-04T11:00:00Z'); // 00:00 NZDT, 5 April
    expect(isResetDue(lastReset, at('2026-04-05T11:59:59Z'), 'Pacific/Auckland')).toBe(false); // 23:59:59 NZST
    expect(isResetDue(lastReset, at('2026-04-05T12:00:00Z'), 'Pacific/Auckland')).toBe(true); // 00:00 NZST, 6 April
  });

  test('Asia/Kolkata: the half-hour offset moves midnight to 18:30 UTC', () => {
    expect(isResetDue(at('2026-03-10T12:00:00Z'), at('2026-03-10T18:29:59Z'), 'Asia/Kolkata')).toBe(false);
    expect(isResetDue(at('2026-03-10T12:00:00Z'), at('2026-03-10T18:30:00Z'), 'Asia/Kolkata')).toBe(true);
  });

  test('a user whose zone changes is judged by the calendar of the new zone', () => {
    const lastReset = at('2026-03-10T23:30:00Z'); // the 10th in UTC, already the 11th in Tokyo
    const now = at('2026-03-11T00:10:00Z');
    expect(isResetDue(lastReset, now, 'UTC')).toBe(true);
    expect(isResetDue(lastReset, now, 'Asia/Tokyo')).toBe(false);
    // Moving west: same instants, New York still on the 10th for both.
    expect(isResetDue(lastReset, now, 'America/New_York')).toBe(false);
  });

  test('several days away is one reset, and a clock moved back also counts as another day', () => {
    expect(isResetDue(at('2026-03-01T12:00:00Z'), at('2026-03-10T12:00:00Z'), 'UTC')).toBe(true);
    expect(isResetDue(at('2026-03-10T12:00:00Z'), at('2026-03-09T12:00:00Z'), 'UTC')).toBe(true);
  });
});

function candidate(id: string, over: Partial<ResetCandidate> = {}): ResetCandidate {
  return {
    id,
    completed: false,
    isCarryOver: false,
    carryOverDate: null,
    plannedOn: '2026-03-10',
    addedAt: at('2026-03-10T09:00:00Z'),
    seq: 1,
    ...over,
  };
}

describe('planReset', () => {
  const previous = at('2026-03-10T08:00:00Z');

  test('drops completed entries and carries over incomplete ones with the previous reset time', () => {
    const plan = planReset(
      [candidate('done1', { completed: true }), candidate('open'), candidate('done2', { completed: true })],
      previous,
    );
    expect(plan.removed).toBe(2);
    expect(plan.carriedOver).toBe(1);
    expect(plan.remove.sort()).toEqual(['done1', 'done2']);
    expect(plan.carry).toEqual([{ id: 'open', carryOverDate: previous }]);
  });

  test('an empty list resets to an empty list', () => {
    expect(planReset([], previous)).toEqual({ remove: [], carry: [], removed: 0, carriedOver: 0 });
  });

  test('keeps at most 5 incomplete entries, the oldest-planned first', () => {
    const tasks = [
      candidate('new1', { plannedOn: '2026-03-10', seq: 10 }),
      candidate('old1', { plannedOn: '2026-03-05', seq: 1 }),
      candidate('new2', { plannedOn: '2026-03-10', seq: 11 }),
      candidate('mid1', { plannedOn: '2026-03-08', addedAt: at('2026-03-08T10:00:00Z'), seq: 5 }),
      candidate('mid2', { plannedOn: '2026-03-08', addedAt: at('2026-03-08T09:00:00Z'), seq: 6 }),
      candidate('old2', { plannedOn: '2026-03-06', seq: 2 }),
      candidate('new3', { plannedOn: '2026-03-10', seq: 12 }),
    ];
    const plan = planReset(tasks, previous);
    expect(plan.carry.map((c) => c.id)).toEqual(['old1', 'old2', 'mid2', 'mid1', 'new1']);
    expect(plan.remove.sort()).toEqual(['new2', 'new3']);
    expect(plan.carriedOver).toBe(5);
    expect(plan.removed).toBe(0);
  });

  test('an entry carried over before keeps its first carry-over date', () => {
    const first = at('2026-03-08T07:00:00Z');
    const plan = planReset([candidate('again', { isCarryOver: true, carryOverDate: first })], previous);
    expect(plan.carry).toEqual([{ id: 'again', carryOverDate: first }]);
  });
});

describe('daysCarriedOver', () => {
  const carried = (carryOverDate: string, completed = false) => ({
    completed,
    isCarryOver: true,
    carryOverDate: at(carryOverDate),
  });

  test('whole local days since the carry-over date', () => {
    expect(daysCarriedOver(carried('2026-03-09T12:00:00Z'), at('2026-03-10T00:30:00Z'), 'UTC')).toBe(1);
    expect(daysCarriedOver(carried('2026-03-07T23:00:00Z'), at('2026-03-10T08:00:00Z'), 'UTC')).toBe(3);
    expect(daysCarriedOver(carried('2026-03-03T12:00:00Z'), at('2026-03-10T12:00:00Z'), 'UTC')).toBe(7);
  });

  test('0 when completed or not carried over', () => {
    expect(daysCarriedOver(carried('2026-03-01T12:00:00Z', true), at('2026-03-10T12:00:00Z'), 'UTC')).toBe(0);
    expect(daysCarriedOver({ completed: false, carryOverDate: null }, at('2026-03-10T12:00:00Z'), 'UTC')).toBe(0);
  });

  test("counted on the user's calendar, across a DST switch", () => {
    // Carried over at 22:00 EST on 7 March; 00:30 EDT on 9 March is two local days later
    // although fewer than 48 hours have passed.
    const task = carried('2026-03-08T03:00:00Z');
    expect(daysCarriedOver(task, at('2026-03-09T04:30:00Z'), 'America/New_York')).toBe(2);
    expect(daysCarriedOver(task, at('2026-03-09T04:30:00Z'), 'UTC')).toBe(1);
    // Kolkata: 18:00 UTC on the 9th is 23:30 IST; 19:00 UTC on the 9th is already the 10th.
    expect(daysCarriedOver(carried('2026-03-09T17:00:00Z'), at('2026-03-09T19:00:00Z'), 'Asia/Kolkata')).toBe(1);
  });
});

describe("compareDaily (Today's Focus order)", () => {
  const entry = (id: string, completed: boolean, days: number, addedAt: string, seq: number) => ({
    id,
    completed,
    daysCarriedOver: days,
    addedAt: at(addedAt),
    seq,
  });

  test('incomplete first by days carried over (most first), then as added; completed last', () => {
    const list = [
      entry('doneOld', true, 0, '2026-03-01T00:00:00Z', 1),
      entry('fresh2', false, 0, '2026-03-10T10:00:00Z', 8),
      entry('carried1', false, 1, '2026-03-09T10:00:00Z', 5),
      entry('fresh1', false, 0, '2026-03-10T09:00:00Z', 9),
      entry('carried3', false, 3, '2026-03-07T10:00:00Z', 3),
      entry('doneNew', true, 0, '2026-03-10T08:00:00Z', 7),
      entry('sameTimeB', false, 0, '2026-03-10T11:00:00Z', 11),
      entry('sameTimeA', false, 0, '2026-03-10T11:00:00Z', 10),
    ];
    expect(list.sort(compareDaily).map((e) => e.id)).toEqual([
      'carried3',
      'carried1',
      'fresh1',
      'fresh2',
      'sameTimeA',
      'sameTimeB',
      'doneOld',
      'doneNew',
    ]);
  });
});

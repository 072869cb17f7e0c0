// The pure insights rules: heatmap levels, overdue colours, the best-hours sentence, formatting.
import { describe, expect, test } from 'bun:test';
import {
  bestFocusHours,
  dayLabel,
  daysOverdueLabel,
  heatmapLevel,
  hourLabel,
  hourRange,
  overdueColour,
} from './insights';

describe('heatmapLevel', () => {
  test('0 is empty; up to 0.2, 0.4, 0.6, 0.8 give levels 1–4; above 0.8 the darkest', () => {
    expect(heatmapLevel(0, 10)).toBe(0);
    expect(heatmapLevel(1, 10)).toBe(1);
    expect(heatmapLevel(2, 10)).toBe(1);
    expect(heatmapLevel(3, 10)).toBe(2);
    expect(heatmapLevel(4, 10)).toBe(2);
    expect(heatmapLevel(5, 10)).toBe(3);
    expect(heatmapLevel(6, 10)).toBe(3);
    expect(heatmapLevel(7, 10)).toBe(4);
    expect(heatmapLevel(8, 10)).toBe(4);
    expect(heatmapLevel(9, 10)).toBe(5);
    expect(heatmapLevel(10, 10)).toBe(5);
    expect(heatmapLevel(0, 0)).toBe(0);
  });
});

describe('overdueColour', () => {
  test('below 3 yellow, 3 to 6 orange, 7 or more red', () => {
    expect([0, 1, 2].map(overdueColour)).toEqual(['yellow', 'yellow', 'yellow']);
    expect([3, 6].map(overdueColour)).toEqual(['orange', 'orange']);
    expect([7, 30].map(overdueColour)).toEqual(['red', 'red']);
  });
  test('labels', () => {
    expect(daysOverdueLabel(1)).toBe('1 day overdue');
    expect(daysOverdueLabel(4)).toBe('4 days overdue');
  });
});

describe('best focus hours', () => {
  test('asks for more sessions below ten', () => {
    expect(bestFocusHours([{ day: 1, hour: 9, count: 9 }])).toEqual({
      ready: false,
      needed: 1,
      sentence: 'Complete 1 more focus session to find your best focus hours.',
    });
    expect(bestFocusHours([]).sentence).toBe('Complete 10 more focus sessions to find your best focus hours.');
  });
  test('the two-hour window with the most sessions', () => {
    const r = bestFocusHours([
      { day: 1, hour: 9, count: 4 },
      { day: 1, hour: 10, count: 3 },
      { day: 3, hour: 9, count: 5 },
    ]);
    expect(r).toEqual({
      ready: true,
      day: 1,
      startHour: 9,
      endHour: 11,
      sentence: 'You focus best on Tuesday mornings, 9–11am',
    });
  });
  test('a lone best hour is a one-hour window; afternoons and the noon crossing read well', () => {
    expect(bestFocusHours([{ day: 4, hour: 15, count: 10 }]).sentence).toBe(
      'You focus best on Friday afternoons, 3–4pm',
    );
    expect(
      bestFocusHours([
        { day: 6, hour: 11, count: 5 },
        { day: 6, hour: 12, count: 5 },
      ]).sentence,
    ).toBe('You focus best on Sunday mornings, 11am–1pm');
    expect(bestFocusHours([{ day: 0, hour: 23, count: 12 }]).sentence).toBe(
      'You focus best on Monday nights, 11pm–12am',
    );
  });
  test('hour labels', () => {
    expect([0, 9, 12, 15, 24].map(hourLabel)).toEqual(['12am', '9am', '12pm', '3pm', '12am']);
    expect(hourRange(18, 20)).toBe('6–8pm');
  });
});

describe('formatting', () => {
  test('day labels like Mon, Nov 3', () => {
    expect(dayLabel('2025-11-03')).toBe('Mon, Nov 3');
    expect(dayLabel('2026-03-10')).toBe('Tue, Mar 10');
  });
});

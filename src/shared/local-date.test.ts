import { describe, expect, spyOn, test } from 'bun:test';
import {
  cachedFormatterCount,
  canonicalTimeZone,
  daysBetween,
  FORMATTER_CACHE_SIZE,
  isValidTimeZone,
  localDate,
  safeTimeZone,
  utcDate,
} from './local-date';

const at = (iso: string) => new Date(iso);

describe('localDate', () => {
  test('reads the calendar date in the zone, not in UTC', () => {
    expect(localDate(at('2026-03-10T23:30:00Z'), 'UTC')).toBe('2026-03-10');
    expect(localDate(at('2026-03-10T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-11');
    expect(localDate(at('2026-03-10T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09');
  });

  test('Asia/Kolkata: the half-hour offset decides the day', () => {
    expect(localDate(at('2026-03-10T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-03-10');
    expect(localDate(at('2026-03-10T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-03-11');
  });

  test('Pacific/Auckland: ahead of UTC by 13 hours in (southern) summer', () => {
    expect(localDate(at('2026-03-10T10:59:59Z'), 'Pacific/Auckland')).toBe('2026-03-10');
    expect(localDate(at('2026-03-10T11:00:00Z'), 'Pacific/Auckland')).toBe('2026-03-11');
  });

  test('an unknown zone falls back to UTC instead of failing', () => {
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(safeTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(safeTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(localDate(at('2026-03-10T23:30:00Z'), 'Mars/Olympus_Mons')).toBe('2026-03-10');
  });

  // localDate keeps, per zone, the minute it was last asked for: these would fail if that minute's
  // answer were given for an instant on the other side of a midnight.
  test('asked again and again within one minute, each instant still gets its own date', () => {
    // Liberia kept −0:44:30 until 1972: Monrovia's midnight fell 30 s into a UTC minute.
    const monrovia = ['1971-06-01T00:44:10Z', '1971-06-01T00:44:50Z', '1971-06-01T00:44:20Z', '1971-06-01T00:44:59Z'];
    expect(monrovia.map((iso) => localDate(at(iso), 'Africa/Monrovia'))).toEqual([
      '1971-05-31',
      '1971-06-01',
      '1971-05-31',
      '1971-06-01',
    ]);
    // A whole minute either side of Berlin's midnight (23:00 UTC in winter), asked in turn.
    const berlin = ['2026-01-15T22:59:00Z', '2026-01-15T22:59:30Z', '2026-01-15T22:59:59.999Z', '2026-01-15T23:00:00Z'];
    expect(berlin.map((iso) => localDate(at(iso), 'Europe/Berlin'))).toEqual([
      '2026-01-15',
      '2026-01-15',
      '2026-01-15',
      '2026-01-16',
    ]);
    expect(localDate(at('2026-01-15T22:59:10Z'), 'Europe/Berlin')).toBe('2026-01-15');
  });

  test("past instants asked between two asks for 'now' do not cost 'now' its kept minute", () => {
    const zone = 'America/Chicago';
    const now = at('2026-05-20T15:30:10Z');
    const carriedOver = at('2026-05-17T20:00:00Z');
    localDate(now, zone);
    localDate(carriedOver, zone);
    localDate(at('2026-05-20T15:30:20Z'), zone); // the second ask: the minute is checked and kept
    localDate(carriedOver, zone);
    const formatToParts = spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      expect(localDate(at('2026-05-20T15:30:40Z'), zone)).toBe('2026-05-20');
      expect(formatToParts).not.toHaveBeenCalled();
    } finally {
      formatToParts.mockRestore();
    }
  });

  test('agrees with Intl for instants around midnights and DST switches in several zones', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham'];
    const starts = ['2026-03-08T04:00:00Z', '2026-03-29T00:00:00Z', '2026-10-04T12:00:00Z', '2026-11-01T04:00:00Z'];
    for (const zone of zones) {
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      for (const start of starts) {
        // Every 7 minutes and 13 seconds over two days, each minute asked twice.
        for (let t = Date.parse(start); t < Date.parse(start) + 2 * 86_400_000; t += 433_000) {
          for (const instant of [new Date(t), new Date(t + 20_000)]) {
            expect(`${zone} ${instant.toISOString()} ${localDate(instant, zone)}`).toBe(
              `${zone} ${instant.toISOString()} ${intl.format(instant)}`,
            );
          }
        }
      }
    }
  });
});

describe('daysBetween', () => {
  test('counts calendar days, including across months and years', () => {
    expect(daysBetween('2026-03-10', '2026-03-10')).toBe(0);
    expect(daysBetween('2026-03-10', '2026-03-11')).toBe(1);
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-03-11', '2026-03-10')).toBe(-1);
  });

  test('a 23-hour and a 25-hour day still count as one day (America/New_York DST switches)', () => {
    // 8 March 2026 is 23 hours long in New York, 1 November 2026 is 25 hours long.
    const startOfMar8 = localDate(at('2026-03-08T05:00:00Z'), 'America/New_York');
    const startOfMar9 = localDate(at('2026-03-09T04:00:00Z'), 'America/New_York');
    expect([startOfMar8, startOfMar9]).toEqual(['2026-03-08', '2026-03-09']);
    expect(daysBetween(startOfMar8, startOfMar9)).toBe(1);
    const nov1 = localDate(at('2026-11-01T04:00:00Z'), 'America/New_York');
    const lateNov1 = localDate(at('2026-11-02T04:59:00Z'), 'America/New_York');
    expect(nov1).toBe('2026-11-01');
    expect(lateNov1).toBe('2026-11-01');
    expect(daysBetween(nov1, lateNov1)).toBe(0);
  });
});

describe('utcDate', () => {
  test('is the UTC midnight of a calendar date', () => {
    expect(utcDate('2026-03-10').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(utcDate('2024-02-29').getUTCDay()).toBe(4); // a Thursday
  });

  test('text that is not a date gives an Invalid Date, not a wrong day', () => {
    expect(Number.isNaN(utcDate('').getTime())).toBe(true);
    expect(Number.isNaN(utcDate('2026-03').getTime())).toBe(true);
  });
});

describe('canonicalTimeZone', () => {
  test('any letter case resolves to the name Intl knows', () => {
    expect(canonicalTimeZone('aMeRiCa/ArGeNtInA/cOmOdRiVaDaViA')).toBe('America/Argentina/ComodRivadavia');
    expect(canonicalTimeZone('asia/kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });

  test('UTC offsets and unknown or over-long names are refused', () => {
    for (const zone of ['+05:30', '-0538', '+14', 'Mars/Olympus_Mons', '', 'Z', `Europe/${'x'.repeat(80)}`]) {
      expect(canonicalTimeZone(zone)).toBeNull();
      expect(isValidTimeZone(zone)).toBe(false);
    }
  });

  test('the formatter cache is keyed by canonical name and bounded', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    for (const zone of zones) {
      localDate(at('2026-03-10T12:00:00Z'), zone);
      localDate(at('2026-03-10T12:00:00Z'), zone.toUpperCase());
      localDate(at('2026-03-10T12:00:00Z'), zone.toLowerCase());
    }
    expect(zones.length).toBeGreaterThan(FORMATTER_CACHE_SIZE);
    expect(cachedFormatterCount()).toBe(FORMATTER_CACHE_SIZE);
    // Still right after evictions.
    expect(localDate(at('2026-03-10T23:30:00Z'), 'ASIA/TOKYO')).toBe('2026-03-11');
  });
});

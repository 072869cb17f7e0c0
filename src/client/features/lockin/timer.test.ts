import { describe, expect, test } from 'bun:test';
import {
  clockOffsetMs,
  countdownTitle,
  elapsedSeconds,
  formatCountdown,
  minuteAnnouncement,
  remainingSeconds,
} from './timer';

const START = Date.parse('2026-03-10T12:00:00Z');
const END = START + 25 * 60_000;

describe('countdown by the wall clock', () => {
  test('remaining = end − now, rounded up to whole seconds', () => {
    expect(remainingSeconds(END, START)).toBe(1500);
    expect(remainingSeconds(END, START + 400)).toBe(1500);
    expect(remainingSeconds(END, START + 1000)).toBe(1499);
    expect(remainingSeconds(END, END - 1)).toBe(1);
    expect(remainingSeconds(END, END)).toBe(0);
    expect(remainingSeconds(END, END + 5000)).toBe(0);
  });

  test('a throttled tab whose timer fired only a few times still reads the right time', () => {
    // A background tab may tick once a minute (or less); each tick reads the clock afresh.
    const ticks = [START + 1000, START + 61_000, START + 300_000, START + 1_000_000];
    expect(ticks.map((t) => remainingSeconds(END, t))).toEqual([1499, 1439, 1200, 500]);
  });

  test('after the laptop slept past the end the countdown is at zero, not where it stopped', () => {
    const beforeSleep = remainingSeconds(END, START + 600_000);
    expect(beforeSleep).toBe(900);
    expect(remainingSeconds(END, START + 3 * 3600_000)).toBe(0);
    expect(elapsedSeconds(START, 1500, START + 3 * 3600_000)).toBe(1500);
  });

  test('a browser clock 2 minutes behind is corrected by the offset from the server', () => {
    const browserNow = START - 120_000; // browser believes it is 11:58 when the server says 12:00
    const offset = clockOffsetMs(new Date(START).toISOString(), browserNow);
    expect(offset).toBe(120_000);
    expect(remainingSeconds(END, browserNow, offset)).toBe(1500);
    expect(remainingSeconds(END, browserNow)).toBe(1620); // uncorrected: wrong by 2 minutes
    expect(clockOffsetMs('not a date', browserNow)).toBe(0);
  });

  test('elapsed seconds are bounded by 0 and the goal', () => {
    expect(elapsedSeconds(START, 1500, START - 5000)).toBe(0);
    expect(elapsedSeconds(START, 1500, START + 90_500)).toBe(90);
  });
});

describe('display', () => {
  test('MM:SS below an hour, H:MM:SS from an hour', () => {
    expect(formatCountdown(1500)).toBe('25:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(7199)).toBe('1:59:59');
    expect(countdownTitle(754)).toBe('12:34 · Lock-In');
  });

  test('the screen-reader text changes once a minute, not every second', () => {
    const texts = new Set<string>();
    for (let s = 1500; s > 1440; s--) texts.add(minuteAnnouncement(s));
    expect([...texts]).toEqual(['25 minutes remaining']);
    expect(minuteAnnouncement(1440)).toBe('24 minutes remaining');
    expect(minuteAnnouncement(61)).toBe('2 minutes remaining');
    expect(minuteAnnouncement(60)).toBe('1 minute remaining');
    expect(minuteAnnouncement(59)).toBe('Less than a minute remaining');
    expect(minuteAnnouncement(0)).toBe('Session complete');
  });
});

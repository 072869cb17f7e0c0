// What makes an entry of the blocked-sites list a domain, and how it is written.
import { describe, expect, test } from 'bun:test';
import {
  BLOCK_PRESETS,
  BLOCKED_SITES_PER_REQUEST,
  BLOCKING_COPY,
  blockingOnPlan,
  FREE_BLOCKED_SITES_LIMIT,
  normalizeSite,
} from './blocking';

describe('normalizeSite', () => {
  test('a URL, a host in any case, www. and a trailing dot all give the bare domain', () => {
    expect(normalizeSite('https://www.YouTube.com/watch?v=1')).toBe('youtube.com');
    expect(normalizeSite('  Reddit.COM  ')).toBe('reddit.com');
    expect(normalizeSite('m.facebook.com.')).toBe('m.facebook.com');
    expect(normalizeSite('news.ycombinator.com/item?id=1')).toBe('news.ycombinator.com');
  });
  test('an internationalised name is kept in punycode, as browsers match it', () => {
    expect(normalizeSite('bücher.example')).toBe('xn--bcher-kva.example');
    expect(normalizeSite('https://例え.jp/')).toBe('xn--r8jz45g.jp');
  });
  test('what is not a domain is refused: a word, an IP address, a bad label, nothing', () => {
    for (const bad of [
      'youtube',
      '127.0.0.1',
      '[::1]',
      '-bad-.com',
      'a..b',
      '',
      '   ',
      'http://',
      `${'a'.repeat(64)}.com`,
    ])
      expect(normalizeSite(bad)).toBeNull();
  });
  test('every preset is already normalised and fits one request', () => {
    for (const sites of Object.values(BLOCK_PRESETS)) {
      expect(sites.length).toBeLessThanOrEqual(BLOCKED_SITES_PER_REQUEST);
      for (const site of sites) expect(normalizeSite(site)).toBe(site);
    }
  });
});

describe('blockingOnPlan', () => {
  const list = ['f.example', 'a.example', 'e.example', 'b.example', 'd.example', 'c.example', 'g.example'];
  test('Premium enforces the whole list in the chosen mode', () => {
    expect(blockingOnPlan(list, 'allow_only', true)).toEqual({ mode: 'allow_only', sites: list, paused: [] });
  });
  test(`the free plan enforces the first ${FREE_BLOCKED_SITES_LIMIT} added, blocked; the rest is paused`, () => {
    expect(blockingOnPlan(list, 'allow_only', false)).toEqual({
      mode: 'block_listed',
      sites: list.slice(0, FREE_BLOCKED_SITES_LIMIT),
      paused: list.slice(FREE_BLOCKED_SITES_LIMIT),
    });
    expect(blockingOnPlan(list.slice(0, 2), 'block_listed', false).paused).toEqual([]);
  });
});

describe('the paused note', () => {
  test('says what is paused and that nothing was deleted', () => {
    expect(BLOCKING_COPY.pausedNote(25, true)).toBe(
      "Your plan is free now, so the extension blocks the first 5 sites you added. 'Allow only these sites' is paused. 25 more sites are paused. Nothing was deleted: it all comes back with Premium.",
    );
    expect(BLOCKING_COPY.pausedNote(1, false)).toBe(
      'Your plan is free now, so the extension blocks the first 5 sites you added. 1 more site is paused. Nothing was deleted: it all comes back with Premium.',
    );
  });
});

// What makes an entry of the blocked-sites list a domain, and how it is written.
import { describe, expect, test } from 'bun:test';
import { BLOCK_PRESETS, BLOCKED_SITES_PER_REQUEST, normalizeSite } from './blocking';

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

// The rules the extension gives the browser, for each state the server can answer.
import { describe, expect, test } from 'bun:test';
import type { ExtensionState } from '../src/shared/blocking';
import { blockedSiteOf, blockingRules, RULE_IDS, sessionEndMs } from './rules';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const LOCKED = 'chrome-extension://abc/pages/locked.html';

function state(overrides: Partial<ExtensionState> = {}): ExtensionState {
  return {
    serverNow: new Date(NOW).toISOString(),
    mode: 'block_listed',
    sites: ['youtube.com', 'reddit.com'],
    session: {
      id: 's1',
      taskTitle: 'Report',
      goalText: null,
      goalMinutes: 25,
      endsAt: new Date(NOW + 25 * 60_000).toISOString(),
    },
    checkAfterSeconds: 60,
    ...overrides,
  };
}

const options = (permitted: string[], endMs: number | null = NOW + 60_000) => ({
  endMs,
  nowMs: NOW,
  permitted: new Set(permitted),
  appHost: 'lockin.example.com',
  lockedPage: LOCKED,
});

describe('blockingRules', () => {
  test('no session, an ended session or no credential state: nothing is blocked', () => {
    expect(blockingRules(null, options(['youtube.com']))).toEqual([]);
    expect(blockingRules(state({ session: null }), options(['youtube.com']))).toEqual([]);
    expect(blockingRules(state(), options(['youtube.com'], NOW))).toEqual([]);
    expect(blockingRules(state(), options(['youtube.com'], null))).toEqual([]);
  });

  test('sites it may show its page on are redirected there with the address; the rest are blocked', () => {
    const rules = blockingRules(state(), options(['youtube.com']));
    expect(rules).toEqual([
      {
        id: RULE_IDS.redirect,
        priority: 1,
        action: { type: 'redirect', redirect: { regexSubstitution: `${LOCKED}#\\0` } },
        condition: { requestDomains: ['youtube.com'], regexFilter: '^https?://.*', resourceTypes: ['main_frame'] },
      },
      {
        id: RULE_IDS.block,
        priority: 1,
        action: { type: 'block' },
        condition: { requestDomains: ['reddit.com'], resourceTypes: ['main_frame'] },
      },
    ]);
    expect(blockingRules(state(), options([])).map((r) => r.id)).toEqual([RULE_IDS.block]);
    expect(blockingRules(state(), options(['youtube.com', 'reddit.com'])).map((r) => r.id)).toEqual([
      RULE_IDS.redirect,
    ]);
  });

  test("'allow only': the listed sites and LockIn are allowed above a block of every other page", () => {
    const rules = blockingRules(state({ mode: 'allow_only' }), options([]));
    expect(rules).toEqual([
      {
        id: RULE_IDS.allow,
        priority: 2,
        action: { type: 'allow' },
        condition: {
          requestDomains: ['youtube.com', 'reddit.com', 'lockin.example.com'],
          resourceTypes: ['main_frame'],
        },
      },
      {
        id: RULE_IDS.blockAll,
        priority: 1,
        action: { type: 'block' },
        condition: { regexFilter: '^https?://', resourceTypes: ['main_frame'] },
      },
    ]);
  });
});

test("sessionEndMs puts the server's end on this computer's clock", () => {
  // The server's clock is 5 s ahead of this one: the session ends 5 s earlier here.
  const s = state({ serverNow: new Date(NOW + 5000).toISOString() });
  expect(sessionEndMs(s, NOW)).toBe(NOW + 25 * 60_000 - 5000);
  expect(sessionEndMs(state({ session: null }), NOW)).toBeNull();
});

test('blockedSiteOf offers back web addresses only', () => {
  expect(blockedSiteOf('#https://www.youtube.com/watch?v=1#t=2')?.href).toBe('https://www.youtube.com/watch?v=1#t=2');
  expect(blockedSiteOf('#javascript:alert(1)')).toBeNull();
  expect(blockedSiteOf('#')).toBeNull();
  expect(blockedSiteOf('')).toBeNull();
});

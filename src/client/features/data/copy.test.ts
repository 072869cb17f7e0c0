// The import's summary sentence: counts in words, one and many told apart.
import { describe, expect, test } from 'bun:test';
import type { ImportResult } from '../../../shared/data';
import { describeImport } from './copy';

const none = {
  bank: 0,
  daily: 0,
  customCategories: 0,
  focusSessions: 0,
  completions: 0,
  blockedSites: 0,
  circles: 0,
};
const result = (over: Partial<ImportResult>): ImportResult => ({
  added: none,
  skipped: none,
  skippedRunningSessions: 0,
  blockedSitesOverLimit: 0,
  allowOnlyNotImported: false,
  circlesOverLimit: 0,
  streakUpdated: false,
  signed: true,
  ...over,
});

describe('describeImport', () => {
  test('one item already here reads in the singular', () => {
    expect(describeImport(result({ added: { ...none, bank: 3 }, skipped: { ...none, bank: 1 } }))).toBe(
      'Added 3 bank tasks. 1 item was already here and was kept as it is.',
    );
  });
  test('several read in the plural', () => {
    expect(describeImport(result({ skipped: { ...none, bank: 1, focusSessions: 2 } }))).toBe(
      'Nothing new to add. 3 items were already here and were kept as they are.',
    );
  });
  test('blocked sites the plan has no room for, and a Premium mode not taken, are said', () => {
    expect(
      describeImport(
        result({ added: { ...none, blockedSites: 5 }, blockedSitesOverLimit: 25, allowOnlyNotImported: true }),
      ),
    ).toBe(
      "Added 5 blocked sites. 25 blocked sites were left out: the free plan blocks up to 5 sites. 'Allow only these sites' is a Premium mode, so your sites are blocked instead.",
    );
  });
});

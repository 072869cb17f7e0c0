import { describe, expect, test } from 'bun:test';
import { PREMIUM_FEATURES } from './copy';
import { SUGGESTION_WORDS, withSuggestionLine } from './suggestions';

describe('suggestion words follow where suggestions come from', () => {
  test('with a model the feature is AI; without one no word of it says AI', () => {
    expect(SUGGESTION_WORDS.model.title).toBe('AI Task Suggestions');
    for (const [key, text] of Object.entries(SUGGESTION_WORDS.offline)) {
      if (key === 'description') expect(text).toContain('No AI model is used.');
      else expect({ key, ai: /\bAI\b/.test(text) }).toEqual({ key, ai: false });
    }
  });

  test('the premium lists name the suggestion line by source and keep every other line', () => {
    const offline = withSuggestionLine(PREMIUM_FEATURES, 'offline');
    expect(offline).toContain('Task suggestions from your own tasks');
    expect(offline.some((line) => /\bAI\b/.test(line))).toBe(false);
    expect(offline).toHaveLength(PREMIUM_FEATURES.length);
    expect(withSuggestionLine(PREMIUM_FEATURES, 'model')).toEqual([...PREMIUM_FEATURES]);
    expect(withSuggestionLine(['AI-powered task suggestions'], 'offline')).toEqual([
      'Task suggestions drawn from your own tasks',
    ]);
  });
});

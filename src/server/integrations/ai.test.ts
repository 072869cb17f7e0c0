// The offline suggester: next steps derived from the user's own tasks and categories, never a
// task they already have, always one of their categories, and varied by the seed.
import { describe, expect, test } from 'bun:test';
import { offlineSuggestions } from './ai';

const CATEGORIES = ['General', 'Work', 'Learning', 'Health', 'Garden'];

describe('offlineSuggestions', () => {
  test('follow-ups by leading verb, in the task’s category', () => {
    const s = offlineSuggestions(
      {
        tasks: [
          { title: 'Write the blog post', category: 'Work' },
          { title: 'Study Spanish verbs', category: 'Learning' },
        ],
        categories: CATEGORIES,
      },
      1,
    );
    const titles = s.map((x) => x.title);
    expect(titles).toContain('Quiz yourself on Spanish verbs');
    expect(titles.some((t) => t === 'Proofread the blog post' || t === 'Outline next steps for the blog post')).toBe(
      true,
    );
    expect(s.find((x) => x.title === 'Quiz yourself on Spanish verbs')?.category).toBe('Learning');
  });

  test('an unknown verb gets a generic next step naming the task', () => {
    const s = offlineSuggestions({ tasks: [{ title: 'Garage', category: 'Garden' }], categories: CATEGORIES }, 0);
    expect(s.map((x) => x.title)).toContain('Take the next step on “Garage”');
  });

  test('at most five, no duplicates, never an existing task, only the user’s categories', () => {
    const tasks = [
      { title: 'Review the report', category: 'Work' },
      { title: 'Draft the report', category: 'Work' },
      { title: 'Read a paper', category: 'NotMine' },
    ];
    for (const seed of [0, 1, 2, 3, 42]) {
      const s = offlineSuggestions({ tasks, categories: CATEGORIES }, seed);
      expect(s.length).toBe(5);
      expect(new Set(s.map((x) => x.title.toLowerCase())).size).toBe(5);
      expect(s.map((x) => x.title)).not.toContain('Review the report');
      for (const x of s) expect(CATEGORIES).toContain(x.category);
    }
  });

  test('categories with the fewest tasks get a first step; custom ones a named one', () => {
    const s = offlineSuggestions({ tasks: [], categories: ['Garden'] }, 0);
    expect(s).toEqual([
      {
        title: 'Choose one small Garden task for tomorrow',
        description: 'Keep Garden moving with one action you can finish in a single session.',
        category: 'Garden',
      },
    ]);
  });

  test('another seed gives another order (Generate New Suggestions varies)', () => {
    const tasks = Array.from({ length: 12 }, (_, i) => ({ title: `Read book ${i}`, category: 'Learning' }));
    const a = offlineSuggestions({ tasks, categories: CATEGORIES }, 1).map((x) => x.title);
    const b = offlineSuggestions({ tasks, categories: CATEGORIES }, 2).map((x) => x.title);
    expect(a).not.toEqual(b);
  });
});

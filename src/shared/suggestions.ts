// How the task-suggestion feature is named, by where the suggestions come from: 'AI' only when a
// model is configured; the built-in suggester is named for what it is (ideas drawn from the
// user's own tasks), so no screen claims AI that is not there.
export type SuggestionSource = 'model' | 'offline';

export interface SuggestionWords {
  /** The Bank tab's button and the modal's title. */
  title: string;
  /** The free user's tooltip on the disabled button. */
  upsell: string;
  /** A line in the lists of what Premium unlocks. */
  feature: string;
  /** The same line in the subscribe page's longer list. */
  featureLong: string;
  description: string;
  privacy: string;
}

export const SUGGESTION_WORDS: Record<SuggestionSource, SuggestionWords> = {
  model: {
    title: 'AI Task Suggestions',
    upsell: 'Upgrade to Premium for AI Suggestions',
    feature: 'AI task suggestions',
    featureLong: 'AI-powered task suggestions',
    description: 'Ideas for your next tasks, based on the tasks you already have.',
    privacy:
      'Your task titles, descriptions and categories are sent to generate suggestions only when you press Generate.',
  },
  offline: {
    title: 'Task Suggestions',
    upsell: 'Upgrade to Premium for Task Suggestions',
    feature: 'Task suggestions from your own tasks',
    featureLong: 'Task suggestions drawn from your own tasks',
    description: 'Ideas for your next tasks, drawn from your own tasks and categories. No AI model is used.',
    privacy: 'Your tasks stay on this server: the suggestions are made here from your own tasks.',
  },
};

/** A list of what Premium unlocks, with the suggestion line named for its source. */
export function withSuggestionLine(list: readonly string[], source: SuggestionSource): string[] {
  const words = SUGGESTION_WORDS[source];
  return list.map((item) =>
    item === SUGGESTION_WORDS.model.feature
      ? words.feature
      : item === SUGGESTION_WORDS.model.featureLong
        ? words.featureLong
        : item,
  );
}

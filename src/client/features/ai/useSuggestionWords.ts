// The words every screen uses for task suggestions, by where the server's suggestions come from
// (an AI model, or the built-in suggester working from the user's own tasks). Until the server
// has said, the feature is not called AI: a claim is made only once it is known to be true.
import { useQuery } from '@tanstack/react-query';
import {
  SUGGESTION_WORDS,
  type SuggestionSource,
  type SuggestionWords,
  withSuggestionLine,
} from '../../../shared/suggestions';
import { useTRPC } from '../../lib/trpc';

export function useSuggestionSource(): SuggestionSource {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.insights.suggestionSource.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  return query.data?.source ?? 'offline';
}

export function useSuggestionWords(): SuggestionWords {
  return SUGGESTION_WORDS[useSuggestionSource()];
}

/** A list of what Premium unlocks, its suggestion line named for the server's source. */
export function usePremiumList(list: readonly string[]): string[] {
  return withSuggestionLine(list, useSuggestionSource());
}

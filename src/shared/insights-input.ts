// The AI suggestions request body, validated on the server (kept apart from shared/insights.ts so
// the client's lazy chunks do not pull zod's array and default helpers into the main bundle).
import { z } from 'zod';
import { CATEGORY_MAX_LENGTH, DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from './constants';
import { AI_MAX_CATEGORIES, AI_MAX_TASKS } from './insights';
import { textField } from './text';

const suggestionTask = z.object({
  title: textField().trim().min(1, 'is required').max(TITLE_MAX_LENGTH),
  description: textField().max(DESCRIPTION_MAX_LENGTH).nullish(),
  category: textField().max(CATEGORY_MAX_LENGTH).nullish(),
});

export const aiSuggestionsInput = z.object({
  tasks: z.array(suggestionTask).max(AI_MAX_TASKS, `must hold at most ${AI_MAX_TASKS} tasks`).default([]),
  categories: z
    .array(textField().trim().min(1, 'is required').max(CATEGORY_MAX_LENGTH))
    .max(AI_MAX_CATEGORIES, `must hold at most ${AI_MAX_CATEGORIES} categories`)
    .default([]),
});
export type AiSuggestionsInput = z.infer<typeof aiSuggestionsInput>;

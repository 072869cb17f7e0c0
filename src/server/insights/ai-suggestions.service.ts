// AI task suggestions (premium): checks the plan and the per-user rate limit before any work,
// sends the user's tasks only now that they pressed Generate, keeps every category to one of the
// user's own, and answers the spec's single placeholder when the provider fails in any way.
import { eq } from 'drizzle-orm';
import { BUILT_IN_CATEGORIES, DEFAULT_CATEGORY } from '../../shared/constants';
import {
  AI_FAILURE_SUGGESTION,
  AI_MAX_CATEGORIES,
  AI_RATE_LIMIT,
  AI_SUGGESTION_COUNT,
  AI_TIMEOUT_MS,
  type AiSuggestion,
} from '../../shared/insights';
import type { AiSuggestionsInput } from '../../shared/insights-input';
import { customCategories } from '../db/schema';
import type { AppDeps } from '../deps';
import type { SuggestionSource } from '../../shared/suggestions';
import { AppError } from '../http/errors';
import { hitRateLimit, type RateLimitRule } from '../http/rate-limit';
import { createSuggester, type TaskSuggester } from '../integrations/ai';
import { isPremium } from '../plans/plan-status';

export const AI_MESSAGES = {
  premiumOnly: 'AI suggestions need LockIn Premium',
  tooMany: 'Too many suggestion requests. Please wait a while and try again.',
} as const;

export const AI_RULE: RateLimitRule = { name: 'ai:user', ...AI_RATE_LIMIT };

const suggesters = new WeakMap<object, TaskSuggester>();

/** deps.ai when set (tests), else one suggester per configuration. */
/** 'model' when an AI model answers, 'offline' for the built-in suggester. */
export function suggestionSource(deps: AppDeps): SuggestionSource {
  return suggesterOf(deps).kind;
}

function suggesterOf(deps: AppDeps): TaskSuggester {
  if (deps.ai) return deps.ai;
  let s = suggesters.get(deps.config);
  if (!s) {
    s = createSuggester(deps.config);
    suggesters.set(deps.config, s);
  }
  return s;
}

/** Exact name, else the same name in another case, else General. */
function canonicalCategory(name: string, allowed: string[]): string {
  if (allowed.includes(name)) return name;
  const lower = name.trim().toLowerCase();
  return allowed.find((c) => c.toLowerCase() === lower) ?? DEFAULT_CATEGORY;
}

export async function suggestTasks(
  deps: AppDeps,
  user: { id: string },
  input: AiSuggestionsInput,
): Promise<{ suggestions: AiSuggestion[] }> {
  if (!(await isPremium(deps, user))) throw new AppError('FORBIDDEN', AI_MESSAGES.premiumOnly);
  try {
    await hitRateLimit(deps, AI_RULE, user.id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
      throw new AppError('TOO_MANY_REQUESTS', AI_MESSAGES.tooMany, error.retryAfterSeconds);
    }
    throw error;
  }

  // The user's categories are the built-ins and their own; the request may narrow them.
  const custom = await deps.db
    .select({ name: customCategories.name })
    .from(customCategories)
    .where(eq(customCategories.userId, user.id));
  const allowed = [...BUILT_IN_CATEGORIES, ...custom.map((c) => c.name)];
  const asked = [...new Set(input.categories.map((c) => canonicalCategory(c, allowed)))];
  // The prompt is bounded like the request: an account may hold hundreds of custom categories
  // (imports add up to 500 at a time), and all of them would go to the model on every call.
  const categories = asked.length > 0 ? asked : allowed.slice(0, AI_MAX_CATEGORIES);

  const suggester = suggesterOf(deps);
  try {
    const raw = await suggester.suggest(
      { tasks: input.tasks, categories },
      { signal: AbortSignal.timeout(AI_TIMEOUT_MS), seed: Math.floor(deps.clock.now().getTime() / 1000) },
    );
    const existing = new Set(input.tasks.map((t) => t.title.trim().toLowerCase()));
    const seen = new Set<string>();
    const suggestions = raw
      .map((s) => ({
        title: s.title.trim(),
        description: s.description.trim(),
        category: canonicalCategory(s.category, categories),
      }))
      .filter((s) => {
        const key = s.title.toLowerCase();
        if (!s.title || existing.has(key) || seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, AI_SUGGESTION_COUNT);
    if (suggestions.length === 0) return { suggestions: [AI_FAILURE_SUGGESTION] };
    return { suggestions };
  } catch (error) {
    // Only the error's kind and status: a provider's message or request echo must never put the
    // API key (or the user's tasks) into the log.
    const status = (error as { statusCode?: number }).statusCode;
    deps.log.warn(
      `ai suggestions failed (${suggester.kind}): ${(error as Error)?.name ?? 'Error'}${status ? ` ${status}` : ''}`,
    );
    return { suggestions: [AI_FAILURE_SUGGESTION] };
  }
}

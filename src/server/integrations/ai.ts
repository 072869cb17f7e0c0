// Task suggestions: through the AI SDK against any OpenAI-compatible API when OPENAI_API_KEY is
// set, otherwise the built-in offline suggester (nothing leaves the machine). Both sit behind one
// small interface; the service decides what to send and what to do on failure.
// The SDK loads with the first suggestion (dynamic imports): a process that is never asked holds
// none of its ~25 MiB.
import type { LanguageModel } from 'ai';
import { z } from 'zod';
import type { Config } from '../config';
import { loadOnce } from '../load-once';
import { AI_SUGGESTION_COUNT, AI_TIMEOUT_MS, type AiSuggestion } from '../../shared/insights';
import { BUILT_IN_CATEGORIES, DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../../shared/constants';

export interface SuggestionRequest {
  tasks: { title: string; description?: string | null; category?: string | null }[];
  /** The user's categories (built-in and custom); every suggestion uses one of them. */
  categories: string[];
}

export interface TaskSuggester {
  /** 'model' sends the tasks to a provider; 'offline' never leaves the process. */
  readonly kind: 'model' | 'offline';
  suggest(request: SuggestionRequest, options: { signal?: AbortSignal; seed?: number }): Promise<AiSuggestion[]>;
}

// ---------------------------------------------------------------------------------------------
// Through the AI SDK

/** What the model must answer; anything else is a failure (the SDK validates it). */
export const suggestionsSchema = z.object({
  suggestions: z
    .array(
      z.object({
        title: z.string().min(1).max(TITLE_MAX_LENGTH),
        description: z.string().max(DESCRIPTION_MAX_LENGTH),
        category: z.string().min(1),
      }),
    )
    .min(1)
    .max(10),
});

const SYSTEM = [
  'You suggest useful next tasks for a person planning their focused work.',
  `Propose ${AI_SUGGESTION_COUNT} concrete, small tasks (each doable in one focus session) that follow from the tasks they already have.`,
  'Do not repeat a task they already have. Titles are short imperative phrases; descriptions are one sentence.',
  'Each category must be exactly one of the categories listed.',
].join(' ');

function promptOf(request: SuggestionRequest): string {
  const tasks = request.tasks
    .map((t) => `- ${t.title}${t.category ? ` [${t.category}]` : ''}${t.description ? `: ${t.description}` : ''}`)
    .join('\n');
  return `Categories: ${request.categories.join(', ')}\n\nCurrent tasks:\n${tasks || '(none yet)'}`;
}

export function createModelSuggester(model: LanguageModel, timeoutMs = AI_TIMEOUT_MS): TaskSuggester {
  return {
    kind: 'model',
    async suggest(request, { signal }) {
      const { generateText, Output } = await import('ai');
      const { output } = await generateText({
        model,
        system: SYSTEM,
        prompt: promptOf(request),
        output: Output.object({ schema: suggestionsSchema }),
        // One attempt within a hard time bound: the user is waiting on the button.
        maxRetries: 0,
        timeout: timeoutMs,
        abortSignal: signal,
      });
      return output.suggestions;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Offline: derived from the user's own tasks and categories

/** A follow-up step for a task that starts with a common verb: 'Draft the report' → 'Review the report'. */
const FOLLOW_UPS: Record<string, { verb: string; why: string }[]> = {
  draft: [{ verb: 'Review', why: 'Read the draft once with fresh eyes and note what to change.' }],
  write: [
    { verb: 'Proofread', why: 'Check what you wrote for clarity, typos and missing pieces.' },
    { verb: 'Outline next steps for', why: 'List the next section or the follow-up it needs.' },
  ],
  read: [{ verb: 'Summarise', why: 'Write five bullet points on what you read while it is fresh.' }],
  study: [{ verb: 'Quiz yourself on', why: 'Test your recall without notes for 15 minutes.' }],
  learn: [{ verb: 'Practise', why: 'Apply what you learned in one small exercise.' }],
  research: [{ verb: 'Write up findings from', why: 'Turn your research notes into a short summary you can share.' }],
  plan: [{ verb: 'Schedule the first step of', why: 'Put the first concrete action in your calendar.' }],
  build: [{ verb: 'Test', why: 'Try what you built end to end and list what breaks.' }],
  fix: [{ verb: 'Verify the fix for', why: 'Check the fix holds and nothing else broke.' }],
  design: [{ verb: 'Get feedback on', why: 'Show the design to someone and write down their reactions.' }],
  call: [{ verb: 'Follow up after', why: 'Send a short note with what was agreed.' }],
  email: [{ verb: 'Follow up on', why: 'Check for replies and answer anything open.' }],
  prepare: [{ verb: 'Rehearse', why: 'Walk through it once out loud.' }],
  finish: [{ verb: 'Wrap up', why: 'Tidy loose ends and note what you would do differently.' }],
  start: [{ verb: 'Make progress on', why: 'Spend one focus session moving it forward.' }],
  clean: [{ verb: 'Organise after', why: 'Put a system in place so it stays tidy.' }],
  review: [{ verb: 'Act on the review of', why: 'Pick the top three changes from the review and make them.' }],
  update: [{ verb: 'Share the update on', why: 'Let the people who care know what changed.' }],
};

/** A next step per category, for categories the user has but few tasks in. */
const CATEGORY_STEPS: Record<string, { title: string; description: string }> = {
  Work: {
    title: 'Clear the top item in your work inbox',
    description: 'Spend one session on the message you have been putting off.',
  },
  Personal: {
    title: 'Plan one thing for yourself this week',
    description: 'Block time for something that matters to you outside work.',
  },
  Health: { title: 'Take a 20-minute walk', description: 'Step away from the screen and move.' },
  Learning: {
    title: 'Review last week’s notes',
    description: 'Skim what you learned recently and mark what to revisit.',
  },
  School: {
    title: 'Check upcoming deadlines',
    description: 'List assignments due in the next two weeks with their dates.',
  },
  Creative: {
    title: 'Sketch three rough ideas',
    description: 'Quantity over quality: put three quick ideas on paper.',
  },
  Finance: {
    title: 'Review this month’s spending',
    description: 'Compare spending with your budget and note one change.',
  },
  Social: {
    title: 'Reach out to a friend',
    description: 'Send a message to someone you have not talked to in a while.',
  },
  Family: { title: 'Plan a family activity', description: 'Pick a date and an idea for time together.' },
  Urgent: { title: 'Triage urgent items', description: 'Sort urgent tasks by deadline and pick the first one.' },
  Projects: {
    title: 'Define the next milestone',
    description: 'Write what “done” looks like for the next step of a project.',
  },
  General: { title: 'Plan tomorrow’s focus', description: 'Pick the three tasks that would make tomorrow a good day.' },
};

const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

/** Deterministic shuffle (mulberry32) so 'Generate New Suggestions' can vary without Math.random. */
function shuffled<T extends object>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    // Items are objects, so undefined here could only mean an index out of range (it never is).
    const [a, b] = [out[i], out[j]];
    if (a === undefined || b === undefined) continue;
    [out[i], out[j]] = [b, a];
  }
  return out;
}

export function offlineSuggestions(request: SuggestionRequest, seed = 0): AiSuggestion[] {
  const categories = request.categories.length > 0 ? request.categories : [...BUILT_IN_CATEGORIES];
  const pickCategory = (c: string | null | undefined) =>
    // categories is never empty (the user's, else the built-in ones); 'General' only satisfies the compiler.
    c && categories.includes(c) ? c : categories.includes('General') ? 'General' : (categories[0] ?? 'General');
  // 1. Follow-ups of the user's own tasks, by the verb they start with.
  const followUps: AiSuggestion[] = [];
  for (const task of shuffled(request.tasks, seed)) {
    const words = task.title.trim().split(/\s+/);
    const verb = words[0]?.toLowerCase().replace(/[^a-z]/g, '') ?? '';
    const rest = words.slice(1).join(' ');
    const known = rest ? FOLLOW_UPS[verb] : undefined;
    const options = known ?? [
      { verb: 'Take the next step on', why: 'Break it into the next small action and do it in one session.' },
    ];
    for (const f of options) {
      followUps.push({
        title: clip(`${f.verb} ${known ? rest : `“${task.title.trim()}”`}`, TITLE_MAX_LENGTH),
        description: f.why,
        category: pickCategory(task.category),
      });
    }
  }

  // 2. A first step in the user's categories that have the fewest tasks.
  const counts = new Map(categories.map((c) => [c, 0]));
  for (const t of request.tasks) {
    const count = t.category ? counts.get(t.category) : undefined;
    if (t.category && count !== undefined) counts.set(t.category, count + 1);
  }
  const fresh: AiSuggestion[] = shuffled([...counts], seed + 1)
    .sort((a, b) => a[1] - b[1])
    .map(([category]) => ({
      ...(CATEGORY_STEPS[category] ?? {
        title: `Choose one small ${category} task for tomorrow`,
        description: `Keep ${category} moving with one action you can finish in a single session.`,
      }),
      category,
    }));

  // Two follow-ups, then one fresh area, and so on; never a task the user already has.
  const out: AiSuggestion[] = [];
  const seen = new Set(request.tasks.map((t) => t.title.trim().toLowerCase()));
  const take = (c: AiSuggestion | undefined) => {
    if (!c || out.length >= AI_SUGGESTION_COUNT || seen.has(c.title.toLowerCase())) return;
    seen.add(c.title.toLowerCase());
    out.push(c);
  };
  for (let a = 0, b = 0; out.length < AI_SUGGESTION_COUNT && (a < followUps.length || b < fresh.length); ) {
    take(followUps[a++]);
    take(followUps[a++]);
    take(fresh[b++]);
  }
  return out;
}

export const offlineSuggester: TaskSuggester = {
  kind: 'offline',
  suggest: async (request, { seed }) => offlineSuggestions(request, seed),
};

/** The suggester the configuration asks for. */
export function createSuggester(config: Pick<Config, 'openai'>): TaskSuggester {
  const openai = config.openai;
  if (!openai) return offlineSuggester;
  const model = loadOnce(async () => {
    const { createOpenAI } = await import('@ai-sdk/openai');
    const provider = createOpenAI({ apiKey: openai.apiKey, baseURL: openai.baseUrl });
    // Chat Completions is what every OpenAI-compatible server speaks.
    return createModelSuggester(provider.chat(openai.model));
  });
  return {
    kind: 'model',
    suggest: async (request, options) => (await model()).suggest(request, options),
  };
}

// AI task suggestions over HTTP: premium only, bounded input, per-user rate limit, categories kept
// to the user's own, the offline suggester, the AI SDK's mock model, and a local OpenAI-compatible
// stand-in reached through the real provider (timeout, malformed output, an error that must not
// leak the key).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { createOpenAI } from '@ai-sdk/openai';
import { MockLanguageModelV4 } from 'ai/test';
import { rateLimits } from '../../src/server/db/schema';
import { customCategories } from '../../src/server/db/schema';
import { createModelSuggester } from '../../src/server/integrations/ai';
import { AI_FAILURE_SUGGESTION, AI_RATE_LIMIT, type AiSuggestion } from '../../src/shared/insights';
import { createTestContext, TestClient, type TestContext } from '../support/app';
import { createUser, signedInClient } from '../support/factories';
import { startOpenAiStandin, type OpenAiStandin } from '../support/openai-standin';
import { makePremium } from '../support/plans';

const NOW = new Date('2026-03-10T12:00:00Z');
const KEY = 'sk-test-SECRET-0123456789abcdef';

let ctx: TestContext;
let standin: OpenAiStandin;

beforeAll(async () => {
  ctx = await createTestContext({ now: NOW });
  standin = startOpenAiStandin();
}, 120_000);
afterAll(async () => {
  standin.close();
  await ctx.close();
});
beforeEach(async () => {
  ctx.clock.set(NOW);
  ctx.deps.ai = undefined;
  standin.mode = 'ok';
  standin.requests.length = 0;
  ctx.log.lines.length = 0;
  await ctx.deps.db.delete(rateLimits);
});

async function premiumClient() {
  const user = await createUser(ctx);
  await makePremium(ctx.deps, user.id);
  return { user, client: await signedInClient(ctx, user) };
}

const TASKS = [
  { title: 'Draft the quarterly report', category: 'Work' },
  { title: 'Read chapter 4 of Clean Code', category: 'Learning', description: 'Functions' },
  { title: 'Water the plants', category: 'Personal' },
];
const CATEGORIES = ['General', 'Work', 'Learning', 'Personal', 'Health'];

function mockModel(json: unknown) {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: typeof json === 'string' ? json : JSON.stringify(json) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 10, text: 10, reasoning: undefined },
      },
      warnings: [],
    }),
  });
}

describe('access and input', () => {
  test('signed out 401; free user 403 on REST and tRPC, before any provider call', async () => {
    const anon = new (await import('../support/app')).TestClient(ctx.app);
    expect((await anon.post('/api/ai-suggestions', { tasks: [], categories: [] })).status).toBe(401);
    const user = await createUser(ctx);
    const client = await signedInClient(ctx, user);
    const model = mockModel({ suggestions: [{ title: 'x', description: 'y', category: 'Work' }] });
    ctx.deps.ai = createModelSuggester(model);
    const rest = await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ message: 'AI suggestions need LockIn Premium' });
    const trpc = await client.mutate('insights.aiSuggestions', { tasks: TASKS, categories: CATEGORIES });
    expect(trpc.status).toBe(403);
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  test('a trial counts as premium', async () => {
    const user = await createUser(ctx);
    await makePremium(ctx.deps, user.id, 'trial');
    const client = await signedInClient(ctx, user);
    expect((await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES })).status).toBe(200);
  });

  test('bad input answers 400 naming the field; too many tasks is refused before any work', async () => {
    const { client } = await premiumClient();
    const tooMany = Array.from({ length: 61 }, (_, i) => ({ title: `Task ${i}` }));
    const res = await client.post('/api/ai-suggestions', { tasks: tooMany, categories: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Tasks must hold at most 60 tasks');
    const blank = await client.post('/api/ai-suggestions', { tasks: [{ title: '  ' }], categories: [] });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Title is required');
    const badCat = await client.post('/api/ai-suggestions', { tasks: [], categories: [42] });
    expect(badCat.status).toBe(400);
    expect(badCat.body.message).toBe('Categories must be a string');
  });

  test(`per-user rate limit: ${AI_RATE_LIMIT.limit} an hour, then 429 with Retry-After; others unaffected`, async () => {
    const { client } = await premiumClient();
    for (let i = 0; i < AI_RATE_LIMIT.limit; i++) {
      expect((await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES })).status).toBe(200);
    }
    const refused = await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many suggestion requests. Please wait a while and try again.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same refusal through tRPC (the client's own call) says when to come back too.
    const viaTrpc = await client.mutate('insights.aiSuggestions', { tasks: TASKS, categories: CATEGORIES });
    expect(viaTrpc.status).toBe(429);
    expect(viaTrpc.body.message).toBe('Too many suggestion requests. Please wait a while and try again.');
    expect(Number(viaTrpc.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await premiumClient();
    expect((await other.client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES })).status).toBe(200);
    ctx.clock.set(new Date(NOW.getTime() + AI_RATE_LIMIT.windowMs + 1000));
    expect((await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES })).status).toBe(200);
  });
});

describe('offline suggester (no OPENAI_API_KEY)', () => {
  test('the source is reported as offline to visitors and users, so no screen calls it AI', async () => {
    const injected = ctx.deps.ai;
    ctx.deps.ai = undefined;
    try {
      expect((await new TestClient(ctx.app).query('insights.suggestionSource')).body).toEqual({ source: 'offline' });
    } finally {
      ctx.deps.ai = injected;
    }
  });

  test('proposes next steps from the user’s own tasks, never one they have, in their categories', async () => {
    const { client } = await premiumClient();
    const res = await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES });
    expect(res.status).toBe(200);
    const s = res.body.suggestions as { title: string; description: string; category: string }[];
    expect(s.length).toBe(5);
    for (const x of s) {
      expect(CATEGORIES).toContain(x.category);
      expect(x.title.length).toBeGreaterThan(0);
      expect(x.description.length).toBeGreaterThan(0);
      expect(TASKS.map((t) => t.title.toLowerCase())).not.toContain(x.title.toLowerCase());
    }
    const titles = s.map((x) => x.title);
    // Derived from the tasks, not a fixed list.
    expect(titles).toContain('Review the quarterly report');
    expect(titles).toContain('Summarise chapter 4 of Clean Code');
    expect(s.find((x) => x.title === 'Review the quarterly report')?.category).toBe('Work');
  });

  test('different tasks give different suggestions; an empty list still gets category first steps', async () => {
    const { client } = await premiumClient();
    const a = await client.post<{ suggestions: AiSuggestion[] }>('/api/ai-suggestions', {
      tasks: [{ title: 'Study French verbs', category: 'School' }],
      categories: ['School', 'Health'],
    });
    expect(a.body.suggestions.map((x: AiSuggestion) => x.title)).toContain('Quiz yourself on French verbs');
    const b = await client.post('/api/ai-suggestions', { tasks: [], categories: ['Health'] });
    expect(b.body.suggestions).toEqual([
      { title: 'Take a 20-minute walk', description: 'Step away from the screen and move.', category: 'Health' },
    ]);
  });

  test('categories must be the user’s: unknown ones are dropped to General, custom ones kept', async () => {
    const { user, client } = await premiumClient();
    await ctx.deps.db.insert(customCategories).values({ userId: user.id, name: 'Garden' });
    const res = await client.post<{ suggestions: AiSuggestion[] }>('/api/ai-suggestions', {
      tasks: [
        { title: 'Plant tomatoes', category: 'Garden' },
        { title: 'Build a shed', category: 'NotMine' },
      ],
      categories: ['Garden', 'NotMine'],
    });
    const cats = new Set<string>(res.body.suggestions.map((x: AiSuggestion) => x.category));
    for (const c of cats) expect(['Garden', 'General']).toContain(c);
    expect(res.body.suggestions.find((x: AiSuggestion) => x.title === 'Test a shed')?.category).toBe('General');
  });
});

describe('AI SDK mock model', () => {
  test('structured output is validated, categories mapped to the user’s, duplicates of existing tasks dropped', async () => {
    const { client } = await premiumClient();
    const model = mockModel({
      suggestions: [
        { title: 'Outline the report sections', description: 'List headings first.', category: 'work' },
        { title: 'Water the plants', description: 'Already a task.', category: 'Personal' },
        { title: 'Stretch for ten minutes', description: 'Between sessions.', category: 'Fitness' },
      ],
    });
    ctx.deps.ai = createModelSuggester(model);
    const res = await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES });
    expect(res.status).toBe(200);
    expect(res.body.suggestions).toEqual([
      { title: 'Outline the report sections', description: 'List headings first.', category: 'Work' },
      { title: 'Stretch for ten minutes', description: 'Between sessions.', category: 'General' },
    ]);
    // The prompt carried the user's tasks and categories, asked for a JSON object.
    const call = model.doGenerateCalls[0]!;
    expect(JSON.stringify(call.prompt)).toContain('Draft the quarterly report');
    expect(JSON.stringify(call.prompt)).toContain('Categories: General, Work, Learning, Personal, Health');
    expect(call.responseFormat?.type).toBe('json');
  });

  test('output that does not match the schema gives the single placeholder', async () => {
    const { client } = await premiumClient();
    ctx.deps.ai = createModelSuggester(mockModel({ suggestions: [{ name: 'no title' }] }));
    const res = await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES });
    expect(res.status).toBe(200);
    expect(res.body.suggestions).toEqual([AI_FAILURE_SUGGESTION]);
  });
});

describe('OpenAI-compatible stand-in through the real provider', () => {
  const providerModel = (timeoutMs?: number) =>
    createModelSuggester(createOpenAI({ apiKey: KEY, baseURL: standin.url }).chat('standin-model'), timeoutMs);

  test('configured by OPENAI_API_KEY / OPENAI_BASE_URL / AI_MODEL: sends the key and the model, returns suggestions', async () => {
    const configured = await createTestContext({
      now: NOW,
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: standin.url, AI_MODEL: 'my-model' },
    });
    try {
      const user = await createUser(configured);
      await makePremium(configured.deps, user.id);
      const client = await signedInClient(configured, user);
      standin.suggestions = [{ title: 'Book a dentist visit', description: 'Call before noon.', category: 'Health' }];
      const res = await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES });
      expect(res.status).toBe(200);
      expect(res.body.suggestions).toEqual(standin.suggestions);
      expect(standin.requests[0]!.authorization).toBe(`Bearer ${KEY}`);
      expect(standin.requests[0]!.body).toMatchObject({ model: 'my-model', response_format: { type: 'json_schema' } });
      // With a model configured, every screen may call the feature AI.
      expect((await new TestClient(configured.app).query('insights.suggestionSource')).body).toEqual({
        source: 'model',
      });
    } finally {
      await configured.close();
    }
  });

  test('malformed output and the wrong shape give the placeholder', async () => {
    const { client } = await premiumClient();
    ctx.deps.ai = providerModel();
    for (const mode of ['malformed', 'wrong-shape'] as const) {
      standin.mode = mode;
      const res = await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES });
      expect(res.status).toBe(200);
      expect(res.body.suggestions).toEqual([AI_FAILURE_SUGGESTION]);
    }
  });

  test('a provider error answers the placeholder; the key appears neither in the answer nor in the log', async () => {
    const { client } = await premiumClient();
    ctx.deps.ai = providerModel();
    standin.mode = 'error';
    const res = await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES });
    expect(res.status).toBe(200);
    expect(res.body.suggestions).toEqual([AI_FAILURE_SUGGESTION]);
    expect(JSON.stringify(res.body)).not.toContain('SECRET');
    expect(ctx.log.lines.some((l) => l.includes('ai suggestions failed'))).toBe(true);
    expect(ctx.log.lines.join('\n')).not.toContain('SECRET');
    expect(ctx.log.lines.join('\n')).not.toContain('quarterly');
  });

  test('a reply slower than the timeout gives the placeholder in about the timeout', async () => {
    const { client } = await premiumClient();
    ctx.deps.ai = providerModel(300);
    standin.mode = 'slow';
    const started = performance.now();
    const res = await client.post('/api/ai-suggestions', { tasks: TASKS, categories: CATEGORIES });
    expect(res.body.suggestions).toEqual([AI_FAILURE_SUGGESTION]);
    expect(performance.now() - started).toBeLessThan(4_000);
  });
});

// The abuse review of 2026-11-23 (docs/decisions/2026-11-23-abuse-review.md): requests an attacker
// or a crowd would send to the plans, Lock-In, insights and data paths. Each test here found a hole
// (a 500 from the database, a whole history read into memory, an unbounded prompt, a race that
// let two cancels through), plus one table of the refusals that held, kept so they stay held.
// PGlite, and PostgreSQL with TEST_DATABASE_URL (the cancel race is real there).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { bankTasks, customCategories, lockInSessions, subscriptions } from '../../src/server/db/schema';
import type { SuggestionRequest } from '../../src/server/integrations/ai';
import { BREAKDOWN_TOP } from '../../src/server/insights/analytics.service';
import { ACTIVATIONS_PER_USER } from '../../src/server/plans/plans.service';
import { CUSTOM_CATEGORY_LIMIT } from '../../src/shared/constants';
import { AI_MAX_CATEGORIES, type PremiumAnalytics } from '../../src/shared/insights';
import type { ExportDocument, ImportResult } from '../../src/shared/data';
import { type TestClient, type TestContext, createTestContext } from '../support/app';
import { seedEverything, shiftedSession } from '../support/data';
import { startStripeStandIn } from '../support/stripe-standin';
import { insertSessions } from '../support/insights-factories';
import { createUser, signedInClient } from '../support/factories';
import { makePremium } from '../support/plans';

const NOW = new Date('2026-03-10T12:00:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: NOW });
}, 120_000);
afterAll(() => ctx.close());

async function newClient(premium = false): Promise<{ client: TestClient; id: string; email: string }> {
  const user = await createUser(ctx);
  if (premium) await makePremium(ctx.deps, user.id);
  return { client: await signedInClient(ctx, user), id: user.id, email: user.email };
}

/** A real export of a seeded account, to be altered and imported elsewhere. */
async function exportedDocument(): Promise<ExportDocument> {
  const user = await createUser(ctx);
  await seedEverything(ctx, user, `x${crypto.randomUUID().slice(0, 6)}`);
  const client = await signedInClient(ctx, user);
  const res = await client.get<ExportDocument>('/api/export?format=json');
  expect(res.status).toBe(200);
  return res.body;
}

const postImport = (client: TestClient, doc: unknown) =>
  client.request<ImportResult & { message?: string }>('POST', '/api/import', JSON.stringify(doc));

describe('import: numbers and dates the database cannot hold are a 400, not a 500', () => {
  test('a streak past the integer column, and instants in year 0, name the field and write nothing', async () => {
    const doc = await exportedDocument();
    const cases: [string, (d: ExportDocument) => void, string][] = [
      [
        'streak',
        (d) => {
          d.streak = { current: 2 ** 31, lastDay: '2026-03-09' };
        },
        'Current must be at most 100000',
      ],
      [
        'bank date',
        (d) => {
          (d.bank[0] as { createdAt: string }).createdAt = '0000-01-01T00:00:00Z';
        },
        'Bank entry 1: Created at must be between the years 1970 and 9999',
      ],
      [
        'session date',
        (d) => {
          (d.focusSessions[0] as { endsAt: string }).endsAt = '0001-01-01T00:30:00+01:00';
        },
        'Focus sessions entry 1: Ends at must be between the years 1970 and 9999',
      ],
      [
        'planned day',
        (d) => {
          (d.completions[0] as { plannedOn: string }).plannedOn = '0000-01-01';
        },
        'Completions entry 1: Planned on must be between the years 1970 and 9999',
      ],
    ];
    for (const [, alter, message] of cases) {
      const { client, id } = await newClient(true);
      const bad = structuredClone(doc);
      alter(bad);
      const res = await postImport(client, bad);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
      expect(await ctx.deps.db.select().from(bankTasks).where(eq(bankTasks.userId, id))).toHaveLength(0);
      expect(await ctx.deps.db.select().from(lockInSessions).where(eq(lockInSessions.userId, id))).toHaveLength(0);
    }
    expect(ctx.log.lines.filter((l) => l.includes('/api/import failed'))).toEqual([]);
  });

  test("a visitor's local session from year 0 is a 400 naming the timestamp", async () => {
    const { client } = await newClient();
    const res = await client.mutate('lockin.importLocal', {
      sessions: [{ id: 'a', timestamp: '0000-01-01T00:00:00Z', duration: 1500, actualDuration: 1500, completed: true }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Timestamp must not be before 1970');
  });
});

describe('import reads only the rows the file names', () => {
  test('more sessions than one lookup batch, imported twice, and an alias already here: nothing doubles', async () => {
    const { client, id } = await newClient(true);
    // A session recorded here through both REST shapes: its alias is what a file may carry as id.
    await ctx.deps.db.insert(lockInSessions).values({
      userId: id,
      id: 'here-1',
      aliasId: 'focus_here',
      taskTitle: 'Here',
      category: 'General',
      goalMinutes: 25,
      actualMinutes: 25,
      status: 'completed',
      completed: true,
      startedAt: new Date('2026-03-01T10:00:00Z'),
      endsAt: new Date('2026-03-01T10:25:00Z'),
      endedAt: new Date('2026-03-01T10:25:00Z'),
      timeZone: 'UTC',
    });
    const doc = await exportedDocument();
    const template = doc.focusSessions.find((s) => s.status !== 'active') ?? doc.focusSessions[0];
    if (!template) throw new Error('the seeded export has no session');
    doc.focusSessions = Array.from({ length: 1200 }, (_, i) => ({
      // An hour apart, well before the sessions the account already has.
      ...shiftedSession(template, -(i + 1) * 3_600_000 - 40 * 86_400_000),
      id: `imp-${i}`,
      aliasId: null,
      status: 'completed',
    }));
    doc.focusSessions.push({ ...template, id: 'focus_here', aliasId: null, status: 'completed' });
    const first = await postImport(client, doc);
    expect(first.body.message).toBeUndefined();
    expect(first.status).toBe(200);
    expect(first.body.added.focusSessions).toBe(1200);
    expect(first.body.skipped.focusSessions).toBe(1);
    const again = await postImport(client, doc);
    expect(again.status).toBe(200);
    expect(again.body.added).toEqual({
      bank: 0,
      daily: 0,
      customCategories: 0,
      focusSessions: 0,
      completions: 0,
      blockedSites: 0,
      circles: 0,
    });
    const rows = await ctx.deps.db
      .select({ id: lockInSessions.id })
      .from(lockInSessions)
      .where(eq(lockInSessions.userId, id));
    expect(rows).toHaveLength(1201);
  }, 60_000);
});

describe('Lock-In: the same start sent several times at once answers one session', () => {
  test('three POSTs of one focus id, and a lock-in POST racing a focus POST: one session, no 409', async () => {
    const { client, id } = await newClient();
    const repeats = await Promise.all(
      [1, 2, 3].map(() => client.post('/api/focus-sessions', { id: 'focus_race', durationMinutes: 25 })),
    );
    expect(repeats.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(repeats.map((r) => r.body.id)).toEqual(['focus_race', 'focus_race', 'focus_race']);
    const quit = await client.put('/api/focus-sessions/focus_race', { completedSuccessfully: false });
    expect(quit.status).toBe(200);

    // The spec's client records one session through both shapes; sent together they still name one.
    const both = await Promise.all([
      client.post('/api/lock-in-sessions', { goalMinutes: 25 }),
      client.post('/api/focus-sessions', { id: 'focus_both', durationMinutes: 25 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    const rows = await ctx.deps.db
      .select({ status: lockInSessions.status })
      .from(lockInSessions)
      .where(eq(lockInSessions.userId, id));
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'quit']);
  });
});

describe('import: custom categories stay within the account limit', () => {
  test('a file that would take the account past the limit is refused whole, with the count', async () => {
    const doc = await exportedDocument();
    const { client, id } = await newClient(true);
    await ctx.deps.db.insert(customCategories).values(
      Array.from({ length: CUSTOM_CATEGORY_LIMIT - 1 }, (_, i) => ({
        userId: id,
        name: `Mine ${i}`,
        createdAt: NOW,
      })),
    );
    doc.customCategories = [
      { name: 'Theirs A', createdAt: NOW.toISOString() },
      { name: 'Theirs B', createdAt: NOW.toISOString() },
    ];
    const res = await postImport(client, doc);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      `An account keeps at most ${CUSTOM_CATEGORY_LIMIT} custom categories: with this file it would have ${CUSTOM_CATEGORY_LIMIT + 1}. Nothing was imported.`,
    );
    const held = await ctx.deps.db.select().from(customCategories).where(eq(customCategories.userId, id));
    expect(held).toHaveLength(CUSTOM_CATEGORY_LIMIT - 1);
    const bank = await ctx.deps.db.select().from(bankTasks).where(eq(bankTasks.userId, id));
    expect(bank).toHaveLength(0);
  });
});

describe('AI suggestions: the prompt is bounded like the request', () => {
  test('an account with hundreds of custom categories sends at most AI_MAX_CATEGORIES to the model', async () => {
    const { client, id } = await newClient(true);
    await ctx.deps.db
      .insert(customCategories)
      .values(Array.from({ length: 300 }, (_, i) => ({ userId: id, name: `Cat ${i}`, createdAt: NOW })));
    const seen: SuggestionRequest[] = [];
    ctx.deps.ai = {
      kind: 'model',
      suggest: async (request) => {
        seen.push(request);
        return [{ title: 'A new task', description: 'Why', category: 'General' }];
      },
    };
    try {
      // Invalid input never reaches the model and is not counted against the rate limit.
      const bad = await client.post('/api/ai-suggestions', {
        tasks: Array.from({ length: 61 }, () => ({ title: 'x' })),
      });
      expect(bad.status).toBe(400);
      expect(seen).toHaveLength(0);
      const res = await client.post('/api/ai-suggestions', {});
      expect(res.status).toBe(200);
      expect(seen).toHaveLength(1);
      expect(seen[0]?.categories.length).toBeLessThanOrEqual(AI_MAX_CATEGORIES);
    } finally {
      ctx.deps.ai = undefined;
    }
  });
});

describe('analytics: free-text categories and quit reasons cannot grow the answer without bound', () => {
  test('300 categories and 300 quit reasons: the largest BREAKDOWN_TOP of each are listed, the totals still count all', async () => {
    const { client, id } = await newClient(true);
    await insertSessions(
      ctx.deps,
      id,
      Array.from({ length: 300 }, (_, i) => ({
        id: `c${i}`,
        category: `Cat ${String(i).padStart(3, '0')}`,
        // 'Cat 299' has the most minutes, 'Cat 000' the fewest.
        goalMinutes: 25,
        actualMinutes: 1 + i,
        status: 'quit' as const,
        quitReason: `Reason ${i}`,
        startedAt: new Date(NOW.getTime() - (i + 1) * 3_600_000),
      })),
    );
    const res = await client.get<PremiumAnalytics>('/api/analytics');
    expect(res.status).toBe(200);
    const { categoryStats, quitInsights } = res.body;
    expect(categoryStats).toHaveLength(BREAKDOWN_TOP);
    expect(categoryStats[0]?.category).toBe('Cat 299');
    expect(categoryStats.at(-1)?.category).toBe(`Cat ${300 - BREAKDOWN_TOP}`);
    expect(quitInsights.total).toBe(300);
    expect(quitInsights.reasons).toHaveLength(BREAKDOWN_TOP);
    expect(quitInsights.categories).toHaveLength(3);
    expect(res.body.sessionsEndedEarly).toBe(300);
  });
});

describe('cancelling: repeated at once, it acts once', () => {
  test('three cancels of a paid plan at once: one succeeds, the others are refused as a repeat is', async () => {
    const { client, id } = await newClient(true);
    const answers = await Promise.all(
      ['first', 'second', 'third'].map((reason) => client.post('/api/cancel-subscription', { reason })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409))
      expect(r.body.message).toBe('Your subscription is already set to end at the close of the billing period');
    // The reason stored is the one of the cancel that was answered 200.
    const winner = ['first', 'second', 'third'][answers.findIndex((r) => r.status === 200)];
    const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    expect(row?.cancelReason).toBe(winner);
  });

  test('two cancels of a trial at once: one ends it, the other answers 409; deletion afterwards still works', async () => {
    const { client, email } = await newClient();
    const checkout = await client.post('/api/create-subscription');
    const session = new URL(String(checkout.body.checkoutUrl)).searchParams.get('session') ?? '';
    expect((await client.mutate('plans.demoCheckout.complete', { session })).status).toBe(200);
    const answers = await Promise.all([1, 2].map(() => client.post('/api/cancel-subscription', {})));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)?.body.message).toBe('You have no subscription to cancel');
    const deleted = await client.delete('/api/auth/account', { email });
    expect(deleted.status).toBe(200);
  });
});

describe("activation with Stripe: a loop cannot spend the whole app's Stripe rate limit", () => {
  test(`after ${ACTIVATIONS_PER_USER.limit} activations in an hour the user gets 429 and Stripe is not called`, async () => {
    const stripe = await startStripeStandIn({ webhookSecret: 'whsec_abuse' });
    const stripeCtx = await createTestContext({
      now: NOW,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_lockin',
        STRIPE_WEBHOOK_SECRET: 'whsec_abuse',
        STRIPE_PRICE_ID: 'price_premium_monthly',
        STRIPE_API_BASE: stripe.url,
      },
    });
    try {
      const user = await createUser(stripeCtx);
      const client = await signedInClient(stripeCtx, user);
      expect((await client.post('/api/create-subscription')).status).toBe(200);
      const reads = () =>
        stripe.requests.filter((r) => r.method === 'GET' && /^\/v1\/checkout\/sessions\/[^/]+$/.test(r.path)).length;
      const statuses: number[] = [];
      for (let i = 0; i < ACTIVATIONS_PER_USER.limit + 5; i++)
        statuses.push((await client.post('/api/activate-premium')).status);
      // The checkout is still open: 409 each time, each one a read at Stripe, until the limit.
      expect(statuses.slice(0, ACTIVATIONS_PER_USER.limit).every((s) => s === 409)).toBe(true);
      expect(statuses.slice(ACTIVATIONS_PER_USER.limit)).toEqual([429, 429, 429, 429, 429]);
      expect(reads()).toBe(ACTIVATIONS_PER_USER.limit);
    } finally {
      await stripeCtx.close();
      await stripe.close();
    }
  }, 60_000);
});

describe('refusals that held (kept so they stay held)', () => {
  test('bad bodies, params, ids and headers on the reviewed paths answer 4xx naming the field', async () => {
    const a = await newClient(true);
    const b = await newClient();
    const started = await a.client.post('/api/lock-in-sessions', { goalMinutes: 25 });
    expect(started.status).toBe(201);
    const sid = String(started.body.id);
    const probes: [TestClient | null, string, string, string | undefined, number, string, Record<string, string>?][] = [
      [a.client, 'GET', '/api/lock-in-sessions?limit=1e9', undefined, 400, 'Limit must be at most 500'],
      [a.client, 'GET', '/api/lock-in-sessions?limit=abc', undefined, 400, 'Limit must be a number'],
      [a.client, 'POST', '/api/lock-in-sessions', '['.repeat(30_000), 400, 'The request body must be valid JSON'],
      [
        a.client,
        'POST',
        '/api/lock-in-sessions',
        '{"goalMinutes":1e309}',
        400,
        'Goal minutes must be a number of minutes',
      ],
      [
        a.client,
        'POST',
        '/api/lock-in-sessions',
        '{"goalMinutes":25,"taskTitle":"a\\ud800"}',
        400,
        'Task title must not contain lone UTF-16 surrogates',
      ],
      [
        a.client,
        'POST',
        '/api/lock-in-sessions',
        JSON.stringify({ goalMinutes: 25, taskTitle: 'x'.repeat(100_000) }),
        413,
        'The request body must be at most 64 KiB',
      ],
      [
        a.client,
        'PUT',
        `/api/lock-in-sessions/${'x'.repeat(300)}`,
        '{"quitEarly":true}',
        400,
        'ID must be at most 100 characters',
      ],
      [a.client, 'PUT', '/api/lock-in-sessions/a%00b', '{"quitEarly":true}', 400, 'ID must not contain NUL characters'],
      [
        a.client,
        'PUT',
        `/api/lock-in-sessions/${sid}`,
        '{"quitEarly":true,"actualMinutes":1e308}',
        400,
        'Actual minutes must be between 0 and 25',
      ],
      [b.client, 'PUT', `/api/lock-in-sessions/${sid}`, '{"quitEarly":true}', 404, 'Session not found'],
      [b.client, 'PUT', `/api/focus-sessions/${sid}`, '{"completedSuccessfully":false}', 404, 'Session not found'],
      [null, 'GET', '/api/lock-in-sessions', undefined, 401, 'Not signed in'],
      [
        a.client,
        'POST',
        '/api/lock-in-sessions',
        '{"goalMinutes":25}',
        403,
        'Cross-site request refused',
        { origin: 'https://evil.example' },
      ],
      [
        a.client,
        'POST',
        '/api/activate-premium',
        JSON.stringify({ sessionId: 'a'.repeat(300) }),
        400,
        'Session ID must be at most 255 characters',
      ],
      [a.client, 'POST', '/api/activate-premium', '[]', 400, 'The request body must be an object'],
      [
        a.client,
        'POST',
        '/api/cancel-subscription',
        '{"reason":"\\u0000"}',
        400,
        'Reason must not contain NUL characters',
      ],
      [
        null,
        'POST',
        '/api/stripe/webhook',
        'x'.repeat(200_000),
        413,
        'The request body must be at most 64 KiB',
        { 'stripe-signature': 'x' },
      ],
      [a.client, 'POST', '/api/ai-suggestions', '{"categories":"x"}', 400, 'Categories must be an array'],
      [b.client, 'POST', '/api/ai-suggestions', '{}', 403, 'AI suggestions need LockIn Premium'],
      [null, 'GET', `/api/calendar/${'A'.repeat(43)}.ics`, undefined, 404, 'No calendar feed at this address'],
      [null, 'GET', `/api/calendar/${'A'.repeat(5000)}.ics`, undefined, 404, 'No calendar feed at this address'],
      [a.client, 'GET', '/api/export?format=xml', undefined, 400, 'Format must be one of: json, csv'],
      [
        a.client,
        'POST',
        '/api/import',
        '['.repeat(200_000),
        400,
        'The file is not valid JSON (choose a LockIn JSON export)',
      ],
      [a.client, 'POST', '/api/import', 'x'.repeat(9 * 1024 * 1024), 413, 'The request body must be at most 8 MiB'],
      [a.client, 'DELETE', '/api/auth/account', '{"email":5}', 400, 'Email must be a string'],
      [
        a.client,
        'DELETE',
        '/api/auth/account',
        JSON.stringify({ email: a.email }),
        403,
        'Cross-site request refused',
        { 'sec-fetch-site': 'cross-site' },
      ],
    ];
    const client = (c: TestClient | null) =>
      c ?? new (a.client.constructor as new (app: typeof ctx.app) => TestClient)(ctx.app);
    for (const [c, method, path, body, status, message, headers] of probes) {
      const res = await client(c).request(method, path, body, headers);
      expect({ probe: `${method} ${path.slice(0, 60)}`, status: res.status, message: res.body?.message }).toEqual({
        probe: `${method} ${path.slice(0, 60)}`,
        status,
        message,
      });
    }
    // Another user's checkout session is indistinguishable from a made-up one.
    const checkout = await b.client.post('/api/create-subscription');
    const session = new URL(String(checkout.body.checkoutUrl)).searchParams.get('session') ?? '';
    expect((await a.client.post('/api/activate-premium', { sessionId: session })).status).toBe(404);
    expect((await a.client.mutate('plans.demoCheckout.complete', { session })).status).toBe(404);
    // Two completions of one checkout at once apply it once.
    const completes = await Promise.all(
      [1, 2, 3].map(() => b.client.mutate('plans.demoCheckout.complete', { session })),
    );
    expect(completes.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(ctx.log.lines.filter((l) => / failed/.test(l))).toEqual([]);
  }, 60_000);
});

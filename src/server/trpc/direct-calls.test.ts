// GET queries and POST mutations answered without tRPC's fetch adapter must answer what the
// adapter would: the same status, body and headers, for answers, refusals, failures and batches.
// Two apps on one router (with LockIn's error formatter): one with direct-calls in front of the
// adapter, one with the adapter alone; every request goes to both. Which of the two answered is
// counted, so a case that should take the new path cannot pass by falling through to the adapter.
import { describe, expect, test } from 'bun:test';
import { trpcServer } from '@hono/trpc-server';
import { type AnyTRPCRouter, TRPCError, initTRPC } from '@trpc/server';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/auth-middleware';
import { AppError, retryAfterHeaders } from '../http/errors';
import { directCalls } from './direct-calls';
import { publicProcedure, router } from './init';

const MAX_BATCH = 3;

const testRouter = router({
  plain: publicProcedure.query(() => ({ ok: true, at: '2026-11-27T10:00:00.000Z', list: [1, 2, 3] })),
  echo: publicProcedure
    .input(z.object({ n: z.number().int() }).optional())
    .query(({ input }) => ({ n: input?.n ?? null })),
  nothing: publicProcedure.query(() => undefined),
  signalled: publicProcedure.query(({ signal }) => ({ hasSignal: signal instanceof AbortSignal })),
  notFound: publicProcedure.query(() => {
    throw new AppError('NOT_FOUND', 'No such thing');
  }),
  limited: publicProcedure.query(() => {
    throw new AppError('TOO_MANY_REQUESTS', 'Slow down', 42);
  }),
  refused: publicProcedure.query(() => {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Not for you' });
  }),
  broken: publicProcedure.query(() => {
    throw new Error('database on fire');
  }),
  streamy: publicProcedure.query(() => ({ later: Promise.resolve(1) })),
  nested: { deep: publicProcedure.query(() => 'deep') },
  change: publicProcedure.mutation(() => 'changed'),
  save: publicProcedure.input(z.object({ title: z.string().min(1) })).mutation(({ input }) => ({ saved: input.title })),
  conflict: publicProcedure.mutation(() => {
    throw new AppError('CONFLICT', 'Already running');
  }),
  throttled: publicProcedure.mutation(() => {
    throw new AppError('TOO_MANY_REQUESTS', 'Slow down', 7);
  }),
  crash: publicProcedure.mutation(() => {
    throw new Error('disk on fire');
  }),
  nestedChange: { deep: publicProcedure.mutation(() => 'deep change') },
});

function apps(router: AnyTRPCRouter = testRouter) {
  const counts = { fast: 0, adapter: 0 };
  const failures: string[] = [];
  const onError = ({ error, path }: { error: TRPCError; path?: string }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') failures.push(`${path}: ${error.cause?.message ?? error.message}`);
  };
  /** A signed-out context that counts which path made it. */
  const countedContext = (path: keyof typeof counts) => () => {
    counts[path] += 1;
    return { deps: undefined as never, user: null, session: null };
  };
  const adapter = () =>
    trpcServer({
      router,
      endpoint: '/api/trpc',
      maxBatchSize: MAX_BATCH,
      createContext: countedContext('adapter'),
      responseMeta: ({ errors }) => {
        const headers = retryAfterHeaders(errors);
        return headers ? { headers: new Headers(headers) } : {};
      },
      onError,
    });
  const withFastPath = new Hono<AppEnv>();
  withFastPath.use(
    '/api/trpc/*',
    directCalls({
      router,
      endpoint: '/api/trpc',
      maxBatchSize: MAX_BATCH,
      createContext: countedContext('fast'),
      errorHeaders: retryAfterHeaders,
      onError,
    }),
  );
  withFastPath.use('/api/trpc/*', adapter());
  const adapterOnly = new Hono<AppEnv>();
  adapterOnly.use('/api/trpc/*', adapter());
  return { withFastPath, adapterOnly, counts, failures };
}

async function snapshot(res: Response) {
  return {
    status: res.status,
    body: await res.text(),
    contentType: res.headers.get('content-type'),
    vary: res.headers.get('vary'),
    retryAfter: res.headers.get('retry-after'),
  };
}

/** Both apps' answers to the request, and which path the first one took. */
async function both(path: string, init: RequestInit = {}, router?: AnyTRPCRouter) {
  const { withFastPath, adapterOnly, counts, failures } = apps(router);
  const url = `http://localhost${path}`;
  const fast = await snapshot(await withFastPath.request(url, init));
  const took = counts.fast > 0 ? 'fast' : 'adapter';
  const fastFailures = [...failures];
  failures.length = 0;
  const reference = await snapshot(await adapterOnly.request(url, init));
  return { fast, reference, took, fastFailures, referenceFailures: [...failures] };
}

const input = (value: unknown) => `input=${encodeURIComponent(JSON.stringify(value))}`;

describe('answered without the adapter, as the adapter would', () => {
  test.each([
    ['an answer', '/api/trpc/plain'],
    ['an answer with input', `/api/trpc/echo?${input({ n: 7 })}`],
    ['no input for an optional one', '/api/trpc/echo'],
    ['an empty input parameter', '/api/trpc/echo?input='],
    ['an answer of nothing', '/api/trpc/nothing'],
    ['the request signal handed on', '/api/trpc/signalled'],
    ['a nested router', '/api/trpc/nested.deep'],
    ['input refused by its schema', `/api/trpc/echo?${input({ n: 'seven' })}`],
    ['an AppError', '/api/trpc/notFound'],
    ['a TRPCError', '/api/trpc/refused'],
    ['a rate limit with Retry-After', '/api/trpc/limited'],
    ['a failure (logged, not shown)', '/api/trpc/broken'],
    ['a stream-like answer refused', '/api/trpc/streamy'],
    ['a batch of one', `/api/trpc/echo?batch=1&${input({ 0: { n: 1 } })}`],
    ['a batch', `/api/trpc/plain,echo,nested.deep?batch=1&${input({ 1: { n: 2 } })}`],
    ['a batch without input', '/api/trpc/plain,echo?batch=1'],
    ['a batch of answers and refusals (207)', `/api/trpc/plain,notFound,echo?batch=1&${input({ 2: { n: 'x' } })}`],
    ['a batch of one refusal', '/api/trpc/refused?batch=1'],
    ['a batch with a rate limit', '/api/trpc/plain,limited?batch=1'],
    ['a batch of the same call twice', '/api/trpc/plain,plain?batch=1'],
  ])('%s', async (_, path) => {
    const result = await both(path);
    expect(result.took).toBe('fast');
    expect(result.fast).toEqual(result.reference);
    expect(result.fastFailures).toEqual(result.referenceFailures);
  });

  test('a failure is logged once, on either path', async () => {
    const result = await both('/api/trpc/broken');
    expect(result.fastFailures).toEqual(['broken: database on fire']);
    expect(result.fast.status).toBe(500);
    expect(result.fast.body).not.toContain('on fire');
  });

  test('Retry-After reaches the answer', async () => {
    const result = await both('/api/trpc/limited');
    expect(result.fast.status).toBe(429);
    expect(result.fast.retryAfter).toBe('42');
  });
});

const json = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  body,
  headers: { 'content-type': 'application/json', ...headers },
});

describe('mutations answered without the adapter, as the adapter would', () => {
  test.each([
    ['an answer', '/api/trpc/change', json('{}')],
    ['an answer with input', '/api/trpc/save', json(JSON.stringify({ title: 'Write' }))],
    ['no input', '/api/trpc/change', json('null')],
    ['a nested router', '/api/trpc/nestedChange.deep', json('{}')],
    ['input refused by its schema', '/api/trpc/save', json(JSON.stringify({ title: '' }))],
    ['input of the wrong shape', '/api/trpc/save', json('"just a string"')],
    ['an AppError', '/api/trpc/conflict', json('{}')],
    ['a rate limit with Retry-After', '/api/trpc/throttled', json('{}')],
    ['a failure (logged, not shown)', '/api/trpc/crash', json('{}')],
    [
      'a charset and capitals in the content type',
      '/api/trpc/save',
      json('{"title":"A"}', { 'content-type': 'Application/JSON; charset=utf-8' }),
    ],
    ['a batch, as the browser sends it', '/api/trpc/save,change?batch=1', json(JSON.stringify({ 0: { title: 'B' } }))],
    [
      'a batch of answers and refusals (207)',
      '/api/trpc/save,conflict,save?batch=1',
      json(JSON.stringify({ 0: { title: 'C' }, 2: { title: '' } })),
    ],
    ['a batch with a rate limit', '/api/trpc/change,throttled?batch=1', json('{}')],
  ] as [string, string, RequestInit][])('%s', async (_, path, init) => {
    const result = await both(path, init);
    expect(result.took).toBe('fast');
    expect(result.fast).toEqual(result.reference);
    expect(result.fastFailures).toEqual(result.referenceFailures);
  });

  test('the answers compared are real ones', async () => {
    const saved = await both('/api/trpc/save', json(JSON.stringify({ title: 'Write' })));
    expect(saved.fast.status).toBe(200);
    expect(JSON.parse(saved.fast.body)).toEqual({ result: { data: { saved: 'Write' } } });
    const refused = await both('/api/trpc/save,conflict?batch=1', json(JSON.stringify({ 0: { title: 'x' } })));
    expect(refused.fast.status).toBe(207);
    expect((await both('/api/trpc/throttled', json('{}'))).fast.retryAfter).toBe('7');
  });
});

describe('left to the adapter', () => {
  test.each([
    ['an unknown procedure', '/api/trpc/nope', {}],
    ['a mutation asked with GET', '/api/trpc/change', {}],
    ['a batch naming an unknown procedure', '/api/trpc/plain,nope?batch=1', {}],
    ['a batch over the limit', '/api/trpc/plain,plain,plain,plain?batch=1', {}],
    ['names joined without batch=1', '/api/trpc/plain,echo', {}],
    ['input that is not JSON', '/api/trpc/echo?input=%7Bnope', {}],
    ['a batch input that is not an object', `/api/trpc/echo?batch=1&${input([{ n: 1 }])}`, {}],
    ['a percent-escaped path', '/api/trpc/nested%2Edeep', {}],
    ['a trailing slash', '/api/trpc/plain/', {}],
    ['no procedure', '/api/trpc/', {}],
    ['connection params', '/api/trpc/plain?connectionParams=%7B%7D', {}],
    ['a content type', '/api/trpc/plain', { headers: { 'content-type': 'application/json' } }],
    ['a streaming ask', '/api/trpc/plain?batch=1', { headers: { 'trpc-accept': 'application/jsonl' } }],
    ['a streaming Accept', '/api/trpc/plain?batch=1', { headers: { accept: 'text/html, application/jsonl' } }],
    ['HEAD', '/api/trpc/plain', { method: 'HEAD' }],
    ['a query asked with POST', '/api/trpc/plain', json('{}')],
    ['a batch mixing a query and a mutation', '/api/trpc/change,plain?batch=1', json('{}')],
    ['a mutation without a content type', '/api/trpc/change', { method: 'POST', body: '{}' }],
    ['a JSON body sent as text', '/api/trpc/change', json('{}', { 'content-type': 'text/plain' })],
    [
      'a mutation sent as a form',
      '/api/trpc/change',
      json('a=1', { 'content-type': 'application/x-www-form-urlencoded' }),
    ],
    ['a mutation body that is not JSON', '/api/trpc/save', json('{nope')],
    ['an empty mutation body', '/api/trpc/save', json('')],
    ['a mutation batch body that is not an object', '/api/trpc/save?batch=1', json('[{"title":"A"}]')],
    ['a mutation batch over the limit', '/api/trpc/change,change,change,change?batch=1', json('{}')],
    ['an unknown mutation', '/api/trpc/nope', json('{}')],
    ['a streaming mutation', '/api/trpc/change?batch=1', json('{}', { 'trpc-accept': 'application/jsonl' })],
    ['PUT', '/api/trpc/change', { ...json('{}'), method: 'PUT' }],
  ] as [string, string, RequestInit][])('%s', async (_, path, init) => {
    const result = await both(path, init);
    expect(result.took).toBe('adapter');
    expect(result.fast).toEqual(result.reference);
  });
});

describe('a router with a transformer', () => {
  // Inputs arrive as the client's transformer wrote them; both paths unwrap them the same way.
  const wrapped = initTRPC.create({
    // No stack in error shapes (LockIn's formatter drops it too): its async frames differ by path.
    isDev: false,
    transformer: {
      serialize: (value: unknown) => ({ wrapped: value }),
      deserialize: (value: unknown) => (value as { wrapped?: unknown } | null)?.wrapped,
    },
  });
  const router = wrapped.router({
    echo: wrapped.procedure.input(z.object({ n: z.number() })).query(({ input }) => ({ n: input.n })),
  });

  test.each([
    ['one call', `/api/trpc/echo?${input({ wrapped: { n: 3 } })}`],
    ['a batch', `/api/trpc/echo,echo?batch=1&${input({ 0: { wrapped: { n: 1 } }, 1: { wrapped: { n: 'x' } } })}`],
  ])('%s', async (_, path) => {
    const result = await both(path, {}, router);
    expect(result.took).toBe('fast');
    expect(result.fast).toEqual(result.reference);
  });
});

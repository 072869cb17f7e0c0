// tRPC calls answered with tRPC's own parts (callTRPCProcedure, getTRPCErrorShape,
// transformTRPCResponse, getHTTPStatusCode) instead of its fetch adapter: GET queries and POST
// mutations, one call or a batch.
//
// Why: the adapter was most of a cached read's CPU (docs/decisions/2026-11-26-get-queries.md), and
// a large share of a write's on the request thread (2026-11-26-direct-mutations.md): per call it
// builds a URL, Headers, two AbortControllers and two AbortSignal.any, and awaits a chain of
// promises around the call, which a JSON answer does not need. The answer here is the adapter's,
// byte for byte (status, body, content-type, vary, Retry-After); the tests compare the two for
// every procedure.
//
// What it takes: a GET naming only queries with no content-type (a browser's query sends none), or
// a POST naming only mutations with a JSON body; not asking for a stream; a batch within the
// limit; input that parses. Anything else (unknown procedures, a procedure asked with the other
// method, bad JSON, streaming, connection params) goes on to tRPC's adapter, which answers it as
// it always did: no procedure has run at that point. A POST's body is read through Hono's body
// cache, which the adapter reads too (@hono/trpc-server), so it is read once either way.
import {
  type AnyTRPCRouter,
  TRPCError,
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
} from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/auth-middleware';

type CallType = 'query' | 'mutation';

/** Which method asks for which kind of procedure (tRPC's own map, without method override). */
const TYPE_BY_METHOD: Record<string, CallType> = { GET: 'query', POST: 'mutation' };

export interface DirectCallsOptions<TContext> {
  router: AnyTRPCRouter;
  /** Where tRPC is mounted ('/api/trpc'). */
  endpoint: string;
  maxBatchSize: number;
  createContext(c: Context<AppEnv>): TContext;
  /** Headers an answer with these errors carries (the adapter's responseMeta gives the same). */
  errorHeaders(errors: readonly TRPCError[]): Record<string, string> | undefined;
  onError(opts: { error: TRPCError; path: string; input: unknown; ctx: TContext; type: CallType; req: Request }): void;
}

interface Call {
  path: string;
  input: unknown;
}

/** A call's part of the answer, and its error (for the status and the headers). */
interface Outcome {
  answer: { result: { data: unknown } } | { error: unknown };
  error?: TRPCError;
}

/** The procedures a request names and where its input is, or undefined when it is one for tRPC's adapter. */
interface Target {
  type: CallType;
  paths: string[];
  batch: boolean;
  params: URLSearchParams;
}

/** The adapter's test for a JSON body: the media type, whatever its parameters and case. */
const isJson = (contentType: string) => contentType.toLowerCase().split(';', 1)[0]?.trim() === 'application/json';

function readTarget(
  req: Request,
  prefix: string,
  procedures: Readonly<Record<CallType, ReadonlySet<string>>>,
  maxBatchSize: number,
): Target | undefined {
  const { headers, url } = req;
  const type = TYPE_BY_METHOD[req.method];
  if (!type) return undefined;
  const contentType = headers.get('content-type');
  if (type === 'query' ? contentType !== null : contentType === null || !isJson(contentType)) return undefined;
  if (headers.has('trpc-accept')) return undefined;
  if (headers.get('accept')?.includes('application/jsonl')) return undefined;
  const pathStart = url.indexOf('/', url.indexOf('://') + 3);
  const queryStart = url.indexOf('?', pathStart);
  const path = url.slice(pathStart, queryStart < 0 ? undefined : queryStart);
  if (!path.startsWith(prefix)) return undefined;
  const pathname = path.slice(prefix.length);
  // Percent-escapes and stray slashes are decoded and trimmed by the adapter: left to it.
  if (pathname.length === 0 || pathname.includes('%') || pathname.includes('/')) return undefined;
  const params = new URLSearchParams(queryStart < 0 ? '' : url.slice(queryStart + 1));
  if (params.has('connectionParams')) return undefined;
  const batch = params.get('batch') === '1';
  const paths = batch ? pathname.split(',') : [pathname];
  const known = procedures[type];
  if (paths.length > maxBatchSize || !paths.every((p) => known.has(p))) return undefined;
  return { type, paths, batch, params };
}

/** The target's inputs as the adapter reads them (a query's from the URL, a mutation's from the body), or undefined for the adapter. */
async function readCalls(
  c: Context<AppEnv>,
  { type, paths, batch, params }: Target,
  deserialize: (input: unknown) => unknown,
): Promise<Call[] | undefined> {
  let inputs: unknown;
  try {
    if (type === 'mutation') inputs = await c.req.json();
    else {
      const text = params.get('input');
      inputs = text ? JSON.parse(text) : undefined;
    }
  } catch {
    return undefined;
  }
  // As the adapter does: each input that is there goes through the router's transformer.
  const read = (input: unknown) => (input === undefined ? undefined : deserialize(input));
  if (!batch) return paths.map((path) => ({ path, input: read(inputs) }));
  if (inputs !== undefined && (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)))
    return undefined;
  const byIndex = (inputs ?? {}) as Record<number, unknown>;
  return paths.map((p, index) => ({ path: p, input: read(byIndex[index]) }));
}

const isAsyncIterable = (v: unknown) =>
  typeof v === 'object' && v !== null && typeof (v as Record<symbol, unknown>)[Symbol.asyncIterator] === 'function';
const isThenable = (v: unknown) =>
  (typeof v === 'object' || typeof v === 'function') &&
  v !== null &&
  typeof (v as { then?: unknown }).then === 'function' &&
  typeof (v as { catch?: unknown }).catch === 'function';

/** What tRPC refuses to put in a JSON answer (its isDataStream): an async iterable, or an object holding a promise or one. */
function isDataStream(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (isAsyncIterable(value)) return true;
  const values = Object.values(value);
  return values.some(isThenable) || values.some(isAsyncIterable);
}

// The adapter's words for it, so a stream-like answer is refused the same way on either path.
const streamRefused = () =>
  new TRPCError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
  });

/** The router's procedures of one kind by their dotted paths ('tasks.daily.list'). */
export function procedurePaths(router: AnyTRPCRouter, type: CallType): ReadonlySet<string> {
  const procedures = Object.entries(router._def.procedures as unknown as Record<string, { _def: { type: string } }>);
  return new Set(procedures.filter(([, procedure]) => procedure._def.type === type).map(([path]) => path));
}

export function directCalls<TContext>(options: DirectCallsOptions<TContext>): MiddlewareHandler<AppEnv> {
  const { router, maxBatchSize } = options;
  const config = router._def._config;
  const procedures = { query: procedurePaths(router, 'query'), mutation: procedurePaths(router, 'mutation') };
  const deserialize = (input: unknown) => config.transformer.input.deserialize(input);
  const prefix = `${options.endpoint}/`;

  return async (c, next) => {
    const req = c.req.raw;
    const target = readTarget(req, prefix, procedures, maxBatchSize);
    const calls = target && (await readCalls(c, target, deserialize));
    if (!target || !calls) return next();
    const { type } = target;

    const ctx = options.createContext(c);
    const outcomes = await Promise.all(
      calls.map(async ({ path, input }, batchIndex): Promise<Outcome> => {
        try {
          const data = await callTRPCProcedure({
            router,
            path,
            getRawInput: async () => input,
            ctx,
            type,
            signal: req.signal,
            batchIndex,
          });
          if (isDataStream(data)) throw streamRefused();
          return { answer: { result: { data } } };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          options.onError({ error, path, input, ctx, type, req });
          return { answer: { error: getTRPCErrorShape({ config, ctx, error, input, path, type }) }, error };
        }
      }),
    );
    const errors = outcomes.flatMap((o) => (o.error ? [o.error] : []));
    const headers: Record<string, string> = {
      vary: 'trpc-accept, accept',
      'content-type': 'application/json',
      ...options.errorHeaders(errors),
    };
    const answers = outcomes.map((o) => o.answer);
    const json = target.batch ? answers : answers[0];
    return new Response(JSON.stringify(transformTRPCResponse(config, json as never)), {
      status: getHTTPStatusCode(json as never),
      headers,
    });
  };
}

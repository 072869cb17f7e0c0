// tRPC's build copies objects with a down-levelled spread helper; patches/ replaces its
// descriptor copies with Object.assign (2026-11-26-trpc-spread-helper.md). These calls go through
// every place the helper runs on a request (the fetch adapter's options, the middleware chain's
// context merge, input merging, the answer) and check what spread would have given.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { initTRPC } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';

type Ctx = { base: string; symbolKey?: symbol };
const marker = Symbol('marker');
const t = initTRPC.context<Ctx>().create();

const router = t.router({
  merged: t.procedure
    .use(({ next }) => next({ ctx: { first: 1, [marker]: 'kept' } }))
    .use(({ ctx, next }) => next({ ctx: { second: ctx.first + 1 } }))
    // Parser functions hand the parsed JSON on as it is (zod would drop a "__proto__" key).
    .input((raw: unknown) => raw as { a: number })
    .input((raw: unknown) => raw as { b: number })
    .mutation(({ ctx, input }) => ({
      ctx: { base: ctx.base, first: ctx.first, second: ctx.second, marker: (ctx as Record<symbol, unknown>)[marker] },
      inputKeys: Object.keys(input),
      ownProto: Object.hasOwn(input, '__proto__'),
      prototypeIsObject: Object.getPrototypeOf(input) === Object.prototype,
      polluted: (input as Record<string, unknown>).polluted ?? null,
    })),
});

async function call(body: string) {
  const res = await fetchRequestHandler({
    endpoint: '/trpc',
    req: new Request('http://localhost/trpc/merged', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    }),
    router,
    createContext: () => ({ base: 'request' }),
  });
  return { status: res.status, body: (await res.json()) as { result: { data: Record<string, unknown> } } };
}

describe("tRPC's spread helper (patched)", () => {
  test('the patch is applied by bun install', () => {
    const entry = Bun.resolveSync('@trpc/server', import.meta.dir);
    const chunk = readFileSync(entry, 'utf8').match(/from "\.\/(getErrorShape-[\w-]+\.mjs)"/)?.[1];
    expect(chunk).toBeDefined();
    expect(readFileSync(new URL(chunk ?? '', Bun.pathToFileURL(entry)), 'utf8')).toContain('Patched by LockIn');
  });

  test('contexts from middlewares merge over the request context, symbol keys included', async () => {
    const { status, body } = await call(JSON.stringify({ a: 1, b: 2 }));
    expect(status).toBe(200);
    expect(body.result.data.ctx).toEqual({ base: 'request', first: 1, second: 2, marker: 'kept' });
    expect(body.result.data.inputKeys).toEqual(['a', 'b']);
  });

  test('an input\'s own "__proto__" stays a property and never becomes the prototype', async () => {
    const { status, body } = await call('{"a":1,"b":2,"__proto__":{"polluted":true}}');
    expect(status).toBe(200);
    expect(body.result.data).toMatchObject({ ownProto: true, prototypeIsObject: true, polluted: null });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

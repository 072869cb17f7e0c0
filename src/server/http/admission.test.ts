// At most `concurrency` requests run at once, up to `queueMax` wait their turn in order, and one
// more is refused at once with a 503, Retry-After and the busy message; nothing waiting is lost.
import { describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { API_BUSY_RETRY_SECONDS } from '../../shared/constants';
import { SERVER_BUSY_MESSAGE } from '../../shared/copy';
import { admission } from './admission';
import type { AppEnv } from './auth-middleware';
import { AppError } from './errors';

function appWithGate(concurrency: number, queueMax: number) {
  const gates: PromiseWithResolvers<void>[] = [];
  const order: number[] = [];
  const app = new Hono<AppEnv>();
  app.onError((error, c) => {
    if (!(error instanceof AppError)) throw error;
    c.header('Retry-After', String(error.retryAfterSeconds));
    return c.json({ message: error.message }, error.status as 503);
  });
  app.use('/api/*', admission(concurrency, queueMax));
  app.get('/api/work/:n', async (c) => {
    const n = Number(c.req.param('n'));
    order.push(n);
    const gate = Promise.withResolvers<void>();
    gates.push(gate);
    await gate.promise;
    return c.json({ n });
  });
  return { app, gates, order };
}

describe('admission', () => {
  test('runs at most `concurrency` at once, queues up to `queueMax` in order, refuses the next at once', async () => {
    const { app, gates, order } = appWithGate(2, 2);
    const answers = [1, 2, 3, 4].map((n) => app.request(`/api/work/${n}`));
    await Bun.sleep(0);
    expect(order).toEqual([1, 2]);

    const refused = await app.request('/api/work/5');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Retry-After')).toBe(String(API_BUSY_RETRY_SECONDS));
    expect(await refused.json()).toEqual({ message: SERVER_BUSY_MESSAGE });

    // Each one that ends lets the next waiting one in, first come first served.
    gates[0]?.resolve();
    expect(await (await answers[0]!).json()).toEqual({ n: 1 });
    while (order.length < 3) await Bun.sleep(0);
    expect(order).toEqual([1, 2, 3]);
    for (let i = 1; i < 4; i++) {
      while (!gates[i]) await Bun.sleep(0);
      gates[i]?.resolve();
    }
    const bodies = await Promise.all(answers.slice(1).map(async (a) => (await a).json()));
    expect(bodies).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]);
    expect(order).toEqual([1, 2, 3, 4]);
  });
});

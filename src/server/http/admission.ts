// At most API_CONCURRENCY API requests run at once in a process; up to API_QUEUE_MAX more wait
// their turn (first come, first served), and beyond that a request is refused at once with a 503
// and Retry-After. Past what the database can answer, more requests at once only make each one
// slower, and their work crowds out the pages and probes that share the process: with this, those
// keep answering while the API is saturated (bench/capacity.ts, overload step).
import type { MiddlewareHandler } from 'hono';
import pLimit from 'p-limit';
import { API_BUSY_RETRY_SECONDS, API_CONCURRENCY, API_QUEUE_MAX } from '../../shared/constants';
import { SERVER_BUSY_MESSAGE } from '../../shared/copy';
import type { AppEnv } from './auth-middleware';
import { AppError } from './errors';

export function admission(concurrency = API_CONCURRENCY, queueMax = API_QUEUE_MAX): MiddlewareHandler<AppEnv> {
  const limit = pLimit(concurrency);
  return async (_c, next) => {
    if (limit.pendingCount >= queueMax) throw new AppError('UNAVAILABLE', SERVER_BUSY_MESSAGE, API_BUSY_RETRY_SECONDS);
    await limit(next);
  };
}

// The 'Your data' endpoints: GET /api/export (JSON or CSV download, streamed), POST /api/import
// (a JSON export, up to IMPORT_MAX_BYTES) and DELETE /api/auth/account (typed-email confirmation).
import { Hono } from 'hono';
import { z } from 'zod';
import { CSV_TABLES, DATA_MESSAGES, deleteAccountInput, EXPORT_FORMATS, IMPORT_MAX_BYTES } from '../../shared/data';
import type { AppDeps } from '../deps';
import { type AppEnv, clearSessionCookie, requireAuth } from '../http/auth-middleware';
import { AppError, describeZodError } from '../http/errors';
import { hitRateLimit, type RateLimitRule } from '../http/rate-limit';
import { limitBody } from '../http/security';
import { readJson } from '../http/validate';
import { deleteAccount } from './delete-account.service';
import { exportCsvChunks } from './export-csv';
import { exportJsonChunks } from './export-json';
import { exportFileName, toByteStream } from './export-stream';
import { importExport } from './import.service';

/**
 * Per-user bounds on the two heavy requests (a full read of the account; up to 8 MiB parsed and
 * written in one transaction). Far above what a person needs: a backup a day, a few imports.
 */
export const DATA_RATE_LIMITS = {
  exportPerUser: { name: 'export:user', limit: 60, windowMs: 60 * 60_000 },
  importPerUser: { name: 'import:user', limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/** The one path exempt from the app-wide 64 KiB body limit (it sets its own). */
export const IMPORT_PATH = '/api/import';

const exportQuery = z.discriminatedUnion(
  'format',
  [
    z.object({ format: z.literal('json') }),
    z.object({
      format: z.literal('csv'),
      what: z.enum(CSV_TABLES, { error: `must be one of: ${CSV_TABLES.join(', ')}` }),
    }),
  ],
  { error: `must be one of: ${EXPORT_FORMATS.join(', ')}` },
);

export function dataRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/export', async (c) => {
    const { user } = requireAuth(c);
    const query = exportQuery.safeParse({ format: c.req.query('format') ?? 'json', what: c.req.query('what') });
    if (!query.success) throw new AppError('BAD_REQUEST', describeZodError(query.error));
    await hitRateLimit(deps, DATA_RATE_LIMITS.exportPerUser, user.id);
    const now = deps.clock.now();
    const onError = (error: unknown) => deps.log.error('export stream failed', error);
    const headers = {
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    };
    if (query.data.format === 'json') {
      const body = toByteStream(exportJsonChunks(deps, user.id), onError);
      return new Response(body, {
        headers: {
          ...headers,
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="${exportFileName('json', now)}"`,
        },
      });
    }
    const table = query.data.what;
    const body = toByteStream(exportCsvChunks(deps, user.id, table), onError);
    return new Response(body, {
      headers: {
        ...headers,
        'content-type': 'text/csv; charset=utf-8; header=present',
        'content-disposition': `attachment; filename="${exportFileName(table, now)}"`,
      },
    });
  });

  routes.post('/import', limitBody({ maxBytes: IMPORT_MAX_BYTES }), async (c) => {
    const { user } = requireAuth(c);
    // Counted before the body is read and parsed: refusing is cheap, parsing 8 MiB is not.
    await hitRateLimit(deps, DATA_RATE_LIMITS.importPerUser, user.id);
    const text = await c.req.text();
    if (text.trim() === '') throw new AppError('BAD_REQUEST', 'The file is empty (choose a LockIn JSON export)');
    return c.json(await importExport(deps, user, text));
  });

  routes.delete('/auth/account', async (c) => {
    const { user } = requireAuth(c);
    const input = await readJson(c, deleteAccountInput);
    const result = await deleteAccount(deps, user, input);
    clearSessionCookie(c, deps);
    return c.json({ message: DATA_MESSAGES.accountDeleted, ...result });
  });

  return routes;
}

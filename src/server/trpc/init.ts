// tRPC is initialised once here. The context has an inner part (services, user) that tests can
// build directly, and a per-request part that Hono fills from the session cookie.
import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { Context as HonoContext } from 'hono';
import { ZodError } from 'zod';
import { TRPC_MAX_BATCH_SIZE } from '../../shared/constants';
import type { Session, SessionUser } from '../accounts/sessions';
import type { AppDeps } from '../deps';
import { AppError, describeZodError } from '../http/errors';

export type TrpcContext = {
  deps: AppDeps;
  user: SessionUser | null;
  session: Session | null;
  /** Present for HTTP calls; procedures that set cookies use it. */
  hono?: HonoContext;
};

export function createInnerContext(
  deps: AppDeps,
  auth: { user: SessionUser; session: Session } | null,
  hono?: HonoContext,
): TrpcContext {
  return { deps, user: auth?.user ?? null, session: auth?.session ?? null, hono };
}

/** The message tRPC 11 throws when a batch exceeds the server's maxBatchSize. */
const TRPC_BATCH_TOO_LARGE = 'Batch call exceeds maximum size';

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    if (cause instanceof AppError) {
      return {
        ...shape,
        message: cause.message,
        code: TRPC_ERROR_CODES_BY_KEY[cause.trpcCode],
        data: { code: cause.trpcCode, httpStatus: cause.status },
      };
    }
    if (cause instanceof ZodError) {
      return {
        ...shape,
        message: describeZodError(cause),
        data: { code: 'BAD_REQUEST' as const, httpStatus: 400 },
      };
    }
    if (error.code === 'BAD_REQUEST' && error.message === TRPC_BATCH_TOO_LARGE) {
      // tRPC's own maxBatchSize refusal, said in words a client developer can act on.
      return {
        ...shape,
        message: `batch: at most ${TRPC_MAX_BATCH_SIZE} calls per request`,
        data: { code: 'BAD_REQUEST' as const, httpStatus: 400 },
      };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return { ...shape, message: 'Internal server error', data: { code: shape.data.code, httpStatus: 500 } };
    }
    return { ...shape, data: { code: shape.data.code, httpStatus: shape.data.httpStatus } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not signed in' });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

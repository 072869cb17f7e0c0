// One error type for every rule a service enforces, mapped once to HTTP statuses and tRPC codes.
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { z } from 'zod';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'LIMIT_REACHED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'INTERNAL';

const TABLE: Record<AppErrorCode, { status: number; trpc: TRPC_ERROR_CODE_KEY }> = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  LIMIT_REACHED: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
};

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Seconds a client should wait, for TOO_MANY_REQUESTS. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  get status(): number {
    return TABLE[this.code].status;
  }
  get trpcCode(): TRPC_ERROR_CODE_KEY {
    return TABLE[this.code].trpc;
  }
}

/** 'title: Too small: expected string to have >=1 characters' — names the field first. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
  return `${field}: ${issue.message}`;
}

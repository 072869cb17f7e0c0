// One error type for every rule a service enforces, mapped once to HTTP statuses and tRPC codes.
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { z } from 'zod';
import { fieldLabel } from '../../shared/field-label';

export { fieldLabel };

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'LIMIT_REACHED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNAVAILABLE'
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
  UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
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

/**
 * Retry-After for an answer that carries these errors (tRPC's, whose causes are the AppErrors the
 * procedures threw): the first refusal that says when to come back (a rate limit's 429), as the
 * REST routes' answers say it; none when no error does.
 */
export function retryAfterHeaders(errors: readonly { cause?: unknown }[]): Record<string, string> | undefined {
  const seconds = errors
    .map((e) => (e.cause instanceof AppError ? e.cause.retryAfterSeconds : undefined))
    .find((s) => s !== undefined);
  return seconds === undefined ? undefined : { 'Retry-After': String(seconds) };
}

/** zod's own messages ('Too small: …', 'Invalid input: …'), as opposed to the schemas' phrases. */
const ZOD_DEFAULT = /^(Too small|Too big|Invalid|Unrecognized)\b/;

/** 'must be at least 1', 'must be greater than 0', 'must be at most 200 characters', 'must hold at least 1 item'. */
function boundPhrase(
  origin: string,
  side: 'least' | 'most',
  bound: number | bigint,
  inclusive: boolean,
  exact: boolean,
): string {
  const amount = exact ? `exactly ${bound}` : `at ${side} ${bound}`;
  switch (origin) {
    case 'string':
      return `must be ${amount} characters`;
    case 'array':
    case 'set':
      return `${side === 'least' || exact ? 'must' : 'may'} hold ${amount} item${bound === 1 ? '' : 's'}`;
    case 'number':
    case 'int':
    case 'bigint':
      if (inclusive) return `must be at ${side} ${bound}`;
      return `must be ${side === 'least' ? 'greater' : 'less'} than ${bound}`;
    default:
      return side === 'least' ? 'is too small' : 'is too large';
  }
}

function zodPhrase(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return boundPhrase(issue.origin, 'least', issue.minimum, issue.inclusive !== false, issue.exact === true);
    case 'too_big':
      return boundPhrase(issue.origin, 'most', issue.maximum, issue.inclusive !== false, issue.exact === true);
    case 'invalid_type':
      // zod leaves the input out of its issues; its message says 'received undefined' for a gap.
      if (/received undefined$/.test(issue.message)) return 'is required';
      if (issue.expected === 'int') return 'must be a whole number';
      return `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
    case 'unrecognized_keys':
      return `has unknown fields: ${issue.keys.join(', ')}`;
    default:
      return 'is not valid';
  }
}

/**
 * A 400's message as a sentence that names the field: 'First name is required'. The schemas'
 * messages are phrases ('is required', 'must be at most 100 characters') put after the field's
 * label; a message that is already a sentence ('Enter a valid email address') is kept as it is;
 * zod's own wording is replaced by a phrase for its issue code.
 */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid';
  const { message } = issue;
  if (!/^[A-Z]/.test(message)) return `${fieldLabel(issue.path)} ${message}`;
  if (!ZOD_DEFAULT.test(message)) return message;
  return `${fieldLabel(issue.path)} ${zodPhrase(issue)}`;
}

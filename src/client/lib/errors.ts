// The one reader of client-side failures, for tRPC calls and REST requests alike: what the server
// said (its code, status and words) when it answered, and nothing when it could not be reached,
// so callers show the spec's own fallback instead of 'Failed to fetch'.
import { ApiError } from './api';

interface DecodedError {
  /** The tRPC error code ('FORBIDDEN', 'CONFLICT', …); for REST answers, the code of the status. */
  code: string | null;
  /** The HTTP status of the server's answer. */
  status: number | null;
  /** The server's own message (or our code's own words for a failure raised in the browser). */
  message: string | null;
}

const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

const NOTHING: DecodedError = { code: null, status: null, message: null };

export function decodeError(error: unknown): DecodedError {
  if (error instanceof ApiError) {
    return { code: CODE_OF_STATUS[error.status] ?? null, status: error.status, message: error.serverMessage || null };
  }
  if (!(error instanceof Error)) return NOTHING;
  // A tRPC error carries `data` (code, httpStatus) only when the server answered.
  if ('data' in error || error.name === 'TRPCClientError') {
    const data = (error as { data?: { code?: unknown; httpStatus?: unknown } | null }).data;
    const code = data && typeof data.code === 'string' ? data.code : null;
    if (!code) return NOTHING;
    const status = typeof data?.httpStatus === 'number' ? data.httpStatus : null;
    return { code, status, message: error.message || null };
  }
  // fetch() rejects with a TypeError when the server cannot be reached: no words of its own.
  if (error instanceof TypeError) return NOTHING;
  // An Error our own code raised before any request (e.g. a file too large to send).
  return { code: null, status: null, message: error.message || null };
}

/** The request never got an answer from the server (offline, or the connection dropped). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof Error && decodeError(error) === NOTHING;
}

/** The server's own words for a failure, or the fallback the spec gives. */
export function messageOf(error: unknown, fallback: string): string {
  return decodeError(error).message ?? fallback;
}

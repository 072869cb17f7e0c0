// The spec's fetch semantics: cookies always sent, JSON bodies only when there is a body, and
// errors raised as "<status>: <message>" with the parsed body attached.

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The server's message field, or the status text. */
    readonly serverMessage: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  let body: unknown;
  let message = res.statusText;
  try {
    body = JSON.parse(text);
    if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
      message = (body as { message: string }).message;
    } else if (text) {
      message = text;
    }
  } catch {
    message = res.statusText || text;
  }
  throw new ApiError(res.status, `${res.status}: ${message}`, message, body);
}

export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * GET helper for queries, typed with the answer's shared type; with on401 'returnNull' a 401
 * means "nobody" instead of an error.
 */
export async function apiGet<T>(url: string, on401?: 'throw'): Promise<T>;
export async function apiGet<T>(url: string, on401: 'returnNull'): Promise<T | null>;
export async function apiGet<T>(url: string, on401: 'throw' | 'returnNull' = 'throw'): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include' });
  if (on401 === 'returnNull' && res.status === 401) {
    // Read (and drop) the body: an unread one keeps the request open in Chromium, so a visitor's
    // page never reaches network idle.
    await res.text();
    return null;
  }
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

// Reads and validates a REST request body with a zod schema, answering 400 naming the field.
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, describeZodError } from './errors';

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown = {};
  const text = await c.req.text();
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError('BAD_REQUEST', 'The request body must be valid JSON');
    }
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodError(parsed.error));
  return parsed.data;
}

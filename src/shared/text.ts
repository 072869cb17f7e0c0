// The base of every text field the API accepts. PostgreSQL cannot store NUL characters in text,
// so they are refused here with a 400 naming the field instead of failing in the database.
import { z } from 'zod';

const NUL = '\u0000';

/** A string field: 'is required' when absent, 'must be a string' for another type, no NUL. */
export const textField = () =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be a string') })
    .refine((value) => !value.includes(NUL), { message: 'must not contain NUL characters', abort: true });

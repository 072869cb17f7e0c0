// The base of every text field the API accepts. PostgreSQL cannot store NUL characters in text,
// so they are refused here with a 400 naming the field instead of failing in the database. Lone
// UTF-16 surrogates (which JSON's \uD800 escapes can carry) are refused too: stored, they became
// U+FFFD, so two different ids could collide.
import { z } from 'zod';

const NUL = '\u0000';
/** With the u flag a pair is one code point, so only an unpaired surrogate matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** A string field: 'is required' when absent, 'must be a string' for another type, no NUL. */
export const textField = () =>
  z
    .string({
      // Only the type check: a length check without its own message keeps zod's, so the 400
      // says 'must be at most N characters' rather than 'must be a string'.
      error: (issue) =>
        issue.code !== 'invalid_type'
          ? undefined
          : issue.input === undefined || issue.input === null
            ? 'is required'
            : 'must be a string',
    })
    .refine((value) => !value.includes(NUL), { message: 'must not contain NUL characters', abort: true })
    .refine((value) => !LONE_SURROGATE.test(value), {
      message: 'must not contain lone UTF-16 surrogates',
      abort: true,
    });

// describeZodError: every 400 from a schema reads as a sentence that names the field.
import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { loginInput, profileInput, registerInput } from '../../shared/accounts';
import { createBankTaskInput } from '../../shared/tasks';
import { describeZodError, fieldLabel } from './errors';

function messageFor(schema: z.ZodType, input: unknown): string {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected the input to be refused');
  return describeZodError(parsed.error);
}

const person = { email: 'ada@example.com', password: 'long enough pass', firstName: 'Ada', lastName: 'King' };

describe('describeZodError', () => {
  test("a schema's phrase follows the field's label", () => {
    expect(messageFor(registerInput, { ...person, firstName: '  ' })).toBe('First name is required');
    expect(messageFor(registerInput, { ...person, lastName: 'x'.repeat(101) })).toBe(
      'Last name must be at most 100 characters',
    );
    expect(messageFor(loginInput, { email: 'a@b.c' })).toBe('Password is required');
    expect(messageFor(registerInput, { ...person, timeZone: 'Mars/Olympus' })).toBe(
      'Time zone must be an IANA time zone',
    );
  });

  test('a message that is already a sentence is kept', () => {
    expect(messageFor(profileInput, { firstName: 'A', lastName: 'B', email: 'nope' })).toBe(
      'Enter a valid email address',
    );
  });

  test("zod's own wording becomes a phrase for its issue, still naming the field", () => {
    expect(messageFor(z.object({ count: z.number() }), { count: 'x' })).toBe('Count must be a number');
    expect(messageFor(z.object({ count: z.number().int() }), { count: 1.5 })).toBe('Count must be a whole number');
    expect(messageFor(z.object({ tags: z.array(z.string()).max(2) }), { tags: ['a', 'b', 'c'] })).toBe(
      'Tags may hold at most 2 items',
    );
    expect(messageFor(z.object({ color: z.enum(['red']) }), { color: 'blue' })).toBe('Color is not valid');
  });

  test('a number out of its range says the bound, not that it is "too short"', () => {
    const limit = z.object({ limit: z.number().int().min(1).max(500) });
    expect(messageFor(limit, { limit: -1 })).toBe('Limit must be at least 1');
    expect(messageFor(limit, { limit: 501 })).toBe('Limit must be at most 500');
    expect(messageFor(z.object({ minutes: z.number().positive() }), { minutes: 0 })).toBe(
      'Minutes must be greater than 0',
    );
    expect(messageFor(z.object({ minutes: z.number().lt(60) }), { minutes: 60 })).toBe('Minutes must be less than 60');
    expect(messageFor(z.object({ ids: z.array(z.string()).min(1) }), { ids: [] })).toBe(
      'IDs must hold at least 1 item',
    );
    expect(messageFor(z.object({ ids: z.array(z.string()).length(2) }), { ids: ['a'] })).toBe(
      'IDs must hold exactly 2 items',
    );
    expect(messageFor(z.object({ code: z.string().length(6) }), { code: '12345' })).toBe(
      'Code must be exactly 6 characters',
    );
  });

  test('a task title that is too long names the title', () => {
    expect(messageFor(createBankTaskInput, { id: 'a', title: 'x'.repeat(201) })).toMatch(/^Title /);
  });
});

describe('fieldLabel', () => {
  test('camelCase names become words; list positions are skipped; no path is the body', () => {
    expect(fieldLabel(['newPassword'])).toBe('New password');
    expect(fieldLabel(['ids', 0])).toBe('IDs');
    expect(fieldLabel(['taskId'])).toBe('Task ID');
    expect(fieldLabel(['id'])).toBe('ID');
    expect(fieldLabel([])).toBe('The request body');
  });
});

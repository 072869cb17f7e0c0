// The pieces every provider's profile parsing shares: optional text and URL fields as providers
// send them (absent, null, blank) and the split of a display name into first and last.
import { z } from 'zod';

/** 'Ada King Lovelace' → ['Ada', 'King Lovelace']. */
export function splitName(name: string | null | undefined): [string | null, string | null] {
  const trimmed = name?.trim();
  if (!trimmed) return [null, null];
  const space = trimmed.indexOf(' ');
  if (space < 0) return [trimmed, null];
  return [trimmed.slice(0, space), trimmed.slice(space + 1).trim() || null];
}

export const optionalText = z
  .string()
  .trim()
  .min(1)
  .nullish()
  .transform((v) => v ?? undefined);

export const optionalUrl = z
  .string()
  .nullish()
  .transform((v) => (v && /^https?:\/\//i.test(v) ? v : undefined));

// The signature a JSON export carries (issue #50): an HMAC-SHA256 under this server's secret over
// the whole document, so an import can tell a file this server made, unchanged, from any other.
// Only a signed file's sessions count toward the streak; any other file's are kept as history,
// marked imported. The document is streamed, so the MAC is fed part by part as it is written: the
// head (everything but the lists, in order), then each list's name and entries. An import reads
// the parsed document back in the same parts, so spacing and line ends may change but no value.
import { createHmac, type Hmac, timingSafeEqual } from 'node:crypto';
import { serverSecret } from '../db/secrets';
import type { Db } from '../db/client';

const SECRET_ID = 'export-signature';
const PREFIX = 'v1.';
/** The streamed lists, in the order the export writes them after the head. */
export const SIGNED_LISTS = ['bank', 'focusSessions', 'completions'] as const;
/** The key the signature is written under, last in the document. */
export const SIGNATURE_KEY = 'signature';

export class ExportSigner {
  readonly #mac: Hmac;

  constructor(key: string) {
    this.#mac = createHmac('sha256', key);
  }

  /** One part, as the JSON text it is written as (the caller's own stringify, not a second one). */
  add(json: string): void {
    this.#mac.update(json).update('\n');
  }

  signature(): string {
    return `${PREFIX}${this.#mac.digest('base64url')}`;
  }
}

export async function exportSigner(db: Db): Promise<ExportSigner> {
  return new ExportSigner(await serverSecret(db, SECRET_ID));
}

/**
 * Whether `raw` (the parsed file, before validation trims or drops anything) carries this
 * server's signature over exactly what it holds.
 */
export async function isSignedHere(db: Db, raw: Record<string, unknown>): Promise<boolean> {
  const given = raw[SIGNATURE_KEY];
  if (typeof given !== 'string' || !given.startsWith(PREFIX)) return false;
  const signer = await exportSigner(db);
  const head: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key !== SIGNATURE_KEY && !(SIGNED_LISTS as readonly string[]).includes(key)) head[key] = value;
  }
  signer.add(JSON.stringify(head));
  for (const list of SIGNED_LISTS) {
    const entries = raw[list];
    if (!Array.isArray(entries)) return false;
    signer.add(JSON.stringify(list));
    for (const entry of entries) signer.add(JSON.stringify(entry));
  }
  const expected = Buffer.from(signer.signature());
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

// Server-wide secrets made once at first use and kept in the database, so every process (and
// every restart) signs and checks with the same key.
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverSecrets } from './schema';

const loaded = new WeakMap<Db, Map<string, Promise<string>>>();

async function loadOrCreate(db: Db, id: string): Promise<string> {
  const fresh = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  // Two processes starting together both insert; the first row wins and both read it back.
  await db.insert(serverSecrets).values({ id, value: fresh }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.id, id));
  if (!row) throw new Error(`server_secrets row ${id} missing after insert`);
  return row.value;
}

/** The named secret, read once per database and process. */
export function serverSecret(db: Db, id: string): Promise<string> {
  let byId = loaded.get(db);
  if (!byId) {
    byId = new Map();
    loaded.set(db, byId);
  }
  let secret = byId.get(id);
  if (!secret) {
    secret = loadOrCreate(db, id);
    const cache = byId;
    secret.catch(() => cache.delete(id));
    byId.set(id, secret);
  }
  return secret;
}

// Server-wide secrets made once at first use and kept in the database, so every process (and
// every restart) signs and checks with the same key; and the once-per-database loader that they
// and the VAPID keys (push/vapid.ts) are read through.
import { eq } from 'drizzle-orm';
import { loadOnce } from '../load-once';
import type { Db } from './client';
import { serverSecrets } from './schema';

const loaded = new WeakMap<Db, Map<string, () => Promise<unknown>>>();

/**
 * `load`'s answer, loaded once per database and process under `key`; a load that fails is tried
 * again by the next caller.
 */
export function oncePerDatabase<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let byKey = loaded.get(db);
  if (!byKey) {
    byKey = new Map();
    loaded.set(db, byKey);
  }
  let once = byKey.get(key);
  if (!once) {
    once = loadOnce(load);
    byKey.set(key, once);
  }
  return once() as Promise<T>;
}

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
  return oncePerDatabase(db, `server-secret:${id}`, () => loadOrCreate(db, id));
}

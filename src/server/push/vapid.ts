// The VAPID key pair push services know us by: from the environment, else one pair made at first
// start and kept in the database, so every process (and every restart) signs with the same key —
// a new key would void every subscription browsers hold.
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { vapidKeys } from '../db/schema';
import { oncePerDatabase } from '../db/secrets';
import type { AppDeps } from '../deps';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const ROW_ID = 'current';

async function loadOrCreate(deps: Pick<AppDeps, 'db'>): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  // Two processes starting together both insert; the first row wins and both read it back.
  await deps.db
    .insert(vapidKeys)
    .values({ id: ROW_ID, ...fresh })
    .onConflictDoNothing();
  const [row] = await deps.db.select().from(vapidKeys).where(eq(vapidKeys.id, ROW_ID));
  if (!row) throw new Error('vapid_keys row missing after insert');
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}

export function getVapidKeys(deps: Pick<AppDeps, 'db' | 'config'>): Promise<VapidKeys> {
  if (deps.config.push.vapidKeys) return Promise.resolve(deps.config.push.vapidKeys);
  return oncePerDatabase(deps.db, 'vapid-keys', () => loadOrCreate(deps));
}

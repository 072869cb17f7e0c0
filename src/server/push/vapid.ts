// The VAPID key pair push services know us by: from the environment, else one pair made at first
// start and kept in the database, so every process (and every restart) signs with the same key —
// a new key would void every subscription browsers hold.
import { eq } from 'drizzle-orm';
import { vapidKeys } from '../db/schema';
import { oncePerDatabase } from '../db/secrets';
import type { AppDeps } from '../deps';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const ROW_ID = 'current';

async function read(deps: Pick<AppDeps, 'db'>): Promise<VapidKeys | undefined> {
  const [row] = await deps.db.select().from(vapidKeys).where(eq(vapidKeys.id, ROW_ID));
  return row && { publicKey: row.publicKey, privateKey: row.privateKey };
}

async function loadOrCreate(deps: Pick<AppDeps, 'db'>): Promise<VapidKeys> {
  const stored = await read(deps);
  if (stored) return stored;
  // web-push is loaded only here, on a database's first start, and where a push is sent.
  const { default: webpush } = await import('web-push');
  // Two processes starting together both insert; the first row wins and both read it back.
  await deps.db
    .insert(vapidKeys)
    .values({ id: ROW_ID, ...webpush.generateVAPIDKeys() })
    .onConflictDoNothing();
  const created = await read(deps);
  if (!created) throw new Error('vapid_keys row missing after insert');
  return created;
}

export function getVapidKeys(deps: Pick<AppDeps, 'db' | 'config'>): Promise<VapidKeys> {
  if (deps.config.push.vapidKeys) return Promise.resolve(deps.config.push.vapidKeys);
  return oncePerDatabase(deps.db, 'vapid-keys', () => loadOrCreate(deps));
}

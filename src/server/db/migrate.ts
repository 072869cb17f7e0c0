// Applies the generated SQL in drizzle/ at start-up. On PostgreSQL an advisory lock makes
// processes that start together take turns, so each migration runs exactly once.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { type Database, isInMemory, type OpenOptions, openDatabase } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const MIGRATION_LOCK_ID = 727_465_001;

export async function runMigrations(database: Database, databaseUrl?: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  if (!databaseUrl) throw new Error('runMigrations: a PostgreSQL database needs its URL');
  const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import('postgres'),
    import('drizzle-orm/postgres-js'),
    import('drizzle-orm/postgres-js/migrator'),
  ]);
  // One dedicated connection so the session-level lock and the migration share it.
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * Creates and migrates a new PGlite directory with a PGlite that is then closed, so the one that
 * serves opens a ready directory. initdb and the migrations' DDL leave ~40 MiB resident in the
 * worker thread that ran them (WASM code compiled for them, heap the thread keeps after
 * collection), and only ending the thread gives it back. Returns whether there was anything to do:
 * nothing on PostgreSQL, in memory, for a dump to load, or for a directory PGlite has initialised
 * (initdb writes PG_VERSION).
 */
export async function prepareNewPgliteDir(options: OpenOptions): Promise<boolean> {
  const { databaseUrl, dataDir, loadDataDir } = options;
  if (databaseUrl || loadDataDir || isInMemory(dataDir) || existsSync(join(dataDir, 'PG_VERSION'))) return false;
  const database = await openDatabase(options);
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  return true;
}

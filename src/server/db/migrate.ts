// Applies the generated SQL in drizzle/ at start-up. On PostgreSQL an advisory lock makes
// processes that start together take turns, so each migration runs exactly once.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { ROOT, serverEntryPath } from '../paths';
import { type Database, isInMemory, type OpenOptions, openDatabase } from './client';

export const MIGRATIONS_FOLDER = join(ROOT, 'drizzle');
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

/** Run by a child process (prepare-pglite-dir.ts): creates and migrates `dataDir`, then closes it. */
export async function createAndMigrate(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
}

/**
 * Creates and migrates a new PGlite directory in a child process, so the PGlite that serves opens
 * a ready directory. initdb and the migrations' DDL leave ~40 MiB resident in the thread that ran
 * them, and a thread that ended still left 6–8 MiB behind in this process; a process that exits
 * gives everything back (2026-11-26-pglite-idle-memory.md). Returns whether there was anything to do:
 * nothing on PostgreSQL, in memory, for a dump to load, or for a directory PGlite has initialised
 * (initdb writes PG_VERSION).
 */
export async function prepareNewPgliteDir(options: OpenOptions): Promise<boolean> {
  const { databaseUrl, dataDir, loadDataDir } = options;
  if (databaseUrl || loadDataDir || isInMemory(dataDir) || existsSync(join(dataDir, 'PG_VERSION'))) return false;
  const child = Bun.spawn([process.execPath, '--no-env-file', serverEntryPath('prepare-pglite-dir'), dataDir], {
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const [code, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
  if (code !== 0) throw new Error(`Creating the database in ${dataDir} failed: ${stderr.trim().slice(-2000)}`);
  return true;
}

// One fresh database per test file. PGlite files start from a migrated template dumped once per
// run (about half a second instead of an initdb); with TEST_DATABASE_URL every file gets its own
// new PostgreSQL database, dropped afterwards.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import { type Database, openDatabase } from '../../src/server/db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../../src/server/db/migrate';

let template: Promise<Blob> | undefined;

async function buildTemplate(): Promise<Blob> {
  const client = new PGlite('memory://');
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this file's database, when running against PostgreSQL. */
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createPostgresDatabase(serverUrl);
  template ??= buildTemplate();
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await template });
  return database;
}

async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `lockin_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', maxConnections: 5 });
  await runMigrations(database, url.toString());
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

// A new PGlite directory is created and migrated before the serving PGlite opens it; everything
// else is left to openDatabase and runMigrations.
import { afterAll, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { prepareNewPgliteDir } from './migrate';
import { rowsOf } from './rows';

const root = mkdtempSync(join(tmpdir(), 'lockin-migrate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('a new PGlite directory is created and migrated once, then left alone', async () => {
  const dataDir = join(root, 'data');
  expect(await prepareNewPgliteDir({ dataDir })).toBe(true);
  expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);

  const database = await openDatabase({ dataDir });
  try {
    const tables = await rowsOf(database.db, sql`select to_regclass('public.users') is not null as present`);
    expect(tables).toEqual([{ present: true }]);
  } finally {
    await database.close();
  }
  expect(await prepareNewPgliteDir({ dataDir })).toBe(false);
});

test('nothing to prepare on PostgreSQL, in memory, or for a dump to load', async () => {
  expect(
    await prepareNewPgliteDir({ dataDir: join(root, 'pg'), databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }),
  ).toBe(false);
  expect(await prepareNewPgliteDir({ dataDir: 'memory://' })).toBe(false);
  expect(await prepareNewPgliteDir({ dataDir: join(root, 'dump'), loadDataDir: new Blob([]) })).toBe(false);
  expect(existsSync(join(root, 'pg'))).toBe(false);
  expect(existsSync(join(root, 'dump'))).toBe(false);
});

test('a directory that cannot be created fails the start with the reason from the child process', async () => {
  const blocker = join(root, 'not-a-directory');
  writeFileSync(blocker, '');
  const dataDir = join(blocker, 'data');
  await expect(prepareNewPgliteDir({ dataDir })).rejects.toThrow(`Creating the database in ${dataDir} failed`);
  await expect(prepareNewPgliteDir({ dataDir })).rejects.toThrow('ENOTDIR');
});

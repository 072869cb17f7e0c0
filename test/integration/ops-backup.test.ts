// `bun run db:backup` / `db:restore` as a self-hoster runs them (the real script, as a process): a
// round trip keeps every row of every table, on PGlite and on PostgreSQL, and a restore never
// lands on top of data unless told to.
import { afterAll, describe, expect, test } from 'bun:test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { AdjustableClock } from '../../src/server/clock';
import { type Database, type Db, openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { tempDirsRemovedAfterAll } from '../support/temp-dirs';
import type { TestContext } from '../support/app';
import { seedEverything } from '../support/data';
import { createUser } from '../support/factories';
import { REPO_ROOT } from '../support/process';

const tempDir = tempDirsRemovedAfterAll('lockin-backup-');

/** Runs the project's script with a clean environment: only what a self-hoster would set. */
async function dbScript(args: string[], env: Record<string, string>) {
  const proc = Bun.spawn([process.execPath, '--no-env-file', 'scripts/db.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? tmpdir(), ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, output: out + err };
}

/** Every row of every table of LockIn's schema, as text, in a stable order. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const result = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown;
  const tables = (Array.isArray(result) ? result : (result as { rows: { name: string }[] }).rows) as { name: string }[];
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = (await db.execute(sql.raw(`select row_to_json(t)::text as row from "${name}" t`))) as unknown;
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { row: string }[] }).rows) as { row: string }[];
    out[name] = list.map((r) => r.row).sort();
  }
  return out;
}

/** A database with one seeded account in every table that holds user data. */
async function seeded(database: Database): Promise<Record<string, string[]>> {
  const clock = new AdjustableClock(new Date('2026-03-10T12:00:00Z'));
  const ctx = { deps: { db: database.db, clock }, clock } as unknown as TestContext;
  const user = await createUser(ctx);
  await seedEverything(ctx, user, 'backup');
  const rows = await snapshot(database.db);
  expect(rows.users?.length).toBe(1);
  expect(Object.values(rows).filter((list) => list.length > 0).length).toBeGreaterThan(10);
  return rows;
}

describe('PGlite', () => {
  test('backup then restore into a new DATA_DIR keeps every row; restoring over data is refused', async () => {
    const source = join(tempDir(), 'data');
    const database = await openDatabase({ dataDir: source });
    await runMigrations(database);
    const before = await seeded(database);
    await database.close();

    const file = join(tempDir(), 'lockin.tar.gz');
    const backup = await dbScript(['backup', file], { DATA_DIR: source });
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.output).toContain(`backed up PGlite in ${source} to ${file}`);

    const target = join(tempDir(), 'restored');
    expect(await dbScript(['restore', file], { DATA_DIR: target })).toMatchObject({ code: 0 });
    const restored = await openDatabase({ dataDir: target });
    try {
      expect(await snapshot(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }

    const again = await dbScript(['restore', file], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.output).toContain('is not empty: move it aside first');
    const missing = await dbScript(['restore', join(tempDir(), 'nope.tar.gz')], { DATA_DIR: tempDir() });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('no such backup file');
  }, 120_000);
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('PostgreSQL', () => {
  const created: string[] = [];
  const admin = () => postgres(serverUrl ?? '', { max: 1, onnotice: () => {} });
  const newDatabase = async () => {
    const name = `lockin_backup_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
    const sqlAdmin = admin();
    await sqlAdmin.unsafe(`create database ${name}`);
    await sqlAdmin.end();
    created.push(name);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    return url.toString();
  };
  afterAll(async () => {
    const sqlAdmin = admin();
    for (const name of created) await sqlAdmin.unsafe(`drop database if exists ${name} with (force)`);
    await sqlAdmin.end();
  });

  test('pg_dump then pg_restore into an empty database keeps every row; --force replaces one that has data', async () => {
    const sourceUrl = await newDatabase();
    const source = await openDatabase({ databaseUrl: sourceUrl, dataDir: '' });
    await runMigrations(source, sourceUrl);
    const before = await seeded(source);
    await source.close();

    const file = join(tempDir(), 'lockin.dump');
    expect(await dbScript(['backup', file], { DATABASE_URL: sourceUrl })).toMatchObject({ code: 0 });
    const targetUrl = await newDatabase();
    expect(await dbScript(['restore', file], { DATABASE_URL: targetUrl })).toMatchObject({ code: 0 });
    const target = await openDatabase({ databaseUrl: targetUrl, dataDir: '' });
    try {
      expect(await snapshot(target.db)).toEqual(before);
    } finally {
      await target.close();
    }

    const refused = await dbScript(['restore', file], { DATABASE_URL: targetUrl });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('restore with --force to replace them');
    expect(refused.output).not.toContain(targetUrl);
    expect(await dbScript(['restore', file, '--force'], { DATABASE_URL: targetUrl })).toMatchObject({ code: 0 });
  }, 120_000);
});

// Backups a self-hoster can trust. PGlite: its own data-directory dump (a gzipped tar of the
// whole database, restored with loadDataDir). PostgreSQL: pg_dump's custom format, restored with
// pg_restore. Both refuse to restore over data unless told to, and both are checked by a round
// trip that keeps every row (test/integration/ops-backup.test.ts).
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS } from '../db/pglite-options';

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
}

const hasData = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** Writes a backup of the database to `file`. PGlite must not be open in another process. */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.databaseUrl) {
    await run(['pg_dump', '--format=custom', '--no-owner', `--file=${file}`, target.databaseUrl], 'pg_dump');
    return;
  }
  if (!hasData(target.dataDir)) throw new BackupError(`DATA_DIR ${target.dataDir} holds no database to back up`);
  const db = new PGlite({ dataDir: target.dataDir, startParams: PGLITE_START_PARAMS });
  try {
    await db.waitReady;
    const dump = await db.dumpDataDir('gzip');
    await Bun.write(file, dump);
  } finally {
    await db.close();
  }
}

/**
 * Restores `file` into the database. Refuses a PGlite DATA_DIR that already holds data, or a
 * PostgreSQL database with LockIn's tables, unless `force` (then PostgreSQL's objects are dropped
 * and recreated from the backup; a PGlite directory must be emptied by hand: we never delete it).
 */
export async function restoreDatabase(target: BackupTarget, file: string, options: { force?: boolean } = {}) {
  if (!(await Bun.file(file).exists())) throw new BackupError(`${file}: no such backup file`);
  if (target.databaseUrl) {
    if (!options.force && (await postgresHasTables(target.databaseUrl)))
      throw new BackupError('The database already has LockIn tables: restore with --force to replace them');
    await run(
      [
        'pg_restore',
        '--no-owner',
        '--exit-on-error',
        ...(options.force ? ['--clean', '--if-exists'] : []),
        `--dbname=${target.databaseUrl}`,
        file,
      ],
      'pg_restore',
    );
    return;
  }
  if (hasData(target.dataDir))
    throw new BackupError(`DATA_DIR ${target.dataDir} is not empty: move it aside first, then restore into it`);
  mkdirSync(target.dataDir, { recursive: true });
  const db = new PGlite({
    dataDir: target.dataDir,
    loadDataDir: Bun.file(file),
    startParams: PGLITE_START_PARAMS,
  });
  try {
    await db.waitReady;
    // Reading a row proves the restored files open as a database.
    await db.query('select 1');
  } finally {
    await db.close();
  }
}

async function postgresHasTables(url: string): Promise<boolean> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select to_regclass('public.users') is not null as present`;
    return Boolean(row?.present);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function run(command: string[], name: string): Promise<void> {
  if (!Bun.which(command[0] ?? ''))
    throw new BackupError(`${name} is not installed (apt-get install postgresql-client)`);
  const proc = Bun.spawn(command, { stdout: 'pipe', stderr: 'pipe' });
  const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  // The URL may carry a password: the error names the tool and what it said, never the command.
  if (code !== 0)
    throw new BackupError(`${name} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`);
}

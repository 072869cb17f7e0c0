// `bun run db:backup FILE` and `bun run db:restore FILE [--force]`: back up or restore the database
// the configuration names (PGlite in DATA_DIR, or DATABASE_URL). Stop the server before a PGlite
// backup or any restore.
import { ConfigError, loadConfig } from '../src/server/config';
import { BackupError, backupDatabase, restoreDatabase } from '../src/server/ops/backup';

const [command, file, ...flags] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('usage: bun scripts/db.ts backup FILE | restore FILE [--force]');
  process.exit(2);
}
try {
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  if (command === 'backup') {
    await backupDatabase(target, file);
    console.log(`backed up ${where} to ${file}`);
  } else {
    await restoreDatabase(target, file, { force: flags.includes('--force') });
    console.log(`restored ${file} into ${where}`);
  }
} catch (error) {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

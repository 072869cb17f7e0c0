// The child process prepareNewPgliteDir starts: creates and migrates the PGlite directory named by
// its one argument, then exits, taking what initdb and the migrations left in memory with it.
import { createAndMigrate } from './migrate';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: prepare-pglite-dir.ts <data directory>');
await createAndMigrate(dataDir);

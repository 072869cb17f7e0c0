// The default database promises that an acknowledged commit is on the disk: fsync is on and the
// WAL file is open with O_SYNC on the host (PGlite's own fsync never reaches the OS,
// electric-sql/pglite#1107). Read from the kernel's own view of the open file (Linux /proc).
import { afterAll, expect, test } from 'bun:test';
import { constants, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { tempDirsRemovedAfterAll } from '../../../test/support/temp-dirs';
import { PGLITE_START_PARAMS } from './pglite-options';

const tempDir = tempDirsRemovedAfterAll('lockin-durability-');
let db: PGlite | null = null;
afterAll(() => db?.close());

/** The host's open flags of each WAL segment this process holds. */
function walFileFlags(): number[] {
  const flags: number[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    let target = '';
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    if (!target.includes('/pg_wal/')) continue;
    const line = readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').match(/^flags:\s+([0-7]+)$/m);
    if (line?.[1]) flags.push(Number.parseInt(line[1], 8));
  }
  return flags;
}

test('a commit reaches the WAL through a file the host opened with O_SYNC, and fsync is on', async () => {
  db = new PGlite({ dataDir: tempDir(), startParams: PGLITE_START_PARAMS });
  await db.exec('create table notes (body text); insert into notes values ($$kept$$)');
  expect((await db.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on');
  const flags = walFileFlags();
  expect(flags.length).toBeGreaterThan(0);
  for (const value of flags) expect(value & constants.O_SYNC).toBe(constants.O_SYNC);
});

// The zone a session is stamped with must be one this database knows: the streak reads each
// session's day with `at time zone` straight from the row (no per-row check, which doubled the
// read on a long history: bench/RESULTS.md), so an unknown name must never be stored. The names
// come from the database itself, read once per database and process.
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';
import { oncePerDatabase } from './secrets';

function knownZones(db: Db): Promise<Set<string>> {
  return oncePerDatabase(db, 'pg-time-zones', async () => {
    const rows = await rowsOf<{ name: string }>(db, sql`select name from pg_timezone_names`);
    return new Set(rows.map((r) => r.name));
  });
}

/** `zone` when the database knows it, else 'UTC' (the zone an unknown name reads as everywhere). */
export async function storableZone(db: Db, zone: string): Promise<string> {
  return (await knownZones(db)).has(zone) ? zone : 'UTC';
}

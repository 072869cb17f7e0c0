// The LockIn processes on one PostgreSQL database that cache users' rows and listen for their
// changes (drizzle/0014). A task write tells the others by NOTIFY only when there are others.
import type postgres from 'postgres';

/** This process's connection name: how the database tells its writes from another process's. */
export const connectionName = (): string => `lockin:${crypto.randomUUID()}`;

/**
 * Registers `name` once this process listens. The ACCESS EXCLUSIVE lock waits for every
 * transaction that has read the table to end, so a write that found no one else to tell has
 * committed before this process caches anything; writes that start later see the new row. A row
 * whose process has no connection left (it stopped without removing it) goes at the same time.
 */
export async function registerListener(client: postgres.Sql, name: string): Promise<void> {
  await client.begin(async (sql) => {
    await sql`lock table cache_listeners in access exclusive mode`;
    await sql`delete from cache_listeners c
      where not exists (select 1 from pg_stat_activity a where a.application_name = c.name)`;
    await sql`insert into cache_listeners (name) values (${name}) on conflict do nothing`;
  });
}

export async function unregisterListener(client: postgres.Sql, name: string): Promise<void> {
  await client`delete from cache_listeners where name = ${name}`;
}

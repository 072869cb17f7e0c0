// Where an idle PGlite-backed process's resident memory goes, and what PGlite's settings change.
// Each variant runs in its own process: open a migrated data directory, run a few queries, idle,
// then report RSS, the WASM heap size and the Postgres memory settings.
// Usage: bun bench/pglite-memory.ts            (all variants)
//        bun bench/pglite-memory.ts <variant>  (one, as a child)
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PGLITE_START_PARAMS } from '../src/server/db/pglite-options';

const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

const variants: Record<string, { label: string; options: Record<string, unknown> }> = {
  default: { label: 'defaults', options: {} },
  app: { label: "LockIn's start parameters (8MB buffers, 4 conn.)", options: { startParams: PGLITE_START_PARAMS } },
};

async function child(name: string, dataDir: string): Promise<void> {
  const base = rssMiB();
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite({ dataDir, ...variants[name]!.options } as never);
  await client.waitReady;
  const opened = rssMiB();
  // A working set of a few MB (5,000 tasks), read repeatedly: what a busy day looks like.
  await client.exec(`insert into users (id, email, time_zone, created_at, updated_at)
    select 'u' || i, 'u' || i || '@example.com', 'UTC', now(), now() from generate_series(1, 50) i on conflict do nothing`);
  await client.exec(`insert into bank_tasks (user_id, id, title, category, created_at)
    select 'u' || (i % 50 + 1), 't' || i, repeat('x', 200), 'Work', now() from generate_series(1, 5000) i on conflict do nothing`);
  for (let i = 0; i < 20; i++) await client.query("select * from bank_tasks where user_id = 'u1'");
  const started = performance.now();
  for (let i = 0; i < 2000; i++)
    await client.query('select * from bank_tasks where user_id = $1 order by created_at desc', [`u${(i % 50) + 1}`]);
  const queryMs = (performance.now() - started) / 2000;
  const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
    "select name, setting, unit from pg_settings where name in ('shared_buffers','work_mem','maintenance_work_mem','wal_buffers','temp_buffers','max_connections','max_locks_per_transaction','max_prepared_transactions','shared_memory_size','huge_pages')",
  );
  Bun.gc(true);
  await Bun.sleep(1000);
  const heap = (client as unknown as { mod?: { HEAP8?: Int8Array } }).mod?.HEAP8?.length ?? 0;
  console.log(
    JSON.stringify({
      name,
      baseMiB: Math.round(base),
      openedMiB: Math.round(opened),
      idleMiB: Math.round(rssMiB()),
      wasmHeapMiB: Math.round(heap / 1048576),
      queryMs: Number(queryMs.toFixed(3)),
      settings: Object.fromEntries(settings.rows.map((r) => [r.name, `${r.setting}${r.unit ? ` ${r.unit}` : ''}`])),
    }),
  );
  await client.close();
}

if (process.argv[2]) {
  await child(process.argv[2], process.argv[3]!);
} else {
  // One migrated directory, copied for each variant.
  const template = mkdtempSync(join(tmpdir(), 'lockin-mem-'));
  const { openDatabase } = await import('../src/server/db/client');
  const { runMigrations } = await import('../src/server/db/migrate');
  const database = await openDatabase({ dataDir: template });
  await runMigrations(database);
  await database.close();
  const rounds = Number(process.env.ROUNDS ?? 3);
  for (const name of Array.from({ length: rounds }, () => Object.keys(variants)).flat()) {
    const dir = mkdtempSync(join(tmpdir(), 'lockin-mem-'));
    cpSync(template, dir, { recursive: true });
    const proc = Bun.spawn([process.execPath, import.meta.path, name, dir], { stdout: 'pipe', stderr: 'inherit' });
    const out = await new Response(proc.stdout).text();
    await proc.exited;
    const r = JSON.parse(out.trim().split('\n').at(-1)!);
    console.log(
      `${variants[name]!.label.padEnd(44)} bun ${r.baseMiB} MiB → opened ${r.openedMiB} → idle ${r.idleMiB} MiB; wasm heap ${r.wasmHeapMiB} MiB; query ${r.queryMs} ms; ${JSON.stringify(r.settings)}`,
    );
    rmSync(dir, { recursive: true, force: true });
  }
  rmSync(template, { recursive: true, force: true });
}

// A migration that is on main never changes: a database that ran it would never run the edit
// (drizzle applies each journal entry once), so a fix is a new migration. drizzle/landed.sha256
// holds the hash of every migration that landed (`cd drizzle && sha256sum *.sql`); a new
// migration adds its line, and no line is ever edited or removed.
import { expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../paths';

const DIR = join(ROOT, 'drizzle');

function landed(): Map<string, string> {
  const lines = readFileSync(join(DIR, 'landed.sha256'), 'utf8').trim().split('\n');
  return new Map(
    lines.map((line) => {
      const [hash, name] = line.trim().split(/\s+\*?/);
      if (!hash || !name) throw new Error(`drizzle/landed.sha256: '${line}' is not '<sha256>  <file>'`);
      return [name, hash];
    }),
  );
}

const sha256 = (path: string) => new Bun.CryptoHasher('sha256').update(readFileSync(path)).digest('hex');

test('every landed migration is byte for byte what landed', () => {
  const changed = [...landed()]
    .filter(([name, hash]) => !existsSync(join(DIR, name)) || sha256(join(DIR, name)) !== hash)
    .map(([name]) => name);
  expect(changed, 'a landed migration changed or went: undo it and write a new migration').toEqual([]);
});

test("every migration in drizzle's journal has its line in drizzle/landed.sha256", () => {
  const journal = JSON.parse(readFileSync(join(DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const listed = landed();
  const missing = journal.entries.map((e) => `${e.tag}.sql`).filter((name) => !listed.has(name));
  expect(missing, 'add the new migration: cd drizzle && sha256sum NEW.sql >> landed.sha256').toEqual([]);
});

// The server build hands drizzle's PGlite driver db/drizzle-pglite-imports.ts for its imports from
// @electric-sql/pglite (scripts/build-server.ts): it must export every name the driver imports,
// with PGlite's own values.
import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { types } from '@electric-sql/pglite';
import { ROOT } from '../paths';
import * as standIn from './drizzle-pglite-imports';

const DRIVER_DIR = join(ROOT, 'node_modules/drizzle-orm/pglite');

test('the stand-in exports every name drizzle\u2019s PGlite driver imports from PGlite', () => {
  const imported = new Set<string>();
  for (const file of readdirSync(DRIVER_DIR).filter((name) => name.endsWith('.js'))) {
    const source = readFileSync(join(DRIVER_DIR, file), 'utf8');
    for (const [, names] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@electric-sql\/pglite"/g))
      for (const name of names?.split(',') ?? []) imported.add(name.trim().split(/\s+as\s+/)[0] ?? '');
    // A namespace or default import would take names the stand-in cannot know.
    expect(source).not.toMatch(/import\s+(\*|\w+)[^{]*from\s*"@electric-sql\/pglite"/);
  }
  expect([...imported].sort()).toEqual(['PGlite', 'types']);
  expect(Object.keys(standIn).sort()).toEqual(['PGlite', 'types']);
});

test('its type OIDs are PGlite\u2019s, and its PGlite refuses to open on the request thread', () => {
  for (const [name, oid] of Object.entries(standIn.types)) {
    const own: unknown = types[name as keyof typeof types];
    expect({ name, oid: own }).toEqual({ name, oid });
  }
  for (const name of new Set(
    [...readFileSync(join(DRIVER_DIR, 'session.js'), 'utf8').matchAll(/types\.(\w+)/g)].map((m) => m[1]),
  ))
    expect(standIn.types).toHaveProperty(name ?? '');
  expect(() => new standIn.PGlite()).toThrow('PGlite runs in its worker');
});

// What drizzle's PGlite driver imports from @electric-sql/pglite, in the server build's request
// thread (scripts/build-server.ts). That thread never runs PGlite: it hands drizzle the worker's
// client (pglite-remote.ts), so drizzle only reads the type OIDs it keeps as text, and never
// constructs a PGlite. Without this the thread would load PGlite's whole JavaScript for them.
import type { types as pgliteTypes } from '@electric-sql/pglite';

/** The OIDs drizzle reads (PGlite's own `types`, as in Postgres's pg_type). */
export const types = {
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
  INTERVAL: 1186,
  DATE: 1082,
} satisfies Partial<typeof pgliteTypes>;

export class PGlite {
  constructor() {
    throw new Error('PGlite runs in its worker (db/pglite-worker.ts), not on the request thread');
  }
}

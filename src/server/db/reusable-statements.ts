// Drizzle builds a statement's text from its query builder on every run, and for a write that
// building was a third of the server's CPU (a tick: 127 µs of its three statements; on PGlite it
// also lengthens the time the transaction holds the database). A hot statement is built here once
// per database, with `sql.placeholder`s for its values, and each run only fills in the values.
//
// Drizzle's own prepared statement runs on the client it was built on, the pool, never inside a
// transaction's connection (drizzle-orm #613, #2826); every write here is a transaction. So each
// run gives the built statement the session client of the database or transaction it runs in.
// That leans on two fields Drizzle keeps on its objects (`session.client`, `client`) on both of
// our drivers; the whole suite runs through these statements on PGlite and PostgreSQL, so a
// Drizzle upgrade that moved them fails every write test at once rather than quietly.
import { Column, is, SQL, Subquery } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** A statement Drizzle has built (`builder.prepare(name)`): its text fixed, its values to fill. */
interface Built<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

/** What a built statement keeps of its selection (Drizzle's prepared query, both drivers). */
interface BuiltFields {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface DrizzleInternals {
  dialect: object;
  session: { client: unknown };
}

/** The driver client a database or transaction sends its statements through. */
export function sessionClient(db: Db | Tx): unknown {
  return (db as unknown as DrizzleInternals).session.client;
}

/** The decoder Drizzle's own row mapping (mapResultRow) picks for a selected field. */
function decoderOf(field: unknown): Decoder {
  // A query's decoder is internal to Drizzle's types (`mapWith` sets it).
  const decoderOfSql = (query: unknown) => (query as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field._ as unknown as { sql: SQL }).sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * Maps rows as Drizzle's mapResultRow does for a flat selection (every field at the top level), with
 * each field's decoder found once instead of on every row. Drizzle asks each field of each row what
 * kind it is (`is`, a walk up its class chain) and reaches a CTE's columns through alias proxies:
 * ~11 µs for a Today's Focus row, ~2 µs this way (the dates' parsing). Nested selections keep
 * Drizzle's mapping (undefined).
 */
function flatRowMapper(built: BuiltFields): ((rows: unknown[][]) => Record<string, unknown>[]) | undefined {
  const { fields } = built;
  if (!fields || built.customResultMapper || fields.some((f) => f.path.length !== 1)) return undefined;
  const columns = fields.map(({ path: [name = ''], field }) => {
    const decoder = decoderOf(field);
    // Looked up once: through an alias proxy every property read is a trap.
    const decode = decoder.mapFromDriverValue;
    return { name, decode: (raw: unknown) => decode.call(decoder, raw) };
  });
  return (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      columns.forEach((column, i) => {
        const raw = row[i];
        mapped[column.name] = raw === null ? null : column.decode(raw);
      });
      return mapped;
    });
}

/**
 * A statement built once per database and run, with new values, in that database or any of its
 * transactions. `build` gets the database or transaction of the first run; its values are
 * `sql.placeholder(name)`s, filled from `values` by name on each run.
 */
export function reusableStatement<Result, Values extends Record<string, unknown>>(
  build: (db: Db | Tx) => Built<Result>,
): (db: Db | Tx, values: Values) => Promise<Result> {
  // Keyed by the dialect, which a database shares with all its transactions (one per database).
  const builtFor = new WeakMap<object, Built<Result>>();
  return (db, values) => {
    const internals = db as unknown as DrizzleInternals;
    let built = builtFor.get(internals.dialect);
    if (!built) {
      built = build(db);
      const mapper = flatRowMapper(built as BuiltFields);
      if (mapper) (built as BuiltFields).customResultMapper = mapper;
      builtFor.set(internals.dialect, built);
    }
    const bound: Built<Result> = Object.assign(Object.create(Object.getPrototypeOf(built)), built, {
      client: sessionClient(db),
    });
    return bound.execute(values);
  };
}

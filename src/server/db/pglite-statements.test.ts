// Statements on PGlite in one batch, kept parsed: the same answers as PGlite's query(), a name
// reused (pg_prepared_statements shows it), a bounded number kept, errors with their fields and
// nothing half-remembered, a statement whose table changed parsed again.
import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { PGlite } from '@electric-sql/pglite';
import { rejectionOf } from '../../../test/support/rejection';
import { DRIZZLE_PARSERS } from './pglite-options';
import { NAMED_STATEMENTS_KEPT, PgliteStatements } from './pglite-statements';

let database: PGlite;
let statements: PgliteStatements;

beforeAll(async () => {
  database = new PGlite({ parsers: DRIZZLE_PARSERS });
  await database.exec(`create table items (
    id int primary key, label text, big bigint, done boolean, at timestamptz, day date, price numeric)`);
  statements = new PgliteStatements(database);
});
afterAll(() => database.close());

const run = (sql: string, params: unknown[] = [], inTransaction = false) =>
  statements.run(sql, params, undefined, inTransaction);

/** The type letters of the frontend messages in one batch (each: a letter, then its int32 length). */
function frontendMessages(batch: Uint8Array): string {
  const view = new DataView(batch.buffer, batch.byteOffset, batch.byteLength);
  let letters = '';
  for (let offset = 0; offset < batch.length; offset += 1 + view.getInt32(offset + 1)) {
    letters += String.fromCharCode(batch[offset]!);
  }
  return letters;
}

const prepared = async () =>
  (await database.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (row) => row.statement,
  );

describe('PGlite statements in one batch', () => {
  test('each kind of value arrives as its column reads it, and the rows match query()', async () => {
    const at = new Date('2026-03-10T12:34:56.789Z');
    const inserted = await run('insert into items values ($1, $2, $3, $4, $5, $6, $7)', [
      1,
      'one',
      9007199254740993n,
      true,
      at,
      '2026-03-10',
      '1.50',
    ]);
    expect(inserted?.affectedRows).toBe(1);
    await run('insert into items (id, label, done) values ($1, $2, $3)', [2, null, false]);
    const select = 'select * from items where id = any(array[$1, $2]::int[]) order by id';
    const ours = await run(select, [1, 2]);
    if (!ours) throw new Error('plain values go in one batch');
    const theirs = await database.query(select, [1, 2]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.rows[0]).toMatchObject({ id: 1, label: 'one', done: true, day: '2026-03-10' });
    expect(new Date((ours.rows[0] as { at: string }).at).getTime()).toBe(at.getTime());
    const arrays = await statements.run(select, [1, 2], 'array', false);
    expect(arrays?.rows[1]).toEqual([2, null, null, false, null, null, null]);
  });

  test('a statement with values is parsed once and run by name after that', async () => {
    const sql = 'select label from items where id = $1';
    expect((await run(sql, [1]))?.rows).toEqual([{ label: 'one' }]);
    expect((await run(sql, [2]))?.rows).toEqual([{ label: null }]);
    expect((await prepared()).filter((text) => text === sql)).toHaveLength(1);
  });

  test('a value only PGlite can write (an array, an object, bytes) is left to query()', async () => {
    expect(await run('select $1::int[] as a', [[1, 2]])).toBeUndefined();
    expect(await run('select $1::jsonb as a', [{ a: 1 }])).toBeUndefined();
    expect(await run('select $1::bytea as a', [new Uint8Array([1])])).toBeUndefined();
  });

  test('at most NAMED_STATEMENTS_KEPT are kept: the least recently used are closed', async () => {
    for (let i = 0; i < NAMED_STATEMENTS_KEPT + 20; i++) await run(`select $1::int + ${i} as n`, [i]);
    expect(statements.size).toBe(NAMED_STATEMENTS_KEPT);
    // A kept statement's next run carries the closes of the ones dropped before it.
    await run(`select $1::int + ${NAMED_STATEMENTS_KEPT + 19} as n`, [1]);
    expect((await prepared()).length).toBe(NAMED_STATEMENTS_KEPT);
  });

  test('a failing statement throws the database error with its fields; its name stays usable', async () => {
    const sql = 'insert into items (id, label) values ($1, $2)';
    await run(sql, [10, 'ten']);
    const error = (await rejectionOf(run(sql, [10, 'again']) as Promise<unknown>)) as Record<string, unknown>;
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('items_pkey');
    expect((await run(sql, [11, 'eleven']))?.affectedRows).toBe(1);
  });

  test("a kept statement's later runs reuse its first description: Bind, Execute and Sync only, the same answer", async () => {
    const sql = 'select id, label, done from items where id = $1';
    const sent: string[] = [];
    const execProtocol = database.execProtocol.bind(database);
    const spy = spyOn(database, 'execProtocol').mockImplementation((message, options) => {
      // Closes of statements evicted by earlier tests may lead a batch: not this statement's.
      sent.push(frontendMessages(message).replaceAll('C', ''));
      return execProtocol(message, options);
    });
    try {
      const first = await statements.run(sql, [1], 'array', false);
      const second = await statements.run(sql, [1], 'array', false);
      expect(sent).toEqual(['PBDES', 'BES']);
      expect(second).toEqual(first);
      expect(second?.fields.map((field) => field.name)).toEqual(['id', 'label', 'done']);
      expect(second?.rows).toEqual((await database.query(sql, [1], { rowMode: 'array' })).rows);
    } finally {
      spy.mockRestore();
    }
  });

  test('a statement whose value its parameter refuses is closed, not left parsed', async () => {
    const sql = 'select label from items where id = $1::int + 0';
    const error = (await rejectionOf(run(sql, ['not a number']) as Promise<unknown>)) as { code?: string };
    expect(error.code).toBe('22P02');
    expect((await run(sql, [1]))?.rows).toEqual([{ label: 'one' }]);
    // The refused run's name was closed with the next batch; only the one kept now is left.
    expect((await prepared()).filter((text) => text === sql)).toHaveLength(1);
  });

  test('a statement that does not parse is not remembered', async () => {
    const before = statements.size;
    const error = (await rejectionOf(run('selec $1', [1]) as Promise<unknown>)) as { code?: string };
    expect(error.code).toBe('42601');
    expect(statements.size).toBe(before);
  });

  test('inside a transaction, and still there after it rolled back', async () => {
    const sql = 'update items set label = $2 where id = $1';
    await database
      .transaction(async (tx) => {
        await run(sql, [1, 'inside'], true);
        expect(((await tx.query('select label from items where id = 1')).rows[0] as { label: string }).label).toBe(
          'inside',
        );
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(((await database.query('select label from items where id = 1')).rows[0] as { label: string }).label).toBe(
      'one',
    );
    expect((await run(sql, [1, 'after']))?.affectedRows).toBe(1);
  });

  test('a statement whose table changed shape is parsed again: on its own at once, in a transaction after its error', async () => {
    await database.exec('create table shapes (id int)');
    const sql = 'select * from shapes where id = $1';
    await run(sql, [1]);
    await database.exec('alter table shapes add column label text');
    await database.exec("insert into shapes values (1, 'new')");
    expect((await run(sql, [1]))?.rows).toEqual([{ id: 1, label: 'new' }]);

    await database.exec('alter table shapes add column extra int');
    const error = await database
      .transaction(() => run(sql, [1], true))
      .then(
        () => undefined,
        (failure: { code?: string }) => failure.code,
      );
    expect(error).toBe('0A000');
    expect((await run(sql, [1]))?.rows).toEqual([{ id: 1, label: 'new', extra: null }]);
  });
});
